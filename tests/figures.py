"""The figures the browser tests gather for the session's summary: how often an opponent's spin
timed out (per host) and how long a phone took to catch up after each drop (per browser).

Each process gathers its own. With pytest-xdist the tests run in workers and the summary is
printed by the controller, which collected nothing: each worker hands its figures over at its end
(``workeroutput``) and the controller adds them up (tests/conftest.py)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

import pytest

KEY = "cashrun_figures"
"""The figures' name in a worker's ``workeroutput``."""


@dataclass
class Figures:
    spin_timeouts: dict[str, int] = field(default_factory=dict)
    """Per host's table address: how often the table spun alone."""
    drops: dict[str, list[float]] = field(default_factory=dict)
    """Per browser (and kind of drop): the seconds from each drop's end to the phone caught up."""

    def add(self, data: dict[str, Any]) -> None:
        self.spin_timeouts.update(data.get("spin_timeouts", {}))
        for name, seconds in data.get("drops", {}).items():
            self.drops.setdefault(name, []).extend(seconds)

    def data(self) -> dict[str, Any]:
        """Plain dicts and lists: what a worker can send to the controller."""
        return {"spin_timeouts": dict(self.spin_timeouts), "drops": {k: list(v) for k, v in self.drops.items()}}

    def lines(self) -> list[str]:
        out = []
        if self.spin_timeouts:
            spun = sum(self.spin_timeouts.values())
            out.append(f"opponent's spins that timed out: {spun} in {len(self.spin_timeouts)} hosts")
        out.extend(
            f"drops on {name}: {len(xs)}, drop's end to the phone showing the table's state:"
            f" p50 {statistics.median(xs):.2f} s, max {max(xs):.2f} s"
            for name, xs in sorted(self.drops.items())
        )
        return out


STASH = pytest.StashKey["Figures"]()
"""The session's figures in ``config.stash``: this process's, and with pytest-xdist every worker's."""
