"""The host's countdowns (the auction's, the opponent's spin): on an injectable clock and scheduler."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..common.errors import Refusal

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ..common.timers import Clock, Handle, Scheduler, Wall
    from ..saving.rows import ActionRow

RESTARTS = ("auction_started", "bid")
"""Events after which the bidding has its full time again."""

MORE_TIME = 3
"""The banker's "more time" brings what the clock has left to at most this many times its full
time; beyond it is refused ``clock_full`` (``max``: those seconds)."""
PAUSES = 3
"""The banker's pauses of one auction (a bid does not count them again); a fourth is refused
``pause_limit`` (``max``). A pause lasts until the banker resumes: he sits at the table with
the bidders, and the table's break holds every clock anyway."""
BEGINS = "auction_started"
DRAW_SECONDS = 8.0
"""How long the phones of a stake's sides have for their links (once the stage is free) before the
side whose link is missing forfeits: the full time the screens' ring counts down."""
"""The event after which the banker has all his pauses again."""

PACE = {"normal": 1, "long": 3}
"""The house rule ``auction_clock``: how many times ``auction_seconds`` the countdown runs
("none": no countdown, the banker closes the auction)."""


def full_time(settings: dict[str, Any]) -> float | None:
    """The countdown's full time under the house rules, or None without a clock."""
    pace = PACE.get(settings.get("auction_clock", "normal"))
    return None if pace is None else float(settings["auction_seconds"] * pace)


def paused_in(rows: Iterable[ActionRow]) -> bool:
    """Whether the banker's last hand on the auction clock, in an auction not closed since, paused
    it (a bid leaves a paused clock paused; a closed auction ends the pause)."""
    paused = False
    for row in rows:
        kind = row.action.get("type")
        if row.seat is None and kind in ("auction_pause", "auction_resume"):
            paused = kind == "auction_pause"
        elif any(event["type"] == "auction_closed" for event in row.answer.get("events", ())):
            paused = False
    return paused


class Countdown:
    """Runs while the game's phase is ``phase``; at the deadline it calls ``expire(deadline)``.

    An event of ``restarts`` (for the auction: a new auction or a bid) starts it again; any other
    phase stops it. ``expire`` gets the
    deadline it was set for, so a caller holding its own lock can tell a stale call. The
    deadline is on the monotonic ``clock``; only what the screens are told uses ``wall``.
    The banker may pause it (a bid then gives it its full time again, still paused), resume it
    and give it more time.
    """

    def __init__(
        self,
        clock: Clock,
        wall: Wall,
        scheduler: Scheduler,
        expire: Callable[[float], None],
        phase: str = "auction",
        restarts: tuple[str, ...] = RESTARTS,
    ) -> None:
        self.clock = clock
        self.phase = phase
        self.restarts = restarts
        self.wall = wall
        self.scheduler = scheduler
        self.expire = expire
        self.deadline: float | None = None
        self.paused: float | None = None
        """The seconds left when the banker paused it; None while it runs or is off."""
        self.pauses = 0
        """The banker's pauses since ``BEGINS`` (``banker_pause``)."""
        self._timer: Handle | None = None

    def update(self, events: list[dict[str, Any]], phase: str, seconds: float | None) -> None:
        """After an action: ``seconds`` is the full time (None: no clock under the house rules)."""
        restart = any(e["type"] in self.restarts for e in events)
        if any(e["type"] == BEGINS for e in events):
            self.pauses = 0
        if phase != self.phase or seconds is None:
            self.stop()
        elif self.paused is not None:
            self.paused = seconds if restart else self.paused
        elif self.deadline is None or restart:
            self._run(seconds)

    def restore(self, deadline: float | None, paused: float | None) -> None:
        """Back to the deadline (or the paused seconds) it had: an action whose update ran was not
        saved after all."""
        if (deadline, paused) == (self.deadline, self.paused):
            return
        self._cancel()
        self.paused = paused
        if deadline is not None:
            self.deadline = deadline
            self._timer = self.scheduler.call_at(deadline, lambda: self.expire(deadline))

    def _run(self, remaining: float) -> None:
        self._cancel()
        deadline = self.deadline = self.clock() + remaining
        self._timer = self.scheduler.call_at(deadline, lambda: self.expire(deadline))

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.deadline = None, None

    def stop(self) -> None:
        self._cancel()
        self.paused = None

    def running(self) -> bool:
        return self.deadline is not None

    def pause(self) -> None:
        """The banker holds the clock with the seconds it has left."""
        if self.deadline is not None:
            left = max(0.0, self.deadline - self.clock())
            self._cancel()
            self.paused = left

    def resume(self) -> None:
        if self.paused is not None:
            left, self.paused = self.paused, None
            self._run(left)

    def banker_pause(self) -> None:
        """The banker's ``auction_pause``: at most ``PAUSES`` of them."""
        if self.pauses >= PAUSES:
            raise Refusal("pause_limit", max=PAUSES)
        self.pauses += 1
        self.pause()

    def banker_more(self, seconds: float) -> None:
        """The banker's "more time": ``seconds`` more, up to ``MORE_TIME`` times ``seconds`` left."""
        left = (
            self.paused if self.paused is not None else None if self.deadline is None else self.deadline - self.clock()
        )
        if left is not None and left + seconds > MORE_TIME * seconds:
            raise Refusal("clock_full", max=round(MORE_TIME * seconds))
        self.more(seconds)

    def more(self, seconds: float) -> None:
        """The banker gives the bidders ``seconds`` more, running or paused."""
        if self.paused is not None:
            self.paused += seconds
        elif self.deadline is not None:
            self._run(self.deadline - self.clock() + seconds)

    def state(self, seconds: float | None) -> dict[str, Any] | None:
        """What the screens show: the deadline (wall clock; None while paused), the seconds left
        now, the full time and whether the banker paused it. None: no countdown."""
        if self.paused is not None:
            return {"deadline": None, "remaining": self.paused, "seconds": seconds, "paused": True}
        if self.deadline is None:
            return None
        remaining = max(0.0, self.deadline - self.clock())
        return {"deadline": self.wall() + remaining, "remaining": remaining, "seconds": seconds, "paused": False}
