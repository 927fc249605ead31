"""A live table's state as its parts see it: what acting, seating and starting all need of it.

Each part (``acting.Acting``, ``seating.Joining``, ``starting.Starting``) is typed against a
protocol of its own that adds to this one what only it uses; ``table.LiveTable`` is the one
class that has them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from engine import Game

    from ..wire.sockets import Sockets
    from ..wire.transport import Conn
    from .broadcast import Broadcast
    from .claims import Claims
    from .lobby import Lobby

T = TypeVar("T")


class TableState(Protocol):
    """One table's lobby or game, its sockets and claim codes, and saving an accepted message."""

    lock: threading.RLock
    """Every change and every message happens under it."""
    status: str
    lobby: Lobby
    game: Game | None
    sockets: Sockets
    claims: Claims
    broadcast: Broadcast

    def holder(self, conn: Conn) -> str | None:
        """The player id of the seat ``conn`` holds, None for a table screen; ``not_seated`` otherwise."""
        ...

    def tokens_of(self, pid: str | None) -> list[str]:
        """The token hashes of the seat ``pid``."""
        ...

    def commit(
        self,
        actor: str,
        action_id: str,
        action: dict[str, Any],
        answer: dict[str, Any],
        *,
        lobby: bool = False,
        add: dict[str, str] | None = None,
        drop: list[str] | None = None,
        seat: int | None = None,
        first: int = 0,
        events: int = 0,
        engine: str | None = None,
        prefs: dict[str, Any] | None = None,
        at: float | None = None,
        meanwhile: Callable[[], T] | None = None,
    ) -> T | None:
        """Write one accepted message before anyone hears of it (``Record.commit``)."""
        ...
