"""Readable from the sofa: the table screen with six players at a laptop's 1366×768 and a
television's 1920×1080 (no touch, English, light theme), without page scrolling, nothing cut,
squeezed or covered (`fit_check`). The extremes (long names, eight digits, other sizes) are in
test_table_extremes.py.
"""

from __future__ import annotations

import json

import pytest
from board_editor import board_24
from fit_check import check_table

from tests.support.web_driver import Frames, seat_without_phones, settle, start_game

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]
LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}
pytestmark = pytest.mark.reveal_clock  # the page with reduced motion waits for the host's clock (start_six)

MEASURE = """() => {
  const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
  const stage = document.querySelector('.stage');
  stage.dataset.focus = 'spin';  // the wheel as it is shown for a spin
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; };
  const out = {
    scrolls: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
    money: px('.tp-money'), history: px('.history li'), chip: px('.tplayer .casino-chip'), status: px('[data-out="status"]'),
    wheel: document.querySelector('.wheel').getBoundingClientRect().height, height: innerHeight,
    players: [...document.querySelectorAll('.tplayer')].map(inside),
    turnOutline: (() => {  // whole: not cut by the column, which scrolls (and clips) its panels
      const p = document.querySelector('.tplayer.turn');
      if (!p) return null;
      const cs = getComputedStyle(p), o = parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
      const r = p.getBoundingClientRect(), c = p.closest('.col-players').getBoundingClientRect();
      return r.top - o >= c.top - 0.5 && r.left - o >= c.left - 0.5 && r.right + o <= c.right + 0.5 && r.bottom + o <= c.bottom + 0.5;
    })(),
    stage: inside(stage),
  };
  delete stage.dataset.focus;
  return out;
}"""


def open_table(browser, host, viewport):
    ctx = browser.new_context(viewport=viewport, locale="en-GB", color_scheme="light", reduced_motion="reduce")
    page = ctx.new_page()
    page.wire = Frames(page, host)  # what the page sent over its socket, opened
    page.goto(host.table_url)
    settle(page)
    return ctx, page


SHOWN_WHOLE = """() => document.querySelector('.stage') && document.querySelector('.bar .speech-btn')
  && document.querySelectorAll('.tplayer .need-mark').length === 6"""


def shown_whole(page) -> None:
    """Wait for the game's screen with what it loads when first needed (table.js: the screen itself,
    the spoken results' switch; table-game.js: the progress marks): each arrives with a render of its
    own, and a measure taken before it saw an empty grid or a stage the seats' buttons squeezed."""
    page.wait_for_function(SHOWN_WHOLE)


def start_six(page) -> None:
    seat_without_phones(page, NAMES)
    start_game(page)
    # Reduced motion: the page plays nothing and ends no reveal itself; it shows the opening rolls when
    # the host's clock ends (12 s at most) and till then says so.
    page.locator('.stage[data-playing] [data-out="stage"]').wait_for()
    page.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=20_000)
    assert page.wire.acts and not any(action["type"] == "skip_reveal" for action in page.wire.acts)


def test_six_players_fit_and_the_type_grows_with_the_screen(browser, host, shots):
    sizes = {}
    for label, viewport in (("1366x768", LAPTOP), ("1920x1080", TV)):
        ctx, page = open_table(browser, host, viewport)
        if viewport == LAPTOP:
            start_six(page)
        shown_whole(page)
        page.screenshot(path=shots / f"six-players-{label}.png")
        got = page.evaluate(MEASURE)
        check_table(page, f"six players at {label}")
        assert not got["scrolls"], got
        assert all(got["players"]) and len(got["players"]) == 6 and got["stage"], got
        assert got["turnOutline"] is True, got
        if viewport == LAPTOP:
            assert got["money"] >= 32 and got["status"] >= 32, got
            assert got["history"] >= 20 and got["chip"] >= 20, got
            assert got["wheel"] >= got["height"] / 2, got
        sizes[label] = got
        ctx.close()
    assert sizes["1920x1080"]["money"] > sizes["1366x768"]["money"]
    assert sizes["1920x1080"]["history"] > sizes["1366x768"]["history"]


RING = """async () => {
  const stage = document.querySelector('.stage');
  stage.dataset.focus = 'spin';
  // The stage as it is once every pawn is placed (the seats' buttons below it take room while they
  // show), after the ring has followed its new size.
  const seats = document.querySelector('.phoneless-box');
  if (seats) seats.style.display = 'none';
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = (el) => el.getBoundingClientRect();
  const tiles = [...document.querySelectorAll('.board-ring.on-stage .tile')].map(box);
  const wheel = box(document.querySelector('.wheel')), s = box(stage);
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = {
    scrolls: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
    tiles: tiles.length, size: tiles.length ? tiles[0].width : 0, wheel: wheel.height, height: innerHeight,
    inStage: tiles.every((t) => t.left >= s.left - 0.5 && t.right <= s.right + 0.5 && t.top >= s.top - 0.5 && t.bottom <= s.bottom + 0.5),
    apart: tiles.every((a, i) => tiles.every((b, j) => i === j || !overlap(a, b))),
    wheelClear: tiles.every((t) => !overlap(t, wheel)),
    stageInside: s.bottom <= innerHeight + 0.5,
  };
  delete stage.dataset.focus;
  if (seats) seats.style.display = '';
  return out;
}"""


def test_six_players_and_a_board_ring_fit(browser, host, tmp_path, shots):
    board = tmp_path / "board.json"
    board.write_text(json.dumps(board_24()))
    for label, viewport in (("1366x768", LAPTOP), ("1920x1080", TV)):
        ctx, page = open_table(browser, host, viewport)
        if viewport == LAPTOP:
            page.locator('[data-details="boardOpen"] summary').click()
            page.locator("[data-board-file]").set_input_files(board)
            page.locator('[data-out="board-note"]').wait_for()
            start_six(page)
        page.locator(".board-ring.on-stage .tile").first.wait_for()
        shown_whole(page)
        got = page.evaluate(RING)
        page.screenshot(path=shots / f"six-players-board-{label}.png")
        check_table(page, f"six seats placing their pawns at {label}")
        assert not got["scrolls"] and got["stageInside"], got
        assert got["tiles"] == 24 and got["inStage"] and got["apart"] and got["wheelClear"], got
        assert got["size"] >= 36 and got["wheel"] >= got["height"] / 3, got
        ctx.close()
