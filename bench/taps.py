"""The taps a person makes per kind of step, and the seconds from Start to the first turn.

    python bench/taps.py

A seeded game of three players (``plan_visits``: turns steered to visits of others' casinos until
every game symbol was played twice, bluff cards offered after lost games, an auction, casinos
bought, then plain turns up to turn 16) played against a live ``cashrun`` at its real reveal clock,
each step through the page of whoever acts (the browser tests' ``perform``): a player's phone
(360x640, touch), the table screen (1366x768) for the banker. Each page counts the clicks a
person's pointer gave it (trusted click events, as the board editor's test counts them); the script
reads every page's count around each step and files it by kind:

- a plain turn: roll and land and what the space asks (the Grand Slam's collect), no casino game,
  bid or bluff in it, by its rolls (a double rolls again); a turn with a casino bought apart;
- a casino game, per symbol and game: the bettor's taps (the game and its pick in one, the stake,
  confirm, and his own roll or draw at dice and cards) and the other side's (an opponent spinning
  a casino's roulette; 0 where the other side's phone gives its link by itself);
- an auction bid (the pad starts at the lowest bid; made of quick raises), a bluff offer;
- each step by its action, and the banker's actions (opening and closing the menu counted).

Stakes are 100,000, one quick amount. Cards' Honours (a game without a pick) is not played:
``perform`` names a game's option by its pick. The seconds to the first turn run from the
banker's yes to Start to the first player's Roll button on that player's phone, with the opening
rolls shown at their real length. Prints figures only; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from engine import BANKER, Game, Settings
from engine.bets import CASINO_GAMES
from tests.support.browser import ARGS, CHROMIUM, SEED, SMALL_PHONE, TABLE
from tests.support.cashrun import Cashrun
from tests.support.game_plan import NAMES, with_spins
from tests.support.planner import Planner
from tests.support.web_driver import (
    Frames,
    drawer_to,
    joined_phone,
    log_end,
    perform,
    phone_chains,
    seeded_random,
    settle,
    started_fair,
    wait_log,
)

PHONE_SEEDS = (1, 2, 3)
SETTINGS = Settings(auction_seconds=120)
COUNT_TAPS = "window.taps = 0; document.addEventListener('click', (e) => { if (e.isTrusted) window.taps++; }, true);"
SLOW = 60_000
"""Waits long enough for a reveal at its real length."""
NOT_PLAIN = {"bet", "bid", "auction", "offer_bluff", "draw_for", "buy", "accept_loss", "sell", "take_casino"}
"""A turn with one of these in it is not a plain turn."""


TURNS = 40
"""At most this many turns are played; the plan stops once every kind was seen often enough."""
MIN_TURNS = 16
"""At least this many turns, for the plain turns among them."""
STAKE = 100_000


def plan_visits(fair: dict, chains: dict) -> Planner:
    """Turns of the seeded game steered to the steps measured: land on another's casino when one is
    in reach whose symbol was played less than twice (its game the one least played so far), else buy a free casino, else take the Grand
    Slam; offer a bluff card after a lost game (three times at most); one auction once a player
    owns a casino after a few turns. What is left is the planner's filler (roll, collect, ...)."""
    p = Planner(Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair), chains)
    played: dict[str, int] = defaultdict(int)
    offers = auctions = 0
    casino = None
    while not p.view["over"] and p.view["turn_number"] <= TURNS:
        symbols = {s: sum(n for k, n in played.items() if k.startswith(s)) for s in CASINO_GAMES}
        if min(symbols.values()) >= 2 and offers >= 2 and auctions and p.view["turn_number"] >= MIN_TURNS:
            break
        seat, view = p.actor(), p.view
        legal = p.legal(seat) if seat != BANKER else []
        types = {a["type"] for a in legal}
        at_start = view["phase"] == "roll" and view["waiting"].get("start") and view["turn_number"] > 6
        if at_start and not auctions and p.find(seat, "auction"):
            p.auction()
            auctions += 1
            continue
        if "land" in types:
            others = {c["id"] for c in p.owned_by_other(seat)}
            lands = [a for a in legal if a["type"] == "land" and a.get("space") == "casino"]
            visits = [a for a in lands if a["casino"] in others and symbols[SETTINGS.box[a["casino"]].symbol] < 2]
            free = [a for a in lands if view["casinos"][a["casino"]]["owner"] is None]
            if visits:
                land = min(visits, key=lambda a: symbols[SETTINGS.box[a["casino"]].symbol])
                casino = land["casino"]
                p.do(seat, land)
            elif free:
                p.do(seat, free[0])
            else:
                p.filler_step()
        elif "bet" in types and casino is not None:
            symbol = SETTINGS.box[casino].symbol
            bets = [a for a in legal if a["type"] == "bet" and "pick" in a and a["amount"]["max"] >= STAKE]
            if not bets:
                p.filler_step()
                continue
            bet = min(bets, key=lambda a: played[f"{symbol} {a['game']}"])
            played[f"{symbol} {bet['game']}"] += 1
            p.do(seat, dict(bet, amount=STAKE))
        elif offers < 3 and (offer := p.find(seat, "offer_bluff")):
            offers += 1
            p.do(seat, offer)
        elif buy := p.find(seat, "buy"):
            p.do(seat, buy)
        else:
            p.filler_step()
    return p


def taps(pages: list) -> list[int]:
    return [page.evaluate("() => window.taps") for page in pages]


def join(browser, host, contexts: list) -> list:
    def prepared(seed: int):
        def prepare(ctx) -> None:
            seeded_random(ctx, seed)
            ctx.add_init_script(COUNT_TAPS)

        return prepare

    return [
        joined_phone(browser, host, name, contexts, prepared(PHONE_SEEDS[i]), **SMALL_PHONE, locale="nl-NL")
        for i, name in enumerate(NAMES)
    ]


def play(browser, host) -> tuple[dict[str, list[int]], float]:
    """The seeded game; the taps per kind of step and the seconds from Start to the first turn."""
    contexts: list = []
    try:
        tctx = browser.new_context(**TABLE, locale="nl-NL")
        contexts.append(tctx)
        tctx.add_init_script(COUNT_TAPS)
        table = tctx.new_page()
        frames = Frames(table, host)
        table.goto(host.table_url)
        settle(table)
        phones = join(browser, host, contexts)
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 3")
        lobby_id = frames.views[-1]["game_id"]
        table.locator('[data-details="settingsOpen"] summary').click()
        table.locator('[data-set="auction_seconds"]').fill("120")
        table.locator('[data-act="save-settings"]').click()
        settle(table)
        table.locator('[data-act="do"][data-type="start"]').click()
        yes = table.locator('[data-act="confirm-yes"]')
        started = time.monotonic()
        yes.click()
        table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
        fair = started_fair(frames)
        mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
        first = phones[mirror.view(None)["turn"]]
        first.locator('[data-act="do"][data-type="roll"]').wait_for(timeout=SLOW)
        to_first_turn = time.monotonic() - started
        plan = plan_visits(fair, phone_chains(phones, lobby_id))
        return steps(table, phones, mirror, plan), to_first_turn
    finally:
        for ctx in contexts:
            ctx.close()


def steps(table, phones: list, mirror: Game, plan) -> dict[str, list[int]]:
    """Plays the plan's steps; each step's taps filed by kind."""
    pages = [*phones, table]
    out: dict[str, list[int]] = defaultdict(list)
    turn_taps: dict[int, int] = defaultdict(int)
    turn_kinds: dict[int, list[str]] = defaultdict(list)
    drawer_open = False
    table_taps = 0  # the table screen's during the players' steps
    for seat, action, _tag, spins in with_spins(plan.steps):
        view = mirror.view(None)
        turn, end = view["turn_number"], log_end(view)
        before = taps(pages)
        if seat == BANKER:
            wait_log(table, end, SLOW)
            if action["type"] == "confirm_lap":
                table.locator('.stage.finale [data-act="do"][data-type="confirm_lap"]').click()
            else:
                drawer_open = drawer_to(table, drawer_open, True)
                perform(table, action, scope="#drawer", pad=False)
                drawer_open = drawer_to(table, drawer_open, False)
        else:
            wait_log(phones[seat], end, SLOW)
            perform(phones[seat], action, by={"bid": "quick"}.get(action["type"], "fewest"))
        mirror.apply(seat, action)
        bettor, drawn = seat, mirror.view(None)["waiting"].get("symbol", "?")
        for spinner, tap, _ in spins:
            if mirror.view(None)["waiting"]["spinner"] == spinner:  # this side taps; the other gives its link itself
                wait_log(phones[spinner], log_end(mirror.view(None)), SLOW)
                perform(phones[spinner], tap)
            mirror.apply(spinner, tap)
        wait_log(table, log_end(mirror.view(None)), SLOW)
        delta = [b - a for a, b in zip(before, taps(pages), strict=True)]
        kind = action["type"]
        if seat == BANKER:
            out[f"banker: {kind}"].append(delta[-1])
            continue
        if kind == "bet":
            game = f"{drawn} {action['game']}"
            out[f"casino {game}: bettor"].append(delta[bettor])
            for other in {s for s, _, _ in spins} - {bettor}:
                out[f"casino {game}: other side"].append(delta[other])
        elif kind == "bid":
            out["auction bid"].append(delta[seat])
        elif kind == "offer_bluff":
            out["bluff offer"].append(delta[seat])
        out[f"step: {kind}"].append(delta[seat])
        table_taps += delta[-1]
        turn_taps[turn] += sum(delta[:-1])
        turn_kinds[turn].append(kind)
    for turn, kinds in turn_kinds.items():
        if "roll" in kinds and "land" in kinds and not set(kinds) & NOT_PLAIN:
            rolls = kinds.count("roll")
            out[f"plain turn, {rolls} roll{'s' if rolls > 1 else ''}: {' + '.join(dict.fromkeys(kinds))}"].append(
                turn_taps[turn]
            )
        elif "buy" in kinds and not set(kinds) & (NOT_PLAIN - {"buy"}):
            out["turn with a casino bought"].append(turn_taps[turn])
    out["table screen during the players' steps"] = [table_taps]
    return out


def main() -> None:
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as data:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        host = Cashrun(Path(data), seed=SEED, reveal_scale=1)
        try:
            figures, to_first_turn = play(browser, host)
        finally:
            host.stop(10)
            browser.close()
    print("taps per kind of step (phones 360x640, table screen 1366x768; seeded game, real reveal clock)")
    print(f"{'kind':42} {'n':>3} {'p50':>5} {'max':>4}   all")
    for kind in sorted(figures):
        values = figures[kind]
        print(f"{kind:42} {len(values):>3} {statistics.median(values):>5g} {max(values):>4}   {values}")
    print(f"seconds from the banker's yes to Start to the first player's Roll button: {to_first_turn:.1f}")


if __name__ == "__main__":
    main()
