"""The live host and the browser settings the browser tests share."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from companion.play.table import SPUN_ALONE
from tests.loopback import free_port, serving

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CASHRUN_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = ROOT / "test-artifacts" / "screenshots"
SEED = "7"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
TABLE = {"viewport": {"width": 1366, "height": 768}}
"""A laptop's screen; TV is a television's."""
TV = {"width": 1920, "height": 1080}


@dataclass
class Host:
    proc: subprocess.Popen
    base: str
    table_url: str
    code: str
    output: list[str] = field(default_factory=list)

    @property
    def netloc(self) -> str:
        return urlparse(self.base).netloc


def start_host(data_dir: Path, seed: str = SEED, port: int | None = None, reveal_scale: float = 0) -> Host:
    """Without the reveal clock unless ``reveal_scale`` (1 the real one) is given: for a test that
    checks what waits for the stage."""
    port = port or free_port()
    env = dict(
        os.environ, CASHRUN_SEED=seed, PYTHONUNBUFFERED="1", LANG="en_US.UTF-8", CASHRUN_REVEAL_SCALE=str(reveal_scale)
    )
    cmd = [sys.executable, "-m", "companion.cli", *serving(port, data_dir)]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True
    )
    lines: list[str] = []
    table = code = None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and (table is None or code is None):
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        lines.append(line)
        m = re.search(r"(http://\S+/table\?key=[\w-]+)", line)
        if m:
            table = m.group(1)
        m = re.search(r"/j/([A-Z]{4})\b", line)
        if m:
            code = m.group(1)
    if table is None or code is None:
        proc.kill()
        raise RuntimeError("cashrun did not start:\n" + "".join(lines))
    # Keep reading its output so the pipe never fills up.
    threading.Thread(target=lambda: [lines.append(x) for x in proc.stdout], daemon=True).start()
    return Host(proc, table.split("/table")[0], table, code, lines)


SPIN_TIMEOUTS: dict[str, int] = {}
"""Per host's data folder: how often an opponent's spin timed out (the table spun alone); the
session's summary prints them (conftest.py)."""


def stop_host(h: Host) -> None:
    SPIN_TIMEOUTS[h.table_url] = sum(SPUN_ALONE in line for line in h.output)
    if h.proc.poll() is None:
        h.proc.terminate()
        try:
            h.proc.wait(10)
        except subprocess.TimeoutExpired:
            h.proc.kill()
            h.proc.wait(5)


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
