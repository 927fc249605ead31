"""The game's one source of chance: HMAC-SHA256 of a secret seed and a counter.

Anyone holding the seed, revealed when the game ends, can re-derive every draw; the
hash of the seed is public from the start so the seed cannot be swapped afterwards.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

_LIMIT = 1 << 64


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def derive(seed: str, draw: int, n: int) -> int:
    """The outcome of draw number ``draw``: uniform in ``range(n)``, without modulo bias."""
    if n < 1:
        raise ValueError("n must be positive")
    key = seed.encode()
    bound = _LIMIT - _LIMIT % n
    attempt = 0
    while True:
        digest = hmac.new(key, f"{draw}:{attempt}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < bound:
            return value % n
        attempt += 1


class Rng:
    """Counts draws so each outcome can be checked later by its number."""

    def __init__(self, seed: str, draws: int = 0) -> None:
        self.seed = seed
        self.draws = draws

    def below(self, n: int) -> tuple[int, int]:
        """Return ``(outcome, draw number)``."""
        draw = self.draws
        self.draws += 1
        return derive(self.seed, draw, n), draw
