"""The games of chance: which picks each offers, when a pick wins and what it pays."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .vocabulary import HONOURS, RED_NUMBERS, RED_SUITS, SUITS, Symbol

Pick = Any
"""A colour, parity, suit, number, group number or pair of die faces (None for honours)."""

CASINO_GAMES: dict[Symbol, tuple[str, ...]] = {
    "roulette": ("colour", "dozen", "six"),
    "dice": ("parity", "two_numbers", "one_number"),
    "cards": ("colour", "honours", "suit"),
}
WIN_POT_GAME: dict[Symbol, str] = {"roulette": "dozen", "dice": "two_numbers", "cards": "honours"}
BUY_BACK_GAME: dict[Symbol, str] = {"roulette": "parity", "dice": "parity", "cards": "colour"}

MULTIPLIER: dict[tuple[Symbol, str], int] = {
    ("roulette", "colour"): 1,
    ("roulette", "dozen"): 2,
    ("roulette", "six"): 5,
    ("roulette", "parity"): 1,
    ("dice", "parity"): 1,
    ("dice", "two_numbers"): 2,
    ("dice", "one_number"): 5,
    ("cards", "colour"): 1,
    ("cards", "honours"): 2,
    ("cards", "suit"): 3,
}

_PICKS: dict[str, tuple[Pick, ...]] = {
    "colour": ("red", "black"),
    "parity": ("odd", "even"),
    "dozen": (1, 2, 3),
    "six": (1, 2, 3, 4, 5, 6),
    "one_number": (1, 2, 3, 4, 5, 6),
    "two_numbers": tuple([a, b] for a, b in combinations(range(1, 7), 2)),
    "suit": SUITS,
    "honours": (None,),
}


def picks(game: str) -> tuple[Pick, ...]:
    """Every pick a game offers; ``(None,)`` for a game without one."""
    return _PICKS[game]


def bet_fields(game: str, pick: Pick) -> dict[str, Any]:
    """The fields naming a bet in an action: ``game``, and ``pick`` where it has one."""
    return {"game": game} if pick is None else {"game": game, "pick": pick}


def wins(symbol: Symbol, game: str, pick: Pick, result: Any) -> bool:
    """Does ``pick`` win against the randomiser's ``result`` for that symbol? Both come untyped
    (any game's pick, any randomiser's outcome), so each comparison is made a ``bool`` here."""
    if symbol == "cards":
        rank, suit = result
        if game == "colour":
            return bool((suit in RED_SUITS) == (pick == "red"))
        if game == "honours":
            return rank in HONOURS
        return bool(suit == pick)
    number = int(result)
    if game == "parity":
        return bool(number % 2 == (1 if pick == "odd" else 0))
    if game == "colour":
        return bool((number in RED_NUMBERS) == (pick == "red"))
    if game == "dozen":
        return bool((number - 1) // 12 + 1 == pick)
    if game == "six":
        return bool((number - 1) // 6 + 1 == pick)
    if game == "two_numbers":
        return number in pick
    return bool(number == pick)
