"""The table screen of a game played by seats without phones, for the story tests
(`test_table_story.py`, `test_table_finale.py`).

Every game is played through the page's own socket (`send`, as the table's controls do), the steps
worked out on a local engine with the host's seed (`planner.Planner`). The table screen runs with
reduced motion (it shows each outcome when the host's clock ends), no touch, light theme; each test
names its sizes and languages.
"""

from __future__ import annotations

from typing import Any

from web_host import SEED, TABLE

from engine import BANKER, Game, Settings
from tests.support.game_plan import NAMES
from tests.support.planner import Planner
from tests.support.web_driver import log_end, seat_without_phones, settle, start_game, wait_log

SETTINGS = Settings(auction_seconds=120)

SEND = """async ([action, as]) => {
  const { send } = await import("/static/js/table/table-shared.js");
  const ans = await send(action, as);
  return ans && ans.ok ? null : JSON.stringify(ans);
}"""


class StoryTable:
    """The table screen of a game played by seats without phones, and its mirror engine."""

    def __init__(
        self, browser, host, settings: Settings, board: dict | None = None, names: list[str] = NAMES, **options: Any
    ) -> None:
        self.ctx = browser.new_context(
            **{**TABLE, "locale": "en-GB", "color_scheme": "light", "reduced_motion": "reduce", **options}
        )
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(host.table_url)
        settle(self.page)
        seat_without_phones(self.page, names)
        self.send(
            BANKER,
            {
                "type": "set_settings",
                "settings": {
                    "auction_seconds": settings.auction_seconds,
                    "lap_confirm": settings.lap_confirm,
                    "board": board,
                },
            },
        )
        start_game(self.page)
        self.mirror = Game.new(names, settings=settings, seed=SEED)
        self.idle()

    def send(self, seat: int, action: dict[str, Any]) -> None:
        self.page.wait_for_function("() => document.querySelector('#app').dataset.reveal !== '1'")
        problem = self.page.evaluate(SEND, [action, None if seat == BANKER else seat])
        assert problem is None, (action, problem)

    def idle(self) -> None:
        """The reveal over, the table caught up with the mirror, the stage still."""
        wait_log(self.page, log_end(self.mirror.view(None)))
        self.page.wait_for_function(
            "() => document.querySelector('#app').dataset.reveal === ''"
            " && !document.querySelector('.stage[data-playing]')"
        )

    def play(self, steps, check=lambda seat, action, tag: None) -> None:
        """Each planned step through the page; ``check`` after each one."""
        for seat, action, tag in steps:
            self.send(seat, action)
            self.mirror.apply(seat, action)
            self.idle()
            check(seat, action, tag)

    def caption(self) -> str:
        return self.page.locator('[data-out="stage"]').inner_text()


def plan(settings: Settings, names: list[str] = NAMES) -> Planner:
    return Planner(Game.new(names, settings=settings, seed=SEED))


def on_top(page, selector: str) -> bool:
    """The element's middle is itself (or inside it) at elementFromPoint, and inside the window."""
    return page.evaluate(
        """(sel) => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
        && !!document.elementFromPoint(x, y)?.closest(sel); }""",
        selector,
    )


def status_lines(page) -> float:
    return page.evaluate("""() => { const s = document.querySelector('[data-out="status"]');
      const st = getComputedStyle(s);
      return (s.clientHeight - parseFloat(st.paddingTop) - parseFloat(st.paddingBottom)) / parseFloat(st.lineHeight); }""")
