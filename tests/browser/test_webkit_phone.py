"""The phone on the iPhone's engine: WebKit (Debian's WebKitGTK, `webkit.py`) at 375x667 joins a
table and plays a whole seeded game to its end: it rolls, names the casino it landed on, plays and
loses the casino game, offers a bluff card (the owner believes it), bids in an auction, starts the
Cash & Run lap, claims it and wins; its end screen checks every draw itself ("✔ All N draws
checked"). No script error, and `fit_check` finds nothing cut, squeezed or covered, and every
control of the decision on screen, at each screen the phone acts on (English).

The other two seats have no phone: they and the banker act over a table socket (`finished_game`),
on a host without a reveal clock, so the game is only as long as its steps."""

from __future__ import annotations

import re
import time

import pytest
from finished_game import TableSocket
from fit_check import check as fits
from phone_fit import OFF_SCREEN
from web_host import SEED, start_host, stop_host
from webkit import SeleniumPage, phone_size, running_webkit

from engine import BANKER, Game, Settings
from tests.support.game_plan import NAMES, plan_phone_game
from tests.support.web_driver import key, log_end, phone_chains, table_key

SETTINGS = Settings(auction_seconds=120)
PHONE = 0
SIZE = (375, 667)
ERRORS = """window.__errors = [];
addEventListener('error', (e) => window.__errors.push(String(e.message)));
addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));"""
"""WebKit's WebDriver has no log of script errors and no script before the page's own: the page
keeps its errors from once it has loaded (an error while loading leaves no join page, and fails)."""


@pytest.fixture(scope="module")
def webkit(tmp_path_factory):
    with running_webkit(tmp_path_factory.mktemp("gtk")) as driver:
        yield driver


def errors_so_far(page: SeleniumPage) -> list[str]:
    return page.evaluate("() => window.__errors || ['the error catcher is missing']")


def look(page: SeleniumPage, where: str) -> None:
    """The decision's controls on screen and on top, and nothing cut, squeezed or covered."""
    if page.count("[data-decision]"):
        try:
            page.wait_for_function(f"() => ({OFF_SCREEN})() === ''", timeout=3_000)
        except TimeoutError:
            raise AssertionError(f"{where}: {page.evaluate(OFF_SCREEN)}") from None
    fits(page, where, page_scrolls=True)


def act(page: SeleniumPage, action: dict, where: str) -> None:
    """The phone's taps for ``action`` (web_driver.perform's way, amounts typed on the pad)."""
    kind = action["type"]
    page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''")
    chooser = f'.chooser[data-type="{kind}"]'
    page.wait_for_function(
        "(s) => document.querySelector(s)",
        f'{chooser}, [data-act="do"][data-type="{kind}"], [data-act="open"][data-type="{kind}"]',
    )
    look(page, f"{where} {kind}")
    if not page.count(chooser):
        if page.count(f'[data-act="do"][data-type="{kind}"]'):
            page.click(f'[data-act="do"][data-type="{kind}"]')
            page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''")
            return
        page.click(f'[data-act="open"][data-type="{kind}"]')
    for _ in range(8):
        picks = page.evaluate(
            "(c) => [...document.querySelectorAll(c + ' [data-act=\"pick\"]')].map((e) => [e.dataset.field, e.dataset.also || null])",
            chooser,
        )
        if not picks:
            break
        field, also = picks[0]
        option = f'{chooser} [data-act="pick"][data-field="{field}"][data-key=\'{key(action[field])}\']'
        if also:
            option += f"[data-also-key='{key(action[also])}']"
        page.click(option)
        look(page, f"{where} {kind} after {field}")
    if isinstance(action.get("amount"), int):
        page.click(f'{chooser} [data-act="quick"][data-op="clear"]')
        for d in str(action["amount"]):
            page.click(f'{chooser} [data-act="digit"][data-d="{d}"]')
        assert int("".join(c for c in page.text(f'{chooser} [data-out="amount"]') if c.isdigit())) == action["amount"]
    confirm = f'{chooser} [data-act="confirm"]'
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && !b.disabled; }", confirm)
    look(page, f"{where} {kind} confirm")
    page.click(confirm)
    page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''")


def test_the_phone_plays_a_whole_game_in_webkit(webkit, tmp_path):
    started = time.monotonic()
    host = start_host(tmp_path / "data", reveal_scale=0)
    sock = None
    page = SeleniumPage(webkit)
    try:
        webkit.get(f"{host.base}/j/{host.code}")
        webkit.execute_script("localStorage.clear(); localStorage.setItem('cashrun.lang', 'en');")
        webkit.get(f"{host.base}/j/{host.code}")
        webkit.execute_script(ERRORS)
        phone_size(webkit, *SIZE)
        assert "AppleWebKit" in webkit.execute_script("return navigator.userAgent")
        page.wait_for_function("() => document.querySelector('[data-input=\"name\"]')")
        look(page, "join")
        webkit.find_element("css selector", '[data-input="name"]').send_keys(NAMES[PHONE])
        page.click('[data-act="join"]')
        page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
        look(page, "lobby")

        sock = TableSocket(host.base, table_key(host))
        for name in NAMES[1:]:
            sock.act({"type": "add_player", "name": name})
        sock.act({"type": "set_settings", "settings": {"auction_seconds": SETTINGS.auction_seconds}})
        sock.act({"type": "start"})
        start = sock.started()["view"]["log"][0]
        fair = {k: start[k] for k in ("client_seeds", "start_commits", "start_values", "chains")}
        assert fair["client_seeds"][PHONE] and fair["client_seeds"][1:] == [None, None]
        plan = plan_phone_game(SEED, SETTINGS, fair, phone_chains([page]), PHONE)
        mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
        done: list[str] = []
        for seat, action, tag in plan.steps:
            end = log_end(mirror.view(None))
            if seat == PHONE and action["type"] == "draw_for" and mirror.view(None)["waiting"]["spinner"] != PHONE:
                done.append("given")  # the other side's phone gives its link of a stake's draw by itself
            elif seat == PHONE:
                page.wait_for_function("(e) => Number(document.querySelector('#app').dataset.logEnd) >= e", end)
                act(page, action, tag or action["type"])
                done.append(action["type"])
            else:
                sock.act(action, None if seat == BANKER else seat)
            mirror.apply(seat, action)
        assert mirror.over and mirror.winner == PHONE
        assert {"roll", "land", "bet", "offer_bluff", "bid", "announce", "claim_lap"} <= set(done), done

        page.wait_for_function("() => document.querySelector('[data-screen=\"won\"]')")
        page.wait_for_function(
            '() => document.querySelector(\'[data-out="fair"]:not([data-fair="checking"])\')', timeout=30_000
        )
        head = page.text('[data-out="fair"] .fair-head')
        assert page.evaluate("() => document.querySelector('[data-out=\"fair\"]').dataset.fair") == "ok", head
        assert re.match(r"✔ All \d+ draws checked", head), head
        look(page, "won")
        assert errors_so_far(page) == []
        print(
            f"\nWebKit {webkit.capabilities.get('browserVersion')}: {len(plan.steps)} steps, {len(done)} on the phone,"
            f" in {time.monotonic() - started:.1f} s"
        )
    finally:
        if sock:
            sock.close()
        stop_host(host)
