"""What the drop tests share: a host with a line per phone (line.py), the banker's socket that plays
the seats without a phone, a phone seen the same way in Chromium and in WebKit, the check that a
phone shows the table's state, and the figures (drop's end to the phone caught up), printed by
conftest.py at the end of the session.

A phone's own moves go through its page's socket (``net.act`` in the page, the same message a tap
sends); what a test checks with a person's tap it taps.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from finished_game import TableSocket
from line import Line
from web_host import Host, start_host, stop_host

from tests.engine.randomplay import concrete
from tests.support.web_driver import table_key

if TYPE_CHECKING:
    from pathlib import Path

CALM = ("claim_lap", "roll", "decline", "accept_loss", "pass_bid", "collect", "stop_slam", "draw", "land", "bid")
"""The moves the driver prefers, in this order: a game that moves on without long detours."""
LOW_MONEY = 500_000
TOP_UP = 2_000_000
"""A phone's seat below ``LOW_MONEY`` gets ``TOP_UP`` from the bank (``Driver``): the starting money."""
PACE = 0.11
"""Seconds between two of the banker's messages: one socket may send 10 a second."""
CAUGHT_UP_S = 10.0
"""How long a phone has, after its drop, to show the table's state again ("within a few seconds")."""

MOVED_ON = ("bad_choice", "not_your_turn", "illegal", "revealing")
"""The refusals of a move the game had moved past when it came (the driver picks again)."""

FIGURES: dict[str, list[float]] = {}
"""Seconds from a drop's end to the phone showing the table's state, by browser."""

ACT = """async (a) => {
  const { net, store } = await import('/static/js/phone/phone-shared.js');
  if (a.type === 'draw_for') {
    const { nextLink } = await import('/static/js/fair/fair-seat.js');
    const m = store.state.msg, me = m.view.players.find((p) => p.seat === m.seat) || {};
    a = { ...a, link: await nextLink(m.game_id, me.chain) };
  }
  for (let i = 0; i < 50 && store.state.pending; i++) await new Promise((r) => setTimeout(r, 100));
  return await net.act(a);
}"""
LEGAL = """async () => {
  const { store } = await import('/static/js/phone/phone-shared.js');
  const m = store.state.msg;
  return m ? m.legal_actions : [];
}"""
STATE = "() => ({ ...document.querySelector('#app').dataset })"


def log_end(msg: dict[str, Any]) -> int:
    view = msg["view"]
    return view.get("log_start", 0) + len(view.get("log", [])) if msg["kind"] == "game" else -1


def record(browser: str, seconds: float) -> None:
    FIGURES.setdefault(browser, []).append(seconds)


class Banker(TableSocket):
    """The table screen's socket with whole views, straight to the host (never through a phone's
    line), which can skip the stage's reveal."""

    latest: dict[str, Any]

    def skip_reveal(self) -> bool:
        """The table's "skip" on the stage's reveal; False when it was over already."""
        time.sleep(PACE)
        answer = self.call("act", {"id": f"s-{time.monotonic_ns()}", "action": {"type": "skip_reveal"}})
        deadline = time.monotonic() + 5
        while answer["ok"] and self.latest.get("reveal") and time.monotonic() < deadline:
            time.sleep(0.02)
        return bool(answer["ok"])


class Rig:
    """One host (its data folder kept for a restart on the same port), the banker's socket and the
    lines of the phones."""

    def __init__(self, data_dir: Path, reveal_scale: float = 0) -> None:
        self.data_dir, self.reveal_scale = data_dir, reveal_scale
        self.host: Host = start_host(data_dir, reveal_scale=reveal_scale)
        self.port = int(urlparse(self.host.base).port or 0)
        self.key = table_key(self.host)
        self.banker = Banker(self.host.base, self.key)
        self.lines: list[Line] = []

    def line(self) -> Line:
        line = Line(self.port)
        self.lines.append(line)
        return line

    def play_again(self) -> None:
        """The banker's Play again: the table screen follows its table to the new lobby."""
        key = self.banker.act({"type": "play_again"})["table_key"]
        self.banker.close()
        self.key = key
        self.banker = Banker(self.host.base, key)

    def stop(self) -> None:
        """The host stops (the laptop crashed): every phone's socket closes."""
        self.banker.close()
        stop_host(self.host)

    def start(self) -> None:
        """The host starts again on the same port and folder, and resumes the game."""
        self.host = start_host(self.data_dir, port=self.port, reveal_scale=self.reveal_scale)
        self.banker = Banker(self.host.base, self.key)

    def close(self) -> None:
        for line in self.lines:
            line.close()
        try:
            if self.banker.sio.connected:
                self.banker.close()
        finally:
            stop_host(self.host)


class Phone:
    """A phone's page in either browser: its state, its moves, its taps and its faults.

    ``page`` has Playwright's ``evaluate`` and ``wait_for_function`` (``webkit.SeleniumPage`` too);
    ``tap(selector)`` taps as a person does; ``offline(on)`` and ``asleep(on)`` are the browser's
    own where it has them (Chromium), else the line's (``Line.block``: WebKit's socket closed)."""

    def __init__(self, browser: str, page: Any, line: Line, seat: int = 0) -> None:
        self.browser, self.page, self.line, self.seat = browser, page, line, seat

    def state(self) -> dict[str, str]:
        return self.page.evaluate(STATE)

    def legal(self) -> list[dict[str, Any]]:
        return self.page.evaluate(LEGAL)

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """The move through the page's socket; refused only when the game moved on meanwhile (a spin
        the host made alone), never for a seat the host does not know (``not_seated``)."""
        answer = self.page.evaluate(ACT, action)
        assert answer and (answer["ok"] or answer["error"]["code"] in MOVED_ON), (action, answer)
        return answer

    def tap(self, selector: str) -> None:
        raise NotImplementedError

    def offline(self, on: bool) -> None:
        self.line.block(on)

    def asleep(self, on: bool) -> None:
        self.line.block(on)


def shows_table(phone: Phone, banker: Banker) -> bool:
    """The phone shows the table's state: connected, no answer awaited, the same kind of screen,
    the same game up to the same log entry and phase, and the table sees its phone (the green dot)."""
    msg = banker.latest
    st = phone.state()
    if st.get("conn") != "online" or st.get("pending") or st.get("kind") != msg["kind"]:
        return False
    if not msg["connected"][phone.seat]:
        return False
    if msg["kind"] == "game":
        return st.get("logEnd") == str(log_end(msg)) and st.get("phase") == msg["view"]["phase"]
    return True


def caught_up(phone: Phone, banker: Banker, since: float, label: str = "", skip: bool = True) -> float:
    """Waits until the phone shows the table's state; the seconds since ``since``, recorded under the
    phone's browser (and ``label``). A phone back during a reveal shows the state from before it
    until the stage has shown the outcome: with ``skip`` the banker skips it (the table's button)."""
    while not shows_table(phone, banker):
        if skip and banker.latest.get("reveal"):
            banker.skip_reveal()
        if time.monotonic() - since > CAUGHT_UP_S:
            raise AssertionError(f"the phone did not catch up: {phone.state()} against {summary_of(banker.latest)}")
        time.sleep(0.03)
    took = time.monotonic() - since
    record(f"{phone.browser}{label}", took)
    return took


def summary_of(msg: dict[str, Any]) -> dict[str, Any]:
    view = msg["view"]
    return {"kind": msg["kind"], "log_end": log_end(msg), "phase": view.get("phase"), "connected": msg["connected"]}


class Driver:
    """Plays the game forward: the seats without a phone over the banker's socket, each phone
    through its page. ``finish`` gives the roller every casino (as ``finished_game``) so a game ends
    in a few dozen moves; until then the banker keeps each phone's seat in the game with money
    from the bank when it runs low."""

    def __init__(self, rig: Rig, phones: list[Phone], seed: int = 5) -> None:
        self.rig, self.phones = rig, {p.seat: p for p in phones}
        self.rng = random.Random(seed)
        self.moves = 0
        self.phone_moves = 0
        """The acts the phones sent and the host answered: each saved once."""

    def until(self, done, limit: int = 300, finish: bool = False, phones_away: bool = False) -> dict[str, Any]:
        """Moves until ``done(message)``; with ``phones_away``, also when a phone must move (it cannot)."""
        for _ in range(limit):
            msg = self.rig.banker.latest
            if done(msg) or (phones_away and set(msg["view"].get("waiting", {}).get("seats", [])) & set(self.phones)):
                return msg
            assert not msg["view"].get("over"), f"the game ended first: {summary_of(msg)}"
            self.step(finish)
        v = self.rig.banker.latest["view"]
        seen = [(e.get("type"), e.get("seat")) for e in v.get("log", [])[-12:]]
        raise AssertionError(
            f"not reached in {limit} moves: {summary_of(self.rig.banker.latest)}, {v.get('waiting')}, {seen}"
        )

    def choose(self, actions: list[dict[str, Any]], prefer: tuple[str, ...]) -> dict[str, Any]:
        for kind in (*prefer, *CALM):
            some = [a for a in actions if a["type"] == kind]
            if some:  # one of them at random: the first space named could send the pawn round and round
                return self.rng.choice(some)
        return self.rng.choice(actions)

    def step(self, finish: bool = False) -> None:
        banker = self.rig.banker
        if banker.latest.get("reveal") and banker.skip_reveal():
            return
        msg = banker.latest
        view = msg["view"]
        before = log_end(msg)
        own = {a["type"]: a for a in msg["legal_actions"]}
        seats = view["waiting"]["seats"]
        if "confirm_lap" in own:
            banker.act({"type": "confirm_lap"})
        elif not seats and "close_auction" in own:
            banker.act({"type": "close_auction"})
        elif not seats:  # the table's state is a moment old (the game just ended)
            time.sleep(0.05)
            return
        elif self._give_casinos(msg, seats[0], own) if finish else self._keep_phones_in(msg):
            return
        elif seats[0] in self.phones:
            phone = self.phones[seats[0]]
            self.wait_shown(phone)
            legal = phone.legal()
            if not legal:  # its buttons come once its stage has shown what came before (a spin's link)
                time.sleep(0.1)
                return
            pick = self.choose(legal, ("announce",) if finish else ())
            self.phone_moves += bool(phone.act(concrete_safe(pick, self.rng))["ok"])
        else:
            mine = msg["table"]["phoneless"][str(seats[0])]
            banker.act(concrete(self.choose(mine, ("announce",) if finish else ()), self.rng), seats[0])
        self.moves += 1
        deadline = time.monotonic() + 10
        while log_end(banker.latest) <= before and banker.latest.get("kind") == "game":
            assert time.monotonic() < deadline, "the table did not move on"
            time.sleep(0.02)

    def _give_casinos(self, msg: dict[str, Any], seat: int, own: dict[str, Any]) -> bool:
        view = msg["view"]
        if view["phase"] != "roll" or seat != view["turn"] or any(p["on_lap"] for p in view["players"]):
            return False
        given = [c for c in view["casinos"] if c["owner"] != seat]
        if not given or "move_casino" not in own:
            return False
        for casino in given:
            self.rig.banker.act({"type": "move_casino", "casino": casino["id"], "to": seat, "reason": "Test"})
        return True

    def _keep_phones_in(self, msg: dict[str, Any]) -> bool:
        """The banker gives a phone's seat that runs low its starting money again: away, the phone
        forfeits its draws (a bet lost each time), and a seat gone bankrupt never rolls again, so
        the game would end before the phase a test waits for."""
        players = msg["view"]["players"]
        topped = False
        for template in msg["legal_actions"]:
            seat = template.get("to")
            if template["type"] != "transfer" or template["from"] != "bank" or seat not in self.phones:
                continue
            if players[seat]["out"] or players[seat]["money"] >= LOW_MONEY:
                continue
            amount = min(TOP_UP, template["amount"]["max"])
            amount -= amount % template["amount"]["step"]
            transfer = {**template, "amount": amount, "reason": "Test"}
            self.rig.banker.act(transfer)
            topped = True
        return topped

    def wait_shown(self, phone: Phone) -> None:
        deadline = time.monotonic() + CAUGHT_UP_S
        while not shows_table(phone, self.rig.banker):
            assert time.monotonic() < deadline, f"the phone is behind: {phone.state()}"
            time.sleep(0.02)


def concrete_safe(template: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``concrete`` for a phone: a chain's link is left to the page (it holds the chain)."""
    return concrete({k: v for k, v in template.items() if not (isinstance(v, dict) and "hex" in v)}, rng)
