"""The benches' clients (``tests/support/client.py``) and how they time an act."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from tests.support.client import Peer

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.support.cashrun import Cashrun


def new_peer(url: str, auth: dict[str, Any], source: str = "127.0.0.1", host_key: str | None = None) -> Peer:
    """A bench's client: from the loopback address ``source`` (the host limits each address, as
    each phone's), never reconnecting, keeping only the newest whole message (a long game's would
    fill the memory), sealed as a page's with ``host_key``."""
    return Peer(url, auth, source, kept=1, sealed=host_key)


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


def started_game(host: Cashrun, names: list[str]) -> tuple[Peer, list[Peer]]:
    """A table screen and a phone for each name, the game started and every one of them in it."""
    screen = new_peer(host.base, {"table_key": host.key})
    phones = []
    for name in names:
        phones.append(new_peer(host.base, {}))
        phones[-1].join(host.code, name)
    screen.act({"type": "start"}, pace=0)
    for each in (screen, *phones):
        each.wait_for(lambda m: m["kind"] == "game")
    return screen, phones
