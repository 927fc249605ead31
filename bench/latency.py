"""Latency of the host on loopback, where its time goes, and a bare python-socketio server in the same run.

    python bench/latency.py [--acts 200] [--many 25] [--many-acts 40] [--sealed]

Starts ``cashrun`` (``python -m companion.cli``, through ``bench/timings.py``, which records
where each act's time goes inside the host) on a free 127.0.0.1 port with a fresh data
directory (``bench/host_run.py``). With one table, then with ``--many`` tables at once (the first table is the one
``cashrun`` opens, the others come from the banker's ``new_game``), each table has one table
screen and six phones (python-socketio clients that keep the whole message, as the pages do)
that start a game and play random legal actions at a fixed pace (one act every 0.1 s with
one table, every 0.5 s with many, the tables' acts spread evenly over that half second
rather than all at the same instant). It prints p50 and p99 of the time from an ``act``
sent to the last of the table's seven messages received, and inside the host, from the act
received to applied (the engine), prepared (every socket's message encoded, on the act's thread),
synced (the database's ``COMMIT`` returned, on its own thread meanwhile), committed (both done),
encoded (every message queued) and the last socket written, with the bytes the host wrote per
act to the seven sockets and the size of a table screen's and a phone's message, and each act
in three, joined by its id: the way in (sent to received), the host's part, and the way out
(last written to last received). Then the same for a bare python-socketio
server (threading, simple-websocket, the same Werkzeug server with TCP_NODELAY, pinging as often
as the host) that only
broadcasts one message (one of the run's median size) to the seven clients of a room per
act. It also prints the host's memory (RSS, Linux) with one table and the time from start
to the table screen answering.

Each table's seven clients run in their own process (``bench/latency_clients.py``) from
their own loopback address (127.0.1.N: the host limits sockets and messages per address, as per
phone): 175 clients in one Python process measure that process's GIL, not the server. Everything is
bounded and stops by itself.

With ``--sealed`` every client of the tables connects sealed, as the pages do
(``tests/support/client.py``'s ``Peer`` with ``sealed``): each message both ways is sealed and opened, and
the bytes written are the sealed frames'. The messages' JSON sizes are the opened texts'.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.host_run import ENV, answered, inside, rss_mb, running_host
from bench.latency_clients import run_workers
from bench.peers import new_peer
from tests.support.client import WAIT
from tests.support.loopback import free_port


def run_bare(message: dict[str, Any], rooms: int, acts: int, interval: float, mode: str) -> list[float]:
    """The same clients and pace against ``bench/bare.py`` in the async ``mode``."""
    port = free_port()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(message, file)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "bare.py"), str(port), file.name, mode],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        answered(f"{url}/socket.io/?EIO=4&transport=polling", time.perf_counter() + WAIT)
        results = run_workers(
            [
                {
                    "kind": "bare",
                    "url": url,
                    "room": str(r),
                    "acts": acts,
                    "interval": interval,
                    "offset": r * interval / rooms,
                }
                for r in range(rooms)
            ]
        )
        return [s for result in results for s in result["samples"]]
    finally:
        proc.kill()
        proc.wait()
        os.unlink(file.name)


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


def report(label: str, samples: list[float]) -> tuple[float, float]:
    p50, p99 = percentiles(samples)
    print(f"{label}: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(samples)} acts)", flush=True)
    return p50, p99


def report_inside(label: str, acts: list[dict[str, Any]]) -> None:
    """Where the acts' time went inside the host, and the bytes it wrote per act."""
    if len(acts) < 2:
        print(f"inside the host, {label}: not measured ({len(acts)} acts recorded)")
        return
    stages = ", ".join(
        f"{stage} {p50:.2f} / {p99:.2f}"
        for stage in ("applied", "prepared", "synced", "committed", "encoded", "written")
        for p50, p99 in [percentiles([act[stage] / 1000 for act in acts])]
    )
    print(f"inside the host, {label} (ms after the act is received, p50 / p99): {stages}")


def report_ways(label: str, results: list[dict[str, Any]], acts: list[dict[str, Any]]) -> None:
    """Each act in three, joined by its id: from the client's send to the host receiving it (the way
    in), the host's part (to its last socket written) and from there to the last client's receipt
    (the way out). Both sides read the same monotonic clock."""
    sent = {i: m for result in results for i, m in result["moments"].items()}
    ways: dict[str, list[float]] = {"in": [], "host": [], "out": []}
    for act in acts:
        if act.get("id") in sent:
            start, last = sent[act["id"]]
            written = act["at"] + act["written"] / 1000
            ways["in"].append(act["at"] - start)
            ways["host"].append(written - act["at"])
            ways["out"].append(last - written)
    if len(ways["in"]) < 2:
        print(f"the ways of an act, {label}: not measured ({len(ways['in'])} acts joined)")
        return
    parts = ", ".join(
        f"{way} {p50:.1f} / {p99:.1f}" for way, values in ways.items() for p50, p99 in [percentiles(values)]
    )
    print(f"the ways of an act, {label} (ms, p50 / p99; {len(ways['in'])} acts): {parts}", flush=True)


def report_bytes(run: dict[str, Any], acts: list[dict[str, Any]]) -> None:
    per_act = [act["bytes"] for act in acts if act["sockets"] == 7]
    if per_act:
        print(
            f"bytes per act to 7 screens, as written: mean {statistics.mean(per_act):,.0f}, "
            f"p50 {statistics.median(per_act):,.0f}, max {max(per_act):,} (goal <= 5,000)"
        )
    for who, sizes in (("table screen", run["table_sizes"]), ("phone", run["phone_sizes"])):
        print(
            f"a {who}'s message per act, JSON bytes: p50 {statistics.median(sizes):,.0f}, "
            f"mean {statistics.mean(sizes):,.0f}, max {max(sizes):,}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=200, help="acts of the one table (default 200)")
    parser.add_argument("--many", type=int, default=25, help="tables at once (default 25)")
    parser.add_argument("--many-acts", type=int, default=40, help="acts per table with many tables (default 40)")
    parser.add_argument(
        "--mode",
        choices=("threading", "gevent", "eventlet"),
        default="threading",
        help="the async mode of the bare server, and of the host by patching it whole "
        "(gevent, eventlet: install them first)",
    )
    parser.add_argument("--sealed", action="store_true", help="the tables' clients connect sealed, as the pages do")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # run the clean-ups below when stopped
    with (
        tempfile.TemporaryDirectory() as scratch,
        running_host(Path(scratch) / "timings.json", args.mode) as host,
    ):
        timings = Path(scratch) / "timings.json"
        proc, url, key, code = host.proc, host.base, host.key, host.code
        answered(host.table_url, host.started + WAIT)
        ready_after = time.perf_counter() - host.started
        host_key = host.host_key if args.sealed else None
        [first] = run_workers(
            [
                {
                    "kind": "host",
                    "url": url,
                    "key": key,
                    "code": code,
                    "acts": args.acts,
                    "interval": 0.1,
                    "seed": 0,
                    "offset": 0.0,
                    "host_key": host_key,
                }
            ]
        )
        inside_one = inside(proc, timings)
        memory = rss_mb(proc.pid)
        banker = new_peer(url, {"table_key": key})
        tables = []
        for n in range(args.many):
            time.sleep(0.25)  # within the banker's rate of messages and of new sockets
            answer = banker.call("act", {"id": f"new-{n}", "action": {"type": "new_game"}})
            lobby = new_peer(url, {"table_key": answer["table_key"]})
            tables.append((answer["table_key"], lobby.wait_for(lambda m: True)["table"]["code"]))
            lobby.sio.disconnect()
        banker.sio.disconnect()
        inside(proc, timings)  # the lobbies' and the start's messages: not acts of a game
        many = run_workers(
            [
                {
                    "kind": "host",
                    "url": url,
                    "key": k,
                    "code": c,
                    "acts": args.many_acts,
                    "interval": 0.5,
                    "seed": n + 1,
                    "offset": n * 0.5 / args.many,
                    "host_key": host_key,
                }
                for n, (k, c) in enumerate(tables)
            ]
        )
        inside_many = inside(proc, timings)

    typical = first["typical"]
    print(
        f"{args.mode} mode; {'sealed' if args.sealed else 'plain'} clients; loopback only; the bare server sends {len(json.dumps(typical, separators=(',', ':')))} bytes of JSON "
        "per act (a message of the run's median size)",
        flush=True,
    )
    host_one = report("host, 1 table   ", first["samples"])
    host_many = report(f"host, {args.many} tables  ", [s for r in many for s in r["samples"]])
    report_inside("1 table", inside_one)
    report_inside(f"{args.many} tables", inside_many)
    report_ways("1 table", [first], inside_one)
    report_ways(f"{args.many} tables", many, inside_many)
    report_bytes(first, inside_one)
    print(f"p99 host at {args.many} tables: {host_many[1]:.1f} ms (goal < 30 ms)")
    print(
        f"host memory with one table: {memory:.1f} MB (goal <= 55 MB)"
        if memory is not None
        else "host memory with one table: not measured (no /proc)"
    )
    print(f"start to the table screen answering: {ready_after:.2f} s (goal <= 0.4 s)", flush=True)
    bare_one_cuts = report("bare, 1 table   ", run_bare(typical, 1, args.acts, 0.1, args.mode))
    print(
        f"host/bare at 1 table: p50 {host_one[0] / bare_one_cuts[0]:.2f}, p99 {host_one[1] / bare_one_cuts[1]:.2f} "
        "(goal <= 1.3)",
        flush=True,
    )
    report(f"bare, {args.many} tables  ", run_bare(typical, args.many, args.many_acts, 0.5, args.mode))


if __name__ == "__main__":
    main()
