"""Raw Engine.IO WebSockets from loopback addresses, for the live tests of floods and guesses:
each address is another phone to the host."""

from __future__ import annotations

import json
import threading
import time
from typing import TYPE_CHECKING, Any

import websocket

from tests.support.client import WAIT, Peer
from tests.support.loopback import connect_from

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.support.cashrun import Cashrun


def raw(server: Cashrun, source: str, auth: dict[str, Any] | None = None) -> websocket.WebSocket:
    """A page's Engine.IO WebSocket from ``source`` with the namespace connected (with ``auth``)."""
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
        socket=connect_from(source, server.port),
        timeout=WAIT,
    )
    assert ws.recv().startswith("0")
    ws.send("40" + (json.dumps(auth) if auth else ""))
    return ws


def answers(ws: websocket.WebSocket, seconds: float = WAIT, first: bool = False) -> list[Any]:
    """Every acknowledgement the socket gets until the host closes it (or ``seconds`` pass; with
    ``first``, until the first one)."""
    got: list[Any] = []
    end = time.monotonic() + seconds
    ws.settimeout(0.5)
    while time.monotonic() < end:
        try:
            frame = ws.recv()
        except websocket.WebSocketTimeoutException:
            continue
        except (websocket.WebSocketException, OSError):
            break
        if frame == "2":
            ws.send("3")
        elif frame.startswith("43"):
            got.append(json.loads(frame[2:].lstrip("0123456789"))[0])
            if first:
                break
        elif frame.startswith("41") or not frame:
            break
    return got


def started(server: Cashrun) -> tuple[Peer, list[str]]:
    """A game of three phones (their sockets closed again: the tests use their seat tokens)."""
    table = Peer(server.base, {"table_key": server.key})
    tokens = []
    for name in ("Ann", "Bob", "Cas"):
        phone = Peer(server.base, {})
        tokens.append(phone.call("join", {"code": server.code, "name": name})["token"])
        phone.sio.disconnect()
    assert table.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    return table, tokens


def flood(
    server: Cashrun,
    sources: list[str],
    seconds: float,
    step: Callable[[str, int], websocket.WebSocket],
    close_each: bool = False,
) -> dict[str, int]:
    """Each of ``sources`` (an address, then ``#`` and anything) does ``step(source, n)``, which
    gives a raw socket, reads what came for a moment (and closes it with ``close_each``), until
    ``seconds`` pass; counts the answers by code, refused connections and whole ``update``s."""
    counts: dict[str, int] = {}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def one(source: str) -> None:
        n = 0
        while time.monotonic() < stop:
            try:
                ws = step(source, n)
            except (websocket.WebSocketException, OSError):
                time.sleep(0.2)
                continue
            n += 1
            ws.settimeout(0.02)
            while True:
                try:
                    frame = ws.recv()
                except websocket.WebSocketTimeoutException:
                    break
                except (websocket.WebSocketException, OSError):
                    ws = None
                    break
                key = (
                    "whole"
                    if frame.startswith('42["update",{"v"') and '"base"' not in frame[:40]
                    else answer_code(frame)
                )
                if key:
                    with lock:
                        counts[key] = counts.get(key, 0) + 1
            if ws is not None and close_each:
                ws.close()

    threads = [threading.Thread(target=one, args=(source,)) for source in sources]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts


class SyncingWatchers:
    """Watchers that each ask for their whole message ``per_second`` times a second: ``step`` is a
    step of ``flood`` (a source is an address, ``#n`` naming one of its sockets), which watches
    on the source's first step."""

    def __init__(self, server: Cashrun, per_second: float) -> None:
        self.server, self.pause = server, 1 / per_second
        self.sockets: dict[str, websocket.WebSocket] = {}

    def step(self, source: str, n: int) -> websocket.WebSocket:
        ws = self.sockets.get(source)
        if ws is None:
            ws = self.sockets[source] = raw(self.server, source.split("#")[0])
            ws.send(f'420["watch",{{"code":"{self.server.code}"}}]')
        ws.send(f'42{n + 1}["sync",{{}}]')
        time.sleep(self.pause)
        return ws

    def close(self) -> None:
        for ws in self.sockets.values():
            ws.close()


def answer_code(frame: str) -> str | None:
    """An acknowledgement's code (``ok`` or the refusal's), or ``refused:CODE`` for a refused connection."""
    if frame.startswith("44"):
        return "refused:" + json.loads(frame[2:]).get("data", {}).get("code", "?")
    if not frame.startswith("43"):
        return None
    answer = json.loads(frame[2:].lstrip("0123456789"))[0]
    return "ok" if answer.get("ok") else answer["error"]["code"]
