"""What a phone adds to the draws (docs/fairness.md), made in Python for the host's tests, the
browser tests' plans and the benches as the page makes it (web/static/js/fair-seat.js): a client
seed, a start value and its commitment, and a hash chain (1024 links) whose head it sends and whose
links it gives, one per spin, last link first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rng import seed_hash
from tests.engine.randomplay import PhoneChain

if TYPE_CHECKING:
    import random


class PhoneFair:
    """One phone's randomness for one lobby."""

    def __init__(self, rnd: random.Random) -> None:
        self.client_seed = f"{rnd.getrandbits(128):032x}"
        self.start_value = f"{rnd.getrandbits(128):032x}"
        self.start_commit = seed_hash(self.start_value)
        self.chain = PhoneChain(f"{rnd.getrandbits(256):064x}")

    def sent(self) -> dict[str, Any]:
        """What ``join``, ``claim`` and ``seed`` carry."""
        return {"client_seed": self.client_seed, "start_commit": self.start_commit, "chain": self.chain.head}


def link_for(view: dict[str, Any], chains: dict[int, PhoneChain]) -> dict[str, Any] | None:
    """The spinner's ``draw_for`` with its next link, while the game waits for an opponent's spin
    (``view``: a public view); None otherwise or when the spinner's chain is not known here."""
    if view["phase"] != "opponent_draw":
        return None
    spinner = view["waiting"]["spinner"]
    chain = chains.get(spinner)
    if chain is None:
        return None
    return {"type": "draw_for", "link": chain.before(view["players"][spinner]["chain"])}
