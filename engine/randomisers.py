"""The box's randomisers, each outcome announced as an event with its draw number."""
from __future__ import annotations

from typing import Any

from .rng import Rng
from .vocabulary import RANKS, SUITS, Seat, Symbol

Event = dict[str, Any]


def spin(rng: Rng, seat: Seat | None, events: list[Event]) -> int:
    """Spin the wheel; a zero is shown, then spun again."""
    while True:
        number, draw = rng.below(37)
        events.append({"type": "spin", "number": number, "seat": seat, "draw": draw})
        if number:
            return number


def die(rng: Rng, seat: Seat | None, events: list[Event]) -> int:
    value, draw = rng.below(6)
    events.append({"type": "die", "value": value + 1, "seat": seat, "draw": draw})
    return value + 1


def dice(rng: Rng, seat: Seat | None, events: list[Event]) -> tuple[int, int]:
    """Two dice from one draw of 36 equally likely pairs."""
    value, draw = rng.below(36)
    pair = (value // 6 + 1, value % 6 + 1)
    events.append({"type": "dice", "values": list(pair), "seat": seat, "draw": draw})
    return pair


def card(rng: Rng, seat: Seat | None, events: list[Event]) -> tuple[str, str]:
    """Draw from a freshly shuffled 52-card deck: ``(rank, suit)``."""
    value, draw = rng.below(52)
    rank, suit = RANKS[value % 13], SUITS[value // 13]
    events.append({"type": "card", "rank": rank, "suit": suit, "seat": seat, "draw": draw})
    return rank, suit


def shuffle(rng: Rng, items: list[Any], deck: str, events: list[Event]) -> None:
    """Fisher-Yates in place; the event names the draws, never the order."""
    first = rng.draws
    for i in range(len(items) - 1, 0, -1):
        j, _ = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    drawn = [first, rng.draws - 1] if rng.draws > first else []
    events.append({"type": "shuffle", "deck": deck, "draws": drawn})


def outcome(rng: Rng, symbol: Symbol, seat: Seat | None, events: list[Event]) -> Any:
    """One play of a casino's randomiser: a number, a die face or a card."""
    if symbol == "roulette":
        return spin(rng, seat, events)
    if symbol == "dice":
        return die(rng, seat, events)
    return card(rng, seat, events)


def score(symbol: Symbol, result: Any) -> int:
    """How Everybody Plays ranks an outcome: higher is better; suits do not rank."""
    if symbol == "cards":
        return RANKS.index(result[0])
    return int(result)
