"""The host's countdowns (the auction's, the opponent's spin): on an injectable clock and scheduler."""
from __future__ import annotations

from typing import Any, Callable

from .timers import Clock, Handle, Scheduler, Wall

RESTARTS = ("auction_started", "bid")
"""Events after which the bidding has its full time again."""


class Countdown:
    """Runs while the game's phase is ``phase``; at the deadline it calls ``expire(deadline)``.

    An event of ``restarts`` (for the auction: a new auction or a bid) starts it again; any other
    phase stops it. ``expire`` gets the
    deadline it was set for, so a caller holding its own lock can tell a stale call. The
    deadline is on the monotonic ``clock``; only what the screens are told uses ``wall``.
    """

    def __init__(self, clock: Clock, wall: Wall, scheduler: Scheduler, expire: Callable[[float], None],
                 phase: str = "auction", restarts: tuple[str, ...] = RESTARTS) -> None:
        self.clock = clock
        self.phase = phase
        self.restarts = restarts
        self.wall = wall
        self.scheduler = scheduler
        self.expire = expire
        self.deadline: float | None = None
        self._timer: Handle | None = None

    def update(self, events: list[dict[str, Any]], phase: str, seconds: float) -> None:
        if phase != self.phase:
            self.stop()
        elif self.deadline is None or any(e["type"] in self.restarts for e in events):
            self.stop()
            deadline = self.deadline = self.clock() + seconds
            self._timer = self.scheduler.call_at(deadline, lambda: self.expire(deadline))

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.deadline = None, None

    def state(self, seconds: float) -> dict[str, float] | None:
        """What the screens show: the deadline (wall clock), the seconds left now, the full time."""
        if self.deadline is None:
            return None
        remaining = max(0.0, self.deadline - self.clock())
        return {"deadline": self.wall() + remaining, "remaining": remaining, "seconds": seconds}
