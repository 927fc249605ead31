"""What a phone adds to the draws (docs/fairness.md), made in Python for the tests and benches as
the page makes it (web/static/js/fair-keep.js): a client seed, a start value and its commitment,
and a hash chain whose head it sends and whose links it gives, one per spin, last link first."""
from __future__ import annotations

import random
from typing import Any

from engine.rng import seed_hash

CHAIN_LENGTH = 1024


class Chain:
    """x0, x1 = sha256hex(x0), ..., x1024: the head is x1024; each next link hashes to the one before."""

    def __init__(self, x0: str, length: int = CHAIN_LENGTH) -> None:
        self.links = [x0]
        for _ in range(length):
            self.links.append(seed_hash(self.links[-1]))

    @property
    def head(self) -> str:
        return self.links[-1]

    def next_link(self, head: str) -> str:
        """The link to give when the seat's head (in the view) is ``head``."""
        return self.links[self.links.index(head) - 1]


class PhoneFair:
    """One phone's randomness for one lobby."""

    def __init__(self, rnd: random.Random) -> None:
        self.client_seed = f"{rnd.getrandbits(128):032x}"
        self.start_value = f"{rnd.getrandbits(128):032x}"
        self.start_commit = seed_hash(self.start_value)
        self.chain = Chain(f"{rnd.getrandbits(256):064x}")

    def sent(self) -> dict[str, Any]:
        """What ``join``, ``claim`` and ``seed`` carry."""
        return {"client_seed": self.client_seed, "start_commit": self.start_commit, "chain": self.chain.head}


def link_for(view: dict[str, Any], chains: dict[int, Chain]) -> dict[str, Any] | None:
    """The spinner's ``draw_for`` with its next link, while the game waits for an opponent's spin
    (``view``: a public view); None otherwise or when the spinner's chain is not known here."""
    if view["phase"] != "opponent_draw":
        return None
    spinner = view["waiting"]["spinner"]
    chain = chains.get(spinner)
    if chain is None:
        return None
    return {"type": "draw_for", "link": chain.next_link(view["players"][spinner]["chain"])}
