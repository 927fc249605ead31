"""The table screen's first load stays under 300 KB and the NaCl library: everything the page asks
for until the lobby shows (HTML with the icon sprite, CSS, every module, the Socket.IO client,
tweetnacl-js, the translations), uncompressed as the host serves it (1366×768, no touch, English); the board map's
editor is not part of it."""

from __future__ import annotations

from urllib.parse import urlparse

from web_host import TABLE

from tests.support.web_driver import settle

LIMIT = 300 * 1024 + 32_110
"""300 KiB, and tweetnacl-js's nacl-fast.min.js (32,110 bytes) for the sealed messages."""


def test_table_page_weight(browser, host):
    ctx = browser.new_context(**TABLE, locale="en-GB")
    page = ctx.new_page()
    bodies: dict[str, int] = {}
    page.on(
        "response",
        lambda r: bodies.__setitem__(r.url, len(r.body())) if r.request.resource_type != "websocket" else None,
    )
    page.goto(host.table_url)
    settle(page)
    page.wait_for_load_state("networkidle")
    total = sum(bodies.values())
    print(f"\ntable page first load: {total} bytes in {len(bodies)} files (limit {LIMIT})")
    for url, n in sorted(bodies.items(), key=lambda x: -x[1]):
        print(f"  {n:7d}  {urlparse(url).path}")
    assert any(urlparse(url).path.endswith("/table.js") for url in bodies)
    # The board map's editor comes the first time it opens, its style sheet with it.
    assert not any("board-editor" in url for url in bodies)
    page.locator('[data-details="boardOpen"] summary').click()
    page.locator(".board-sheet").wait_for()
    assert {"/static/js/board/board-editor.js", "/static/css/board-editor.css"} <= {
        urlparse(url).path for url in bodies
    }
    assert page.evaluate("getComputedStyle(document.querySelector('.board-sheet')).position") == "fixed"
    assert total < LIMIT, total
    ctx.close()
