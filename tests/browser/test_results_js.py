"""The phone's result card (web/static/js/phone/results.js) lasts the turn it happened in: a
"−100,000 … buys Casino 9" from the turn before never sits above the next decision (issue 26).

Runs in Chromium on the join page (the module draws with the page's translations); no viewport
of interest."""

from __future__ import annotations

from engine import Game

CARD = """async (views) => {
  const { noteResult, resultCard } = await import('/static/js/phone/results.js');
  return views.map((view) => { noteResult({ kind: 'game', seat: 0, view }); const c = resultCard(); return c ? c.querySelector('.delta').textContent : null; });
}"""


def test_a_result_lasts_its_turn(browser, served):
    page = browser.new_page()
    page.goto(f"{served.base}/j/{served.code}")
    page.wait_for_function("() => document.documentElement.lang")
    view = Game.new(["Ann", "Bob", "Cas"], seed="results").view(None)
    before = {**view, "turn_number": 3}
    paid = {
        **before,
        "players": [{**view["players"][0], "money": view["players"][0]["money"] - 100_000}, *view["players"][1:]],
        "log": [*view["log"], {"type": "bought", "seat": 0, "casino": 8, "amount": 100_000}],
    }
    still = {**paid, "log": [*paid["log"], {"type": "rolled", "seat": 1, "dice": [1, 2]}]}
    next_turn = {**still, "turn_number": 4, "log": [*still["log"], {"type": "turn_started", "seat": 1}]}
    shown = page.evaluate(CARD, [before, paid, still, next_turn])
    assert shown[0] is None and shown[1] and shown[1].startswith("−") and shown[2] == shown[1]
    assert shown[3] is None
    page.close()
