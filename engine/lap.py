"""The winning combination, the Cash & Run announcement and the final lap."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, TypedDict

from . import board, flow
from .randomisers import card
from .settings import combination_sizes
from .vocabulary import Phase, Seat, WonBy

if TYPE_CHECKING:
    from .state import GameState


class CombinationSize(TypedDict):
    """How many casinos a winning combination holds: of one symbol, and of one colour (None: no colour set)."""

    symbol: int
    colour: int | None


def combination_size(t: GameState) -> CombinationSize:
    """Sized by the players at the start, or (a setting) by those still playing."""
    players = t.core.players_at_start if t.settings.combination_by == "start" else len(t.live_seats())
    symbol, colour = combination_sizes(players, t.settings.combination)
    return {"symbol": symbol, "colour": colour}


def combinations_of(t: GameState, seat: Seat) -> list[list[int]]:
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


def announce(t: GameState, seat: Seat, combination: list[int]) -> None:
    """A card is drawn: a spade passes the turn; any other suit starts the lap."""
    t.emit("announced", seat=seat, combination=combination)
    _, suit = card(t.rng, seat, t.events)
    if suit != "spades":
        t.player(seat)["lap"] = list(combination)
        t.emit("lap_started", seat=seat, combination=combination)
        if t.settings.board is not None:
            board.start_lap(t, seat)
    flow.next_turn(t)


def win(t: GameState, seat: Seat, how: WonBy) -> None:
    core = t.core
    core.over = True
    core.winner = seat
    t.record_money()
    t.set_phase(Phase.OVER)
    t.emit("game_won", seat=seat, how=how, seed=t.rng.seed)


def claim(t: GameState, seat: Seat) -> None:
    """The runner says the pawn is back on the Cash & Run space; the table confirms or rejects it."""
    t.emit("lap_claimed", seat=seat)
    t.set_phase(Phase.LAP_CLAIM, seat=seat)


def confirmers(t: GameState) -> list[Seat]:
    """Who may confirm a claim besides the banker: nobody, or (a setting) every other player still in."""
    if t.settings.lap_confirm == "banker":
        return []
    return [s for s in t.live_seats() if s != t.core.pending["seat"]]


def confirm(t: GameState, by: Seat) -> None:
    runner = t.core.pending["seat"]
    t.emit("lap_confirmed", seat=runner, by=by)
    win(t, runner, "lap")


def reject(t: GameState, by: Seat) -> None:
    """Nothing changes: the runner still says where the pawn landed."""
    runner = t.core.pending["seat"]
    t.emit("lap_rejected", seat=runner, by=by)
    t.set_phase(Phase.LAND)


def recheck(t: GameState) -> None:
    """The required set changed: a lap goes on with a winning combination that holds its set
    (four roulette casinos hold a set of three), otherwise it ends as if a casino of it was lost."""
    for seat in t.live_seats():
        player = t.player(seat)
        if player["lap"] is None:
            continue
        held = combinations_of(t, seat)
        if player["lap"] in held:
            continue
        wider = [c for c in held if set(player["lap"]) <= set(c)]
        if wider:
            player["lap"] = wider[0]
        else:
            t.lose_lap(seat, None)
