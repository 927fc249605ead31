"""A flood of guessed codes from many sockets of one address while a player acts.

    python bench/flood.py [--sockets 200] [--rate 50] [--kind join|claim] [--seconds 15]

Starts ``cashrun`` on a free 127.0.0.1 port with a fresh data directory. A table screen
and three phones (python-socketio clients, 127.0.0.1) start a game; the phone whose turn
it is sends a random legal action every 0.1 s, and the bench notes each act's round trip
(from sending it to its answer). Then an attacker process opens ``--sockets`` sockets
from one other address (127.0.0.2) and has each send ``--rate`` guessed join codes (or
claim codes) a second for ``--seconds`` seconds, pipelined as fast as the host takes
them, opening a new socket whenever the host closes one. It prints the player's round
trip (p50, p99) before, during and after the flood, and the attacker's checked guesses
a second: answers that looked the code up (``bad_code``, ``bad_claim``, a seat) rather
than ``rate_limited``. Everything is bounded and stops by itself.
"""
from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import websocket

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from latency import AVOID, ENV, NAMES, percentiles, running_host  # noqa: E402
from bench.peers import WAIT, Peer  # noqa: E402

from tests.engine.randomplay import concrete  # noqa: E402
from tests.loopback import connect_from  # noqa: E402

ATTACKER = "127.0.0.2"
QUIET = 5.0
"""Seconds of play before and after the flood."""
CHECKED = ("bad_code", "bad_claim", "lobby_locked", "game_started", "name_taken", "lobby_full")


# The attacker: a process of its own, so its Python does not slow the player's clients.

def attacker(port: int, kind: str, sockets: int, rate: float, seconds: float) -> dict[str, Any]:
    stop = time.monotonic() + seconds
    counts: Counter[str] = Counter()
    lock = threading.Lock()

    def guess() -> str:
        if kind == "join":
            code = "".join(random.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(4))
            return json.dumps(["join", {"code": code, "name": "x"}])
        return json.dumps(["claim", {"code": f"{random.randrange(1_000_000):06d}"}])

    def one_socket() -> None:
        while time.monotonic() < stop:
            try:
                sock = connect_from(ATTACKER, port)
                ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                                                 socket=sock, timeout=WAIT, skip_utf8_validation=True)
                ws.recv()
                ws.send("40")
                ws.recv()
            except (OSError, websocket.WebSocketException):
                with lock:
                    counts["refused_opens"] += 1
                time.sleep(0.2)
                continue
            with lock:
                counts["opened"] += 1
            sender = threading.Thread(target=send, args=(ws,), daemon=True)
            sender.start()
            read(ws)
            ws.close()
            sender.join()

    def send(ws: websocket.WebSocket) -> None:
        n, next_at = 0, time.monotonic()
        while time.monotonic() < stop and ws.connected:
            try:
                ws.send(f"42{n}{guess()}")
            except (OSError, websocket.WebSocketException):
                return
            n += 1
            with lock:
                counts["sent"] += 1
            next_at += 1 / rate
            time.sleep(max(0.0, next_at - time.monotonic()))

    def read(ws: websocket.WebSocket) -> None:
        while time.monotonic() < stop:
            try:
                frame = ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            except (OSError, websocket.WebSocketException):
                break
            if frame == "2":
                ws.send("3")
            elif frame.startswith("43"):
                answer = json.loads(frame[2:].lstrip("0123456789"))[0]
                code = "ok" if answer.get("ok") else answer["error"]["code"]
                with lock:
                    counts[code] += 1
            elif frame.startswith("41") or not frame:
                break
        with lock:
            counts["closed"] += 1

    threads = [threading.Thread(target=one_socket, daemon=True) for _ in range(sockets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + WAIT)
    return dict(counts)


# The player.

def play(screen: Peer, phones: list[Peer], seconds: float, rng: random.Random, samples: list[float]) -> None:
    """The waiting seat's phone acts every 0.1 s for ``seconds``; each round trip is noted."""
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    while time.monotonic() < end:
        view = screen.latest["view"]
        if view["over"]:
            return
        choices = [(seat, a) for seat in view["waiting"]["seats"]
                   for a in phones[seat].latest["legal_actions"] if a["type"] not in AVOID]
        if choices:
            seat, action = rng.choice(choices)
            count = len(screen.arrivals)
            began = time.perf_counter()
            answer = phones[seat].call("act", {"id": f"{rng.random()}", "action": concrete(action, rng)})
            samples.append(time.perf_counter() - began)
            if answer["ok"]:
                screen.arrival(count)  # the table has caught up before the next act
        next_at += 0.1
        time.sleep(max(0.0, next_at - time.monotonic()))


def figures(label: str, samples: list[float]) -> str:
    if len(samples) < 2:
        return f"{label}: too few acts ({len(samples)})"
    p50, p99 = percentiles(samples)
    return f"{label}: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(samples)} acts)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=200, help="the attacker's sockets (default 200)")
    parser.add_argument("--rate", type=float, default=50.0, help="guesses a second per socket (default 50)")
    parser.add_argument("--kind", choices=("join", "claim"), default="join", help="what is guessed (default join)")
    parser.add_argument("--seconds", type=float, default=15.0, help="how long the flood lasts (default 15)")
    parser.add_argument("--attacker", type=json.loads, help=argparse.SUPPRESS)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if args.attacker:
        print(json.dumps(attacker(**args.attacker)), flush=True)
        return

    with running_host() as (_, url, key, code, _):
        port = int(url.rsplit(":", 1)[1])
        screen = Peer(url, {"table_key": key})
        phones = []
        for name in NAMES[:3]:
            phone = Peer(url, {})
            assert phone.call("join", {"code": code, "name": name})["ok"]
            phones.append(phone)
        assert screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
        for peer in (screen, *phones):
            peer.wait(lambda m: m["kind"] == "game")
        if args.kind == "claim":  # a live claim code for the attacker to look for
            assert screen.call("act", {"id": "claim", "action": {"type": "claim_code", "seat": 0}})["ok"]
        rng = random.Random(1)
        before: list[float] = []
        during: list[float] = []
        after: list[float] = []
        play(screen, phones, QUIET, rng, before)
        spec = {"port": port, "kind": args.kind, "sockets": args.sockets, "rate": args.rate,
                "seconds": args.seconds}
        flood = subprocess.Popen([sys.executable, __file__, f"--attacker={json.dumps(spec)}"],
                                 stdout=subprocess.PIPE, text=True, env=ENV)
        try:
            time.sleep(1.0)  # the attacker's sockets open
            play(screen, phones, args.seconds - 1.0, rng, during)
            counts = json.loads(flood.communicate(timeout=args.seconds + 3 * WAIT)[0])
        finally:
            if flood.poll() is None:
                flood.kill()
        play(screen, phones, QUIET, rng, after)
        for peer in (screen, *phones):
            peer.sio.disconnect()

    checked = sum(counts.get(c, 0) for c in CHECKED) + counts.get("ok", 0)
    answered = sum(v for c, v in counts.items() if c not in ("sent", "opened", "refused_opens", "closed"))
    print(f"loopback only; attacker: {args.sockets} sockets of {ATTACKER}, {args.rate:g} {args.kind} guesses"
          f" a second each, for {args.seconds:g} s", flush=True)
    print(figures("player round trip before the flood", before))
    print(figures("player round trip during the flood", during) + " (goal: p50 < 50 ms)")
    print(figures("player round trip after the flood ", after))
    print(f"attacker: sent {counts.get('sent', 0)}, answered {answered}, rate_limited"
          f" {counts.get('rate_limited', 0)}, seats taken {counts.get('ok', 0)}")
    print(f"attacker: sockets opened {counts.get('opened', 0)}, refused at open {counts.get('refused_opens', 0)},"
          f" closed by the host or at the end {counts.get('closed', 0)}")
    limit = "10" if args.kind == "join" else "5"
    print(f"attacker's checked guesses: {checked / args.seconds:.2f} a second (goal: at most {limit})")


if __name__ == "__main__":
    main()
