"""House rules and the box profile: what the table may change before a game starts."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from .vocabulary import BLANK, FIXED_AMOUNTS, SYMBOLS, Symbol


@dataclass(frozen=True, slots=True)
class CasinoSpec:
    """One casino of the box: its name, colour and game symbol."""

    name: str
    colour: str
    symbol: Symbol


def _default_box() -> tuple[CasinoSpec, ...]:
    """Twelve casinos, four colours of three, four of each symbol.

    Montreal, Las Vegas and Atlantic City (blue) and Cairo are the names known from
    the box; the others are placeholders the table can rename.
    """
    names = ["Montreal", "Las Vegas", "Atlantic City", "Cairo"] + [f"Casino {n}" for n in range(5, 13)]
    colours = ["blue", "red", "green", "yellow"]
    return tuple(
        CasinoSpec(name=names[i], colour=colours[i // 3], symbol=SYMBOLS[i % 3]) for i in range(12)
    )


DEFAULT_BOX = _default_box()
DEFAULT_BLUFF_DECK: dict[str, int] = {BLANK: 6, "roulette": 6, "dice": 6, "cards": 6}


@dataclass(frozen=True)
class Settings:
    """The house rules of DECISIONS.md, each with its default."""

    starting_money: int = 2_000_000
    starting_casinos: int = 2
    starting_bluff_cards: int = 1
    bank_reserve: int | None = 20_000_000
    """What the bank holds after the starting money is dealt; None means unlimited."""
    unit: int = 10_000
    bluff_deck: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_BLUFF_DECK))
    box: tuple[CasinoSpec, ...] = DEFAULT_BOX
    combination_by: Literal["start", "playing"] = "start"
    """Size the winning combination by the players at the start or those still playing."""
    everybody_ties: Literal["replay", "nobody"] = "replay"
    """Tied leaders in Everybody Plays play again, or nobody is paid."""
    auction_seconds: int = 10
    """The host's countdown after the last bid."""

    def validate(self, players: int) -> None:
        """Raise ValueError naming the first setting that cannot work for this table."""
        if not 3 <= players <= 6:
            raise ValueError("players")
        if self.unit <= 0 or any(amount % self.unit for amount in FIXED_AMOUNTS):
            raise ValueError("unit")
        if self.starting_money < 0 or self.starting_money % self.unit:
            raise ValueError("starting_money")
        if self.starting_casinos not in (1, 2):
            raise ValueError("starting_casinos")
        if self.bank_reserve is not None and (self.bank_reserve < 0 or self.bank_reserve % self.unit):
            raise ValueError("bank_reserve")
        if set(self.bluff_deck) - {BLANK, *SYMBOLS} or any(n < 0 for n in self.bluff_deck.values()):
            raise ValueError("bluff_deck")
        if sum(self.bluff_deck.values()) < players * self.starting_bluff_cards or self.starting_bluff_cards not in (0, 1):
            raise ValueError("starting_bluff_cards")
        if len(self.box) < players * self.starting_casinos or len(self.box) > 40:
            raise ValueError("box")
        if any(c.symbol not in SYMBOLS or not c.name or not c.colour for c in self.box):
            raise ValueError("box")
        if self.combination_by not in ("start", "playing"):
            raise ValueError("combination_by")
        if self.everybody_ties not in ("replay", "nobody"):
            raise ValueError("everybody_ties")
        if not 3 <= self.auction_seconds <= 120:
            raise ValueError("auction_seconds")

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["box"] = [asdict(c) for c in self.box]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build settings from JSON data; unknown keys raise ValueError."""
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ValueError(sorted(unknown)[0])
        values = dict(data)
        if "box" in values:
            try:
                values["box"] = tuple(CasinoSpec(**c) for c in values["box"])
            except TypeError as error:
                raise ValueError("box") from error
        if "bluff_deck" in values:
            values["bluff_deck"] = dict(values["bluff_deck"])
        return cls(**values)
