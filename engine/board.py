"""The pawns on the board (optional): where the dice lead, a lap's start and count, the
casino a pawn starts on. The board's format, and its check, are in ``board_format.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .vocabulary import Phase, Seat, Space

if TYPE_CHECKING:
    from .state import GameState

Spot = dict[str, Any]
"""A space as a ``land`` action names it, with its index: ``{"space": ..., "at": i}``."""


def spaces(t: GameState) -> list[dict[str, Any]]:
    assert t.settings.board is not None
    listed: list[dict[str, Any]] = t.settings.board["spaces"]
    return listed


def spot(t: GameState, at: int) -> Spot:
    return {**spaces(t)[at], "at": at}


def land_actions(t: GameState, first: int | None, with_cash_and_run: bool) -> list[dict[str, Any]]:
    """One ``land`` per space of the board, the suggested space (``first``) first."""
    board = spaces(t)
    order = ([first] if first is not None else []) + [at for at in range(len(board)) if at != first]
    return [
        {"type": "land", **board[at], "at": at}
        for at in order
        if with_cash_and_run or board[at]["space"] != Space.CASH_AND_RUN
    ]


def forward(t: GameState, start: int, end: int) -> int:
    """Spaces moved clockwise from ``start`` to ``end``."""
    return (end - start) % len(spaces(t))


def lap_done(t: GameState, seat: Seat, total: int) -> bool:
    """Whether a roll of ``total`` ends the seat's lap, counted by the dice alone (never by
    the space named): a full round or more (``lap_end: "reach"``), or (``"exact"``) a count
    that brings the pawn exactly back onto the lap's own space, a whole number of rounds."""
    player = t.player(seat)
    if player["lap_from"] is None or player["lap_steps"] is None:
        return False
    count, length = player["lap_steps"] + total, len(spaces(t))
    return count >= length and (t.settings.lap_end == "reach" or count % length == 0)


def dice_lead(t: GameState, seat: Seat, total: int) -> int:
    """The space a roll of ``total`` leads the pawn to: ``total`` spaces on, clockwise, or
    the lap's own Cash & Run space when the roll ends the lap."""
    player = t.player(seat)
    assert player["position"] is not None
    if lap_done(t, seat, total):
        assert player["lap_from"] is not None
        return player["lap_from"]
    return (player["position"] + total) % len(spaces(t))


def suggestion(t: GameState) -> Spot | None:
    """While the game waits for where the current player's pawn landed, the space the dice
    lead to. Worked out from the state each time it is asked for, so that a correction, a
    lap that starts or ends and an undo can never leave it stale."""
    if t.settings.board is None or t.core.phase != Phase.LAND or t.core.dice is None:
        return None
    seat = t.core.turn
    if t.player(seat)["position"] is None:
        return None
    return spot(t, dice_lead(t, seat, sum(t.core.dice)))


def arrive(t: GameState, seat: Seat, at: int) -> bool:
    """The pawn lands on ``at``, the space the player names. True when the dice end the lap
    (see ``lap_done``), whichever space was named; the lap's count grows by the dice total."""
    player = t.player(seat)
    total = sum(t.core.dice or ())
    done = lap_done(t, seat, total)
    player["position"] = at
    if player["lap_steps"] is not None:
        player["lap_steps"] += total
    return done


def nearest_cash_and_run(t: GameState, position: int) -> int:
    """The Cash & Run space the fewest spaces away, either way round; a tie goes the way
    ``nearest_tie`` says (``"ahead"``: clockwise)."""
    ahead_wins = t.settings.nearest_tie == "ahead"

    def distance(at: int) -> tuple[int, bool]:
        ahead, behind = forward(t, position, at), forward(t, at, position)
        if ahead == behind:
            return ahead, False
        return (ahead, not ahead_wins) if ahead < behind else (behind, ahead_wins)

    return min((at for at, s in enumerate(spaces(t)) if s["space"] == Space.CASH_AND_RUN), key=distance)


def start_lap(t: GameState, seat: Seat) -> None:
    """The runner's pawn goes to the nearest Cash & Run space (a pawn on one stays, and no
    ``pawn_moved`` is told); the round is counted from there."""
    player = t.player(seat)
    assert player["position"] is not None
    at = nearest_cash_and_run(t, player["position"])
    moves = at != player["position"]
    player["position"], player["lap_from"], player["lap_steps"] = at, at, 0
    if moves:
        t.emit("pawn_moved", seat=seat, at=at, why="lap")


def casino_space(t: GameState, casino: int) -> int:
    """Where that casino is on the board (a valid board holds each casino once)."""
    return next(at for at, s in enumerate(spaces(t)) if s["space"] == Space.CASINO and s["casino"] == casino)
