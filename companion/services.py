"""What every table of the host shares: the store, the clocks, the sockets, the host's indexes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .lobby import Lobby
from .store import Store
from .timers import Clock, Scheduler, Wall
from .transport import Transport


@dataclass(slots=True)
class Addresses:
    """Where the laptop's browser and the phones reach the host (no trailing slash)."""

    table_base: str = "http://127.0.0.1:8000"
    join_bases: list[str] = field(default_factory=lambda: ["http://127.0.0.1:8000"])


@dataclass(slots=True)
class Services:
    """What every table shares: the store, the clock, the sockets, the host's indexes."""

    store: Store
    clock: Clock
    wall: Wall
    scheduler: Scheduler
    transport: Transport
    seed: str | None
    addresses: Addresses
    claims: dict[str, Any]
    """The table (``companion.table.Table``) of every live claim code."""
    new_table: Callable[[Lobby | None], Any]
    """Opens a new table (``Host.new_table``)."""
    reveal_scale: float = 1.0
    """Multiplies every reveal's duration; 0 turns reveals off (tests and benches only)."""
    timing: Callable[[str], None] = lambda stage: None
    """Told when each stage of a game act is done (``received``, ``applied``, ``committed``,
    ``encoded``): ``bench/timings.py`` records where the time goes; nothing otherwise."""
