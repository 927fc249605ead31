"""Does preparing a game act's messages while its commit syncs help? An A/B in one process.

    python bench/overlap.py [--blocks 24]

Plays six-phone games through the Flask-SocketIO test client on the real database (a fresh data
directory, every act synced), in blocks of 25 acts that alternate between the host as built
(``Record.commit`` runs its ``meanwhile``, the messages, while the database's thread commits) and
the same host with the messages prepared after the commit. Alternating blocks in one process
shares out what other processes take from the machine. Prints each way's act round trip
(p50, p90, mean) in ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "host"))

from hostkit import Client, FakeClock, fake_app, join

from companion.saving import record
from tests.engine.randomplay import concrete

AS_BUILT = record.Record.commit
AVOID = ("announce", "auction", "claim_lap")


def after_the_commit(self: record.Record, *args: Any, meanwhile: Any = None, **options: Any) -> Any:
    """``Record.commit`` as it was: the messages are prepared once the commit returned."""
    AS_BUILT(self, *args, **options)
    return meanwhile() if meanwhile is not None else None


def new_game(seed: int) -> tuple[FakeClock, Client, list[Client]]:
    clock = FakeClock()
    app = fake_app(Path(tempfile.mkdtemp()), clock, seed=f"overlap-{seed}", reveal_scale=0)
    table = app.extensions["cashrun"].new_table()
    screen = Client(app, {"table_key": table.key})
    phones = [join(app, table, name) for name in ("Ann", "Bob", "Cas", "Dee", "Eve", "Fay")]
    assert screen.act({"type": "start"})["ok"]
    return clock, screen, phones


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=24)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"prepared during the commit": [], "prepared after the commit": []}
    rng = random.Random(1)
    games = 0
    clock, screen, phones = new_game(games)
    for block in range(args.blocks):
        way = list(times)[block % 2]
        record.Record.commit = AS_BUILT if block % 2 == 0 else after_the_commit  # type: ignore[method-assign]
        done = 0
        while done < 25:
            clock.advance(0.2)
            view = screen.view()["view"]
            seats = [] if view["over"] else view["waiting"]["seats"]
            seat = rng.choice(seats) if seats else 0
            choices = [a for a in phones[seat].view()["legal_actions"] if a["type"] not in AVOID] if seats else []
            if not choices:
                games += 1
                clock, screen, phones = new_game(games)
                continue
            began = time.perf_counter()
            if phones[seat].act(concrete(rng.choice(choices), rng))["ok"]:
                times[way].append((time.perf_counter() - began) * 1000)
                done += 1
    record.Record.commit = AS_BUILT  # type: ignore[method-assign]
    for way, samples in times.items():
        samples.sort()
        print(
            f"{way}: p50 {statistics.median(samples):.2f} ms, p90 {samples[int(len(samples) * 0.9)]:.2f} ms,"
            f" mean {statistics.mean(samples):.2f} ms ({len(samples)} acts)"
        )


if __name__ == "__main__":
    main()
