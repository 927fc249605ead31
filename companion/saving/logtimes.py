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

    def forget(self, first: int) -> None:
        """The events from ``first`` on did not happen after all (their action was not saved)."""
        while self._starts and self._starts[-1] >= first:
            self._starts.pop()
            self._times.pop()

    def window(self, start: int, count: int) -> list[float]:
        """The times of the events ``start`` to ``start + count`` (0.0 for one never marked).

        Worked out a mark at a time (each covers the events up to the next), not an event at a
        time: the table screen's message asks for the log's window after every act.
        """
        end = start + count
        times: list[float] = []
        mark = bisect.bisect_right(self._starts, start) - 1
        index = start
        while index < end:
            upto = min(end, self._starts[mark + 1]) if mark + 1 < len(self._starts) else end
            times += [self._times[mark] if mark >= 0 else 0.0] * (upto - index)
            index = upto
            mark += 1
        return times
