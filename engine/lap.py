"""The winning combination, the Cash & Run announcement and the final lap."""
from __future__ import annotations

from itertools import combinations

from . import flow
from .randomisers import card
from .table import Table
from .vocabulary import Phase, Seat


def combination_size(t: Table) -> dict[str, int | None]:
    """Three players: four of one symbol; four to six: three of one symbol or colour."""
    players = t.core.players_at_start if t.settings.combination_by == "start" else len(t.live_seats())
    if players <= 3:
        return {"symbol": 4, "colour": None}
    return {"symbol": 3, "colour": 3}


def combinations_of(t: Table, seat: Seat) -> list[list[int]]:
    """Every winning combination the seat holds, each as sorted casino ids."""
    size = combination_size(t)
    owned = t.casinos_of(seat)
    box = t.settings.box
    groups: list[list[int]] = []
    for symbol in sorted({box[c].symbol for c in owned}):
        groups.append([c for c in owned if box[c].symbol == symbol])
    found: list[list[int]] = []
    for group in groups:
        found += [list(combo) for combo in combinations(group, size["symbol"])]
    if size["colour"]:
        for colour in sorted({box[c].colour for c in owned}):
            group = [c for c in owned if box[c].colour == colour]
            found += [list(combo) for combo in combinations(group, size["colour"]) if list(combo) not in found]
    return found


def announce(t: Table, seat: Seat, combination: list[int]) -> None:
    """A card is drawn: a spade passes the turn; any other suit starts the lap."""
    t.emit("announced", seat=seat, combination=combination)
    _, suit = card(t.rng, seat, t.events)
    if suit != "spades":
        t.player(seat)["lap"] = list(combination)
        t.emit("lap_started", seat=seat, combination=combination)
    flow.next_turn(t)


def win(t: Table, seat: Seat, how: str) -> None:
    core = t.core
    core.over = True
    core.winner = seat
    t.record_money()
    t.set_phase(Phase.OVER)
    t.emit("game_won", seat=seat, how=how, seed=t.rng.seed)
