"""Latency of the host on loopback, where its time goes, and a bare python-socketio server in the same run.

    python bench/latency.py [--acts 200] [--many 25] [--many-acts 40]

Starts ``cashrun`` (``python -m companion.cli``, through ``bench/timings.py``, which records
where each act's time goes inside the host) on a free 127.0.0.1 port with a fresh data
directory. With one table, then with ``--many`` tables at once (the first table is the one
``cashrun`` opens, the others come from the banker's ``new_game``), each table has one table
screen and six phones (python-socketio clients that keep the whole message, as the pages do)
that start a game and play random legal actions at a fixed pace (one act every 0.1 s with
one table, every 0.5 s with many, the tables' acts spread evenly over that half second
rather than all at the same instant). It prints p50 and p99 of the time from an ``act``
sent to the last of the table's seven messages received, and inside the host, from the act
received to applied (the engine), prepared (every socket's message encoded, on the act's thread),
synced (the store's ``COMMIT`` returned, on its own thread meanwhile), committed (both done),
encoded (every message queued) and the last socket written, with the bytes the host wrote per
act to the seven sockets and the size of a table screen's and a phone's message, and each act
in three, joined by its id: the way in (sent to received), the host's part, and the way out
(last written to last received). Then the same for a bare python-socketio
server (threading, simple-websocket, the same Werkzeug server with TCP_NODELAY) that only
broadcasts one message (one of the run's median size) to the seven clients of a room per
act. It also prints the host's memory (RSS, Linux) with one table and the time from start
to the table screen answering.

Each table's seven clients run in their own process from their own loopback address
(127.0.1.N: the host limits sockets and messages per address, as per phone): 175
clients in one Python process measure that process's GIL, not the server. Everything is
bounded and stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.peers import WAIT, Peer, measure, paced
from tests.engine.randomplay import concrete
from tests.loopback import free_port, serving

if TYPE_CHECKING:
    from collections.abc import Iterator

AVOID = ("announce", "auction", "claim_lap")
NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]
ENV = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT), "CASHRUN_REVEAL_SCALE": "0"}
"""Reveals off: the phones' views would wait seconds for the table's stage, which no one watches here."""


def waiting_choices(screen: Peer, phones: list[Peer]) -> list[tuple[int, dict[str, Any]]] | None:
    """Each seat the game waits for with each of its legal actions (but ``AVOID``); None once it is over."""
    view = screen.latest["view"]
    if view["over"]:
        return None
    return [
        (seat, a)
        for seat in view["waiting"]["seats"]
        for a in phones[seat].latest["legal_actions"]
        if a["type"] not in AVOID
    ]


def random_act(
    screen: Peer,
    phones: list[Peer],
    rng: random.Random,
    act_id: str,
    samples: list[float],
    moments: dict[str, tuple[float, float]] | None = None,
) -> bool:
    """One random legal act of a seat the game waits for, timed into ``samples`` (``measure``),
    and when it was sent and last received into ``moments`` by its id; False once the game is over."""
    choices = waiting_choices(screen, phones)
    if choices is None:
        return False
    if choices:
        seat, action = rng.choice(choices)
        message = {"id": act_id, "action": concrete(action, rng)}
        timed = measure(lambda: phones[seat].call("act", message)["ok"], [screen, *phones], samples)
        if timed and moments is not None:
            moments[act_id] = timed
    return True


# One table's seven clients: a worker process.


def host_worker(url: str, key: str, code: str, acts: int, interval: float, seed: int, offset: float) -> dict[str, Any]:
    """Join six phones, start, wait for the go, play; returns the samples, the sizes of the
    messages during play and one of their median size.

    Each table's clients come from their own loopback address, as a family's devices would.
    """
    source = f"127.0.1.{seed + 1}"
    screen = Peer(url, {"table_key": key}, source)
    phones = []
    for name in NAMES:
        phone = Peer(url, {}, source)
        assert phone.call("join", {"code": code, "name": name})["ok"]
        phones.append(phone)
    assert screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    peers = [screen, *phones]
    for peer in peers:
        peer.wait(lambda m: m["kind"] == "game")
    ready()
    before = [len(peer.sizes) for peer in peers]
    rng = random.Random(seed)
    samples: list[float] = []
    moments: dict[str, tuple[float, float]] = {}

    paced(acts, interval, lambda i: random_act(screen, phones, rng, f"{seed}-{i}", samples, moments), offset)
    sizes = [peer.sizes[n:] for peer, n in zip(peers, before)]
    every = sorted(size for own in sizes for size in own)
    median = every[len(every) // 2]
    typical = next(peer.by_size[median] for peer in peers if median in peer.by_size)
    return {
        "samples": samples,
        "moments": moments,
        "table_sizes": sizes[0],
        "phone_sizes": [size for own in sizes[1:] for size in own],
        "typical": typical,
    }


def bare_worker(url: str, room: str, acts: int, interval: float, offset: float) -> dict[str, Any]:
    peers = [Peer(url, {"room": room}, f"127.0.1.{int(room) + 1}") for _ in range(7)]
    ready()
    samples: list[float] = []
    paced(
        acts,
        interval,
        lambda i: measure(lambda: peers[i % 7].call("act", {"room": room})["ok"], peers, samples) or True,
        offset,
    )
    return {"samples": samples}


def ready() -> None:
    """Tell the bench this worker is set up, and wait for its go.

    What the worker holds by now (its imports, its clients) leaves the garbage collector's sight
    (``gc.freeze``). Each worker's first full collection in the run took 15 to 42 ms, at about the
    same act in all 25 workers, and every message of the worker's clients waited through it: that
    was the 25 tables' p99. The clients stand in for phones, whose collector is not the laptop's."""
    gc.freeze()
    print("ready", flush=True)
    sys.stdin.readline()


def run_workers(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Start the workers, let them all go at once, collect what each prints last."""
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, f"--worker={json.dumps(spec)}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for spec in specs
    ]
    try:
        for proc in procs:
            if proc.stdout.readline().strip() != "ready":
                raise RuntimeError("a worker failed to set up")
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results = []
        for proc in procs:
            out = proc.communicate(timeout=600)[0]
            if proc.returncode == 0:
                results.append(json.loads(out))
        if len(results) < len(procs):  # a client lost its socket (a machine too busy): the others count
            print(f"{len(procs) - len(results)} of {len(procs)} workers failed; their samples are left out", flush=True)
        if not results:
            raise RuntimeError("every worker failed")
        return results
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


# The servers.


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
        if "table?key=" in line:
            key = line.split("key=")[1].strip()
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
    parser.add_argument("--worker", type=json.loads, help=argparse.SUPPRESS)
    parser.add_argument(
        "--mode",
        choices=("threading", "gevent", "eventlet"),
        default="threading",
        help="the async mode of the bare server, and of the host by patching it whole "
        "(gevent, eventlet: install them first)",
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # run the clean-ups below when stopped
    if args.worker:
        spec = args.worker
        worker = host_worker if spec.pop("kind") == "host" else bare_worker
        print(json.dumps(worker(**spec)), flush=True)
        return

    with (
        tempfile.TemporaryDirectory() as scratch,
        running_host(Path(scratch) / "timings.json", args.mode) as (proc, url, key, code, started),
    ):
        timings = Path(scratch) / "timings.json"
        answered(f"{url}/table?key={key}", started + WAIT)
        ready_after = time.perf_counter() - started
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
                }
            ]
        )
        inside_one = inside(proc, timings)
        memory = rss_mb(proc.pid)
        banker = Peer(url, {"table_key": key})
        tables = []
        for n in range(args.many):
            time.sleep(0.25)  # within the banker's rate of messages and of new sockets
            answer = banker.call("act", {"id": f"new-{n}", "action": {"type": "new_game"}})
            lobby = Peer(url, {"table_key": answer["table_key"]})
            tables.append((answer["table_key"], lobby.wait(lambda m: True)["table"]["code"]))
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
                }
                for n, (k, c) in enumerate(tables)
            ]
        )
        inside_many = inside(proc, timings)

    typical = first["typical"]
    print(
        f"{args.mode} mode; loopback only; the bare server sends {len(json.dumps(typical, separators=(',', ':')))} bytes of JSON "
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
