"""The reveal clock: how long the table's stage shows a chance outcome before anyone may act on it.

A spin, the dice, a die, a card (every Everybody Plays draw and Grand Slam step is one of
these) and a bluff card turned over in a challenge are shown on the table's stage first.
The host, not each page, decides until when: while a reveal runs the phones' new views are
held (they get them when it ends), game actions are refused with ``revealing``, and the
table screen gets the reveal's steps so its stage can play them in that time. A phone, a
watcher or a table screen that connects meanwhile gets again what it was last sent before the
reveal: it has nothing to play, so it shows nothing of the outcome before the clock ends.
Nothing a screen or a phone sends shortens the clock but the banker's ``skip_reveal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..wire.updates import join

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..common.timers import Clock, Handle, Scheduler

SECONDS = {"spin": 4.0, "dice": 2.5, "die": 2.0, "card": 2.0, "bluff_challenged": 2.5}
"""How long the stage shows each kind of chance outcome."""
LONGEST = 12.0
"""No reveal lasts longer: several outcomes at once (the opening rolls) share this time."""
SCREENS = "screens"
"""The key of the table screens' last message in ``Reveal.shown`` (a player id is hex)."""


def steps_of(first: int, events: list[dict[str, Any]], scale: float) -> list[list[float]]:
    """``[log index, seconds]`` for each chance outcome among ``events`` (logged from index ``first``)."""
    steps = [[first + i, SECONDS[e["type"]] * scale] for i, e in enumerate(events) if e["type"] in SECONDS]
    total = sum(s for _, s in steps)
    if total > LONGEST:
        steps = [[i, s * LONGEST / total] for i, s in steps]
    return steps


class Reveal:
    """One table's reveal: started by an action that drew chance, over at its time or when skipped.

    ``over(until)`` is the scheduler's call at the end, with the time it was set for, so a
    caller holding its own lock can tell a stale call (the reveal was skipped or replaced).
    ``scale`` multiplies every duration; 0 turns reveals off (tests and benches only).
    """

    def __init__(self, clock: Clock, scheduler: Scheduler, over: Callable[[float], None], scale: float = 1.0) -> None:
        self.clock = clock
        self.scheduler = scheduler
        self.over = over
        self.scale = scale
        self.until: float | None = None
        self.steps: list[list[float]] = []
        self._timer: Handle | None = None
        self.held_left: float | None = None
        """The seconds left when the table's break began; None while it runs or is off."""
        self.shown: dict[str | None, tuple[dict[str, Any], dict[str, Any]]] = {}
        """The last message each phone (by player id), the watchers (``None``) and the table
        screens (``SCREENS``) were sent outside a reveal, as its public and own parts (copies: the
        engine changes some lists in place): while a reveal runs, a socket that connects gets it
        again, so nothing of the outcome reaches it early."""

    @property
    def active(self) -> bool:
        return self.until is not None

    def start(self, first: int, events: list[dict[str, Any]]) -> None:
        """After an accepted action: a reveal if it drew chance (a running one is replaced)."""
        steps = steps_of(first, events, self.scale)
        if not steps or self.scale <= 0:
            return
        self.stop()
        self.steps = [[int(i), round(s, 2)] for i, s in steps]
        until = self.until = self.clock() + sum(s for _, s in steps)
        self._timer = self.scheduler.call_at(until, lambda: self.over(until))

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.until, self.steps, self.held_left = None, None, [], None

    def remaining(self) -> float:
        if self.held_left is not None:
            return self.held_left
        return max(0.0, (self.until or 0.0) - self.clock())

    def pause(self) -> None:
        """The table's break: the reveal keeps the seconds it has left and stays on (nothing is
        acted on meanwhile) until ``resume``."""
        if self.until is not None and self.held_left is None:
            self.held_left = self.remaining()
            if self._timer is not None:
                self._timer.cancel()
            self._timer = None

    def resume(self) -> None:
        if self.held_left is None:
            return
        left, self.held_left = self.held_left, None
        until = self.until = self.clock() + left
        self._timer = self.scheduler.call_at(until, lambda: self.over(until))

    def remember(self, who: str | None, public: dict[str, Any], own: dict[str, Any]) -> None:
        """The message of these parts was just sent (or would have been, for a seat without a
        phone) outside a reveal."""
        self.shown[who] = (public, own)

    def held(self, who: str | None, connected: list[bool], wall: float) -> dict[str, Any] | None:
        """During a reveal: what ``who`` was last sent, with who is connected now and when the reveal ends."""
        parts = self.shown.get(who)
        if parts is None:
            return None
        remaining = self.remaining()
        clock = {"until": round(wall + remaining, 2), "remaining": round(remaining, 2)}
        return {**join(*parts), "connected": connected, "reveal": clock}

    def state(self, wall: float) -> dict[str, Any] | None:
        """What the table screen gets: the end as a wall-clock time (``wall`` is now), the seconds
        left now, and each outcome's log index and seconds."""
        if self.until is None:
            return None
        remaining = self.remaining()
        return {"until": round(wall + remaining, 2), "remaining": round(remaining, 2), "steps": self.steps}
