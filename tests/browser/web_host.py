"""The live host as the browser tests start it (``tests/support/cashrun.py``), and the browser
settings they share (``tests/support/browser.py``)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from companion.play.table import SPUN_ALONE
from tests.support.browser import ARGS, CHROMIUM, PHONE, SEED, TABLE, TV
from tests.support.cashrun import Cashrun

__all__ = ["ARGS", "CHROMIUM", "PHONE", "SEED", "SHOTS", "TABLE", "TV", "Host", "Requests", "start_host", "stop_host"]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
Host = Cashrun


def start_host(data_dir: Path, seed: str = SEED, port: int | None = None, reveal_scale: float = 0) -> Host:
    """Without the reveal clock unless ``reveal_scale`` (1 the real one) is given: for a test that
    checks what waits for the stage."""
    return Cashrun(data_dir, port, seed=seed, reveal_scale=reveal_scale)


SPIN_TIMEOUTS: dict[str, int] = {}
"""Per host's data folder: how often an opponent's spin timed out (the table spun alone); the
session's summary prints them (conftest.py)."""


def stop_host(h: Host) -> None:
    SPIN_TIMEOUTS[h.table_url] = sum(SPUN_ALONE in line for line in h.lines)
    h.stop(10)


class Requests:
    """Every URL any page asked for, to check that none goes to another host."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def watch(self, context) -> None:
        context.on("request", lambda r: self.urls.append(r.url))

    def foreign(self, netloc: str) -> list[str]:
        out = []
        for url in self.urls:
            u = urlparse(url)
            if u.scheme in ("data", "blob", "about"):
                continue
            if u.netloc != netloc:
                out.append(url)
        return out
