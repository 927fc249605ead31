"""The game's one source of chance: HMAC-SHA256 of a key and a counter (docs/fairness.md).

The key is the host's secret seed joined with every phone's own client seed and its start
value. The seed's hash is public before any phone sends its seed; the start values, committed to
before, are sent only once the seats and settings are final; and the draw of a game that settles
a stake also takes the next link of an opponent's hash chain. The seed is revealed when the game
ends, so anyone can re-derive every draw, and nobody at the table chose or foresaw the outcomes
alone.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

_LIMIT = 1 << 64
CLIENT_SEED = re.compile(r"[0-9a-f]{32}")
"""A phone's client seed, or its start value: 32 lowercase hex characters."""
HASH = re.compile(r"[0-9a-f]{64}")
"""A SHA-256 in hex: a start value's commitment, a link of a phone's hash chain."""

Draw = list[int]
"""``[draw number, n, value]``: one draw below ``n``, as the chance events carry it; a hidden
draw is ``[draw number, n]`` (its value follows from the seed once the game is over)."""


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """The SHA-256 of a text's UTF-8, in hex: the seed's published hash, a start value's commit,
    and the link before a link of a phone's hash chain."""
    return hashlib.sha256(seed.encode()).hexdigest()


def is_client_seed(value: object) -> bool:
    """Also the form of a start value."""
    return isinstance(value, str) and CLIENT_SEED.fullmatch(value) is not None


def is_hash(value: object) -> bool:
    return isinstance(value, str) and HASH.fullmatch(value) is not None


def key_of(seed: str, client_seeds: Sequence[str | None], start_values: Sequence[str | None] = ()) -> bytes:
    """The HMAC key: the seed, then for each seat ``|`` and its client seed (empty for none); then,
    when any seat sent a start value, for each seat ``|`` and its start value (empty for none)."""
    parts = [*client_seeds, *start_values] if any(start_values) else client_seeds
    return seed.encode() + b"".join(b"|" + (c or "").encode() for c in parts)


def derive(key: bytes | hmac.HMAC, draw: int, n: int, link: str | None = None) -> int:
    """The outcome of draw number ``draw``: uniform in ``range(n)``, without modulo bias.

    ``key``: the key, or an HMAC already keyed with it (copied for each attempt: a key longer
    than SHA-256's block is hashed once, not at every draw). ``link``: an opponent's link of its
    hash chain, for a draw that settles a stake: the message is then ``"{k}:{a}:{link}"``."""
    if n < 1:
        raise ValueError("n must be positive")
    keyed = hmac.new(key, digestmod=hashlib.sha256) if isinstance(key, bytes) else key
    bound = _LIMIT - _LIMIT % n
    attempt = 0
    while True:
        mac = keyed.copy()
        mac.update((f"{draw}:{attempt}" if link is None else f"{draw}:{attempt}:{link}").encode())
        value = int.from_bytes(mac.digest()[:8], "big")
        if value < bound:
            return value % n
        attempt += 1


class Rng:
    """Counts draws so each outcome can be checked later by its number."""

    def __init__(
        self,
        seed: str,
        client_seeds: Sequence[str | None] = (),
        draws: int = 0,
        start_values: Sequence[str | None] = (),
    ) -> None:
        self.seed = seed
        self.client_seeds = list(client_seeds)
        self.start_values = list(start_values)
        self.key = key_of(seed, self.client_seeds, self.start_values)
        self._keyed = hmac.new(self.key, digestmod=hashlib.sha256)
        self.draws = draws

    def below(self, n: int, hidden: bool = False, link: str | None = None) -> tuple[int, Draw]:
        """Return ``(outcome, record)``: the record is ``[draw number, n, outcome]``, or for a
        ``hidden`` draw (one that fixes something secret) ``[draw number, n]``, numbered so that
        nothing is drawn unseen, but without its value. ``link``: an opponent's, see ``derive``."""
        draw = self.draws
        self.draws += 1
        value = self.value(draw, n, hidden, link)
        return value, [draw, n] if hidden else [draw, n, value]

    def value(self, draw: int, n: int, hidden: bool, link: str | None) -> int:
        """The outcome of draw number ``draw`` below ``n`` (whether hidden or not, the same rule)."""
        return derive(self._keyed, draw, n, link)
