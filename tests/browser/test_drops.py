"""A phone keeps its seat through every drop (issue 46): phases × faults, in Chromium and WebKit.

One test per browser and fault plays one game through every phase: a phone joins in its open page
(never reloaded), two seats without a phone and the banker play over the table's socket, and at
each phase the fault takes the phone away while the phase happens: the banker starts (the start
values' exchange), a seat without a phone puts a casino up for auction (the phone's bid), the
others play up to the phone's roll, the phone's roll is on the stage (a reveal in progress), the
banker plays again. The phone comes back in its seat and shows the table's state without a reload
within ``CAUGHT_UP_S``; its next move is then taken (a tap where a person taps: roll, pass; its
start value and its new seeds by themselves), and the table sees it connected.

Faults (``line.py``): ``offline`` (Chromium: the context's offline switch; WebKit: the line refuses
connections), ``cut`` (the connection closed under the page, as when the host closes it),
``asleep`` for the whole phase (Chromium: the page frozen by CDP and its line held, nothing moving
either way, through the others' turns for longer than the host waits for a pong; WebKit, where a locked iPhone closes its sockets and WebDriver cannot freeze a page:
the line refuses connections, longer), and ``restart`` (the host stopped and started again on its
folder and port, mid-phase). Every cell of the table is covered in both browsers.

A stake's draw has its own test per browser (one game, ``DRAW_FAULTS``): a seat without a phone
bets at a casino of the phone, so the draw waits for the phone's link alone, while the phone is
away; at roulette the phone spins (its tap), at dice or cards it gives its link without a tap.
Back, it shows the table's state and the draw is made, not forfeited. Asleep is left out: away past
the host's ping window is longer than the draw's 8 s.

The host's reveal clock runs (scale 1), and the banker skips each reveal (as the table's button
does) except the phone's roll's, so a game is only as long as its moves.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from drops import CAUGHT_UP_S, Driver, Phone, Rig, caught_up, log_end, summary_of
from i18n_files import EN
from web_host import PHONE, start_host

from companion.door.gate import WEBSOCKET_IDLE
from companion.play.countdown import DRAW_SECONDS
from companion.play.starting import REVEAL_SECONDS
from tests.support.web_driver import open_table

if TYPE_CHECKING:
    from collections.abc import Callable

    from line import Line

FAULTS = ("offline", "cut", "asleep", "restart")
AWAY_S = 3.0
"""How long a phone is away (offline or asleep): the issue's Wi-Fi drop."""
NAME_INPUT, JOIN = '[data-input="name"]', '[data-act="join"]'
DO = '[data-act="do"][data-type="{}"]'
WATCHING = """async (end) => {
  const { store } = await import('/static/js/phone/phone-shared.js');
  const m = store.state.msg;
  return store.state.conn === 'online' && !!m && m.kind === 'watch' && m.view.log_start + m.view.log.length === end;
}"""
"""A watching phone at the table's log entry ``end`` (its screen marks no log end: it is not a seat's)."""


class ChromiumPhone(Phone):
    def __init__(self, ctx: Any, page: Any, line: Line) -> None:
        super().__init__("chromium", page, line)
        self.ctx = ctx
        self.cdp = ctx.new_cdp_session(page)

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def offline(self, on: bool) -> None:
        self.ctx.set_offline(on)

    def asleep(self, on: bool) -> None:
        if on:
            self.line.hold(True)
            self.cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
        else:
            self.cdp.send("Page.setWebLifecycleState", {"state": "active"})
            self.line.hold(False)


class WebKitPhone(Phone):
    def __init__(self, page: Any, line: Line) -> None:
        super().__init__("webkit", page, line)

    def tap(self, selector: str) -> None:
        self.page.click(selector)


def seat_phone(phone: Phone, rig: Rig, fill) -> None:
    """The phone joins in its open page; the banker adds two seats without a phone."""
    phone.page.wait_for_function("(s) => !!document.querySelector(s)", arg=NAME_INPUT)
    fill("Ann")
    phone.tap(JOIN)
    phone.page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    for name in ("Bob", "Cas"):
        rig.banker.act({"type": "add_player", "name": name})
    rig.banker.act({"type": "set_settings", "settings": {"auction_seconds": 120}})


def is_game(msg: dict[str, Any]) -> bool:
    return msg["kind"] == "game"


def phoneless_turn(msg: dict[str, Any]) -> bool:
    """A seat without a phone starts its turn (and may put a casino up for auction)."""
    v = msg["view"]
    return is_game(msg) and v["phase"] == "roll" and v["waiting"]["seats"] == [v["turn"]] and v["turn"] != 0


def phone_rolls(msg: dict[str, Any]) -> bool:
    v = msg["view"]
    return is_game(msg) and v["phase"] == "roll" and v["waiting"]["seats"] == [0]


def started_with_phone(rig: Rig) -> None:
    """The game started with the phone's own randomness: its seed and its start value are in."""
    deadline = time.monotonic() + 15
    while not is_game(rig.banker.latest):
        m = rig.banker.latest
        assert time.monotonic() < deadline, f"the game did not start: {m['view'].get('starting')}, {m['connected']}"
        time.sleep(0.05)
    start = rig.banker.latest["view"]["log"][0]
    assert start["client_seeds"][0] and start["start_values"][0], start


def drop(fault: str, phone: Phone, rig: Rig, happens: Callable[[], object], longer: float = 0) -> float:
    """The phone goes away while ``happens`` happens, and comes back; the time it is back (the drop's end)."""
    if fault == "restart":
        happens()
        rig.stop()
        time.sleep(0.3)
        rig.start()
    elif fault == "cut":
        phone.line.cut()
        happens()
    else:
        away = phone.offline if fault == "offline" else phone.asleep
        away(True)
        began = time.monotonic()
        happens()
        time.sleep(max(0.0, AWAY_S + longer - (time.monotonic() - began)))
        away(False)
    return time.monotonic()


def taken(phone: Phone, rig: Rig, kind: str) -> None:
    """The phone's tap on ``kind`` is taken: the table's log moves on."""
    before = log_end(rig.banker.latest)
    phone.tap(DO.format(kind))
    deadline = time.monotonic() + 10
    while log_end(rig.banker.latest) <= before:
        assert time.monotonic() < deadline, f"the phone's {kind} was not taken: {phone.state()}"
        time.sleep(0.02)


def play_column(fault: str, phone: Phone, rig: Rig, fill: Callable[[str], None]) -> dict[str, float]:
    """One game through every phase with ``fault`` at each; the seconds each drop took to catch up."""
    driver = Driver(rig, [phone])
    took: dict[str, float] = {}
    seat_phone(phone, rig, fill)

    # The start values' exchange: asleep, the phone is back after the table named it late.
    back = drop(
        fault, phone, rig, lambda: rig.banker.act({"type": "start"}), REVEAL_SECONDS if fault == "asleep" else 0
    )
    took["starting"] = caught_up(phone, rig.banker, back)
    started_with_phone(rig)

    # A seat without a phone puts a casino up for auction: the phone is a bidder (first: a game can end
    # early, a seat bankrupt by its auctions).
    msg = driver.until(lambda m: phoneless_turn(m) and not m["view"]["players"][m["view"]["turn"]]["on_lap"])
    seat = msg["view"]["turn"]
    if auction_offer(msg) is None:  # it has no casino left: the banker gives it one
        casino = next(c["id"] for c in msg["view"]["casinos"] if c["owner"] != seat)
        rig.banker.act({"type": "move_casino", "casino": casino, "to": seat, "reason": "Test"})
        deadline = time.monotonic() + 5
        while auction_offer(rig.banker.latest) is None:
            assert time.monotonic() < deadline, "no auction offered"
            time.sleep(0.02)
        msg = rig.banker.latest
    back = drop(fault, phone, rig, lambda: rig.banker.act(auction_offer(msg), seat))
    took["auction"] = caught_up(phone, rig.banker, back)
    if 0 in rig.banker.latest["view"]["waiting"]["seats"]:  # not when it has less than the lowest bid
        taken(phone, rig, "pass_bid")

    # The others play their turns up to the phone's roll.
    driver.until(phoneless_turn)
    # Frozen longer than the host waits for a pong, the socket is gone when the phone wakes.
    longer = WEBSOCKET_IDLE + 1 if fault == "asleep" and phone.browser == "chromium" else 0
    back = drop(fault, phone, rig, lambda: driver.until(phone_rolls, phones_away=True), longer)
    took["roll"] = caught_up(phone, rig.banker, back)
    driver.until(phone_rolls)

    # The phone's roll on the stage: back mid-reveal, it waits for the stage like every phone.
    taken(phone, rig, "roll")
    assert rig.banker.latest.get("reveal"), "no reveal running"
    back = drop(fault, phone, rig, lambda: None)
    took["reveal"] = caught_up(phone, rig.banker, back, ", back mid-reveal", skip=False)

    # The game's end, and Play again: the phone is seated in the new lobby and sends its new seeds.
    driver.until(lambda m: m["view"].get("over"), finish=True)
    back = drop(fault, phone, rig, rig.play_again)
    took["play_again"] = caught_up(phone, rig.banker, back)
    rig.banker.act({"type": "start"})
    started_with_phone(rig)
    return took


DRAW_FAULTS = ("offline", "cut", "restart")
"""The faults a stake's draw is dropped under: the phone back within the draw's 8 s (asleep, away
past the host's ping window, is longer than the draw waits)."""
SPIN = '[data-out="spin"]'


def phoneless_actions(rig: Rig, seat: int, kind: str) -> list[dict[str, Any]]:
    msg = rig.banker.latest
    return [a for a in msg["table"]["phoneless"].get(str(seat), []) if a["type"] == kind] if is_game(msg) else []


def to_a_bet(driver: Driver, rig: Rig, taps: bool) -> Callable[[], object]:
    """Plays on until a seat without a phone lands on a casino of the phone and may bet there; the
    bet (the banker's act that makes the draw wait for the phone's link). The phone is the draw's
    only side with a phone: at roulette it spins for the player (a tap), at dice or cards the player
    rolls or draws himself and the phone gives its link without a tap."""
    symbols = ("roulette",) if taps else ("dice", "cards")
    for _ in range(30):
        msg = driver.until(lambda m: phoneless_turn(m) and not any(p["on_lap"] for p in m["view"]["players"]))
        seat = msg["view"]["turn"]
        for casino in msg["view"]["casinos"]:
            if casino["symbol"] in symbols and casino["owner"] != 0:
                rig.banker.act({"type": "move_casino", "casino": casino["id"], "to": 0, "reason": "Test"})
        mine = {c["id"] for c in rig.banker.latest["view"]["casinos"] if c["owner"] == 0 and c["symbol"] in symbols}
        rig.banker.act({"type": "roll"}, seat)
        deadline = time.monotonic() + 5
        while not (lands := phoneless_actions(rig, seat, "land")) and time.monotonic() < deadline:
            time.sleep(0.02)
        land = next((a for a in lands if a.get("space") == "casino" and a.get("casino") in mine), None)
        if land is None:
            continue
        rig.banker.act(land, seat)
        deadline = time.monotonic() + 5
        while not (bets := phoneless_actions(rig, seat, "bet")) and time.monotonic() < deadline:
            time.sleep(0.02)
        if bets:
            return lambda: bet_made(rig, seat, dict(bets[0], amount=bets[0]["amount"]["min"]), taps)
    raise AssertionError(f"no bet at a {symbols} casino of the phone")


def bet_made(rig: Rig, seat: int, bet: dict[str, Any], taps: bool) -> None:
    """The bet: the draw waits for the phone's link alone, the phone the one who taps or not."""
    rig.banker.act(bet, seat)
    deadline = time.monotonic() + 5
    while rig.banker.latest["view"]["phase"] != "opponent_draw":
        view = rig.banker.latest["view"]
        assert time.monotonic() < deadline, (
            f"no draw waits: {summary_of(rig.banker.latest)}, {view.get('log', [])[-4:]}"
        )
        time.sleep(0.02)
    waiting = rig.banker.latest["view"]["waiting"]
    assert waiting["seats"] == [0] and waiting["spinner"] == (0 if taps else None), waiting


def draw_made(rig: Rig, since: int) -> None:
    """The waiting draw was made with the phone's link, not forfeited."""
    deadline = time.monotonic() + DRAW_SECONDS + 5
    while rig.banker.latest["view"]["phase"] == "opponent_draw":
        assert time.monotonic() < deadline, "the draw still waits"
        time.sleep(0.02)
    view = rig.banker.latest["view"]
    after = view["log"][since - view.get("log_start", 0) :]
    assert not [e for e in after if e["type"] == "forfeit"], after


def play_draws(phone: Phone, rig: Rig, fill: Callable[[str], None]) -> dict[str, float]:
    """One game: at each fault, a stake's draw begins while the phone is away, once with the phone
    as the side that taps and once as the side that gives its link without a tap; back, it shows the
    table's state and the draw is made with its link."""
    driver = Driver(rig, [phone])
    took: dict[str, float] = {}
    seat_phone(phone, rig, fill)
    rig.banker.act({"type": "start"})
    started_with_phone(rig)
    for fault in DRAW_FAULTS:
        for taps in (True, False):
            bet = to_a_bet(driver, rig, taps)
            since = log_end(rig.banker.latest)
            back = drop(fault, phone, rig, bet)
            took[f"{fault} {'spin' if taps else 'link'}"] = caught_up(phone, rig.banker, back, ", a draw")
            if taps and rig.banker.latest["view"]["phase"] == "opponent_draw":
                phone.tap(SPIN)
            draw_made(rig, since)
    return took


def auction_offer(msg: dict[str, Any]) -> dict[str, Any] | None:
    seat = msg["view"]["turn"]
    return next((a for a in msg["table"]["phoneless"][str(seat)] if a["type"] == "auction"), None)


@pytest.fixture(scope="module")
def chromium_phone(browser):
    made: list[Any] = []

    def make(rig: Rig) -> ChromiumPhone:
        line = rig.line()
        ctx = browser.new_context(**PHONE, locale="en-GB")
        made.append(ctx)
        page = ctx.new_page()
        page.goto(f"{line.base}/j/{rig.host.code}")
        return ChromiumPhone(ctx, page, line)

    yield make
    for ctx in made:
        ctx.close()


@pytest.mark.parametrize("fault", FAULTS)
def test_a_chromium_phone_keeps_its_seat_at_every_phase(fault, chromium_phone, tmp_path):
    rig = Rig(tmp_path / "data", reveal_scale=1)
    try:
        phone = chromium_phone(rig)
        took = play_column(fault, phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        print(f"\nchromium × {fault}, caught up after the drop:", ", ".join(f"{k} {v:.2f} s" for k, v in took.items()))
    finally:
        rig.close()


def test_a_chromium_phone_gives_its_link_to_a_draw_after_a_drop(chromium_phone, tmp_path):
    rig = Rig(tmp_path / "data", reveal_scale=1)
    try:
        phone = chromium_phone(rig)
        took = play_draws(phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        print(
            "\nchromium, a draw's side, caught up after the drop:", ", ".join(f"{k} {v:.2f} s" for k, v in took.items())
        )
    finally:
        rig.close()


def test_a_token_the_host_no_longer_knows_is_said_in_words(chromium_phone, tmp_path):
    """The laptop comes back with another data folder: the phone's token is refused at its reconnect,
    and the phone says so in words and offers to join again; it never shows a seat that answers
    "Join first."."""
    rig = Rig(tmp_path / "data")
    try:
        phone = chromium_phone(rig)
        seat_phone(phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        rig.stop()
        rig.host = start_host(tmp_path / "another", port=rig.port)
        note = phone.page.locator('.note[role="alert"]')
        note.wait_for(timeout=CAUGHT_UP_S * 1000)
        assert note.inner_text() == EN["refused"]["bad_token"]
        assert phone.page.locator(JOIN).count() == 1 and phone.page.locator(".player.me").count() == 0
        assert phone.page.evaluate("localStorage.getItem('cashrun.token')") is None
    finally:
        rig.close()


def test_the_table_does_not_say_a_connected_phone_does_not_answer(browser, chromium_phone, tmp_path):
    """A phone that is connected but holds no start value (its storage lost it) is late at the start:
    the table names it beside its green dot as connected and silent, not as a phone that does not answer."""
    rig = Rig(tmp_path / "data")
    contexts: list[Any] = []
    try:
        phone = chromium_phone(rig)
        seat_phone(phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        phone.page.evaluate("localStorage.removeItem('cashrun.fair')")
        table = open_table(browser, rig.host, contexts)
        rig.banker.act({"type": "start"})
        note = table.locator('[data-out="starting"].late')
        note.wait_for(timeout=(REVEAL_SECONDS + 5) * 1000)
        said = EN["lobby"]["starting_silent"]["one"].replace("{names}", "Ann")
        assert note.inner_text() == said, note.inner_text()
        assert rig.banker.latest["connected"][0]
    finally:
        for ctx in contexts:
            ctx.close()
        rig.close()


def test_a_phone_back_after_the_banker_started_without_it_says_so_and_offers_to_watch(chromium_phone, tmp_path):
    """The issue's second case: away when the banker starts, still away when the table names it late and
    the banker starts without it (its seat leaves the game, docs/fairness.md); back, the phone says in
    words that the banker started without it (``refused.left_out``) and offers to watch the game, never the lobby for the whole game."""
    rig = Rig(tmp_path / "data")
    try:
        phone = chromium_phone(rig)
        seat_phone(phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        rig.banker.act({"type": "add_player", "name": "Dee"})  # three play on without Ann's seat
        phone.offline(True)
        rig.banker.act({"type": "start"})
        deadline = time.monotonic() + REVEAL_SECONDS + 5
        while not (rig.banker.latest["view"].get("starting") or {}).get("late"):
            assert time.monotonic() < deadline, "the phone was never named late"
            time.sleep(0.05)
        rig.banker.act({"type": "start_without"})
        phone.offline(False)
        note = phone.page.locator('.note[role="alert"]')
        note.wait_for(timeout=CAUGHT_UP_S * 1000)
        assert note.inner_text() == EN["refused"]["left_out"]
        phone.page.locator('[data-act="watch"]').click()
        phone.page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'watch'")
    finally:
        rig.close()


def test_the_table_screen_and_a_watcher_come_back_with_their_own_credentials(browser, chromium_phone, tmp_path):
    """The table screen (its key) and a watching phone (the game's code) drop too: each comes back by
    itself, the table screen with its banker's controls, the watcher watching, both at the table's state."""
    rig = Rig(tmp_path / "data")
    contexts: list[Any] = []
    try:
        phone = chromium_phone(rig)
        seat_phone(phone, rig, lambda name: phone.page.locator(NAME_INPUT).fill(name))
        rig.banker.act({"type": "start"})
        started_with_phone(rig)
        screens = []
        for path in (f"/table?key={rig.key}", f"/j/{rig.host.code}"):
            line = rig.line()
            ctx = browser.new_context(**PHONE, locale="en-GB")
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(line.base + path)
            screens.append((ctx, page, line))
        (_, table, _), (wctx, watcher, _) = screens
        watcher.locator('[data-act="watch"]').click()
        watcher.wait_for_function("() => document.querySelector('#app').dataset.kind === 'watch'")
        for _, _, line in screens:
            line.cut()
        wctx.set_offline(True)
        driver, end = Driver(rig, [phone]), log_end(rig.banker.latest)
        driver.until(lambda m: log_end(m) > end + 2)
        wctx.set_offline(False)
        want = log_end(rig.banker.latest)
        table.wait_for_function(
            "(end) => { const d = document.querySelector('#app').dataset;"
            " return d.conn === 'online' && d.kind === 'game' && Number(d.logEnd) === end; }",
            arg=want,
            timeout=CAUGHT_UP_S * 1000,
        )
        watcher.wait_for_function(WATCHING, arg=want, timeout=CAUGHT_UP_S * 1000)
        # The banker's powers, whatever the game waits for (a stake's draw or a phone's turn shows no
        # control of the banker's on the screen): only the table's key lists the pause in the bar and
        # a new game in the banker's menu.
        assert table.locator('.bar [data-act="pause-game"]').count() == 1
        table.locator('.bar [data-act="drawer"]').press("Enter")  # the keyboard's way: a phone's width crowds the bar
        table.wait_for_selector('#drawer [data-type="new_game"]', timeout=CAUGHT_UP_S * 1000)
    finally:
        for ctx in contexts:
            ctx.close()
        rig.close()


@pytest.fixture(scope="module")
def webkit_driver(tmp_path_factory):
    from webkit import running_webkit

    with running_webkit(tmp_path_factory.mktemp("gtk")) as driver:
        yield driver


@pytest.mark.parametrize("fault", FAULTS)
def test_a_webkit_phone_keeps_its_seat_at_every_phase(fault, webkit_driver, tmp_path):
    from webkit import SeleniumPage

    rig = Rig(tmp_path / "data", reveal_scale=1)
    try:
        line = rig.line()
        webkit_driver.get(f"{line.base}/j/{rig.host.code}")  # a new port: a new origin, its storage empty
        webkit_driver.execute_script("localStorage.setItem('cashrun.lang', 'en');")
        phone = WebKitPhone(SeleniumPage(webkit_driver), line)

        def fill(name: str) -> None:
            webkit_driver.find_element("css selector", NAME_INPUT).send_keys(name)

        took = play_column(fault, phone, rig, fill)
        print(f"\nwebkit × {fault}, caught up after the drop:", ", ".join(f"{k} {v:.2f} s" for k, v in took.items()))
    finally:
        rig.close()


def test_a_webkit_phone_gives_its_link_to_a_draw_after_a_drop(webkit_driver, tmp_path):
    from webkit import SeleniumPage

    rig = Rig(tmp_path / "data", reveal_scale=1)
    try:
        line = rig.line()
        webkit_driver.get(f"{line.base}/j/{rig.host.code}")
        webkit_driver.execute_script("localStorage.setItem('cashrun.lang', 'en');")
        phone = WebKitPhone(SeleniumPage(webkit_driver), line)
        took = play_draws(
            phone, rig, lambda name: webkit_driver.find_element("css selector", NAME_INPUT).send_keys(name)
        )
        print(
            "\nwebkit, a draw's side, caught up after the drop:", ", ".join(f"{k} {v:.2f} s" for k, v in took.items())
        )
    finally:
        rig.close()
