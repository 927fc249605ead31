"""Size and start time of the single-file ``cashrun`` (packaging/build_single_file.py).

    python bench/single_file.py [FILE] [--runs 5]

FILE defaults to the newest ``dist/cashrun-*``. Each run starts the file with a fresh data
folder on a free 127.0.0.1 port and times it from the start to the table screen answering
(HTTP 200 for ``/table?key=...``), then stops it. The same is timed for this checkout's
``python -m companion.cli`` in the same run, as the reference for a busy machine. The single
file unpacks itself into a temporary folder at every start, so every run pays for that.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.host_run import answered
from tests.support.cashrun import Cashrun

WAIT = 60.0


def start_times(program: list[str] | None, runs: int) -> list[float]:
    """Seconds from start to the table screen answering, one per run."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as data_dir:
            host = Cashrun(Path(data_dir), program=program, wait=WAIT)
            try:
                answered(host.table_url, host.started + WAIT)
                times.append(time.perf_counter() - host.started)
            finally:
                host.stop(WAIT)
    return times


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="the single file (default: the newest dist/cashrun-*)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    built = sorted((ROOT / "dist").glob("cashrun-*"), key=lambda p: p.stat().st_mtime)
    path = args.file or (built[-1] if built else None)
    if path is None or not path.is_file():
        sys.exit("no single file: build it with python packaging/build_single_file.py")
    print(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB ({path.stat().st_size} bytes)")
    print(
        f"single file, start to the table screen answering ({args.runs} runs): "
        f"{summary(start_times([str(path.resolve())], args.runs))}"
    )
    print(f"python -m companion.cli, the same ({args.runs} runs): {summary(start_times(None, args.runs))}")


if __name__ == "__main__":
    main()
