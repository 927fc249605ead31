"""A whole seeded game in a real browser: the table screen and three phones.

The test plays the steps that `game_plan.py` works out on a local engine with the same seed
(CASHRUN_SEED) and the client seeds the phones sent (read from the game's start), each
through the page of whoever acts (a phone, or the table screen for the banker), and
checks after every step that the table screen has caught up with the local engine.
"""

from __future__ import annotations

import time
from pathlib import Path

from i18n_files import EN
from seeded_game_steps import play_steps, skip_reveal, stage_idle
from web_host import SEED, TABLE, start_host, stop_host

from engine import Game, Settings
from engine.fairness import CHANCE
from engine.rng import seed_hash
from tests.support.browser import SMALL_PHONE
from tests.support.game_plan import NAMES, plan_game
from tests.support.web_driver import (
    Frames,
    fair_result,
    kept_fair,
    log_end,
    phone_chains,
    secrets,
    seeded_random,
    settle,
    shoot,
    started_fair,
    wait_log,
)

PHONE_SEEDS = (1, 2, 3)
"""Each phone's randomness (`seeded_random`): with the host's CASHRUN_SEED, the whole game."""
SETTINGS = Settings(auction_seconds=120)  # set through the table's house-rules form below
REVEAL_SCALE = 4
"""The reveal clock stretched (a roll waits 10 s) so the checks of a step (`play_steps`) never race its end; every reveal is skipped."""


def test_seeded_game(browser, tmp_path, shots, requests_seen):
    host = start_host(tmp_path / "data", reveal_scale=REVEAL_SCALE)
    try:
        play_seeded_game(browser, host, shots, requests_seen)
    finally:
        stop_host(host)


def play_seeded_game(browser, host, shots, requests_seen):
    started = time.monotonic()

    tctx = browser.new_context(**TABLE)
    requests_seen.watch(tctx)
    table = tctx.new_page()
    table_frames = Frames(table, host)
    errors: list[str] = []
    table.on("pageerror", lambda e: errors.append(f"table: {e}"))
    table.goto(host.table_url)
    settle(table)

    phones, phone_frames, contexts = [], [], []
    for i, name in enumerate(NAMES):
        # One phone in the dark theme, and the phones with reduced motion; each phone's randomness
        # seeded, so the game is the same every run.
        ctx = browser.new_context(
            **SMALL_PHONE, reduced_motion="reduce", color_scheme="dark" if name == "Bob" else "light"
        )
        seeded_random(ctx, PHONE_SEEDS[i])
        requests_seen.watch(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e, n=name: errors.append(f"{n}: {e}"))
        phone_frames.append(Frames(page, host))
        page.goto(f"{host.base}/j/{host.code}")
        page.locator('[data-input="name"]').fill(name)
        page.locator('[data-act="join"]').click()
        settle(page)
        page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
        phones.append(page)
        contexts.append(ctx)
    table.wait_for_function("() => document.querySelectorAll('.lp').length === 3")
    assert table.locator('[data-out="code"]').inner_text() == host.code
    # The seed's fingerprint is shown before the game (folded under "Fair play?"), and every phone kept
    # it with its own client seed.
    table.locator('[data-out="fingerprint"] summary').click()
    fingerprint = table.locator('[data-out="seed-hash"]')
    assert (
        fingerprint.get_attribute("data-hash") == seed_hash(SEED) and fingerprint.inner_text() == seed_hash(SEED)[:16]
    )
    lobby_id = table_frames.views[-1]["game_id"]
    kept = [kept_fair(page)[lobby_id] for page in phones]
    assert all(k["seed_hash"] == seed_hash(SEED) for k in kept)
    shoot(table, shots / "01-table-lobby.png")
    phones[0].screenshot(path=shots / "01-phone-lobby.png")

    # House rules through the form: a long auction countdown, so the host's timer stays out of it.
    table.locator('[data-details="settingsOpen"] summary').click()
    table.locator('[data-set="auction_seconds"]').fill("120")
    table.locator('[data-act="save-settings"]').click()
    settle(table)
    table.locator('[data-act="do"][data-type="start"]').click()
    table.locator('[data-act="confirm-yes"]').click()
    table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
    # The game's draws come from the host's seed (fixed by CASHRUN_SEED) and the phones' client seeds:
    # the local mirror plans with the seeds the game started with, each the one its phone kept.
    # Each phone revealed the start value it committed to, without a tap, and gave its chain's head.
    fair = started_fair(table_frames)
    seeds = fair["client_seeds"]
    assert seeds == [k["client_seed"] for k in kept] and len(set(seeds)) == 3
    assert fair["start_values"] == [k["start_value"] for k in kept] and fair["chains"] == [k["chain"] for k in kept]
    plan = plan_game(SEED, SETTINGS, fair, phone_chains(phones, lobby_id))
    mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
    # The opening rolls are played on the stage; who starts is not said before they are shown.
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
    assert table.locator('[data-out="status"]').inner_text() == EN["show"]["opening"]
    assert table.locator(".tplayer.turn").count() == 0
    skip_reveal(table, False)
    # Before the first turn's roll the stage says who rolled the opening dice, not "Dice: 3 and 3".
    caption = table.locator('[data-out="stage"]').inner_text()
    assert any(caption.startswith(name) for name in NAMES), caption
    wait_log(table, log_end(mirror.view(None)))
    assert table.locator(".tplayer.turn").get_attribute("data-seat") == str(mirror.view(None)["turn"])
    for page in phones:
        page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
    stage_idle(table)
    shoot(table, shots / "02-table-start.png")
    phones[mirror.view(None)["turn"]].screenshot(path=shots / "02-phone-start.png")

    fit = play_steps(table, phones, phone_frames, mirror, plan, shots)
    final = mirror.view(None)
    assert final["over"]
    table.locator('[data-out="winner"]').wait_for()
    assert NAMES[final["winner"]] in table.locator('[data-out="winner"]').inner_text()
    assert table.locator('[data-out="seed"]').text_content() == SEED
    # The ranking: the winner first, every player once.
    ranks = table.locator('[data-out="ranking"] li')
    assert ranks.count() == 3 and ranks.first.get_attribute("data-seat") == str(final["winner"])
    # The legend's keys are short lines, not tall bars.
    key = table.locator(".legend-key").first.bounding_box()
    assert key["width"] > key["height"] * 3
    assert table.locator("svg.chart polyline").count() == 3
    # The export comes over the sealed socket and is saved from the page (no address carries the key).
    table.locator("details.check summary").click()
    with table.expect_download() as download:
        table.locator('[data-out="export"]').click()
    assert download.value.suggested_filename == f"cashrun-{lobby_id}.json"
    assert Game.from_json(Path(download.value.path()).read_text()).winner == final["winner"]
    # Every phone and the table screen checked every draw in the page.
    draws = sum(len(e["draws"]) for e in mirror.log if e["type"] in CHANCE)
    assert fair_result(table) == ("ok", EN["fair"]["ok_table"]["other"].replace("{n}", str(draws)))
    for page in phones:
        assert fair_result(page) == ("ok", EN["fair"]["ok_phone"]["other"].replace("{n}", str(draws)))
    phones[0].locator('[data-out="fair"] summary').click()
    assert (
        phones[0].locator('[data-out="fair"] [data-step]').evaluate_all("(els) => els.map((e) => e.className)")
        == ["step good"] * 7
    )
    shoot(table, shots / "12-table-end.png")
    phones[final["winner"]].locator('[data-screen="won"]').wait_for()
    fit.snap(phones[final["winner"]], "won")
    fit.snap(phones[next(p for p in range(3) if p != final["winner"] and not final["players"][p]["out"])], "over-lost")
    phones[final["winner"]].screenshot(path=shots / "12-phone-end.png", full_page=True)

    # Play again: a new lobby where the same phones are already seated.
    table.locator('[data-act="do"][data-type="play_again"]').click()
    table.locator('[data-act="confirm-yes"]').click()
    table.wait_for_url(lambda url: "key=" in url and url != host.table_url)
    settle(table)
    table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    assert table.locator(".lp .pname").all_inner_texts() == NAMES
    assert table.locator(".lp .dot.on").count() == 3
    for page in phones:
        page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    # In the new lobby every phone makes a new client seed and sends it; the host has it at its seat.
    again_id = table_frames.views[-1]["game_id"]
    assert again_id != lobby_id
    for seat, page in enumerate(phones):
        page.wait_for_function(
            "(id) => (JSON.parse(localStorage.getItem('cashrun.fair') || '{}')[id] || {}).client_seed", arg=again_id
        )
        mine = kept_fair(page)[again_id]
        assert mine["client_seed"] not in seeds and mine["seed_hash"] == seed_hash(SEED)
        for _ in range(200):
            you = [v["view"].get("you") for v in phone_frames[seat].views if v.get("game_id") == again_id]
            if you and you[-1]["client_seed"] == mine["client_seed"]:
                break
            page.wait_for_timeout(50)
        assert you[-1] == {
            "seat": seat,
            "client_seed": mine["client_seed"],
            "start_commit": mine["start_commit"],
            "chain": mine["chain"],
            "revealed": False,
        }
    shoot(table, shots / "13-table-play-again.png")
    phones[0].screenshot(path=shots / "13-phone-play-again.png")

    # The table screen never gets a bluff card's symbol; a phone gets only its own cards.
    assert table_frames.views
    for v in table_frames.views:
        assert "you" not in v["view"] and secrets(v) == []
    assert table.locator(".bluff.up, [data-hold]").count() == 0
    for seat, frames in enumerate(phone_frames):
        for v in frames.views:
            if v.get("kind") == "game":
                assert v["seat"] == seat and v["view"]["you"]["seat"] == seat
                assert secrets(v) == [v["view"]["you"]["bluff_cards"]]
    assert not requests_seen.foreign(host.netloc), requests_seen.foreign(host.netloc)
    assert not errors, errors
    for ctx in [tctx, *contexts]:
        ctx.close()
    print(f"\nseeded game: {len(plan.steps)} steps in {time.monotonic() - started:.1f} s")
