"""What each stage a test walks through is checked for besides its fit: axe-core's rules
(`axe_check`) and the size of every control (`targets`). Findings are gathered and asserted at
the end, so the test prints every stage's figures before it fails on any."""

from __future__ import annotations

from axe_check import AxeLog
from targets import Targets


class Audit:
    def __init__(self) -> None:
        self.axe = AxeLog()
        self.targets = Targets()

    def record(self, page, stage: str) -> None:
        self.axe.record(page, stage)
        self.targets.record(page, stage)

    def report(self) -> str:
        return f"axe-core violations per stage: {self.axe.counts()}\nthe smallest control: {self.targets.smallest()}"

    def assert_clean(self) -> None:
        failures = []
        for check in (self.axe.assert_none, self.targets.assert_big_enough):
            try:
                check()
            except AssertionError as e:
                failures.append(str(e))
        assert not failures, "\n".join(failures)
