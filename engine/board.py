"""The board (optional): the family's own map of its board, and the pawns on it.

A board is ``{"version": 1, "spaces": [...]}``: the spaces clockwise from space 1, each
named exactly as a ``land`` action names it: ``{"space": "casino", "casino": 3}``,
``{"space": "win_pot", "symbol": "dice"}``, ``{"space": "bluff"}``. A space is known by
its index in that list, ``at``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import SettingsError
from .vocabulary import SYMBOLS, Phase, Seat, Space

if TYPE_CHECKING:
    from .table import Table

BOARD_VERSION = 1
MIN_SPACES = 13
"""More than any roll of two dice: a roll never goes round the whole board."""
MAX_SPACES = 120
SYMBOL_SPACES = frozenset({Space.WIN_POT, Space.EVERYBODY_PLAYS, Space.BUY_BACK})
Spot = dict[str, Any]
"""A space as a ``land`` action names it, with its index: ``{"space": ..., "at": i}``."""


def _fields(kind: str) -> set[str]:
    if kind == Space.CASINO:
        return {"space", "casino"}
    return {"space", "symbol"} if kind in SYMBOL_SPACES else {"space"}


def check_board(board: Any, casinos: int) -> None:
    """Raise SettingsError("board", problem=...) for a board that cannot work with a box of
    ``casinos`` casinos: every casino exactly once, at least one Cash & Run space, known kinds,
    a symbol exactly where the kind needs one."""
    if board is None:
        return
    if not isinstance(board, dict) or set(board) != {"version", "spaces"}:
        raise SettingsError("board", problem="shape")
    if type(board["version"]) is not int or board["version"] != BOARD_VERSION:
        raise SettingsError("board", problem="version", version=BOARD_VERSION)
    spaces = board["spaces"]
    if not isinstance(spaces, list) or not MIN_SPACES <= len(spaces) <= MAX_SPACES:
        raise SettingsError("board", problem="length", min=MIN_SPACES, max=MAX_SPACES)
    placed: dict[int, int] = {}
    for at, space in enumerate(spaces):
        kind = space.get("space") if isinstance(space, dict) else None
        if not isinstance(kind, str) or kind not in Space.__members__.values():
            raise SettingsError("board", problem="unknown_kind", at=at)
        if set(space) != _fields(kind):
            problem = "symbol_not_here" if "symbol" in space and kind not in SYMBOL_SPACES else "fields"
            raise SettingsError("board", problem=problem, at=at)
        if "symbol" in space and (not isinstance(space["symbol"], str) or space["symbol"] not in SYMBOLS):
            raise SettingsError("board", problem="unknown_symbol", at=at)
        if kind == Space.CASINO:
            casino = space["casino"]
            if type(casino) is not int or not 0 <= casino < casinos:
                raise SettingsError("board", problem="unknown_casino", at=at)
            if casino in placed:
                raise SettingsError("board", problem="casino_twice", casino=casino, at=at)
            placed[casino] = at
    missing = [c for c in range(casinos) if c not in placed]
    if missing:
        raise SettingsError("board", problem="casino_missing", casino=missing[0])
    if not any(space["space"] == Space.CASH_AND_RUN for space in spaces):
        raise SettingsError("board", problem="no_cash_and_run")


def spaces(t: Table) -> list[dict[str, Any]]:
    assert t.settings.board is not None
    return t.settings.board["spaces"]


def spot(t: Table, at: int) -> Spot:
    return {**spaces(t)[at], "at": at}


def land_actions(t: Table, first: int | None, with_cash_and_run: bool) -> list[dict[str, Any]]:
    """One ``land`` per space of the board, the suggested space (``first``) first."""
    board = spaces(t)
    order = ([first] if first is not None else []) + [at for at in range(len(board)) if at != first]
    return [{"type": "land", **board[at], "at": at} for at in order
            if with_cash_and_run or board[at]["space"] != Space.CASH_AND_RUN]


def forward(t: Table, start: int, end: int) -> int:
    """Spaces moved clockwise from ``start`` to ``end``."""
    return (end - start) % len(spaces(t))


def lap_done(t: Table, seat: Seat, total: int) -> bool:
    """Whether a roll of ``total`` ends the seat's lap, counted by the dice alone (never by
    the space named): a full round or more (``lap_end: "reach"``), or (``"exact"``) a count
    that brings the pawn exactly back onto the lap's own space, a whole number of rounds."""
    player = t.player(seat)
    if player["lap_from"] is None or player["lap_steps"] is None:
        return False
    count, length = player["lap_steps"] + total, len(spaces(t))
    return count >= length and (t.settings.lap_end == "reach" or count % length == 0)


def dice_lead(t: Table, seat: Seat, total: int) -> int:
    """The space a roll of ``total`` leads the pawn to: ``total`` spaces on, clockwise, or
    the lap's own Cash & Run space when the roll ends the lap."""
    player = t.player(seat)
    assert player["position"] is not None
    if lap_done(t, seat, total):
        assert player["lap_from"] is not None
        return player["lap_from"]
    return (player["position"] + total) % len(spaces(t))


def suggestion(t: Table) -> Spot | None:
    """While the game waits for where the current player's pawn landed, the space the dice
    lead to. Worked out from the state each time it is asked for, so that a correction, a
    lap that starts or ends and an undo can never leave it stale."""
    if t.settings.board is None or t.core.phase != Phase.LAND or t.core.dice is None:
        return None
    seat = t.core.turn
    if t.player(seat)["position"] is None:
        return None
    return spot(t, dice_lead(t, seat, sum(t.core.dice)))


def arrive(t: Table, seat: Seat, at: int) -> bool:
    """The pawn lands on ``at``, the space the player names. True when the dice end the lap
    (see ``lap_done``), whichever space was named; the lap's count grows by the dice total."""
    player = t.player(seat)
    total = sum(t.core.dice or ())
    done = lap_done(t, seat, total)
    player["position"] = at
    if player["lap_steps"] is not None:
        player["lap_steps"] += total
    return done


def nearest_cash_and_run(t: Table, position: int) -> int:
    """The Cash & Run space the fewest spaces away, either way round; a tie goes the way
    ``nearest_tie`` says (``"ahead"``: clockwise)."""
    ahead_wins = t.settings.nearest_tie == "ahead"

    def distance(at: int) -> tuple[int, bool]:
        ahead, behind = forward(t, position, at), forward(t, at, position)
        if ahead == behind:
            return ahead, False
        return (ahead, not ahead_wins) if ahead < behind else (behind, ahead_wins)

    return min((at for at, s in enumerate(spaces(t)) if s["space"] == Space.CASH_AND_RUN), key=distance)


def start_lap(t: Table, seat: Seat) -> None:
    """The runner's pawn goes to the nearest Cash & Run space (a pawn on one stays, and no
    ``pawn_moved`` is told); the round is counted from there."""
    player = t.player(seat)
    assert player["position"] is not None
    at = nearest_cash_and_run(t, player["position"])
    moves = at != player["position"]
    player["position"], player["lap_from"], player["lap_steps"] = at, at, 0
    if moves:
        t.emit("pawn_moved", seat=seat, at=at, why="lap")


def casino_space(t: Table, casino: int) -> int:
    """Where that casino is on the board (a valid board holds each casino once)."""
    return next(at for at, s in enumerate(spaces(t)) if s["space"] == Space.CASINO and s["casino"] == casino)
