"""A die of the table's stage draws its face's pips in its background (table.css, ``.die[data-face]``):
each face has its pips in the places of a real die's, none elsewhere, in the page's colours and in a
high-contrast (forced colours) theme, where the die keeps its white and its black pips.

Runs in Chromium on the join page with the table's style sheet added (no viewport of interest: a
die's size is the style sheet's); the pips are read from a screenshot of each die, at the centre of
each cell of its 3×3 grid."""

from __future__ import annotations

import io

import pytest
from PIL import Image

# The cells with a pip, numbered 1 to 9 row by row, as on a real die.
PIPS = {1: {5}, 2: {1, 9}, 3: {1, 5, 9}, 4: {1, 3, 7, 9}, 5: {1, 3, 5, 7, 9}, 6: {1, 3, 4, 6, 7, 9}}

DICE = """() => {
  document.body.innerHTML = [0, 1, 2, 3, 4, 5, 6].map((v) => `<div class="die" data-face="${v}" style="margin: 8px"></div>`).join('');
  return [...document.querySelectorAll('.die')].map((d) => {
    const r = d.getBoundingClientRect(), pad = parseFloat(getComputedStyle(d).paddingLeft);
    return { x: r.x, y: r.y, inner: r.width - 2 * pad, pad };
  });
}"""


@pytest.mark.parametrize("forced", ["none", "active"])
def test_each_face_has_its_pips_and_no_other(browser, served, forced):
    page = browser.new_page(locale="en-GB", forced_colors=forced, color_scheme="dark")
    page.goto(f"{served.base}/j/{served.code}")
    page.add_style_tag(url="/static/css/table.css")
    dice = page.evaluate(DICE)
    shot = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("L")
    for face, die in enumerate(dice):
        cell = die["inner"] / 3
        dark = set()
        for n in range(1, 10):
            row, col = divmod(n - 1, 3)
            x = die["x"] + die["pad"] + (col + 0.5) * cell
            y = die["y"] + die["pad"] + (row + 0.5) * cell
            if shot.getpixel((round(x), round(y))) < 80:
                dark.add(n)
        assert dark == PIPS.get(face, set()), (forced, face, dark)
        edge = shot.getpixel((round(die["x"] + die["pad"] / 2), round(die["y"] + die["pad"] + die["inner"] / 2)))
        assert edge > 200, (forced, face, edge)  # the die's white between its left edge and its pips
    page.close()
