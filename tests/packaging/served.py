"""What a started build of ``cashrun`` must serve: the table screen, the phone page and their files."""

from __future__ import annotations

import urllib.request
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.support.cashrun import Cashrun


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.headers.get_content_type(), answer.read()


def check_pages(server: Cashrun) -> None:
    """The table screen and the phone page answer, and so does every file they load."""
    base = server.base
    status, kind, body = fetch(server.table_url)
    assert (status, kind) == (200, "text/html") and b"/static/js/table/table.js" in body
    status, kind, body = fetch(f"{base}/j/{server.code}")
    assert (status, kind) == (200, "text/html") and b"/static/js/phone/phone.js" in body
    for path in (
        "/static/js/table/table.js",
        "/static/js/phone/phone.js",
        "/static/js/core/firstrun.js",
        "/static/vendor/socket.io.esm.min.js",
        "/static/css/table.css",
        "/static/css/board-ring.css",
        "/static/i18n/nl.json",
        "/static/i18n/en.json",
    ):
        status, _, body = fetch(base + path)
        assert status == 200 and body, path
    status, kind, body = fetch(f"{base}/qr.png?key={server.key}")
    assert (status, kind) == (200, "image/png") and body.startswith(b"\x89PNG")
