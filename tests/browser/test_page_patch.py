"""An update patches the screen, it does not rebuild it: after a change from the host the nodes of
every part whose data did not change are the same objects, untouched (a MutationObserver sees no
change inside them), and a changed part is patched where it changed.

The table screen at 1366x768 (English, no touch) and a phone at 360x640 (touch, English), on a
host without a reveal clock; the seats without a phone and the banker act over a table socket."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from finished_game import TableSocket
from phone_fit import SMALL_PHONE
from web_driver import settle, wait_log
from web_host import TABLE, start_host, stop_host

# Each node under #app gets a number; a MutationObserver notes every node a change touched.
MARK = """() => {
  let n = 0;
  for (const el of document.querySelectorAll('#app *')) el.__n = ++n;
  window.__touched = [];
  window.__watch?.disconnect();
  window.__watch = new MutationObserver((list) => { for (const m of list) window.__touched.push(m.target); });
  window.__watch.observe(document.querySelector('#app'), { subtree: true, childList: true, attributes: true, characterData: true });
}"""
# For a selector: whether each match is a node from before (numbered), and whether a change touched
# anything inside it.
LOOK = """(sel) => [...document.querySelectorAll(sel)].map((el) => ({
  kept: el.__n !== undefined,
  touched: window.__touched.filter((t) => el.contains(t)).map((t) => t.nodeType === 3 ? `text:${t.parentNode.className}` : t.className || t.nodeName),
}))"""
TEXTS = "(sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent)"


def test_an_update_patches_only_what_changed(browser, tmp_path):
    host = start_host(tmp_path / "data", reveal_scale=0)
    tctx = browser.new_context(**TABLE, locale="en-GB")
    pctx = browser.new_context(**SMALL_PHONE, locale="en-GB")
    sock = None
    try:
        phone = pctx.new_page()
        phone.goto(f"{host.base}/j/{host.code}")
        phone.locator('[data-input="name"]').fill("Ann")
        phone.locator('[data-act="join"]').click()
        phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
        table = tctx.new_page()
        errors: list[str] = []
        for page in (table, phone):
            page.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(host.table_url)
        settle(table)
        sock = TableSocket(host.base, parse_qs(urlparse(host.table_url).query)["key"][0])
        for name in ("Bob", "Cas"):
            sock.act({"type": "add_player", "name": name})
        sock.act({"type": "start"})
        view = sock.started()["view"]
        end = view["log_start"] + len(view["log"])
        for page in (table, phone):
            page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
            wait_log(page, end)
        phone.locator(".table-info summary").tap()  # the phone's table list is built once open
        phone.locator(".table-info .others li").first.wait_for()
        for page in (table, phone):
            page.evaluate(MARK)
        money_before = table.evaluate(TEXTS, '.tplayer[data-seat="2"] .tp-money')
        # The banker gives Cas (seat 2, no phone) 100,000: her money and the history change, nothing else.
        transfer = next(
            a for a in sock.latest["legal_actions"] if a["type"] == "transfer" and a["from"] == "bank" and a["to"] == 2
        )
        sock.act(dict(transfer, amount=100_000, reason="Test"))
        view = sock.latest["view"]
        for page in (table, phone):
            wait_log(page, view["log_start"] + len(view["log"]))

        assert table.evaluate(TEXTS, '.tplayer[data-seat="2"] .tp-money') != money_before
        for seat in (0, 1):
            assert table.evaluate(LOOK, f'.tplayer[data-seat="{seat}"]') == [{"kept": True, "touched": []}], seat
        # Cas's panel: the same node, only her money's text patched.
        cas = table.evaluate(LOOK, '.tplayer[data-seat="2"]')
        assert cas[0]["kept"] and set(cas[0]["touched"]) <= {"tp-money", "text:tp-money"}, cas
        # The history: the new lines on top, every line from before the same node, untouched.
        lines = table.evaluate(LOOK, ".history li")
        new = next(i for i, line in enumerate(lines) if line["kept"])
        assert new >= 1 and all(line == {"kept": True, "touched": []} for line in lines[new:]), lines
        for sel in (".col-players", ".for-sale", '[data-out="status"]', ".bar"):
            assert all(x["kept"] for x in table.evaluate(LOOK, sel)), sel
        assert table.evaluate(LOOK, ".for-sale") == [{"kept": True, "touched": []}]

        # The phone of Ann (seat 0): her panel and cards untouched, Cas's line in the table list patched.
        for sel in ("section.me", ".card-row", ".table-info summary"):
            assert phone.evaluate(LOOK, sel) == [{"kept": True, "touched": []}], sel
        others = phone.evaluate(LOOK, ".table-info .others li")
        assert [o["kept"] for o in others] == [True, True], others
        assert others[0]["touched"] == [] and others[1]["touched"], others
        assert phone.evaluate(LOOK, "main.screen")[0]["kept"]
        assert not errors, errors
    finally:
        if sock:
            sock.close()
        tctx.close()
        pctx.close()
        stop_host(host)
