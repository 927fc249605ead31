"""House rules and the box profile: what the table may change before a game starts."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from .board_format import check_board
from .errors import SettingsError
from .vocabulary import BLANK, FIXED_AMOUNTS, SYMBOLS, Symbol

MAX_BOX = 40
MAX_BLUFF_OF_A_KIND = 40
MAX_NAME = 24
MAX_COLOUR = 16
"""A colour is one of the box's named colours or any other short word (a CSS colour, say)."""
MAX_MONEY = 1_000_000_000


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
    return tuple(CasinoSpec(name=names[i], colour=colours[i // 3], symbol=SYMBOLS[i % 3]) for i in range(12))


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
    combination: Literal["box", "short"] = "box"
    """The winning combination as the box has it, or (a weeknight's short game) one casino fewer."""
    everybody_ties: Literal["replay", "nobody"] = "replay"
    """Tied leaders in Everybody Plays play again, or nobody is paid."""
    auction_seconds: int = 10
    """The host's countdown after the last bid."""
    auction_clock: Literal["normal", "long", "none"] = "normal"
    """The countdown's pace: ``auction_seconds``, three times as long (for players who need
    longer), or no clock at all (the banker closes the auction)."""
    lap_confirm: Literal["banker", "players"] = "banker"
    """Who confirms a runner's claim that the lap is done (without a board): the banker only, or also any other player."""
    board: dict[str, Any] | None = None
    """The family's map of its board (see ``board_format.py``); None: the engine does not follow the pawns."""
    lap_end: Literal["reach", "exact"] = "reach"
    """With a board: the lap is won on reaching or passing its Cash & Run space after a full
    round, or only on landing on it exactly."""
    nearest_tie: Literal["ahead", "behind"] = "ahead"
    """With a board: of two Cash & Run spaces equally near, the lap starts from the one ahead (clockwise) or behind."""

    def __post_init__(self) -> None:
        """The settings keep their own copy of the caller's board and deck: changing those
        afterwards cannot change a running game."""
        object.__setattr__(self, "board", copy.deepcopy(self.board))
        object.__setattr__(self, "bluff_deck", copy.deepcopy(self.bluff_deck))

    def validate(self, players: int) -> None:
        """Raise SettingsError (a ValueError) naming the first setting that cannot work for this table."""
        if not 3 <= players <= 6:
            raise SettingsError("players")
        self.check_types()
        if self.unit <= 0 or any(amount % self.unit for amount in FIXED_AMOUNTS):
            raise SettingsError("unit")
        if self.starting_money % self.unit:
            raise SettingsError("starting_money")
        if self.bank_reserve is not None and self.bank_reserve % self.unit:
            raise SettingsError("bank_reserve")
        if sum(self.bluff_deck.values()) < players * self.starting_bluff_cards:
            raise SettingsError("starting_bluff_cards")
        if len(self.box) < players * self.starting_casinos:
            raise SettingsError("box")
        self._check_winnable(players)

    def check_types(self) -> None:
        """Every field of the right type and within a sensible bound (no player count needed)."""
        _integer("starting_money", self.starting_money, 0, MAX_MONEY)
        _integer("starting_casinos", self.starting_casinos, 1, 2)
        _integer("starting_bluff_cards", self.starting_bluff_cards, 0, 1)
        if self.bank_reserve is not None:
            _integer("bank_reserve", self.bank_reserve, 0, MAX_MONEY)
        _integer("unit", self.unit, 1, MAX_MONEY)
        deck = self.bluff_deck
        if not isinstance(deck, dict) or set(deck) - {BLANK, *SYMBOLS}:
            raise SettingsError("bluff_deck")
        for count in deck.values():
            _integer("bluff_deck", count, 0, MAX_BLUFF_OF_A_KIND)
        if not isinstance(self.box, tuple) or not 1 <= len(self.box) <= MAX_BOX:
            raise SettingsError("box")
        for index, casino in enumerate(self.box):
            _check_casino(index, casino)
        for name, allowed in (
            ("combination_by", ("start", "playing")),
            ("combination", ("box", "short")),
            ("everybody_ties", ("replay", "nobody")),
            ("lap_confirm", ("banker", "players")),
            ("lap_end", ("reach", "exact")),
            ("nearest_tie", ("ahead", "behind")),
            ("auction_clock", ("normal", "long", "none")),
        ):
            if not isinstance(getattr(self, name), str) or getattr(self, name) not in allowed:
                raise SettingsError(name)
        _integer("auction_seconds", self.auction_seconds, 3, 120)
        check_board(self.board, len(self.box))

    def _check_winnable(self, players: int) -> None:
        """Some winning combination must exist in the box for every count of players that can size it."""
        counts = [players] if self.combination_by == "start" else list(range(3, players + 1))
        per_symbol = max(sum(1 for c in self.box if c.symbol == s) for s in SYMBOLS)
        per_colour = max(sum(1 for c in self.box if c.colour == k) for k in {c.colour for c in self.box})
        for count in counts:
            symbol, colour = combination_sizes(count, self.combination)
            if per_symbol < symbol and (colour is None or per_colour < colour):
                raise SettingsError("box", problem="no_combination", players=count)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["box"] = [asdict(c) for c in self.box]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Build settings from JSON data, every field's type checked; raise SettingsError naming the field."""
        if not isinstance(data, dict):
            raise SettingsError("settings")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise SettingsError(str(sorted(map(str, unknown))[0])[:40])
        values = dict(data)
        if "box" in values:
            box = values["box"]
            if not isinstance(box, list) or not all(
                isinstance(c, dict) and set(c) == {"name", "colour", "symbol"} for c in box
            ):
                raise SettingsError("box")
            values["box"] = tuple(CasinoSpec(**c) for c in box)
        settings = cls(**values)
        settings.check_types()
        return settings


def combination_sizes(players: int, combination: str = "box") -> tuple[int, int | None]:
    """The winning combination for a number of players: (of one symbol, of one colour or None).
    Three players: four of one symbol; four to six: three of one symbol or of one colour. The
    short game asks one casino fewer of each."""
    symbol, colour = (4, None) if players <= 3 else (3, 3)
    if combination == "short":
        return symbol - 1, None if colour is None else colour - 1
    return symbol, colour


def _integer(name: str, value: Any, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        raise SettingsError(name)


def _check_casino(index: int, casino: Any) -> None:
    if not isinstance(casino, CasinoSpec):
        raise SettingsError("box", casino=index)
    name, colour = casino.name, casino.colour
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise SettingsError("box", casino=index, problem="name")
    if not isinstance(colour, str) or not colour.strip() or len(colour) > MAX_COLOUR:
        raise SettingsError("box", casino=index, problem="colour")
    if casino.symbol not in SYMBOLS:
        raise SettingsError("box", casino=index, problem="symbol")
