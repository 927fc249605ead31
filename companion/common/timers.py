"""The host's clock and scheduler, injectable so tests never sleep."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

Clock = Callable[[], float]
"""Seconds on a monotonic clock (``time.monotonic`` in play, a fake clock in tests): every
duration (rate limits, the auction countdown, claim expiry, timers) is measured on it, so a
step of the wall clock moves none of them."""
Wall = Callable[[], float]
"""Seconds since the epoch (``time.time`` in play): only for times that people read."""


class Handle(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Calls a function once the clock reaches a time, unless cancelled first."""

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle: ...


class Timer:
    __slots__ = ("cancelled", "fn", "when")

    def __init__(self, when: float, fn: Callable[[], None]) -> None:
        self.when = when
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ThreadScheduler:
    """One daemon thread that runs due calls in time order (a monotonic clock)."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self._heap: list[tuple[float, int, Timer]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle:
        entry = Timer(when, fn)
        with self._wake:
            heapq.heappush(self._heap, (when, next(self._order), entry))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cashrun-timers", daemon=True)
                self._thread.start()
            self._wake.notify()
        return entry

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._heap or self._heap[0][0] > self.clock():
                    timeout = self._heap[0][0] - self.clock() if self._heap else None
                    self._wake.wait(timeout)
                _, _, entry = heapq.heappop(self._heap)
            if not entry.cancelled:
                try:
                    entry.fn()
                except Exception:  # one failed call must not stop every later timer
                    log.exception("timer call failed")
