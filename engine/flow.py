"""Turns: the starting order, a roll, the end of a space, the next player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board
from .randomisers import dice
from .vocabulary import Phase, Seat

if TYPE_CHECKING:
    from .state import GameState


def choose_first_player(t: GameState) -> Seat:
    """Everyone rolls two dice; the highest total starts; tied leaders roll again."""
    rolling = t.live_seats()
    while True:
        totals = {seat: sum(dice(t.rng, seat, t.events)) for seat in rolling}
        best = max(totals.values())
        leaders = [seat for seat in rolling if totals[seat] == best]
        if len(leaders) == 1:
            t.emit("first_player", seat=leaders[0])
            return leaders[0]
        t.emit("order_tie", seats=leaders)
        rolling = leaders


def playing_order(t: GameState) -> list[Seat]:
    """Seats from the current player onwards, around the table."""
    seats = t.live_seats()
    later = [s for s in seats if s >= t.core.turn]
    return later + [s for s in seats if s < t.core.turn]


def start_turn(t: GameState, seat: Seat) -> None:
    core = t.core
    core.turn = seat
    core.turn_number += 1
    core.dice = None
    core.extra_rolls = 0
    t.record_money()
    t.emit("turn", seat=seat, number=core.turn_number)
    t.set_phase(Phase.ROLL, start=True)


def roll(t: GameState, seat: Seat) -> None:
    """Two dice. Each double off the lap is owed its own roll once the space is done, even
    when an own casino makes the player roll again first; a double on the lap is owed
    nothing, even if the lap is lost later in the turn. Then the game waits for where the
    pawn landed (with a board, ``board.suggestion`` says where the dice lead)."""
    a, b = dice(t.rng, seat, t.events)
    t.core.dice = [a, b]
    if a == b and t.player(seat)["lap"] is None:
        t.core.extra_rolls += 1
    t.set_phase(Phase.LAND)


def place_pawn(t: GameState, seat: Seat, casino: int) -> None:
    """With a board, each player puts the pawn on one of the casinos dealt; the game starts
    once every pawn stands."""
    at = board.casino_space(t, casino)
    t.player(seat)["position"] = at
    t.emit("pawn_moved", seat=seat, at=at, why="start")
    if all(p["position"] is not None for p in t.core.players):
        start_turn(t, t.core.pending["first"])


def roll_again(t: GameState, why: str) -> None:
    t.emit("roll_again", seat=t.core.turn, why=why)
    t.set_phase(Phase.ROLL, start=False)


def next_turn(t: GameState) -> None:
    """The next player still in the game, in seat order."""
    if t.core.over:
        return
    seats = t.live_seats()
    later = [s for s in seats if s > t.core.turn]
    start_turn(t, later[0] if later else seats[0])


def end_space(t: GameState) -> None:
    """The space is done: a double owed rolls again, otherwise the turn passes."""
    if t.core.over:
        return
    if t.player(t.core.turn)["out"]:
        next_turn(t)
    elif t.core.extra_rolls:
        t.core.extra_rolls -= 1
        roll_again(t, "double")
    else:
        next_turn(t)


def nothing_happens(t: GameState, why: str) -> None:
    t.emit("nothing_happens", seat=t.core.turn, why=why)
    end_space(t)
