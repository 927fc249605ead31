"""The box's randomisers, each outcome announced as an event with the draws it came from.

Every chance event carries ``draws``: ``[[draw number, n, value], ...]`` in the order drawn;
docs/fairness.md says how each event's outcome follows from its values. A draw that fixes a
secret (the bluff pile's order, where a card everyone has seen goes back into it) is hidden:
``[draw number, n]``, its value derived by the checks once the seed is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .vocabulary import RANKS, SUITS, Event, Seat, Symbol

if TYPE_CHECKING:
    from .rng import Rng

Spinner = dict[str, Any]
"""The marks of a draw that settles a stake (``opponent``): ``{"for": game, "links": [[seat, link],
...]}`` with the link of each side's hash chain, bettor first, or ``{"for": game, "alone": True}``
when neither side has a phone; empty for any other draw."""


def joined(spinner: Spinner) -> str | None:
    """The links a draw is derived with, joined by ``:`` (None for none): see ``rng.derive``."""
    links = [link for _, link in spinner.get("links") or []]
    return ":".join(links) if links else None


def spin(rng: Rng, seat: Seat | None, events: list[Event], spinner: Spinner | None = None) -> int:
    """Spin the wheel (the number is the value); a zero is shown, then spun again."""
    spinner = spinner or {}
    while True:
        number, drawn = rng.below(37, link=joined(spinner))
        events.append({"type": "spin", "number": number, "seat": seat, "draws": [drawn], **spinner})
        if number:
            return number


def die(rng: Rng, seat: Seat | None, events: list[Event], spinner: Spinner | None = None) -> int:
    """One die: value + 1."""
    spinner = spinner or {}
    value, drawn = rng.below(6, link=joined(spinner))
    events.append({"type": "die", "value": value + 1, "seat": seat, "draws": [drawn], **spinner})
    return value + 1


def dice(rng: Rng, seat: Seat | None, events: list[Event]) -> tuple[int, int]:
    """Two dice from one draw of 36 equally likely pairs: value // 6 + 1 and value % 6 + 1."""
    value, drawn = rng.below(36)
    pair = (value // 6 + 1, value % 6 + 1)
    events.append({"type": "dice", "values": list(pair), "seat": seat, "draws": [drawn]})
    return pair


def card(rng: Rng, seat: Seat | None, events: list[Event], spinner: Spinner | None = None) -> tuple[str, str]:
    """Draw from a freshly shuffled 52-card deck: rank ``RANKS[value % 13]``, suit ``SUITS[value // 13]``."""
    spinner = spinner or {}
    value, drawn = rng.below(52, link=joined(spinner))
    rank, suit = RANKS[value % 13], SUITS[value // 13]
    events.append({"type": "card", "rank": rank, "suit": suit, "seat": seat, "draws": [drawn], **spinner})
    return rank, suit


HIDDEN_DECKS = frozenset({"bluff"})
"""Decks whose order is secret: their shuffle's draws are hidden."""


def shuffle(rng: Rng, items: list[Any], deck: str, events: list[Event]) -> None:
    """Fisher-Yates in place: for i from the last index down to 1, swap i with the draw below i + 1.
    The event carries the draws, never the order; a hidden deck's draws without their values."""
    drawn = []
    for i in range(len(items) - 1, 0, -1):
        j, record = rng.below(i + 1, hidden=deck in HIDDEN_DECKS)
        drawn.append(record)
        items[i], items[j] = items[j], items[i]
    events.append({"type": "shuffle", "deck": deck, "draws": drawn})


def tuck(rng: Rng, pile: list[Any], item: Any, events: list[Event]) -> None:
    """Put ``item`` into the pile at a hidden place: before the card at the drawn index (the
    value ``len(pile)`` puts it under the pile). For a card everyone has seen, so that nobody
    can count the draws until it comes up again."""
    place, drawn = rng.below(len(pile) + 1, hidden=True)
    pile.insert(place, item)
    events.append({"type": "tuck", "deck": "bluff", "draws": [drawn]})


def outcome(rng: Rng, symbol: Symbol, seat: Seat | None, events: list[Event], spinner: Spinner | None = None) -> Any:
    """One play of a casino's randomiser: a number, a die face or a card."""
    if symbol == "roulette":
        return spin(rng, seat, events, spinner)
    if symbol == "dice":
        return die(rng, seat, events, spinner)
    return card(rng, seat, events, spinner)


def score(symbol: Symbol, result: Any) -> int:
    """How Everybody Plays ranks an outcome: higher is better; suits do not rank."""
    if symbol == "cards":
        return RANKS.index(result[0])
    return int(result)
