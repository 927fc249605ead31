"""A whole short game played by a table screen and four phones over Socket.IO, as a family plays it,
for the packaging tests that start a build of ``cashrun``.

Each phone joins with what a page adds to the draws (a client seed, a start value's commitment and
a hash chain, ``tests/support/phonefair.py``), reveals its start value when the banker starts, and gives
its chain's next link when a stake's draw waits for its side. The game is kept short the way
``tests/browser/finished_game.py`` keeps it: on each turn the banker gives the current player
every casino until one announces a Cash & Run; the runner then says the lap is done and the banker
confirms it. At the end each phone fetches the finished game (``fair``) and checks every draw
with ``engine.verify``, as its page does.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from engine.fairness import CHANCE
from engine.verify import verify
from tests.engine.randomplay import concrete
from tests.live.livekit import NAMES
from tests.support.client import Peer
from tests.support.phonefair import PhoneFair

if TYPE_CHECKING:
    import random

PACE = 0.12
"""Seconds between two acts: one socket may send 10 a second."""
CALM = ("claim_lap", "roll", "decline", "accept_loss", "pass_bid", "collect", "stop_slam", "draw", "land")
"""A phone's kinds of choice that move the game on, in the order it prefers them (one of a kind at random:
always the first space to land on can go round in circles)."""


class Family:
    """The table screen and four phones, joined to the lobby whose join code is ``code``."""

    def __init__(self, url: str, key: str, code: str, rnd: random.Random) -> None:
        self.table = Peer(url, {"table_key": key})
        self.fairs = [PhoneFair(rnd) for _ in NAMES]
        self.phones: list[Peer] = []
        self.tokens: list[str] = []
        self.rnd = rnd
        self.ids = 0
        for name, fair in zip(NAMES, self.fairs):
            phone = Peer(url, {})
            answer = phone.call("join", {"code": code, "name": name, **fair.sent()})
            assert answer["ok"], answer
            phone.auth = {"token": answer["token"]}  # sent again on every reconnect
            self.phones.append(phone)
            self.tokens.append(answer["token"])

    @property
    def peers(self) -> list[Peer]:
        return [self.table, *self.phones]

    def close(self) -> None:
        for peer in self.peers:
            peer.sio.disconnect()

    def act(self, peer: Peer, action: dict[str, Any]) -> None:
        """Send an act as a page does; every socket then hears its outcome."""
        time.sleep(PACE)
        self.ids += 1
        counts = [len(p.views) for p in self.peers]
        answer = peer.call("act", {"id": f"family-{self.ids}-{self.rnd.random()}", "action": action})
        assert answer["ok"], (action, answer)
        for other, count in zip(self.peers, counts):
            other.wait_views(count + 1)

    def start(self) -> None:
        """The banker starts; each phone reveals its start value, and the game begins."""
        answer = self.table.call("act", {"id": "start", "action": {"type": "start"}})
        assert answer["ok"], answer
        for phone, fair in zip(self.phones, self.fairs):
            answer = phone.call("start_value", {"start_value": fair.start_value})
            assert answer["ok"], answer
        for seat, phone in enumerate(self.phones):
            assert phone.wait_for(lambda m: m["kind"] == "game")["view"]["you"]["seat"] == seat
        self.table.wait_for(lambda m: m["kind"] == "game")

    def step(self) -> bool:
        """One act of whoever the game waits for; False once the game is over."""
        message = self.table.views[-1]
        view = message["view"]
        if view["over"]:
            return False
        if view["phase"] == "opponent_draw":
            self.give_link(view["waiting"])
            return True
        banker = {a["type"]: a for a in message["legal_actions"]}
        if "confirm_lap" in banker:
            self.act(self.table, {"type": "confirm_lap"})
            return True
        if not view["waiting"]["seats"]:
            self.act(self.table, {"type": "close_auction"})
            return True
        seat = view["waiting"]["seats"][0]
        mine = self.phones[seat].views[-1]["legal_actions"]
        announce = next((a for a in mine if a["type"] == "announce"), None)
        if announce is not None:
            self.act(self.phones[seat], announce)
            return True
        if view["phase"] == "roll" and seat == view["turn"] and not any(p["on_lap"] for p in view["players"]):
            given = [c for c in view["casinos"] if c["owner"] != seat]
            if given and "move_casino" in banker:
                for casino in given:
                    self.act(self.table, {"type": "move_casino", "casino": casino["id"], "to": seat, "reason": "Test"})
                return True
        kind = next((kind for kind in CALM if any(a["type"] == kind for a in mine)), None)
        choices = [a for a in mine if a["type"] == kind] or mine
        self.act(self.phones[seat], concrete(self.rnd.choice(choices), self.rnd))
        return True

    def give_link(self, waiting: dict[str, Any]) -> None:
        """A side the draw waits for gives the link before the head its chain stood at when the
        draw began; the spinner's last, as its tap comes after the other side's phone gave its own."""
        owing = sorted(waiting["seats"], key=lambda seat: seat == waiting["spinner"])
        seat = owing[0]
        head = waiting["heads"][waiting["sides"].index(seat)]
        self.act(self.phones[seat], {"type": "draw_for", "link": self.fairs[seat].chain.before(head)})

    def play_to_the_end(self, steps: int = 300) -> dict[str, Any]:
        """Plays until the game is won; the table's last public view."""
        for _ in range(steps):
            if not self.step():
                return self.table.views[-1]["view"]
        raise AssertionError(f"the game did not end in {steps} steps: {self.table.views[-1]['view']['phase']}")

    def check_every_draw(self) -> int:
        """Each phone fetches the finished game and checks it as its page does; the number of draws."""
        draws = 0
        for seat, (phone, fair) in enumerate(zip(self.phones, self.fairs)):
            answer = phone.call("fair", {})
            assert answer["ok"], answer
            export = json.loads(answer["export"])
            assert verify(export, fair.client_seed, seat, phone.views[0]["view"]["seed_hash"]) == (True, "ok")
            draws = sum(len(e["draws"]) for e in export["log"] if e["type"] in CHANCE)
        return draws
