"""A game played to its end over a socket of the table screen, for tests that start at the end.

Three seats without phones, played as the table screen plays them (`as`): each turn the banker
gives the current player every casino until one announces a Cash & Run and its lap starts; the
runner then says the lap is done and the banker confirms it. Run it against a host whose reveal
clock is off (``reveal_scale=0``), or every chance outcome makes it wait.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import socketio

from tests.engine.randomplay import concrete

NAMES = ["Ann", "Bob", "Cas"]
PACE = 0.12
"""Seconds between two messages: one socket may send 10 a second."""
CALM = ("claim_lap", "roll", "decline", "accept_loss", "pass_bid", "collect", "stop_slam", "draw", "land")


class TableSocket:
    """The table screen's socket with whole views; ``latest`` is the last view it got. With
    ``token`` it is instead the socket of the phone that holds that seat's token."""

    def __init__(self, base: str, key: str | None, token: str | None = None) -> None:
        self.sio = socketio.Client(reconnection=False)
        self.latest: dict[str, Any] | None = None
        self._got = threading.Event()
        self.sio.on("view", self._view)
        auth = {"table_key": key} if token is None else {"token": token}
        self.sio.connect(base, auth={**auth, "views": "whole"}, transports=["websocket"], wait_timeout=10)
        assert self._got.wait(10), "no view"
        self._ids = 0

    def _view(self, data: dict[str, Any]) -> None:
        self.latest = data
        self._got.set()

    def act(self, action: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        time.sleep(PACE)
        self._ids += 1
        message = {"id": f"end-{self._ids}", "action": action, **({} if seat is None else {"as": seat})}
        answer = self.sio.call("act", message, timeout=10)
        assert answer["ok"], (action, answer)
        return answer

    def started(self, timeout: float = 10) -> dict[str, Any]:
        """The first view of the game: a start waits for the phones' start values (issue 25)."""
        deadline = time.monotonic() + timeout
        while (self.latest or {}).get("kind") != "game":
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.05)
        return self.latest

    def close(self) -> None:
        self.sio.disconnect()


def play_to_the_end(base: str, key: str, steps: int = 400) -> dict[str, Any]:
    """Plays the table's lobby through to a won game; returns the final public view."""
    table = TableSocket(base, key)
    rng = random.Random(5)
    try:
        for name in NAMES:
            table.act({"type": "add_player", "name": name})
        table.act({"type": "start"})
        table.started()  # the answer can come before the game's first view
        for _ in range(steps):
            message = table.latest
            view = message["view"]
            if view["over"]:
                return view
            banker = {a["type"]: a for a in message["legal_actions"]}
            if "confirm_lap" in banker:
                table.act({"type": "confirm_lap"})
                continue
            if not view["waiting"]["seats"]:
                table.act({"type": "close_auction"})
                continue
            seat = view["waiting"]["seats"][0]
            mine = message["table"]["phoneless"][str(seat)]
            announce = next((a for a in mine if a["type"] == "announce"), None)
            if announce is not None:
                table.act(announce, seat)
                continue
            if view["phase"] == "roll" and seat == view["turn"] and not any(p["on_lap"] for p in view["players"]):
                given = [c for c in view["casinos"] if c["owner"] != seat]
                if given and "move_casino" in banker:
                    for casino in given:
                        table.act({"type": "move_casino", "casino": casino["id"], "to": seat, "reason": "Test"})
                    continue
            calm = next((a for kind in CALM for a in mine if a["type"] == kind), None)
            table.act(concrete(calm or rng.choice(mine), rng), seat)
        raise AssertionError(f"the game did not end in {steps} steps: {table.latest['view']['phase']}")
    finally:
        table.close()
