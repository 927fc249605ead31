"""Start time of the Windows single file under Wine: from the start to the host's first line and to
the table screen answering.

    python bench/windows_start.py FILE.exe [--runs 5] [--pause 5]

Each run starts the ``.exe`` with a fresh data folder on a free 127.0.0.1 port (the same unpacking
and imports as a double-click), times the host's first line and the table screen's HTTP 200, then
stops it with Ctrl+C. (A double-click, with no arguments, also prints a line before the host loads:
tests/packaging/test_windows.py times that one.) ``--pause`` seconds between runs let Wine's server end (it stays 3 s after its
last program): every run then pays Wine's own start too, as a double-click on a real Windows pays
its loader's. Wine's own start is timed apart: the Windows CPython printing nothing (``-c pass``).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "packaging"))

import wine

from bench.host_run import answered
from tests.support.cashrun import Cashrun
from tests.support.loopback import free_port, serving

WAIT = 60.0


def one_start(exe: Path) -> tuple[float, float]:
    """Seconds to the host's first line and to the table screen answering."""
    with tempfile.TemporaryDirectory() as data_dir:
        port = free_port()
        began = time.perf_counter()
        proc = subprocess.Popen(
            ["wine", str(exe), *serving(port, data_dir)],
            env=wine.env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            host = Cashrun(port=port, proc=proc, wait=WAIT)
            answered(host.table_url, began + WAIT)
            return (host.first_line or began) - began, time.perf_counter() - began
        finally:
            os.killpg(proc.pid, signal.SIGINT)
            proc.wait(WAIT)


def wine_alone() -> float:
    began = time.perf_counter()
    subprocess.run(
        ["wine", str(wine.windows_python()), "-c", "pass"], env=wine.env(), stdout=subprocess.PIPE, check=True
    )
    return time.perf_counter() - began


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pause", type=float, default=5.0)
    args = parser.parse_args()
    print(f"{args.file.name}: {args.file.stat().st_size / 1e6:.1f} MB")
    firsts, tables, alone = [], [], []
    for _ in range(args.runs):
        time.sleep(args.pause)
        first, table = one_start(args.file)
        firsts.append(first)
        tables.append(table)
        time.sleep(args.pause)
        alone.append(wine_alone())
    print(f"to the host's first line: {summary(firsts)}")
    print(f"to the table screen answering: {summary(tables)}")
    print(f"Wine starting the Windows CPython alone (-c pass): {summary(alone)}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
