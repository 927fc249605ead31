"""The host's clock time of each entry of the engine's log (the engine has no clock)."""
from __future__ import annotations

import bisect


class LogTimes:
    """The engine's log only grows; each accepted action adds its events at one time."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._times: list[float] = []

    def mark(self, first: int, length: int, at: float) -> None:
        """The events from index ``first`` up to ``length`` happened at ``at``."""
        if length > first:
            self._starts.append(first)
            self._times.append(at)

    def window(self, start: int, count: int) -> list[float]:
        """The times of the events ``start`` to ``start + count`` (0.0 for one never marked)."""
        times = []
        for index in range(start, start + count):
            mark = bisect.bisect_right(self._starts, index) - 1
            times.append(self._times[mark] if mark >= 0 else 0.0)
        return times
