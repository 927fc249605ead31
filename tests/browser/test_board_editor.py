"""The board map's editor on a laptop: 1366×768, no touch, light theme; in English and in Dutch.

It is in view as soon as it opens, with Save; the casinos are a grid; a 24-space board takes one
tap a space; it says when the board looks complete; a space in the middle is changed, removed and
given one before it without undoing back to it. The taps a person makes are counted by the page
(every trusted click), from opening the editor to the saved board.
"""

from __future__ import annotations

import json

from board_editor import board_24, button, enter_board
from i18n_files import EN, NL
from web_host import TABLE

from tests.support.web_driver import settle

WORDS = {"en": EN["boardedit"], "nl": NL["boardedit"]}
TAPS_BEFORE = 43
"""Taps for the same board with the editor before this one (opening it, a kind then its casino or
symbol for each space, Save), counted the same way on the build before."""

COUNT_TAPS = (
    "() => { window.taps = 0; document.addEventListener('click', (e) => { if (e.isTrusted) window.taps++; }, true); }"
)
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0; }"""
SPILL = """() => {
  const el = document.querySelector('.board-ring.preview .tile.picked'), s = getComputedStyle(el);
  const shadows = s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\\))/).filter((b) => !b.includes('inset'));
  const spill = Math.max(0, parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset), ...shadows.map((b) => {
    const [x, y, blur = 0, spread = 0] = b.replace(/rgba?\\([^)]*\\)/, '').trim().split(/\\s+/).map(parseFloat);
    return Math.max(Math.abs(x), Math.abs(y)) + blur + spread; }));
  const r = el.getBoundingClientRect(), ring = el.parentElement.getBoundingClientRect();
  return r.left - spill >= ring.left && r.top - spill >= ring.top && r.right + spill <= ring.right && r.bottom + spill <= ring.bottom;
}"""
"""Whether the picked space's mark (its outline and shadows) is drawn inside the preview ring."""
SHEET_TOP = (
    "() => [document.scrollingElement.scrollTop - window.openedAt, document.querySelector('.board-sheet').scrollTop]"
)
"""How far the page and the sheet scrolled since the editor opened (the lobby is taller than the
screen: the page is first scrolled to the board's fold, as a person does to reach it)."""


def open_editor(browser, host, locale: str):
    ctx = browser.new_context(**TABLE, locale=locale, color_scheme="light")
    page = ctx.new_page()
    page.goto(host.table_url)
    settle(page)
    page.evaluate(COUNT_TAPS)
    summary = page.locator('[data-details="boardOpen"] summary')
    summary.scroll_into_view_if_needed()
    page.evaluate("() => { window.openedAt = document.scrollingElement.scrollTop; }")
    summary.click()
    page.locator(".board-sheet").wait_for()  # the editor loads the first time it opens
    return ctx, page


def tiles(page) -> list[str]:
    """The preview's spaces, each as its kind class (k-casino, k-bluff, ...)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.board-edit .tile:not(.next)')]"
        ".map((e) => [...e.classList].find((c) => c.startsWith('k-')))"
    )


def test_a_24_space_board_in_one_tap_a_space_with_changes_in_the_middle(browser, host, shots):
    words = WORDS["en"]
    ctx, page = open_editor(browser, host, "en-GB")
    try:
        # In view at once, nothing scrolled: the question, the first casino, Save.
        for sel in (
            '[data-out="board-next"]',
            '[data-act="bd-put"][data-casino="0"]',
            '[data-act="bd-save"]',
            '[data-act="bd-close"]',
        ):
            assert page.evaluate(IN_VIEW, sel), sel
        assert page.evaluate(SHEET_TOP) == [0, 0]
        assert page.locator('[data-out="board-next"]').inner_text() == words["next"].format(n=1)
        # The casinos are a grid: 12 buttons in at least three columns and at most four rows.
        boxes = [page.locator(f'[data-act="bd-put"][data-casino="{i}"]').bounding_box() for i in range(12)]
        assert len({round(b["x"]) for b in boxes}) >= 3 and len({round(b["y"]) for b in boxes}) <= 4
        assert page.locator('[data-out="board-status"]').inner_text() == words["still"].format(
            what="{}, {} and {}".format(
                words["missing_casinos"]["other"].format(n=12),
                words["missing_run"],
                words["missing_spaces"]["other"].format(n=13),
            )
        )
        page.screenshot(path=shots / "editor-open-1366x768-en.png")

        board = board_24()["spaces"]
        enter_board(page, board[:-1])
        assert "done" not in page.locator('[data-out="board-status"]').get_attribute("class")
        enter_board(page, board[-1:])
        status = page.locator('[data-out="board-status"]')
        assert status.inner_text() == words["complete"]
        assert "primary" in page.locator('[data-act="bd-save"]').get_attribute("class")
        for sel in ('[data-act="bd-save"]', '[data-out="board-status"]'):
            assert page.evaluate(IN_VIEW, sel), sel
        assert page.evaluate(SHEET_TOP) == [0, 0]
        page.screenshot(path=shots / "editor-complete-1366x768-en.png")

        # Space 7 changed in place: tap it on the ring, tap what it should be.
        before = tiles(page)
        page.locator('.board-ring.preview .tile[data-at="6"]').click()
        assert page.locator('[data-out="board-next"]').inner_text().startswith(words["change"].split("{n}")[0] + "7")
        assert page.evaluate(IN_VIEW, '[data-act="bd-save"]')
        page.screenshot(path=shots / "editor-change-1366x768-en.png")
        page.locator(button({"space": "grand_slam"})).click()
        after = tiles(page)
        assert after[6] == "k-grand_slam" and after[:6] == before[:6] and after[7:] == before[7:]
        assert page.locator('[data-out="board-next"]').inner_text() == words["next"].format(n=25)
        # A space put before space 3, then taken out again: the rest is untouched.
        page.locator('.board-ring.preview .tile[data-at="2"]').click()
        page.locator('[data-act="bd-insert"]').click()
        assert page.locator('[data-out="board-next"]').inner_text() == words["insert"].format(n=3)
        page.locator(button({"space": "bluff"})).click()
        assert tiles(page) == [*after[:2], "k-bluff", *after[2:]]
        page.locator('.board-ring.preview .tile[data-at="2"]').click()
        page.locator('[data-act="bd-remove-at"]').click()
        assert tiles(page) == after
        # Back as it was walked, and saved: the sheet closes and the lobby says so.
        page.locator('.board-ring.preview .tile[data-at="6"]').click()
        page.locator(button(board[6])).click()
        assert tiles(page) == before
        changes = page.evaluate("window.taps")
        page.evaluate("() => { window.taps = 0; }")
        page.locator('[data-act="bd-save"]').click()
        page.locator('[data-out="board-note"]').wait_for()
        assert not page.locator(".board-sheet").is_visible()
        saved = page.evaluate("() => window.taps")
        print(
            f"\ntaps to map a 24-space board at 1366x768: {TAPS_BEFORE} before, "
            f"{1 + 24 + saved} now (open 1, spaces 24, save {saved}); changing space 7 and back, "
            f"a space put before space 3 and taken out: {changes - 1 - 24} taps"
        )
        assert 1 + 24 + saved <= 26
    finally:
        ctx.close()


def test_the_editor_speaks_dutch_with_plurals(browser, host, tmp_path, shots):
    words = WORDS["nl"]
    ctx, page = open_editor(browser, host, "nl-NL")
    try:
        assert page.evaluate(IN_VIEW, '[data-act="bd-save"]')
        assert page.locator('[data-out="board-next"]').inner_text() == words["next"].format(n=1)
        assert (
            page.locator('[data-out="board-status"]').inner_text()
            == "Nog te plaatsen: 12 casino's, een Cash & Run-veld en 13 velden meer."
        )
        enter_board(page, [{"space": "cash_and_run"}, {"space": "casino", "casino": 0}])
        assert (
            page.locator('[data-out="board-count"]').inner_text()
            == "2 velden · 1 van 12 casino's geplaatst · 1 Cash & Run-veld"
        )
        assert (
            page.locator('[data-out="board-status"]').inner_text() == "Nog te plaatsen: 11 casino's en 11 velden meer."
        )
        page.locator('.board-ring.preview .tile[data-at="1"]').click()
        assert page.locator('[data-out="board-next"]').inner_text() == "Veld 2 is Montreal: tik aan wat het moet zijn"
        # Three spaces make a large corner space: its mark stays in the ring, clear of Close.
        assert page.evaluate(SPILL)
        page.screenshot(path=shots / "editor-change-1366x768-nl.png")
        # A whole board from a file: it is saved at once; opened again, the editor calls it complete.
        board = tmp_path / "board.json"
        board.write_text(json.dumps(board_24()))
        page.locator("[data-board-file]").set_input_files(board)
        page.locator('[data-out="board-note"]').wait_for()
        assert page.locator('[data-out="board-note"]').inner_text() == words["imported"]
        assert page.locator('[data-details="boardOpen"] summary').inner_text() == "Bordkaart · 24 velden"
        page.locator('[data-details="boardOpen"] summary').click()
        assert page.locator('[data-out="board-status"]').inner_text() == words["complete"]
        assert (
            page.locator('[data-out="board-count"]').inner_text()
            == "24 velden · 12 van 12 casino's geplaatst · 2 Cash & Run-velden"
        )
        assert page.evaluate(IN_VIEW, '[data-act="bd-save"]')
        page.screenshot(path=shots / "editor-complete-1366x768-nl.png")
        # Esc closes the sheet and gives the focus back to the lobby's "Board map".
        page.keyboard.press("Escape")
        assert not page.locator(".board-sheet").is_visible()
        assert page.evaluate("() => document.activeElement.matches('.board-edit summary')")
    finally:
        ctx.close()
