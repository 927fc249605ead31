"""Limits on what one connection may send: size, shape and rate."""
from __future__ import annotations

import json
from typing import Any

from .errors import HostError
from .names import visible
from .timers import Clock

MAX_MESSAGE_BYTES = 4096
"""The largest message a page may send; larger ones are answered ``too_large``."""
MAX_FRAME_BYTES = 65536
"""The transport's limit (``max_http_buffer_size``): a larger frame closes the connection."""
RATE = 10.0
BURST = 20
"""Messages of one socket: a second, at once."""
ADDRESS_RATE = 100.0
ADDRESS_BURST = 200
"""Messages of all sockets of one address together."""
SOCKET_OPENS = (5.0, 20)
"""New sockets (WebSocket upgrades) of one address: a second, at once."""
JOIN_GUESSES = (2.0, 10)
"""Join codes one address may have checked: a second, at once."""
CLAIM_GUESSES = (0.5, 5)
"""Claim codes one address may have checked: a second, at once."""
STRIKES = (1.0, 20)
"""``rate_limited`` answers a socket may get (a second, at once) before it is closed."""
CLAIM_TRIES = 5
"""Wrong claim codes from one address after which a live claim code refuses that address."""
CLAIM_ENDS = 50
"""Wrong claim codes on the host (at most ``CLAIM_TRIES`` from each address) that end a live
claim code: the banker makes a new one. Ten addresses are needed, and 50 guesses of a
million codes find one with a chance of 1 in 20,000."""
MAX_ID = 64
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
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def full(self) -> bool:
        """Nothing was taken lately: the bucket has refilled."""
        return self.tokens + (self.clock() - self.last) * self.rate >= self.burst


def check_size(data: Any) -> None:
    """Refuse a message whose JSON is over ``MAX_MESSAGE_BYTES``."""
    try:
        size = len(json.dumps(data, separators=(",", ":")))
    except (TypeError, ValueError) as error:
        raise HostError("malformed", field="message") from error
    if size > MAX_MESSAGE_BYTES:
        raise HostError("too_large", max=MAX_MESSAGE_BYTES)


def fields(data: Any, **kinds: type) -> dict[str, Any]:
    """The message as a dict that has each named field of the given type."""
    if not isinstance(data, dict):
        raise HostError("malformed", field="message")
    for name, kind in kinds.items():
        if not isinstance(data.get(name), kind):
            raise HostError("malformed", field=name)
    return data


def text(value: str, limit: int, code: str) -> str:
    """A person's text: trimmed, 1 to ``limit`` characters, no control characters, something visible."""
    value = value.strip()
    if not visible(value) or len(value) > limit or any(not ch.isprintable() for ch in value):
        raise HostError(code, max=limit)
    return value
