"""Random legal play through the public API, shared by the property tests and the bench."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import BANKER, Game
from engine.rng import seed_hash

if TYPE_CHECKING:
    import random

CORRECTIONS = (
    "transfer",
    "move_casino",
    "give_bluff",
    "take_bluff",
    "undo",
    "close_auction",
    "confirm_lap",
    "reject_lap",
)


class PhoneChain:
    """A phone's hash chain: ``x0``, then each link the SHA-256 hex of the one before; the last is
    the head it gives, and it reveals them backwards, one a spin."""

    def __init__(self, x0: str, length: int = 1024) -> None:
        self.links = [x0]
        for _ in range(length):
            self.links.append(seed_hash(self.links[-1]))

    @property
    def head(self) -> str:
        return self.links[-1]

    def before(self, head: str) -> str:
        """The link whose hash is ``head``: the next to reveal when the seat's chain stands at it."""
        return self.links[self.links.index(head) - 1]


def chains_for(rnd: random.Random, seats: int, phones: float = 1.0) -> list[PhoneChain | None]:
    """A chain for each seat with a phone (each seat has one with probability ``phones``)."""
    return [PhoneChain(f"{rnd.getrandbits(256):064x}", 64) if rnd.random() < phones else None for _ in range(seats)]


def concrete(
    template: dict[str, Any],
    rnd: random.Random,
    game: Game | None = None,
    seat: int | None = None,
    chains: list[PhoneChain | None] | None = None,
) -> dict[str, Any]:
    """An applicable action from a listed one: amounts at an edge or in between, a reason, the
    seat's next link (from ``chains``) where one is asked for."""
    action = {}
    for key, value in template.items():
        if isinstance(value, dict) and "hex" in value:
            assert game is not None and seat is not None and chains is not None and chains[seat] is not None
            action[key] = chains[seat].before(game.view(None)["players"][seat]["chain"])
        elif isinstance(value, dict) and "step" in value:
            steps = (value["max"] - value["min"]) // value["step"]
            action[key] = value["min"] + value["step"] * rnd.choice((0, steps, rnd.randint(0, steps)))
        elif isinstance(value, dict) and "text" in value:
            action[key] = "correction by the banker"
        else:
            action[key] = value
    return action


def pick_move(
    game: Game, rnd: random.Random, banker_rate: float = 0.02, chains: list[PhoneChain | None] | None = None
) -> tuple[int, dict[str, Any]]:
    """A random seat the game waits for and one of its legal actions; now and then the banker
    (``chains``: the phones' hash chains, for a seat that spins for another's stake)."""
    if rnd.random() < banker_rate:
        corrections = [a for a in game.legal_actions(BANKER) if a["type"] in CORRECTIONS]
        if corrections:
            return BANKER, concrete(rnd.choice(corrections), rnd)
    seat = rnd.choice(game.to_act())
    return seat, concrete(rnd.choice(game.legal_actions(seat)), rnd, game, seat, chains)


OTHER_SPACES = [{"space": "bluff"}, {"space": "grand_slam"}] + [
    {"space": kind, "symbol": symbol}
    for kind in ("win_pot", "everybody_plays", "buy_back")
    for symbol in ("roulette", "dice", "cards")
]


def random_board(rnd: random.Random, casinos: int) -> dict[str, Any]:
    """Every casino once, one to three Cash & Run spaces, and up to twenty others, in any order."""
    spaces = [{"space": "casino", "casino": c} for c in range(casinos)]
    spaces += [{"space": "cash_and_run"}] * rnd.randint(1, 3)
    spaces += [dict(rnd.choice(OTHER_SPACES)) for _ in range(rnd.randint(0, 20))]
    rnd.shuffle(spaces)
    return {"version": 1, "spaces": spaces}
