"""Every control a person taps or clicks is at least 44×44 CSS pixels (the team's rule; WCAG 2.2's
AAA target size): buttons, links, fields, selects, summaries and anything else with a data-act
that shows a pointer. A control counts as shown when it has a box and is not hidden; one scrolled
out of its list counts too (it is the same control when scrolled into view)."""

from __future__ import annotations

MIN = 44

SMALL = r"""(min) => {
  const shown = (el) => el.getClientRects().length > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && !el.closest('.sr');
  const controls = [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary, [data-act]')]
    .filter((el) => shown(el) && (el.matches('button, a[href], input, select, textarea, summary') || getComputedStyle(el).cursor === 'pointer'));
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.value || el.dataset.act || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
  const all = controls.map((el) => { const r = el.getBoundingClientRect();
    return { name: name(el), act: el.dataset.act || el.tagName.toLowerCase(), width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 }; });
  const smallest = all.reduce((a, b) => (!a || Math.min(b.width, b.height) < Math.min(a.width, a.height) ? b : a), null);
  return { small: all.filter((c) => c.width < min - 0.01 || c.height < min - 0.01), smallest, n: all.length };
}"""


def measure(page) -> dict:
    """The controls under 44×44 px, the smallest control and how many were measured."""
    return page.evaluate(SMALL, MIN)


class Targets:
    """The controls measured at each stage a test walks through, checked once at the end."""

    def __init__(self) -> None:
        self.stages: dict[str, dict] = {}

    def record(self, page, stage: str) -> None:
        if stage not in self.stages:
            self.stages[stage] = measure(page)

    def smallest(self) -> dict | None:
        found = [(s, m["smallest"]) for s, m in self.stages.items() if m["smallest"]]
        if not found:
            return None
        stage, c = min(found, key=lambda x: min(x[1]["width"], x[1]["height"]))
        return {"stage": stage, **c}

    def assert_big_enough(self) -> None:
        bad = {s: m["small"] for s, m in self.stages.items() if m["small"]}
        assert not bad, "controls under 44×44 px:\n" + "\n".join(
            f"{s}: " + "; ".join(f"«{c['name']}» ({c['act']}) {c['width']}×{c['height']}" for c in small)
            for s, small in bad.items()
        )
