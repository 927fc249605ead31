"""The attackers of ``bench/flood.py``: a process of their own, so their Python does not slow
the players' clients. ``python bench/attackers.py SPEC`` (JSON: ``kind``, ``port``, ``sockets``,
``rate``, ``seconds``, ``code``) floods, then prints what it achieved as JSON. Loopback only;
everything is bounded and stops by itself."""

from __future__ import annotations

import json
import random
import select
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import websocket

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.client import WAIT
from tests.support.loopback import connect_from

if TYPE_CHECKING:
    import socket
    from collections.abc import Callable

ATTACKER = "127.0.0.2"
STALLERS = [f"127.0.0.{n}" for n in range(2, 7)]
DEEP = "[" * 900 + "]" * 900
PACKETS: dict[str, Callable[[int], str]] = {
    "malformed": lambda n: '42["act",{',
    "unknown": lambda n: f'42{n}["nope",{{}}]',
    "stray_ack": lambda n: f'43{n}["x"]',
    "no_ack": lambda n: '42["peek",{"code":"ZZZZ"}]',
    "deep": lambda n: f'42{n}["peek",{DEEP}]',
}
WATCHERS = {"sync": 10, "reconnect": 0, "claims": 0}
"""The many-address floods: how many addresses their sockets share (0: one address each)."""


def frame_of(kind: str) -> Callable[[int], str]:
    if kind in PACKETS:
        return PACKETS[kind]
    if kind == "join":
        return lambda n: (
            f"42{n}"
            + json.dumps(
                ["join", {"code": "".join(random.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(4)), "name": "x"}]
            )
        )
    if kind == "sync":
        return lambda n: f'42{n}["sync",{{}}]'
    return lambda n: f"42{n}" + json.dumps(["claim", {"code": f"{random.randrange(100_000_000):08d}"}])


def source_of(kind: str, n: int) -> str:
    """The address of the attacker's socket number ``n``: one address, or many (``WATCHERS``)."""
    if kind not in WATCHERS:
        return ATTACKER
    net = {"sync": 3, "reconnect": 4, "claims": 5}[kind]
    return f"127.0.{net}.{1 + (n % WATCHERS[kind] if WATCHERS[kind] else n)}"


def attacker(port: int, kind: str, sockets: int, rate: float, seconds: float, code: str) -> dict[str, Any]:
    """Each socket opens, connects (and watches, for ``sync`` and ``reconnect``), then sends its
    frames at ``rate`` while it reads; ``reconnect`` closes and opens again once its whole
    message came. Counts what was answered, the whole messages and the bytes received."""
    stop = time.monotonic() + seconds
    counts: Counter[str] = Counter()
    lock = threading.Lock()
    frame = frame_of(kind)

    def one_socket(n: int) -> None:
        while time.monotonic() < stop:
            try:
                ws = websocket.create_connection(
                    f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                    socket=connect_from(source_of(kind, n), port),
                    timeout=WAIT,
                    skip_utf8_validation=True,
                )
                ws.recv()
                ws.send("40")
                ws.recv()
                if kind in ("sync", "reconnect"):
                    ws.send(f'420["watch",{{"code":"{code}"}}]')
            except (OSError, websocket.WebSocketException):
                with lock:
                    counts["refused_opens"] += 1
                time.sleep(0.2)
                continue
            with lock:
                counts["opened"] += 1
            if kind == "reconnect":
                read(ws)
                ws.close()
                continue
            sender = threading.Thread(target=send, args=(ws,), daemon=True)
            sender.start()
            read(ws)
            ws.close()
            sender.join()

    def send(ws: websocket.WebSocket) -> None:
        n, next_at = 1, time.monotonic() + random.random() / rate
        time.sleep(max(0.0, next_at - time.monotonic()))
        while time.monotonic() < stop and ws.connected:
            try:
                ws.send(frame(n))
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
                got = ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            except (OSError, websocket.WebSocketException):
                break
            with lock:
                counts["bytes"] += len(got)
            if got == "2":
                ws.send("3")
            elif got.startswith('42["update"'):
                whole = '"base"' not in got[:40]
                with lock:
                    counts["whole" if whole else "updates"] += 1
                if whole and kind == "reconnect":
                    with lock:
                        counts["reconnects"] += 1
                    return
            elif got.startswith("43"):
                answer = json.loads(got[2:].lstrip("0123456789"))[0]
                with lock:
                    counts["ok" if answer.get("ok") else answer["error"]["code"]] += 1
                if kind == "reconnect" and not answer.get("ok"):
                    return  # refused: connect again
            elif got.startswith(("41", '42["refused"')) or not got:
                break
        with lock:
            counts["closed"] += 1

    threads = [threading.Thread(target=one_socket, args=(n,), daemon=True) for n in range(sockets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + WAIT)
    return dict(counts)


def staller(port: int, sockets: int, rate: float, seconds: float) -> dict[str, Any]:
    """Each of the five addresses keeps up to ``sockets`` half-sent requests, reopening at
    ``rate`` a second; counts the connections opened and those the host cut or refused."""
    stop = time.monotonic() + seconds
    counts: Counter[str] = Counter()
    lock = threading.Lock()

    def one_address(source: str) -> None:
        held: list[socket.socket] = []
        next_at = time.monotonic()
        while time.monotonic() < stop:
            if len(held) < sockets:
                try:
                    s = connect_from(source, port)
                    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
                    held.append(s)
                    with lock:
                        counts["opened"] += 1
                except OSError:
                    with lock:
                        counts["refused"] += 1
            readable, _, _ = select.select(held, [], [], 0)
            for s in readable:  # cut by the host (or refused at once): reopen
                held.remove(s)
                s.close()
                with lock:
                    counts["cut"] += 1
            next_at += 1 / rate
            time.sleep(max(0.0, next_at - time.monotonic()))
        for s in held:
            s.close()

    threads = [threading.Thread(target=one_address, args=(a,), daemon=True) for a in STALLERS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + WAIT)
    return dict(counts)


def main() -> None:
    spec = json.loads(sys.argv[1])
    if spec["kind"] == "halfsent":
        result = staller(**{k: v for k, v in spec.items() if k not in ("kind", "code")})
    else:
        result = attacker(**spec)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
