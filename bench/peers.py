"""The benches' clients: a python-socketio client that keeps the whole message, as a page does."""

from __future__ import annotations

import json
import threading
import time
from typing import TYPE_CHECKING, Any

import socketio

from tests.loopback import connect_from
from tests.screen import Screen

if TYPE_CHECKING:
    from collections.abc import Callable

WAIT = 10.0


class Peer:
    """A python-socketio client that notes when each message arrived and how big it was;
    ``latest`` is the whole message (from ``view``, or built from ``update``s). ``source`` is
    the loopback address it connects from (the host limits each address, as each phone's).

    It skips websocket-client's UTF-8 check of incoming text (pure Python, about 2 ms per
    8 KB message; a browser checks natively). A message is only noted as it arrives; it is
    measured and applied to ``latest`` when that is next asked for, between acts. A table's seven
    clients share one process, where one client's work on a large message delayed the others'
    notes of arrival; seven phones each do their own at once."""

    def __init__(self, url: str, auth: dict[str, Any], source: str = "127.0.0.1") -> None:
        sock = connect_from(source, int(url.rsplit(":", 1)[1]))
        self.sio = socketio.Client(
            reconnection=False, websocket_extra_options={"skip_utf8_validation": True, "socket": sock}
        )
        self.arrivals: list[float] = []
        self._pending: list[tuple[Any, bool]] = []
        self._sizes: list[int] = []
        self._by_size: dict[int, Any] = {}
        self._latest: dict[str, Any] | None = None
        self.screen = Screen()
        self.cond = threading.Condition()
        self.sio.on("view", self._view)
        self.sio.on("update", self._update)
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=WAIT)

    def _arrived(self, data: Any, whole: bool) -> None:
        """One more message: a whole one (``view``) or an ``update`` to the last."""
        with self.cond:
            self.arrivals.append(time.perf_counter())
            self._pending.append((data, whole))
            self.cond.notify_all()

    def _view(self, data: Any) -> None:
        self._arrived(data, True)

    def _update(self, data: Any) -> None:
        self._arrived(data, False)

    def _take(self) -> None:
        """Under the lock: the messages that arrived since, measured and applied."""
        for data, whole in self._pending:
            size = len(json.dumps(data, separators=(",", ":")))
            self._sizes.append(size)
            self._by_size.setdefault(size, data)
            message = data if whole else self.screen.take(data)
            if message is not None:
                self._latest = message
        self._pending.clear()

    @property
    def latest(self) -> dict[str, Any] | None:
        """The whole message: the last ``view``, or the one built from the ``update``s since."""
        with self.cond:
            self._take()
            return self._latest

    @property
    def sizes(self) -> list[int]:
        """Each message's JSON, in bytes as the host writes it (Socket.IO's framing aside)."""
        with self.cond:
            self._take()
            return self._sizes

    @property
    def by_size(self) -> dict[int, Any]:
        """One message of each size seen (the bare server sends a typical one)."""
        with self.cond:
            self._take()
            return self._by_size

    def wait(self, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        def ready() -> bool:
            self._take()
            return self._latest is not None and test(self._latest)

        with self.cond:
            if not self.cond.wait_for(ready, WAIT):
                raise TimeoutError("the expected view never came")
            return self._latest

    def arrival(self, index: int) -> float:
        """When message number ``index`` (from 0) arrived; waits for it."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.arrivals) > index, WAIT):
                raise TimeoutError("a view never came")
            return self.arrivals[index]

    def call(self, event: str, data: Any) -> Any:
        return self.sio.call(event, data, timeout=WAIT)


def measure(act: Callable[[], bool], peers: list[Peer], samples: list[float]) -> tuple[float, float] | None:
    """One act: from sending it to the last of the peers' next messages. Returns both moments
    (``perf_counter``, the machine's monotonic clock, the same in every process), or None."""
    counts = [len(p.arrivals) for p in peers]
    start = time.perf_counter()
    if act():
        last = max(p.arrival(c) for p, c in zip(peers, counts))
        samples.append(last - start)
        return start, last
    return None


def paced(acts: int, interval: float, step: Callable[[int], bool], offset: float) -> None:
    """``step(i)`` every ``interval`` seconds after ``offset``, ``acts`` times, until it returns False."""
    time.sleep(offset)
    next_at = time.perf_counter()
    for i in range(acts):
        next_at += interval
        if not step(i):
            return
        time.sleep(max(0.0, next_at - time.perf_counter()))


def started_game(url: str, key: str, code: str, names: list[str]) -> tuple[Peer, list[Peer]]:
    """A table screen and a phone for each name, the game started and every one of them in it."""
    screen = Peer(url, {"table_key": key})
    phones = []
    for name in names:
        phone = Peer(url, {})
        assert phone.call("join", {"code": code, "name": name})["ok"]
        phones.append(phone)
    assert screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    for peer in (screen, *phones):
        peer.wait(lambda m: m["kind"] == "game")
    return screen, phones
