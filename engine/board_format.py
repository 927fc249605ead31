"""The board format: what a family's map of its board must hold before a game can follow the
pawns on it (``board.py`` moves them).

A board is ``{"version": 1, "spaces": [...]}``: the spaces clockwise from space 1, each
named exactly as a ``land`` action names it: ``{"space": "casino", "casino": 3}``,
``{"space": "win_pot", "symbol": "dice"}``, ``{"space": "bluff"}``. A space is known by
its index in that list, ``at``.
"""

from __future__ import annotations

from typing import Any

from .errors import SettingsError
from .vocabulary import SYMBOLS, Space

BOARD_VERSION = 1
MIN_SPACES = 13
"""More than any roll of two dice: a roll never goes round the whole board."""
MAX_SPACES = 120
SYMBOL_SPACES = frozenset({Space.WIN_POT, Space.EVERYBODY_PLAYS, Space.BUY_BACK})


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
