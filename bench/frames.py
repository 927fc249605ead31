"""Frames written by the act's own thread, against a hop to each socket's writer thread: an A/B in one host.

    python bench/frames.py [--blocks 16]

Starts ``cashrun`` through ``bench/timings.py`` (as ``bench/latency.py`` does) with one table:
its screen and six phones (python-socketio clients of this process) start a
game and play random legal actions, one every 0.1 s, in blocks of 25 acts. The blocks
alternate between the host as built (``FrameQueue``: the thread that sends a message writes
its frame) and the hop it replaced (each frame left to the socket's writer thread, as
Engine.IO's own queue does), switched between blocks by SIGUSR2 (``timings.py``).
Alternating blocks in one run shares out what other processes take from the machine. Prints
each way's p50, p90 and p99 in ms, from an act sent to the last of the seven messages received.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.host_run import answered, running_host
from bench.latency_clients import NAMES, random_act
from bench.peers import paced, started_game
from tests.support.client import WAIT

BLOCK = 25
WAYS = ("written by the sending thread", "left to the writer thread")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=16)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as scratch,
        running_host(Path(scratch) / "timings.json") as host,
    ):
        answered(host.table_url, host.started + WAIT)
        screen, phones = started_game(host, NAMES)
        rng = random.Random(1)
        samples: dict[str, list[float]] = {way: [] for way in WAYS}

        def step(i: int) -> bool:
            if i and i % BLOCK == 0:
                host.proc.send_signal(signal.SIGUSR2)
                time.sleep(0.02)  # the host's main thread takes the signal
            return random_act(screen, phones, rng, f"f-{i}", samples[WAYS[i // BLOCK % 2]])

        paced(args.blocks * BLOCK, 0.1, step, 0.0)
        for peer in (screen, *phones):
            peer.sio.disconnect()
    for way, seconds in samples.items():
        times = sorted(1000 * s for s in seconds)
        n = len(times)
        print(
            f"{way}: p50 {times[n // 2]:.2f} ms, p90 {times[n * 9 // 10]:.2f} ms, "
            f"p99 {times[min(n - 1, n * 99 // 100)]:.2f} ms ({n} acts)"
        )


if __name__ == "__main__":
    main()
