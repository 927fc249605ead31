"""Latency of the host on loopback, against a bare python-socketio server in the same run.

    python bench/latency.py [--acts N] [--tables 1,25]

Starts ``cashrun`` (``python -m companion.cli``) on a free 127.0.0.1 port with a fresh
data directory. For each table count it opens that many tables (the first one ``cashrun``
opens, the others with the banker's ``new_game``), each with one table screen and six
phones (python-socketio clients), starts the games and lets the phones play random legal
actions, each table acting at a fixed pace. It prints p50 and p99 of the time from an
``act`` sent to the last of the table's seven ``view`` messages received. Then the same
for a bare python-socketio server (threading, simple-websocket, TCP_NODELAY) that only
broadcasts one table-sized message to seven clients per act. It also prints the host's
memory (RSS) with one table and the time from start to the table screen answering.
Everything is bounded and stops by itself.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

import socketio

ROOT = Path(__file__).resolve().parents[1]
WAIT = 10.0
AVOID = ("announce", "auction", "finish_lap")
NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Peer:
    """A python-socketio client that notes when each ``view`` arrived.

    It skips websocket-client's UTF-8 check of incoming text, which is pure Python and
    costs about 2 ms per 8 KB message: it would measure the client, not the server (a
    browser checks natively). The bare server's clients skip it too.
    """

    def __init__(self, url: str, auth: dict[str, Any]) -> None:
        self.sio = socketio.Client(reconnection=False, websocket_extra_options={"skip_utf8_validation": True})
        self.arrivals: list[float] = []
        self.latest: dict[str, Any] | None = None
        self.cond = threading.Condition()
        self.sio.on("view", self._view)
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=WAIT)

    def _view(self, data: Any) -> None:
        now = time.perf_counter()
        with self.cond:
            self.arrivals.append(now)
            self.latest = data
            self.cond.notify_all()

    def arrival(self, index: int) -> float:
        """When view number ``index`` (from 0) arrived; waits for it."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.arrivals) > index, WAIT):
                raise TimeoutError("a view never came")
            return self.arrivals[index]

    def call(self, event: str, data: Any) -> Any:
        return self.sio.call(event, data, timeout=WAIT)


def measure(act: Callable[[], bool], peers: list[Peer], samples: list[float]) -> None:
    """One act: from sending it to the last of the peers' next views."""
    counts = [len(p.arrivals) for p in peers]
    start = time.perf_counter()
    if act():
        samples.append(max(p.arrival(c) for p, c in zip(peers, counts)) - start)


def paced(acts: int, interval: float, step: Callable[[int], bool]) -> None:
    next_at = time.perf_counter()
    for i in range(acts):
        next_at += interval
        if not step(i):
            return
        time.sleep(max(0.0, next_at - time.perf_counter()))


def concrete(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    filled = {}
    for key, value in action.items():
        if isinstance(value, dict) and set(value) == {"min", "max", "step"}:
            filled[key] = rng.randrange(value["min"], value["max"] + 1, value["step"])
        else:
            filled[key] = value
    return filled


# The host.

class HostTable:
    def __init__(self, url: str, key: str, code: str) -> None:
        self.screen = Peer(url, {"table_key": key})
        self.phones = []
        for name in NAMES:
            phone = Peer(url, {})
            answer = phone.call("join", {"code": code, "name": name})
            assert answer["ok"], answer
            self.phones.append(phone)
        assert self.screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
        self.peers = [self.screen, *self.phones]
        for peer in self.peers:
            with peer.cond:
                peer.cond.wait_for(lambda p=peer: p.latest is not None and p.latest["kind"] == "game", WAIT)

    def play(self, acts: int, interval: float, seed: int, samples: list[float]) -> None:
        rng = random.Random(seed)

        def step(i: int) -> bool:
            view = self.screen.latest
            if view["view"]["over"]:
                return False
            choices = [(seat, a) for seat in view["view"]["waiting"]["seats"]
                       for a in self.phones[seat].latest["legal_actions"] if a["type"] not in AVOID]
            if not choices:
                return True
            seat, action = rng.choice(choices)
            message = {"id": f"{seed}-{i}", "action": concrete(action, rng)}
            measure(lambda: self.phones[seat].call("act", message)["ok"], self.peers, samples)
            return True

        paced(acts, interval, step)

    def close(self) -> None:
        for peer in self.peers:
            peer.sio.disconnect()


def start_host(data_dir: Path, port: int) -> tuple[subprocess.Popen[str], str, str, float]:
    """``cashrun`` started; returns the process, the table key, the join code and the start time."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(data_dir), "--no-browser"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
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


def rss_mb(pid: int) -> float | None:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return None
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


def run_tables(tables: list[HostTable], acts: int, interval: float) -> list[float]:
    samples: list[float] = []
    threads = [threading.Thread(target=t.play, args=(acts, interval, n, samples)) for n, t in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return samples


# The bare server: one table-sized message to the seven clients of a room per act.

def bare_server(port: int, message_file: str) -> None:
    from werkzeug.serving import WSGIRequestHandler, make_server

    message = json.loads(Path(message_file).read_text())
    sio = socketio.Server(async_mode="threading")

    @sio.on("connect")
    def connect(sid: str, environ: dict[str, Any], auth: dict[str, Any]) -> None:
        sio.enter_room(sid, auth["room"])

    @sio.on("act")
    def act(sid: str, data: dict[str, Any]) -> dict[str, Any]:
        sio.emit("view", message, to=data["room"])
        return {"ok": True}

    class NoDelay(WSGIRequestHandler):
        disable_nagle_algorithm = True

    make_server("127.0.0.1", port, socketio.WSGIApp(sio), threaded=True, request_handler=NoDelay).serve_forever()


def run_bare(message: dict[str, Any], rooms: int, acts: int, interval: float) -> list[float]:
    port = free_port()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(message, file)
    proc = subprocess.Popen([sys.executable, __file__, "--bare-server", str(port), file.name],
                            stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        answered(f"{url}/socket.io/?EIO=4&transport=polling", time.perf_counter() + WAIT)
        groups = [[Peer(url, {"room": str(r)}) for _ in range(7)] for r in range(rooms)]
        samples: list[float] = []

        def play(room: int) -> None:
            peers = groups[room]
            paced(acts, interval, lambda i: measure(
                lambda: peers[i % 7].call("act", {"room": str(room)})["ok"], peers, samples) or True)

        threads = [threading.Thread(target=play, args=(r,)) for r in range(rooms)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for peers in groups:
            for peer in peers:
                peer.sio.disconnect()
        return samples
    finally:
        proc.kill()
        proc.wait()
        os.unlink(file.name)


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


def report(label: str, samples: list[float]) -> float:
    p50, p99 = percentiles(samples)
    print(f"{label}: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(samples)} acts)", flush=True)
    return p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=200, help="acts of the one table (default 200)")
    parser.add_argument("--many", type=int, default=25, help="tables at once (default 25)")
    parser.add_argument("--many-acts", type=int, default=40, help="acts per table with many tables (default 40)")
    parser.add_argument("--bare-server", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bare_server:
        bare_server(int(args.bare_server[0]), args.bare_server[1])
        return

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data_dir:
        proc, key, code, started = start_host(Path(data_dir), port)
        tables: list[HostTable] = []
        try:
            answered(f"{url}/table?key={key}", started + WAIT)
            ready = time.perf_counter() - started
            tables.append(HostTable(url, key, code))
            one = run_tables(tables, args.acts, 0.1)
            memory = rss_mb(proc.pid)
            table_message = tables[0].screen.latest
            for n in range(args.many - 1):
                answer = tables[0].screen.call("act", {"id": f"new-{n}", "action": {"type": "new_game"}})
                lobby = Peer(url, {"table_key": answer["table_key"]})
                with lobby.cond:
                    lobby.cond.wait_for(lambda: lobby.latest is not None, WAIT)
                new_code = lobby.latest["table"]["code"]
                lobby.sio.disconnect()
                tables.append(HostTable(url, answer["table_key"], new_code))
            many = run_tables(tables, args.many_acts, 0.5)
        finally:
            for table in tables:
                table.close()
            proc.kill()
            proc.wait()

    bare_one = run_bare(table_message, 1, args.acts, 0.1)
    bare_many = run_bare(table_message, args.many, args.many_acts, 0.5)
    size = len(json.dumps(table_message))
    print(f"table message: {size} bytes of JSON; every act on loopback 127.0.0.1", flush=True)
    host_one = report("host, 1 table   ", one)
    bare_p99 = report("bare, 1 table   ", bare_one)
    host_many = report(f"host, {args.many} tables  ", many)
    report(f"bare, {args.many} tables  ", bare_many)
    print(f"p99 host/bare at 1 table: {host_one / bare_p99:.2f} (goal <= 1.5)")
    print(f"p99 host at {args.many} tables: {host_many:.1f} ms (goal < 50 ms)")
    print(f"host memory with one table: {memory:.1f} MB (goal < 80 MB)" if memory is not None
          else "host memory with one table: not measured (no /proc)")
    print(f"start to the table screen answering: {ready:.2f} s (goal < 1.5 s)")


if __name__ == "__main__":
    main()
