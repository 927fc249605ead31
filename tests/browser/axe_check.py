"""axe-core's accessibility rules (WCAG 2.2 A and AA, and its best practices) on a page as it is now.

The vendored single file (`vendor/axe.min.js`, see `vendor/README.md`) is evaluated in the page
by Playwright, past the page's Content-Security-Policy: the pages never load it themselves.
`label-content-name-mismatch` (a control's name must contain its visible words) is experimental
in axe and off by default: it is switched on here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"

RUN = """async () => {
  const result = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), why: n.failureSummary.slice(0, 300) })) }));
}"""


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(page) -> list[dict]:
    """Every rule the page breaks now, with the elements that break it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    return page.evaluate(RUN)


def readable(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {n['target']}: {n['why']}" for n in v["nodes"][:4]]
    return "\n".join(lines)


def count(found: list[dict]) -> int:
    """The violations as axe counts them: each element that breaks a rule."""
    return sum(len(v["nodes"]) for v in found)


def check(page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where}: {count(found)} axe violation(s)\n{readable(found)}"


class AxeLog:
    """axe's findings at each stage a test walks through, checked once at the end, so a test
    prints every stage's count (the figures in the notes) before it fails on any."""

    def __init__(self) -> None:
        self.stages: dict[str, list[dict]] = {}

    def record(self, page, stage: str) -> None:
        if stage not in self.stages:
            self.stages[stage] = violations(page)

    def counts(self) -> str:
        return ", ".join(f"{stage} {count(found)}" for stage, found in self.stages.items())

    def assert_none(self) -> None:
        bad = {stage: found for stage, found in self.stages.items() if found}
        assert not bad, "\n".join(
            f"{stage}: {count(found)} axe violation(s)\n{readable(found)}" for stage, found in bad.items()
        )
