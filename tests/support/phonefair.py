"""What a phone adds to the draws (docs/fairness.md), made in Python for the host's tests, the
browser tests' plans and the benches as the page makes it (web/static/js/fair/fair-seat.js): a client
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


def link_for(view: dict[str, Any], chains: dict[int, PhoneChain]) -> tuple[int, dict[str, Any]] | None:
    """While a stake's draw waits for the sides' links (``view``: a public view): the next side that
    owes one and whose chain is known here, with its ``draw_for`` (the link before the head its
    chain stood at when the draw began), the spinner's last, as a page's tap comes after the other
    side's phone gives its link by itself; None otherwise."""
    if view["phase"] != "opponent_draw":
        return None
    w = view["waiting"]
    owing = [s for s, link in zip(w["sides"], w["links"]) if link is None and s in chains]
    owing.sort(key=lambda s: s == w["spinner"])
    if not owing:
        return None
    seat = owing[0]
    head = w["heads"][w["sides"].index(seat)]
    return seat, {"type": "draw_for", "link": chains[seat].before(head)}
