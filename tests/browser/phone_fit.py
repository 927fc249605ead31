"""The decision first: on a small phone, in portrait and landscape and in both languages, every
control of the decision (its options, pad, buttons and confirm) is on screen without scrolling,
and nothing covers it; and on the whole page nothing is cut, squeezed or covered (`fit_check`,
the page scrolling up and down as a phone's does). Screenshots of each phase go to the test's folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fit_check import check as fits

from tests.support.browser import LANDSCAPE, PORTRAIT

if TYPE_CHECKING:
    from pathlib import Path

    from audit import Audit


# Every [data-act] of the decision whose middle is off screen or under something else.
OFF_SCREEN = """() => {
  const d = document.querySelector('[data-decision]');
  if (!d) return 'no decision on screen';
  const bad = [];
  for (const e of d.querySelectorAll('[data-act]')) {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = r.height > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    const top = inside ? document.elementFromPoint(x, y) : null;
    if (!inside || !top || !e.contains(top)) {
      bad.push(`${e.dataset.act}:${e.dataset.key || e.dataset.type || e.dataset.d || e.dataset.op || ''} at ${Math.round(r.top)}..${Math.round(r.bottom)} x ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return bad.join('; ');
}"""


class PhoneFit:
    """Checks a phone's decision in both orientations and both languages, then leaves it as it was."""

    def __init__(self, folder: Path, audit: Audit | None = None) -> None:
        self.folder = folder
        self.audit = audit
        """axe-core's rules and the controls' size at each stage (`audit`), in portrait and landscape,
        in the language the phone started with."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.checked: list[str] = []
        self.shot: set[str] = set()

    def snap(self, page, name: str) -> None:
        """Screenshots of what the phone shows now, in both orientations and both languages."""
        for which in ("this language", "the other"):
            lang = page.evaluate("document.documentElement.lang")
            for orientation, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
                page.set_viewport_size(size)
                page.screenshot(path=self.folder / f"{name}-{lang}-{orientation}.png")
                fits(page, f"{name} {lang}-{orientation}", page_scrolls=True)
                if self.audit is not None and which == "this language":
                    self.audit.record(page, f"phone {name} {orientation}")
            page.locator('.bar [data-act="lang"]').click()
            page.wait_for_function("(l) => document.documentElement.lang !== l", arg=lang)

    def check(self, page, stage: str) -> None:
        phase = page.locator("#app").get_attribute("data-phase")
        for which in ("this language", "the other"):
            lang = page.evaluate("document.documentElement.lang")
            for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
                page.set_viewport_size(size)
                where = f"{phase} {stage} {lang}-{name}"
                try:
                    page.wait_for_function(f"() => ({OFF_SCREEN})() === ''", timeout=3_000)
                except Exception:
                    page.screenshot(path=self.folder / f"failed-{phase}-{stage}-{lang}-{name}.png")
                    raise AssertionError(f"{where}: {page.evaluate(OFF_SCREEN)}") from None
                tag = f"{phase}-{stage}-{lang}-{name}"
                if tag not in self.shot:
                    self.shot.add(tag)
                    page.screenshot(path=self.folder / f"{tag}.png")
                fits(page, where, page_scrolls=True)
                if self.audit is not None and which == "this language":
                    self.audit.record(page, f"phone {phase} {stage} {name}")
                self.checked.append(where)
            page.locator('.bar [data-act="lang"]').click()
            page.wait_for_function("(l) => document.documentElement.lang !== l", arg=lang)
