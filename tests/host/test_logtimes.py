"""The host's clock time of each log entry: a window of the log gets each event's mark."""

from __future__ import annotations

import bisect

from hypothesis import given
from hypothesis import strategies as st

from companion.saving.logtimes import LogTimes


def one_by_one(starts: list[int], times: list[float], start: int, count: int) -> list[float]:
    """The window by its definition: for each event, the time of the last mark at or before it."""
    out = []
    for index in range(start, start + count):
        mark = bisect.bisect_right(starts, index) - 1
        out.append(times[mark] if mark >= 0 else 0.0)
    return out


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 6)), max_size=12), st.integers(0, 40), st.integers(0, 70))
def test_a_window_gives_each_event_the_time_of_its_mark(steps, start, count):
    marks = LogTimes()
    starts, times = [], []
    length, at = 0, 1000.0
    for gap, added in steps:  # events added at each time, some never marked (gap), some acts with none
        length += gap
        marks.mark(length, length + added, at)
        if added:
            starts.append(length)
            times.append(at)
        length += added
        at += 1.5
    assert marks.window(start, count) == one_by_one(starts, times, start, count)


def test_events_before_the_first_mark_have_no_time():
    marks = LogTimes()
    marks.mark(3, 5, 10.0)
    marks.mark(5, 9, 11.0)
    assert marks.window(0, 10) == [0.0, 0.0, 0.0, 10.0, 10.0, 11.0, 11.0, 11.0, 11.0, 11.0]
    assert marks.window(4, 2) == [10.0, 11.0] and marks.window(7, 0) == []
