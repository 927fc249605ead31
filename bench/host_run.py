"""``cashrun`` for the benches (``tests/support/cashrun.py``): started on a free 127.0.0.1 port
with a fresh data directory, answering, its record of the acts (``bench/timings.py``) and its
memory read."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.cashrun import Cashrun
from tests.support.client import WAIT

if TYPE_CHECKING:
    import subprocess
    from collections.abc import Iterator

ENV = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT)}
"""The environment of the benches' other processes (clients, attackers, the bare server)."""


@contextlib.contextmanager
def running_host(timings: Path | None = None, mode: str = "threading") -> Iterator[Cashrun]:
    """``cashrun`` on a free port with a fresh data directory and its reveals off (the phones'
    views would wait seconds for the table's stage, which no one watches here), killed at the end.
    With ``timings``, it runs with the recorder of ``bench/timings.py`` (in the async ``mode``),
    which writes there (see ``inside``)."""
    program = None if timings is None else [sys.executable, str(ROOT / "bench" / "timings.py"), str(timings), mode]
    with tempfile.TemporaryDirectory() as data_dir:
        host = Cashrun(Path(data_dir), program=program, env={"PYTHONPATH": str(ROOT)})
        try:
            yield host
        finally:
            host.kill()


def answered(url: str, deadline: float) -> None:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.perf_counter() > deadline:
                raise
            time.sleep(0.005)


def inside(proc: subprocess.Popen[str], timings: Path) -> list[dict[str, Any]]:
    """The host's record of each act since the last call (``bench/timings.py``)."""
    timings.unlink(missing_ok=True)
    proc.send_signal(signal.SIGUSR1)
    deadline = time.perf_counter() + WAIT
    while not timings.exists():
        if time.perf_counter() > deadline:
            raise TimeoutError("the host wrote no timings")
        time.sleep(0.02)
    return json.loads(timings.read_text())


def rss_mb(pid: int) -> float | None:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return None
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None
