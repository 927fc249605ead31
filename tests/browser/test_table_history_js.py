"""The table's history (web/static/js/table/table-history.js) keeps each line the node it was: the newest
8 in a list always drawn, the next 16 in a list drawn while in view, the rest up to 80 in a list
drawn when scrolled to, each line moved from list to list as new ones come, in order.

Runs in Chromium on the join page (the module writes with the page's translations); no viewport
of interest: what is drawn is table.css's part, checked by the table's own tests."""

from __future__ import annotations

from engine import Game

FEED = """async ([view, events, counts]) => {
  const { History } = await import('/static/js/table/table-history.js');
  const history = new History();
  document.body.append(history.el);
  const seen = new WeakMap();
  let made = 0;
  // The same event objects from view to view, as the page's patched message keeps them.
  return counts.map((n) => {
    history.update({ ...view, log: events.slice(0, n), log_start: 0 }, []);
    const lists = [...history.el.querySelectorAll('ol')];
    const lines = lists.flatMap((ol) => [...ol.children]);
    for (const li of lines) if (!seen.has(li)) seen.set(li, made++);
    return { lists: lists.map((ol) => [ol.className, ol.children.length, Number(ol.getAttribute('start'))]),
             texts: lines.map((li) => li.textContent), nodes: lines.map((li) => seen.get(li)) };
  });
}"""


ROLLS = [{"type": "dice", "seat": k % 3, "values": [k // 6 % 6 + 1, k % 6 + 1]} for k in range(82)]


def test_lines_move_down_the_lists_and_stay_the_nodes_they_were(browser, served):
    page = browser.new_page(locale="en-GB")
    page.goto(f"{served.base}/j/{served.code}")
    page.wait_for_function("() => document.documentElement.lang")
    view = Game.new(["Ann", "Bob", "Cas"], seed="history").view(None)
    shown = page.evaluate(FEED, [view, ROLLS, [5, 9, 30, 81, 82, 3]])
    assert [s["lists"] for s in shown] == [
        [["history", 5, 5]],
        [["history", 8, 9], ["history later", 1, 1]],
        [["history", 8, 30], ["history later", 16, 22], ["history older", 6, 6]],
        [["history", 8, 81], ["history later", 16, 73], ["history older", 56, 57]],
        [["history", 8, 82], ["history later", 16, 74], ["history older", 56, 58]],
        [["history", 3, 3]],  # a log of three (a new game): the other lists leave the page
    ]
    # The newest on top, the oldest of the 80 at the bottom; every line shown before is the node it
    # was, in the same order, under the new ones.
    assert shown[3]["texts"][0] == "Cas rolls 2 + 3 = 5" and shown[3]["texts"][-1] == "Bob rolls 1 + 2 = 3"
    for before, after, new in zip(shown, shown[1:5], (4, 21, 51, 1)):
        kept = len(after["nodes"]) - new
        assert after["nodes"][new:] == before["nodes"][:kept] and after["texts"][new:] == before["texts"][:kept]
        assert not set(after["nodes"][:new]) & set(before["nodes"])
    page.close()
