"""What a started build of ``cashrun`` must serve: the table screen, the phone page and their files."""

from __future__ import annotations

import urllib.request
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import subprocess

STOP_WAIT = 30.0


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.headers.get_content_type(), answer.read()


def check_pages(table_url: str, code: str) -> None:
    """The table screen (with its key) and the phone page answer, and so does every file they load."""
    base = table_url.split("/table")[0]
    status, kind, body = fetch(table_url)
    assert (status, kind) == (200, "text/html") and b"/static/js/table.js" in body
    status, kind, body = fetch(f"{base}/j/{code}")
    assert (status, kind) == (200, "text/html") and b"/static/js/phone.js" in body
    for path in (
        "/static/js/table.js",
        "/static/js/phone.js",
        "/static/js/firstrun.js",
        "/static/vendor/socket.io.esm.min.js",
        "/static/css/table.css",
        "/static/css/board-ring.css",
        "/static/i18n/nl.json",
        "/static/i18n/en.json",
    ):
        status, _, body = fetch(base + path)
        assert status == 200 and body, path
    key = table_url.split("key=")[1].split("&")[0]  # /table?key=KEY or /table#key=KEY&k=HK
    status, kind, body = fetch(f"{base}/qr.png?key={key}")
    assert (status, kind) == (200, "image/png") and body.startswith(b"\x89PNG")


def stop(proc: subprocess.Popen) -> None:
    """Stop a build as the system stops it at shutdown: SIGTERM, then wait.

    Not SIGKILL: the single file runs as two processes (PyInstaller's bootloader and Python);
    the bootloader passes SIGTERM on and removes the unpacked files afterwards, while a killed
    bootloader would leave Python running and the files behind.
    """
    proc.terminate()
    proc.wait(STOP_WAIT)
    if proc.stdout is not None:
        proc.stdout.close()
