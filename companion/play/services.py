"""What every table of the host shares: the database, the clocks, the sockets, the host's indexes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..common.timers import Clock, Scheduler, Wall
    from ..door.network import Addresses
    from ..saving.database import Database
    from ..wire.transport import Conn, Transport
    from .lobby import Fair, Lobby


class HostedTable(Protocol):
    """A live table (``companion.play.table.LiveTable``) as the host's claim codes and another
    table see it: the table a claim code names, the lobby a finished game's players moved to."""

    id: str
    key: str
    tokens: dict[str, str]

    def attach_phone(self, conn: Conn, pid: str, seated: bool = False) -> None: ...

    def claim(self, conn: Conn, code: str, fair: Fair | None = None) -> dict[str, Any]: ...

    def wrong_claim(self, address: str) -> None: ...


@dataclass(slots=True)
class Services:
    """What every table shares: the database, the clock, the sockets, the host's indexes."""

    database: Database
    clock: Clock
    wall: Wall
    scheduler: Scheduler
    transport: Transport
    seed: str | None
    addresses: Addresses
    claims: dict[str, HostedTable]
    """The table of every live claim code."""
    new_table: Callable[[Lobby | None], HostedTable]
    """Opens a new table (``Host.new_table``)."""
    reveal_scale: float = 1.0
    """Multiplies every reveal's duration; 0 turns reveals off (tests and benches only)."""
    timing: Callable[[str], None] = lambda stage: None
    """Told when each stage of a game act is done (``received``, ``applied``, ``committed``,
    ``encoded``): ``bench/timings.py`` records where the time goes; nothing otherwise."""
