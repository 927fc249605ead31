"""A phone's bluff cards as its own part carries them: each symbol one letter.

The symbols' names have different lengths ("roulette" 8 letters, "dice" 4), and a message's
length is seen by anyone near the Wi-Fi, password or not: with the names, a phone's frames named
its cards. With one letter each, a phone's ``you`` is as long whatever its cards (its length
follows from the public card count and ids). The pages read the names again in one place
(``web/static/js/core/updates.js``), as the Python clients do (``named``: ``tests/support/screen.py``).
"""

from __future__ import annotations

from typing import Any

from engine.vocabulary import BLANK, SYMBOLS

CODES = {name: name[0] for name in (*SYMBOLS, BLANK)}
"""Each symbol's letter on the wire: ``r``, ``d``, ``c`` and ``b``."""
NAMES = {code: name for name, code in CODES.items()}


def coded(you: dict[str, Any]) -> dict[str, Any]:
    """A seat's ``you`` with its cards' symbols as their letters."""
    cards = you.get("bluff_cards")
    if cards is None:
        return you
    return {**you, "bluff_cards": [{**card, "symbol": CODES[card["symbol"]]} for card in cards]}


def named(you: dict[str, Any]) -> dict[str, Any]:
    """``you`` as it came, with its cards' symbols named again (``coded`` the other way)."""
    cards = you.get("bluff_cards")
    if cards is None:
        return you
    return {**you, "bluff_cards": [{**card, "symbol": NAMES[card["symbol"]]} for card in cards]}
