"""The game's one source of chance: HMAC-SHA256 of a key and a counter (docs/fairness.md).

The key is the host's secret seed joined with every phone's own client seed. The seed's hash
is public before any phone sends its seed, and the seed is revealed when the game ends, so
anyone can re-derive every draw, and nobody at the table chose the outcomes alone.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

_LIMIT = 1 << 64
CLIENT_SEED = re.compile(r"[0-9a-f]{32}")
"""A phone's client seed: 32 lowercase hex characters."""

Draw = list[int]
"""``[draw number, n, value]``: one draw below ``n``, as the chance events carry it; a hidden
draw is ``[draw number, n]`` (its value follows from the seed once the game is over)."""


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def is_client_seed(value: object) -> bool:
    return isinstance(value, str) and CLIENT_SEED.fullmatch(value) is not None


def key_of(seed: str, client_seeds: Sequence[str | None]) -> bytes:
    """The HMAC key: the seed, then for each seat ``|`` and its client seed (empty for none)."""
    return seed.encode() + b"".join(b"|" + (c or "").encode() for c in client_seeds)


def derive(key: bytes | hmac.HMAC, draw: int, n: int) -> int:
    """The outcome of draw number ``draw``: uniform in ``range(n)``, without modulo bias.

    ``key``: the key, or an HMAC already keyed with it (copied for each attempt: a key longer
    than SHA-256's block is hashed once, not at every draw)."""
    if n < 1:
        raise ValueError("n must be positive")
    keyed = hmac.new(key, digestmod=hashlib.sha256) if isinstance(key, bytes) else key
    bound = _LIMIT - _LIMIT % n
    attempt = 0
    while True:
        mac = keyed.copy()
        mac.update(f"{draw}:{attempt}".encode())
        value = int.from_bytes(mac.digest()[:8], "big")
        if value < bound:
            return value % n
        attempt += 1


class Rng:
    """Counts draws so each outcome can be checked later by its number."""

    def __init__(self, seed: str, client_seeds: Sequence[str | None] = (), draws: int = 0) -> None:
        self.seed = seed
        self.client_seeds = list(client_seeds)
        self.key = key_of(seed, self.client_seeds)
        self._keyed = hmac.new(self.key, digestmod=hashlib.sha256)
        self.draws = draws

    def below(self, n: int, hidden: bool = False) -> tuple[int, Draw]:
        """Return ``(outcome, record)``: the record is ``[draw number, n, outcome]``, or for a
        ``hidden`` draw (one that fixes something secret) ``[draw number, n]``, numbered so that
        nothing is drawn unseen, but without its value."""
        draw = self.draws
        self.draws += 1
        value = self.value(draw, n, hidden)
        return value, [draw, n] if hidden else [draw, n, value]

    def value(self, draw: int, n: int, hidden: bool) -> int:
        """The outcome of draw number ``draw`` below ``n`` (whether hidden or not, the same rule)."""
        return derive(self._keyed, draw, n)
