"""What sealing costs per message, beside what encoding the same message as JSON costs.

    python bench/seal_cost.py [--games 3] [--repeat 200]

Plays random six-player games with the engine and keeps the messages a host sends (each screen's
whole message every 25 acts, and its ``update`` after every act: the change, as
``companion.wire.updates`` computes it), then for each one measures, in microseconds on this machine:
its compact JSON encoding (what the host does today for every message: the baseline), sealing
that text (``companion.seal.Seal.seal``: the host's extra work per socket) and opening it (a page's
extra work, and the host's for each message a page sends). Prints them by size, with the bytes
sealing adds (a sealed frame is ``4 * ceil((40 + n) / 3)`` characters for ``n`` bytes of text); then
the sums over each act's updates to the seven screens (the baseline encodes each screen's message
whole, where the host encodes the public part once for all of them), and the bytes sealing adds at
the bytes per act ``bench/latency.py`` measures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.seal import HostKey, PageSeal, Replays, open_auth
from companion.wire.updates import diff
from engine import BANKER, Game
from tests.engine.randomplay import concrete

WHOLE_EVERY = 25
BUCKETS = ((0, 300), (300, 1_000), (1_000, 4_000), (4_000, 40_000))
"""JSON sizes in bytes: a phone's update (p50 about 270), a table screen's (p50 about 370, mean
1,300), a large update (a log page, a new phase), a whole message (16 to 20 KB)."""
PER_ACT_BYTES = 4_243
"""Bytes of JSON one act sends a seven-screen table (``bench/latency.py``, mean, before sealing)."""


def host_messages(games: int) -> list[tuple[tuple[int, int] | None, dict[str, Any]]]:
    """The messages of ``games`` random games, as the host sends them to the table screen and six
    phones, each with its game and act (None for a whole message, which no act sends)."""
    out: list[tuple[tuple[int, int] | None, dict[str, Any]]] = []
    for n in range(games):
        rnd = random.Random(n)
        game = Game.new([f"P{i}" for i in range(6)], seed=f"seal-cost-{n}")
        seats: list[int | None] = [None, *range(6)]
        last: dict[int | None, dict[str, Any]] = {}
        acts = 0
        while not game.over and acts < 400:
            for seat in seats:
                now = {"view": game.view(seat), "legal_actions": game.legal_actions(BANKER if seat is None else seat)}
                if acts % WHOLE_EVERY == 0:
                    out.append((None, {"v": acts, "public": now}))
                elif (change := diff(last.get(seat), now)) is not None:
                    out.append(((n, acts), {"v": acts, "base": acts - 1, "own": change}))
                last[seat] = now
            seat = rnd.choice(game.to_act())
            game.apply(seat, concrete(rnd.choice(game.legal_actions(seat)), rnd))
            acts += 1
    return out


def sealed_length(size: float) -> int:
    """A sealed message's characters in its frame, for ``size`` bytes of text: base64 of the nonce,
    the MAC and the text, in a JSON string's quotes."""
    return 4 * math.ceil((40 + size) / 3) + 2


def micros(work: Any, repeat: int) -> float:
    """The mean microseconds of one ``work()`` over ``repeat`` runs (after one to warm up)."""
    work()
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games whose messages are measured (default 3)")
    parser.add_argument("--repeat", type=int, default=200, help="runs of each measure per message (default 200)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        host = HostKey.load(Path(folder))
    auth_fields, page = PageSeal.new(host.public_b64)
    _, opened = open_auth(host, Replays(), auth_fields({}))  # the host's side of the same socket
    assert page.open(opened.seal("agreed")) == "agreed"

    rows: list[tuple[int, float, float, float, int]] = []
    acts: dict[tuple[int, int], list[tuple[int, float, float, float, int]]] = {}
    for act, message in host_messages(args.games):
        text = json.dumps(message, separators=(",", ":"))
        sealed = opened.seal(text)
        row = (
            len(text.encode()),
            micros(lambda m=message: json.dumps(m, separators=(",", ":")), args.repeat),
            micros(lambda t=text: opened.seal(t), args.repeat),
            micros(lambda s=sealed: page.open(s), args.repeat),
            len(sealed) + 2,  # in a JSON string's quotes
        )
        rows.append(row)
        if act is not None:
            acts.setdefault(act, []).append(row)

    print(f"{len(rows)} messages of {args.games} random six-player games; microseconds per message on this machine")
    print("JSON bytes        messages   median bytes   json   seal   open   sealed bytes (added)")
    for low, high in BUCKETS:
        inside = [row for row in rows if low <= row[0] < high]
        if not inside:
            continue
        size, dumped, sealed_us, opened_us, sealed_bytes = (statistics.median(column) for column in zip(*inside))
        print(
            f"{low:>6,} to {high:<7,} {len(inside):>8}   {size:>12,.0f}   {dumped:>4.1f}   {sealed_us:>4.1f}   "
            f"{opened_us:>4.1f}   {sealed_bytes:>12,.0f} (+{sealed_bytes - size:,.0f}, {sealed_bytes / size:.2f}x)"
        )
    sums = [[sum(column) for column in zip(*own)] for own in acts.values()]
    for label, pick in (("median", statistics.median), ("mean", statistics.mean)):
        size, dumped, sealed_us, _, sealed_bytes = (pick(column) for column in zip(*sums))
        print(
            f"one act's updates to the seven screens ({len(sums)} acts, {label}): {size:,.0f} bytes of JSON, "
            f"json {dumped:.0f} us, seal {sealed_us:.0f} us (+{sealed_us / dumped:.0%}), "
            f"{sealed_bytes:,.0f} bytes sealed (+{sealed_bytes - size:,.0f})"
        )
    added = 7 * (sealed_length(PER_ACT_BYTES / 7) - PER_ACT_BYTES / 7)
    print(
        f"at bench/latency.py's {PER_ACT_BYTES:,} bytes per act (seven messages of the mean size): "
        f"+{added:,.0f} bytes (+{added / PER_ACT_BYTES:.0%}); the act's own message: one open on the host, "
        f"{statistics.median(row[3] for row in rows if row[0] < BUCKETS[0][1]):.1f} us"
    )


if __name__ == "__main__":
    main()
