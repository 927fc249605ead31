"""What each player still needs: the winning combinations nearest to complete and the casinos
that would complete them.

Counted from public state only (the box, who owns which casino, who is still playing and the
combination's size), so every screen may show it: it tells nobody a secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from .lap import CombinationSize, combination_size
from .vocabulary import SYMBOLS, Seat

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .settings import CasinoSpec
    from .state import GameState

SHOWN = 3
"""How many combinations a player's needs list, nearest first."""


class Need(TypedDict):
    """One combination the player could complete: ``size`` casinos of one symbol or of one colour."""

    kind: Literal["symbol", "colour"]
    of: str
    have: int
    size: int
    missing: int
    casinos: list[int]
    """The casinos of that symbol or colour the player does not own, by id."""


def nearest(box: Sequence[CasinoSpec], owner: Sequence[Seat | None], seat: Seat, size: CombinationSize) -> list[Need]:
    """The seat's ``SHOWN`` nearest combinations that the box can make, fewest missing first
    (then symbols before colours, each in the box's order)."""
    groups: list[tuple[Literal["symbol", "colour"], str, int]] = [("symbol", s, size["symbol"]) for s in SYMBOLS]
    if size["colour"]:
        colours = list(dict.fromkeys(c.colour for c in box))
        groups += [("colour", k, size["colour"]) for k in colours]
    found: list[Need] = []
    for kind, of, wanted in groups:
        members = [i for i, c in enumerate(box) if (c.symbol if kind == "symbol" else c.colour) == of]
        if len(members) < wanted:
            continue
        have = sum(1 for i in members if owner[i] == seat)
        found.append(
            {
                "kind": kind,
                "of": of,
                "have": have,
                "size": wanted,
                "missing": max(0, wanted - have),
                "casinos": [i for i in members if owner[i] != seat],
            }
        )
    found.sort(key=lambda n: n["missing"])
    return found[:SHOWN]


def of_seat(t: GameState, seat: Seat) -> list[Need]:
    """Nothing for a player who is out; otherwise the nearest combinations."""
    if t.player(seat)["out"]:
        return []
    return nearest(t.settings.box, t.core.owner, seat, combination_size(t))
