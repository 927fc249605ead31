"""The table screen at its extremes (see `extremes.py`): 3 to 6 players with the longest names,
eight-digit amounts, every casino with one player, the lap tag and the turn dot, at 1280×720,
1366×768, 1920×1080 and 3840×2160 (no touch), in both languages and both themes. Nothing is cut,
squeezed or covered (`fit_check.py`); every amount is shown whole."""
from __future__ import annotations

from extremes import LONG_NAMES, RICH, SIZES, WORST, resize, set_money_rules
from fit_check import check_table
from web_driver import seat_without_phones, settle, start_game

AMOUNTS = """() => [...document.querySelectorAll('.tp-money, .purse strong')].map((e) => {
  const r = e.getBoundingClientRect();
  return { text: e.textContent, whole: e.scrollWidth <= e.clientWidth + 1 && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight };
})"""


LINES = """() => { const s = document.querySelector('[data-out="status"]');
  return Math.round((s.clientHeight - parseFloat(getComputedStyle(s).paddingTop) * 2) / parseFloat(getComputedStyle(s).lineHeight)); }"""


def test_the_worst_a_game_shows_fits_every_screen(browser, host, shots):
    ctx = browser.new_context(viewport=SIZES["1366x768"], locale="en-GB", color_scheme="light", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(host.table_url)
    settle(page)
    set_money_rules(page)
    seat_without_phones(page, LONG_NAMES)
    start_game(page)
    page.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''")
    settle(page)
    failures = []
    for lang in ("en", "nl"):
        for theme in ("light", "dark"):
            for n in (6, 5, 4, 3):
                page.evaluate(WORST, {"n": n, "rich": RICH})
                for label, size in SIZES.items():
                    resize(page, size)
                    where = f"{n} players, {lang}, {theme}, {label}"
                    try:
                        check_table(page, where)
                    except AssertionError as e:
                        failures.append(str(e))
                        page.screenshot(path=shots / f"failed-{n}-{lang}-{theme}-{label}.png")
                    amounts = page.evaluate(AMOUNTS)
                    if len(amounts) != n + 2 or not all(a["whole"] for a in amounts):
                        failures.append(f"{where}: amounts not whole: {amounts}")
                    if label == "1366x768" and page.evaluate(LINES) > 2:
                        failures.append(f"{where}: the status takes {page.evaluate(LINES)} lines")
                    if theme == "light" and n in (6, 3) and label in ("1366x768", "1920x1080"):
                        page.screenshot(path=shots / f"worst-{n}-{lang}-{label}.png")
            page.locator('.bar [data-act="theme"]').click()
        if lang == "en":
            page.locator('.bar [data-act="lang"]').click()
            page.wait_for_function("() => document.documentElement.lang === 'nl'")
    assert not failures, "\n".join(failures)
    ctx.close()
