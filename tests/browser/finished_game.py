"""A game played to its end over a socket of the table screen, for tests that start at the end.

Three seats without phones, played as the table screen plays them (`as`): each turn the banker
gives the current player every casino until one announces a Cash & Run and its lap starts; the
runner then says the lap is done and the banker confirms it. Run it against a host whose reveal
clock is off (``reveal_scale=0``), or every chance outcome makes it wait.
"""

from __future__ import annotations

import random
from typing import Any

from tests.engine.randomplay import concrete
from tests.support.client import Peer

NAMES = ["Ann", "Bob", "Cas"]
CALM = ("claim_lap", "roll", "decline", "accept_loss", "pass_bid", "collect", "stop_slam", "draw", "land")


class TableSocket(Peer):
    """The table screen's socket with whole views (``tests/support/client.py``), its first one
    come; with ``token`` it is instead the socket of the phone that holds that seat's token."""

    def __init__(self, base: str, key: str | None, token: str | None = None) -> None:
        auth = {"table_key": key} if token is None else {"token": token}
        super().__init__(base, {**auth, "views": "whole"}, reconnect=False)
        self.wait_for(lambda _: True)

    def started(self, timeout: float = 10) -> dict[str, Any]:
        """The first view of the game: a start waits for the phones' start values (issue 25)."""
        return self.wait_for(lambda m: m["kind"] == "game", timeout)


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
