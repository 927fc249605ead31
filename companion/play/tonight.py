"""The evening's scoreboard: games won per player across Play again.

Each lobby carries the wins of the games before it (``Lobby.tonight``, by player id, saved with
the lobby so a restarted host keeps it); a finished game adds its winner when Play again opens
the next lobby. The screens get every seated player's count, this game's win included once it
is over, or nothing before the evening's first win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine import Game

    from .lobby import Lobby


def after(lobby: Lobby, game: Game | None) -> dict[str, int]:
    """The wins with this lobby's game counted (when it is over and has a winner)."""
    wins = dict(lobby.tonight)
    if game is not None and game.over and game.winner is not None and 0 <= game.winner < len(lobby.players):
        pid = lobby.players[game.winner].pid
        wins[pid] = wins.get(pid, 0) + 1
    return wins


def board(lobby: Lobby, game: Game | None) -> list[dict[str, Any]] | None:
    """Each seated player's name and games won tonight, in seat order; None before any win."""
    wins = after(lobby, game)
    if not wins:
        return None
    return [{"seat": seat, "name": p.name, "wins": wins.get(p.pid, 0)} for seat, p in enumerate(lobby.players)]
