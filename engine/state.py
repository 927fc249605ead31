"""The game's state and the small operations every rule module shares.

The state that changes is one plain, JSON-ready ``Core``, so that a snapshot for
undo or saving is a single ``json.dumps`` and the round trip is exact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from .randomisers import tuck
from .rng import Rng
from .vocabulary import Event, Phase, Place, Seat, Then

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .settings import Settings


class Player(TypedDict):
    name: str
    money: int
    bluff: list[int]
    """Card ids in the order they were received; the newest last."""
    out: bool
    lap: list[int] | None
    """The combination of a player on the final lap."""
    position: int | None
    """With a board: the space the pawn stands on (None before it is placed, or once out)."""
    lap_from: int | None
    """With a board, on a lap: the Cash & Run space the lap started from."""
    lap_steps: int | None
    """With a board, on a lap: the dice totals rolled since it started."""


class Debt(TypedDict):
    """Who owes whom how much while casinos are auctioned to pay it, and what the turn goes on
    with once it is paid (creditor None: cash the debtor needs to place a stake)."""

    debtor: Seat
    creditor: Seat | None
    amount: int
    first: int | None
    """The casino a forced sale starts with, if the debtor still owns it."""
    then: Then


@dataclass
class Core:
    players: list[Player]
    owner: list[Seat | None]
    pile: list[str]
    """The bluff pile's symbols, top first: secret."""
    pot: int
    bank: int
    players_at_start: int
    turn: Seat = 0
    turn_number: int = 0
    phase: Phase = Phase.ROLL
    """What the game waits for (a ``Phase`` also after a restore from JSON, which gives its string)."""
    pending: dict[str, Any] = field(default_factory=dict)
    """What the phase needs: its fields depend on the phase (docs/engine.md, "Phases")."""
    debt: Debt | None = None
    dice: list[int] | None = None
    extra_rolls: int = 0
    """Rolls owed to the current player for doubles thrown this turn (none on a lap)."""
    draws: int = 0
    cards: list[str] = field(default_factory=list)
    """The symbol of every bluff card taken from the pile, by its id: a card gets the next id
    when it leaves the pile and gives it up when it goes back, so that an id says nothing of
    where a card was in the pile."""
    chains: list[str | None] = field(default_factory=list)
    """Each seat's hash chain as far as it is known: the head its phone gave, then each link it
    revealed to spin for another's stake (None for a seat without a phone)."""
    over: bool = False
    winner: Seat | None = None

    def __post_init__(self) -> None:
        self.phase = Phase(self.phase)


class GameState:
    """The core plus what is fixed for the whole game, and the events of the action in progress."""

    def __init__(
        self,
        settings: Settings,
        seed: str,
        core: Core,
        bluff_symbols: list[str],
        client_seeds: Sequence[str | None],
        start_values: Sequence[str | None] = (),
    ) -> None:
        self.settings = settings
        self.core = core
        self.rng = Rng(seed, client_seeds, core.draws, start_values)
        self.bluff_symbols = bluff_symbols
        self.events: list[Event] = []
        self.money_history: list[list[Any]] = []
        """Everyone's money at the start of each turn and at the end: append-only."""

    def snapshot(self) -> str:
        self.core.draws = self.rng.draws
        return json.dumps(self.core.__dict__, separators=(",", ":"))

    def restore(self, snapshot: str) -> None:
        self.core = Core(**json.loads(snapshot))
        self.rng.draws = self.core.draws

    def emit(self, type_: str, **fields: Any) -> None:
        self.events.append({"type": type_, **fields})

    # players and places

    def player(self, seat: Seat) -> Player:
        return self.core.players[seat]

    def live_seats(self) -> list[Seat]:
        return [s for s, p in enumerate(self.core.players) if not p["out"]]

    def casinos_of(self, seat: Seat) -> list[int]:
        return [c for c, owner in enumerate(self.core.owner) if owner == seat]

    @property
    def bank_unlimited(self) -> bool:
        return self.settings.bank_reserve is None

    def can_bank_pay(self, amount: int) -> bool:
        return self.bank_unlimited or self.core.bank >= amount

    def balance(self, place: Place) -> int:
        if place == "bank":
            return self.core.bank
        if place == "pot":
            return self.core.pot
        return self.core.players[place]["money"]

    def _add(self, place: Place, amount: int) -> None:
        if place == "bank":
            self.core.bank += amount
        elif place == "pot":
            self.core.pot += amount
        else:
            self.core.players[place]["money"] += amount

    def pay(self, source: Place, target: Place, amount: int, why: str) -> None:
        """Move money the caller has checked is there; a limited bank that is short pays
        what it holds, so it never goes below zero."""
        if source == "bank" and not self.bank_unlimited:
            amount = min(amount, self.core.bank)
        if amount <= 0:
            return
        self._add(source, -amount)
        self._add(target, amount)
        self.emit("paid", **{"from": source, "to": target, "amount": amount, "why": why})

    def set_owner(self, casino: int, owner: Seat | None, why: str) -> None:
        """Give a casino to a seat or back to the bank; a runner losing part of the
        combination loses the lap on the spot."""
        previous = self.core.owner[casino]
        self.core.owner[casino] = owner
        self.emit("casino_moved", casino=casino, **{"from": _place(previous), "to": _place(owner)}, why=why)
        if previous is not None:
            lap = self.core.players[previous]["lap"]
            if lap is not None and casino in lap:
                self.lose_lap(previous, casino)

    def lose_lap(self, seat: Seat, casino: int | None) -> None:
        """The lap ends lost: a casino of the combination left (``casino``), or the set no longer counts (None)."""
        self.end_lap(seat)
        self.emit("lap_lost", seat=seat, casino=casino)

    def end_lap(self, seat: Seat) -> None:
        player = self.core.players[seat]
        player["lap"] = player["lap_from"] = player["lap_steps"] = None

    def draw_bluff(self, seat: Seat) -> int:
        """The top card of the pile goes to the hand under a new id."""
        self.core.cards.append(self.core.pile.pop(0))
        card = len(self.core.cards) - 1
        self.core.players[seat]["bluff"].append(card)
        return card

    def bluff_to_pile(self, seat: Seat, card: int) -> None:
        """A card leaves a hand face down and goes under the pile."""
        self.core.players[seat]["bluff"].remove(card)
        self.core.pile.append(self.core.cards[card])

    def seen_bluff_to_pile(self, seat: Seat, card: int) -> None:
        """A card turned over for everyone goes into the pile at a hidden place."""
        self.core.players[seat]["bluff"].remove(card)
        tuck(self.rng, self.core.pile, self.core.cards[card], self.events)

    def record_money(self) -> None:
        self.money_history.append([self.core.turn_number, [p["money"] for p in self.core.players]])

    def set_phase(self, phase: Phase, **pending: Any) -> None:
        self.core.phase = phase
        self.core.pending = pending


def _place(owner: Seat | None) -> Place:
    return "bank" if owner is None else owner
