"""The lap's finale on the table screen's stage: the lap's start takes the stage, the claim shows
the runner and the set, the banker answers on the stage (or the players confirm too, named there).
The games and their table screen are `story_table.py`'s; each test names its sizes and languages.
"""

from __future__ import annotations

from fit_check import check_table
from i18n_files import EN, NL
from story_table import SETTINGS, StoryTable, on_top, plan, status_lines
from web_host import TV, start_host, stop_host

from engine import BANKER, Settings
from tests.support.game_plan import NAMES
from tests.support.web_driver import drawer_to, shoot

LONG = ["Grootmoeder Wilhelmina B", *NAMES[1:]]
"""The runner's name as long as the host takes (24 characters)."""


def test_the_banker_confirms_the_lap_on_the_stage(browser, tmp_path, shots):
    """1366×768 in English, then 1920×1080 in Dutch: the lap's start takes the stage, the claim
    shows the runner, the set and two large answers; reject, claim again, confirm: the game ends."""
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        table = StoryTable(browser, host, SETTINGS, names=LONG)
        page = table.page
        p = plan(SETTINGS, LONG)
        runner = 0
        combination = p.give_combination(runner)
        p.start_lap(runner, combination)
        start = len(p.steps)
        for _ in range(60):
            if p.view["turn"] == runner and p.view["phase"] == "land":
                break
            p.filler_step()
        p.do(runner, {"type": "claim_lap"}, "claimed")

        def check(seat, action, tag):
            if tag == "lap_started":
                moment = page.locator('.moment[data-kind="lap_started"]')
                moment.wait_for()
                page.wait_for_function("() => document.querySelector('.moment').getAnimations().length === 0")
                # The lap's start takes the whole stage: the runner, the card that started it, the set.
                m, s = moment.bounding_box(), page.locator(".stage").bounding_box()
                assert m["height"] > 0.85 * s["height"] and m["width"] > 0.9 * s["width"], (m, s)
                assert LONG[runner] in moment.inner_text()
                assert moment.locator(".grand-card .card-face").count() == 1
                assert (
                    sorted(
                        int(c)
                        for c in moment.locator("[data-casino]").evaluate_all("els => els.map(e => e.dataset.casino)")
                    )
                    == combination
                )
                shoot(page, shots / "lap-started.png")

        table.play(p.steps[:start], check)
        table.play(p.steps[start:])

        def finale(words: dict) -> None:
            stage = page.locator(".stage.finale")
            stage.wait_for()
            claim, status = words["show"]["finale_claim"], words["wait"]["lap_claim_banker"]
            assert stage.locator('[data-out="runner"]').inner_text() == LONG[runner]
            assert claim in stage.inner_text()
            assert (
                sorted(
                    int(c) for c in stage.locator("[data-casino]").evaluate_all("els => els.map(e => e.dataset.casino)")
                )
                == combination
            )
            assert page.locator('[data-out="status"]').inner_text() == status
            assert status_lines(page) <= 2.01  # two lines at most
            assert page.locator("#drawer").count() == 0 and page.locator(".moment:not([hidden])").count() == 0
            for answer in ("confirm_lap", "reject_lap"):
                sel = f'.stage.finale [data-act="do"][data-type="{answer}"]'
                assert on_top(page, sel), answer  # large, in the window and covered by nothing
                box = page.locator(sel).bounding_box()
                assert box["height"] >= 48, box
                assert page.locator(sel).inner_text() == words["act"][answer]

        finale(EN)
        shoot(page, shots / "finale.png")
        # The drawer keeps the two answers too.
        drawer_to(page, False, True)
        assert page.locator('#drawer [data-type="confirm_lap"], #drawer [data-type="reject_lap"]').count() == 2
        page.locator('#drawer .drawer-head [data-act="drawer"]').click()

        page.locator('.stage.finale [data-type="reject_lap"]').click()
        table.mirror.apply(BANKER, {"type": "reject_lap"})
        table.idle()
        assert page.locator(".history li span").first.inner_text() == EN["ev"]["lap_rejected"].format(
            by="The banker", seat=LONG[runner]
        )  # the banker in words, not "Seat 0"
        assert page.locator(".stage.finale").count() == 0 and page.locator(".stage").count() == 1
        table.play([(runner, {"type": "claim_lap"}, None)])

        page.locator('.bar [data-act="lang"]').click()
        page.wait_for_function("() => document.documentElement.lang === 'nl'")
        page.set_viewport_size(TV)
        finale(NL)
        page.screenshot(path=shots / "finale-nl-1920x1080.png")
        page.locator('.stage.finale [data-type="confirm_lap"]').click()
        table.mirror.apply(BANKER, {"type": "confirm_lap"})
        assert table.mirror.over and table.mirror.winner == runner
        page.locator('[data-out="winner"]').wait_for()
        assert LONG[runner] in page.locator('[data-out="winner"]').inner_text()
        assert not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)


def test_with_players_confirming_the_stage_names_them(browser, tmp_path, shots):
    """1366×768 in English, dark theme, ``lap_confirm: "players"``: the claim names the other players
    who may confirm too; the banker's answers stay on the stage; a seat without a phone confirms."""
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        settings = Settings(auction_seconds=120, lap_confirm="players")
        table = StoryTable(browser, host, settings, color_scheme="dark")
        page = table.page
        p = plan(settings)
        runner = 0
        p.start_lap(runner, p.give_combination(runner))
        for _ in range(60):
            if p.view["turn"] == runner and p.view["phase"] == "land":
                break
            p.filler_step()
        p.do(runner, {"type": "claim_lap"})
        table.play(p.steps)
        stage = page.locator(".stage.finale")
        others = ", ".join(NAMES[1:])
        assert stage.locator(".hint").inner_text() == EN["show"]["finale_phones"].format(names=others)
        assert page.locator('[data-out="status"]').inner_text() == EN["wait"]["lap_claim"]
        for answer in ("confirm_lap", "reject_lap"):
            assert on_top(page, f'.stage.finale [data-act="do"][data-type="{answer}"]'), answer
        page.screenshot(path=shots / "finale-players-dark.png")
        check_table(page, "the lap claimed, the players confirming (1366x768, dark)")
        page.locator('.phoneless[data-seat="1"] [data-type="confirm_lap"]').click()
        table.mirror.apply(1, {"type": "confirm_lap"})
        page.locator('[data-out="winner"]').wait_for()
        assert table.mirror.winner == runner and not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)
