"""Everybody Plays on a television (1920×1080) with six players whose 24-character names start
alike ("Anna Maria van den Broek", "Anna Maria van den Brink", …): the banner shows every name
whole, each as its own words (wrapped between words, none shortened), inside the stage and over
nothing (the card above it too), in Dutch and English; then at 1366×768 and 1280×720. The game
is played by seats without phones (`story_table.py`)."""

from __future__ import annotations

from fit_check import check_table
from story_table import SETTINGS, StoryTable, plan
from test_table_story import everybody_plays
from web_host import TV, start_host, stop_host

from engine.settings import MAX_NAME
from tests.support.extremes import SIZES, resize

ALIKE = [
    "Anna Maria van den Broek",
    "Anna Maria van den Brink",
    "Anna Maria van der Velde",
    "Anna Maria van der Vaart",
    "Anna Maria van Wijngaard",
    "Anna Maria van Dijk-Smit",
]
assert all(len(n) == MAX_NAME for n in ALIKE), [len(n) for n in ALIKE]

# Each name in the banner's first round: its text, whether all of it is seen (no ellipsis, nothing
# past its box) and the lines it takes.
NAMES = """() => [...document.querySelectorAll('.moment .draws[data-round="first"] .who > span:last-child')].map((e) => {
  const cs = getComputedStyle(e), r = document.createRange(); r.selectNodeContents(e);
  const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
  return { text: e.textContent, whole: e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1
    && cs.textOverflow !== 'ellipsis', lines, px: parseFloat(cs.fontSize) }; })"""

RETELL = """async () => {
  const { tell } = await import('/static/js/table/story.js');
  const { store } = await import('/static/js/table/table-shared.js');
  const v = store.state.msg.view;
  tell(v.log.slice(v.log.map((e) => e.type).lastIndexOf('everybody_result')), v);
}"""
"""The page tells the result again as it did when the table showed it (story.js), so the banner is
up for its 4.5 s while it is looked at in each language."""


def test_everybody_plays_shows_six_long_names_whole_on_a_television(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        table = StoryTable(browser, host, SETTINGS, names=ALIKE, locale="nl-NL", viewport=TV)
        page = table.page
        p = plan(SETTINGS, ALIKE)
        everybody_plays(p)
        table.play(p.steps)
        moment = page.locator('.moment[data-kind="everybody_result"]')
        moment.wait_for()
        for lang in ("nl", "en"):
            if page.evaluate("document.documentElement.lang") != lang:
                page.locator('.bar [data-act="lang"]').click()
                page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
            for label in ("1920x1080", "1366x768", "1280x720"):  # the television first, then the laptops
                resize(page, SIZES[label])
                page.evaluate(RETELL)  # the banner again, for its 4.5 s, in this language at this size
                moment.wait_for()
                page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
                page.screenshot(path=shots / f"everybody-six-alike-{lang}-{label}.png")
                names = page.evaluate(NAMES)
                print(
                    f"\n{label} {lang}: "
                    + "; ".join(f"{n['text']} ({n['lines']} lines, {n['px']:.0f} px)" for n in names)
                )
                assert sorted(n["text"] for n in names) == sorted(ALIKE)
                assert all(n["whole"] for n in names), names
                assert all(n["lines"] <= 3 for n in names), names
                m, s = moment.bounding_box(), page.locator(".stage").bounding_box()
                assert m["y"] >= s["y"] and m["y"] + m["height"] <= s["y"] + s["height"] + 0.5, (label, m, s)
                assert moment.evaluate(
                    "(m) => m.scrollHeight <= m.clientHeight + 1 && m.scrollWidth <= m.clientWidth + 1"
                )
                check_table(page, f"Everybody Plays, six names alike, {lang}, {label}")  # nothing covered: the card too
        assert not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)
