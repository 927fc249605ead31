"""A six-player game on the table screen for the accessibility tests: every seat starts without a
phone, then the page is told (as the host would tell it) that all but one have a phone, so one
"Play for …" pad shows, as at a family's table with one grandparent without a phone."""

from __future__ import annotations

from tests.support.web_driver import perform, seat_without_phones, settle, start_game

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]

ONE_WITHOUT_PHONE = """async (keep) => {
  const { store } = await import('/static/js/table/table-shared.js');
  const msg = structuredClone(store.state.msg);
  for (const s of Object.keys(msg.table.phoneless)) if (Number(s) !== keep) msg.table.phoneless[s] = [];
  msg.table.phones = msg.view.players.map((p) => p.seat !== keep);
  store.set({ msg });
}"""
"""The table's message with one seat without a phone (`keep`); the others have one."""

IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return { sel, text: el.textContent.trim().slice(0, 40), top: Math.round(r.top), bottom: Math.round(r.bottom),
           whole: r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth };
})"""
"""Each element the selector finds: whole inside the window or not, and where it is."""


def start_six(page) -> None:
    """Six seats without a phone, the game started and its opening rolls shown (reduced motion)."""
    seat_without_phones(page, NAMES)
    start_game(page)
    page.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''")
    settle(page)


def table_message(page) -> dict:
    return page.evaluate("async () => (await import('/static/js/table/table-shared.js')).store.state.msg")


def start_auction(page) -> tuple[int, list[int]]:
    """The current player auctions their first casino on the table screen; returns the seller and
    the bidders' seats."""
    msg = table_message(page)
    seller = msg["view"]["turn"]
    offer = next(a for a in msg["table"]["phoneless"][str(seller)] if a["type"] == "auction")
    perform(page, offer, scope=f'.phoneless[data-seat="{seller}"]', pad=False)
    page.wait_for_function("() => document.querySelector('.stage.auction')")
    settle(page)
    bidders = [
        int(s) for s, acts in table_message(page)["table"]["phoneless"].items() if any(a["type"] == "bid" for a in acts)
    ]
    return seller, bidders


def in_view(page, selector: str) -> list[dict]:
    return page.evaluate(IN_VIEW, selector)
