"""The table's status keeps to two lines: a long sentence steps its type down, fitted once on
hidden copies of the status, in the frame it is shown, and left alone after.

The table screen at 1366x768 (English, no touch, reduced motion) on a host without a reveal clock,
after the first roll of a game whose names have 24 letters; the seats without a phone act over a
table socket."""

from __future__ import annotations

from contextlib import contextmanager

from finished_game import TableSocket
from web_host import TABLE, start_host, stop_host

from tests.support.extremes import LONG_NAMES, seat_the_extremes
from tests.support.web_driver import start_game, table_key, wait_log


@contextmanager
def rolled(browser, tmp_path):
    """The table screen after the first roll, the seat that rolled and the page's errors."""
    host = start_host(tmp_path / "data", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="en-GB", reduced_motion="reduce")
    sock = None
    try:
        table = ctx.new_page()
        errors: list[str] = []
        table.on("pageerror", lambda e: errors.append(str(e)))
        seat_the_extremes(table, host.table_url)
        start_game(table)
        sock = TableSocket(host.base, table_key(host))
        view = sock.started()["view"]
        seat = view["turn"]
        roll = next(a for a in sock.latest["table"]["phoneless"][str(seat)] if a["type"] == "roll")
        sock.act(roll, seat)
        view = sock.latest["view"]
        wait_log(table, view["log_start"] + len(view["log"]))
        yield table, seat, errors
    finally:
        if sock:
            sock.close()
        ctx.close()
        stop_host(host)


# The status's step and size now and over the next ten frames, and every change to its attributes.
STEADY = """async () => {
  const s = document.querySelector('[data-out="status"]');
  const changes = [];
  const watch = new MutationObserver((list) => { for (const m of list) changes.push(m.attributeName); });
  watch.observe(s, { attributes: true });
  const seen = [];
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const cs = getComputedStyle(s);
    seen.push([s.dataset.long || '', (s.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / parseFloat(cs.lineHeight)]);
  }
  watch.disconnect();
  return { text: s.textContent, seen, changes };
}"""


# The status shows other words (the opening's) for a few frames, then its words from before again:
# its step right after that render (in the same task) and every change to it in the next frames.
AGAIN = """async () => {
  const { store } = await import('/static/js/table/table-shared.js');
  const frames = async (n) => { for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r)); };
  const s = document.querySelector('[data-out="status"]');
  const msg = store.state.msg;
  store.set({ msg: { ...msg, view: { ...msg.view, opening: true } } });
  await frames(3);
  const other = s.textContent;
  store.set({ msg });
  const now = s.dataset.long;
  const changes = [];
  const watch = new MutationObserver((list) => { for (const m of list) changes.push(m.attributeName); });
  watch.observe(s, { attributes: true });
  await frames(5);
  watch.disconnect();
  return { other, text: s.textContent, now, changes };
}"""


def test_the_status_is_fitted_once_without_motion(browser, tmp_path):
    """1366x768, English, reduced motion: after the first roll the status names a 24-letter name
    in a sentence too long for two lines at its largest type; it is stepped down to two lines in
    the frame it is shown and then left alone: no step changes in the frames after it (a change of
    type seen a frame late would be fitted again at every frame, the type going up and down)."""
    with rolled(browser, tmp_path) as (table, seat, errors):
        got = table.evaluate(STEADY)
        assert LONG_NAMES[seat] in got["text"], got
        assert got["changes"] == [], got
        assert len({step for step, _ in got["seen"]}) == 1 and got["seen"][0][0] not in ("", "0"), got
        assert all(lines <= 2.01 for _, lines in got["seen"]), got
        # Other words, then the same words again: fitted before, they take their step in the render
        # itself (no fit in a later frame changes it).
        again = table.evaluate(AGAIN)
        assert again["other"] != got["text"] and again["text"] == got["text"], again
        assert again["now"] == got["seen"][0][0] and again["changes"] == [], again
        assert not errors, errors


# The seat's player renamed in the message shown (words never fitted, in wide letters that take the
# smallest steps), then three frames: the status's step and lines after them.
RENAMED = """async (seat) => {
  const { store } = await import('/static/js/table/table-shared.js');
  const msg = store.state.msg;
  const players = msg.view.players.map((p) => (p.seat === seat ? { ...p, name: 'W'.repeat(24) } : p));
  store.set({ msg: { ...msg, view: { ...msg.view, players } } });
  for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
  const s = document.querySelector('[data-out="status"]'); const cs = getComputedStyle(s);
  return { text: s.textContent, step: s.dataset.long,
    lines: (s.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / parseFloat(cs.lineHeight) };
}"""


def layouts(cdp) -> int:
    """The page's layouts so far (Chromium's own count)."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "LayoutCount")


def test_new_words_are_fitted_in_one_layout_of_their_copies(browser, tmp_path):
    """1366x768, English, reduced motion: words never fitted that need the type's smaller steps are
    tried at every step in one layout of the hidden copies, not a layout for each step: from the
    render to three frames later the page lays out three times (the page after the render, read
    by the fit; the copies; the frame with the status at its step). A step at a time took one
    layout more for each step tried, six here."""
    with rolled(browser, tmp_path) as (table, seat, errors):
        cdp = table.context.new_cdp_session(table)
        cdp.send("Performance.enable")
        before = layouts(cdp)
        got = table.evaluate(RENAMED, seat)
        assert "W" * 24 in got["text"] and got["step"] in ("3", "4") and got["lines"] <= 2.01, got
        assert layouts(cdp) - before <= 3, (layouts(cdp) - before, got)
        assert not errors, errors
