"""``cashrun`` for the benches: started on a free 127.0.0.1 port with a fresh data directory,
answering, its record of the acts (``bench/timings.py``) and its memory read."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.peers import WAIT
from tests.loopback import free_port, serving

if TYPE_CHECKING:
    from collections.abc import Iterator

ENV = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT), "CASHRUN_REVEAL_SCALE": "0"}
"""Reveals off: the phones' views would wait seconds for the table's stage, which no one watches here."""


def start_host(
    data_dir: Path,
    port: int,
    program: list[str] | None = None,
) -> tuple[subprocess.Popen[str], str, str, float]:
    """``cashrun`` (or ``program``, another build of it) started; returns the process, the table
    key, the join code and the start time."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [*(program or [sys.executable, "-m", "companion.cli"]), *serving(port, data_dir)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ENV,
    )
    key = code = ""
    while not key or not code:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("cashrun stopped")
        if "/table" in line and "key=" in line:  # /table?key=KEY, or /table#key=KEY&k=HOSTKEY
            key = line.split("key=")[1].split("&")[0].strip()
        if "join code " in line:
            code = line.split("join code ")[1][:4]
    return proc, key, code, started


@contextlib.contextmanager
def running_host(
    timings: Path | None = None,
    mode: str = "threading",
) -> Iterator[tuple[subprocess.Popen[str], str, str, str, float]]:
    """``cashrun`` on a free port with a fresh data directory, killed at the end: the process,
    its address, the table key, the join code and the start time. With ``timings``, it runs
    with the recorder of ``bench/timings.py`` (in the async ``mode``), which writes there (see ``inside``)."""
    port = free_port()
    program = None if timings is None else [sys.executable, str(ROOT / "bench" / "timings.py"), str(timings), mode]
    with tempfile.TemporaryDirectory() as data_dir:
        proc, key, code, started = start_host(Path(data_dir), port, program)
        try:
            yield proc, f"http://127.0.0.1:{port}", key, code, started
        finally:
            proc.kill()
            proc.wait()


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
