"""Limits on what one connection may send: size, shape and rate."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ..common.errors import Refusal
from .names import visible

if TYPE_CHECKING:
    from ..common.timers import Clock

MAX_MESSAGE_BYTES = 4096
"""The largest message a page may send; larger ones are answered ``too_large``."""
MAX_FRAME_BYTES = 8192
"""One WebSocket message (``max_http_buffer_size`` and the WebSocket's own limit): a larger
one closes the connection. Twice the largest message, for the packet's own characters."""
RATE = 10.0
BURST = 20
"""Messages of one socket: a second, at once."""
ADDRESS_RATE = 100.0
ADDRESS_BURST = 200
"""Messages of all sockets of one address together."""
PACKETS = (20.0, 40)
"""Frames of one connection, a second and at once, counted before anything is decoded."""
ADDRESS_PACKETS = (200.0, 400)
"""Frames of all connections of one address together."""
SOCKET_OPENS = (5.0, 20)
"""New sockets (WebSocket upgrades) of one address: a second, at once."""
STRANGER_OPENS = (20.0, 40)
"""New sockets of every address together that held no seat or table screen lately (and is not
the laptop), a second and at once: many addresses reconnecting in a loop cannot crowd out the
players, whose phones' addresses do not spend it."""
SEAT_CONNECTS = (0.5, 6)
"""Connections with one seat token, a second and at once: more is refused ``rate_limited`` (the
page tries again a few seconds later). A phone on a poor Wi-Fi reconnects far less often."""
JOIN_GUESSES = (2.0, 10)
"""Join codes one address may have checked: a second, at once."""
WRONG_JOINS = (4.0, 40)
"""Wrong join codes of every address together, a second and at once. When they run out, an
address that sent a wrong one in the last ``WRONG_JOIN_MEMORY`` seconds has no code checked
(``rate_limited``); an address that guessed nothing wrong still joins."""
WRONG_JOIN_MEMORY = 60.0
WATCHER_WHOLES = (20.0, 40)
"""New watchers of one table (``watch``, each sent a whole message), a second and at once,
together: however many there are they cannot crowd out the players. A new socket is needed for
each, so the strangers' budget of new sockets (``STRANGER_OPENS``) bounds them too."""
WATCHER_SYNCS = (0.5, 4)
"""Whole messages one watcher asks for with ``sync``, a second and at once: its own, so others'
floods do not refuse it (a page syncs only when an update does not fit its version). With at
most ``network.MAX_CONNECTIONS`` (200) sockets that is 100 cached messages a second at worst; the 40 watchers
of ``bench/flood.py --kind sync`` get 20, as the shared budget gave before."""
CLAIM_GUESSES = (0.5, 5)
"""Claim codes one address may have checked: a second, at once."""
STRIKES = (1.0, 20)
"""``rate_limited`` answers a socket may get (a second, at once) before it is closed."""
BAN_SECONDS = 10.0
"""After a connection of an address is closed for flooding, new connections of that address
are closed at once for this long, before a thread is made: no honest page floods."""
CLAIM_TRIES = 5
"""Wrong claim codes from one address after which a live claim code refuses that address."""
WRONG_CLAIMS = (0.5, 20)
"""Wrong claim codes of every address together, a second and at once. When they run out, only an
address with typos left (``CLAIM_TYPOS``) has its code checked; the others are answered
``rate_limited``. Guesses only slow down: no number of them ends a code."""
CLAIM_TYPOS = (1 / 600, 3)
"""Each address's own lane past ``WRONG_CLAIMS``: its wrong claim codes, one back every ten
minutes, three at once. A lost phone that mistyped once or twice, or typed a code the banker
just replaced, still has its code checked at once however many strangers guess: they cannot
spend another address's typos. What guessing can reach, the numbers in ``docs/protocol.md``
("Claim codes against guessing"): in a code's ten minutes the host checks at most
0.5 x 600 + 20 + 4 per address wrong codes (1,320 with 250 addresses), against six live codes
of a hundred million: one chance in about 12,600."""
MAX_ID = 64
ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
"""An action id: 1 to ``MAX_ID`` letters, digits and ``_ . : -``."""
MAX_NAME = 24


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once (on a monotonic clock)."""

    def __init__(self, clock: Clock, rate: float = RATE, burst: int = BURST) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = clock()

    def take(self, cost: float = 1.0) -> bool:
        self._refill()
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def empty(self) -> bool:
        """Not one whole token left now."""
        self._refill()
        return self.tokens < 1

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def full(self) -> bool:
        """Nothing was taken lately: the bucket has refilled."""
        return self.tokens + (self.clock() - self.last) * self.rate >= self.burst


def check_size(data: Any) -> None:
    """Refuse a message whose JSON is over ``MAX_MESSAGE_BYTES``, or that holds text UTF-8
    cannot encode (a lone surrogate such as ``"\\ud800"`` is valid JSON, but no file takes it)."""
    try:
        size = len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())
    except UnicodeEncodeError as error:
        raise Refusal("malformed", field="text") from error
    except (TypeError, ValueError, RecursionError) as error:
        raise Refusal("malformed", field="message") from error
    if size > MAX_MESSAGE_BYTES:
        raise Refusal("too_large", max=MAX_MESSAGE_BYTES)


def fields(data: Any, **kinds: type) -> dict[str, Any]:
    """The message as a dict that has each named field of the given type."""
    if not isinstance(data, dict):
        raise Refusal("malformed", field="message")
    for name, kind in kinds.items():
        value = data.get(name)
        if not isinstance(value, kind) or (isinstance(value, str) and not is_text(value)):
            raise Refusal("malformed", field=name)
    return data


def is_text(value: Any) -> bool:
    """A string that UTF-8 can encode: no lone surrogate."""
    if not isinstance(value, str):
        return False
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def text(value: str, limit: int, code: str) -> str:
    """A person's text: trimmed, 1 to ``limit`` characters, no control characters, something visible."""
    value = value.strip()
    if not visible(value) or len(value) > limit or any(not ch.isprintable() for ch in value):
        raise Refusal(code, max=limit)
    return value
