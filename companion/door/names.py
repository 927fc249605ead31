"""When two names are the same to a person, and when a name shows nothing.

"Ann", "ＡＮＮ" (full-width), "Аnn" (a Cyrillic A) and an é typed composed or decomposed
look alike on a phone: the lobby compares names by ``name_key``. Names made only of
spaces, invisible characters or blank-looking letters (U+3164, U+2800) are refused.
"""

from __future__ import annotations

import unicodedata

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters that look Latin, after case folding.
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "ѕ": "s",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "һ": "h",
        "ӏ": "l",
        "ɡ": "g",
        # Greek letters that look Latin, after case folding.
        "α": "a",
        "β": "b",
        "ε": "e",
        "ζ": "z",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "μ": "m",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "γ": "y",
    }
)
"""Letters of other scripts that a phone shows like a Latin letter, mapped to it."""

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f\u2028\u2029")
"""Characters that are letters or symbols to Unicode but draw nothing."""

INVISIBLE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"))
"""Unicode categories that draw nothing."""
MARKS = frozenset(("Mn", "Me"))
"""Accents and other marks: they change the letter before them and show nothing alone."""


def name_key(name: str) -> str:
    """The name as it looks: NFKC, case folded, look-alike letters mapped, invisible ones left out."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(ch for ch in folded if shows(ch) or ch.isspace() or unicodedata.category(ch) in MARKS)
    return " ".join(kept.translate(LOOK_ALIKES).split())


def shows(ch: str) -> bool:
    """The character draws something by itself."""
    return ch not in BLANK_LETTERS and unicodedata.category(ch) not in INVISIBLE | MARKS


def visible(text: str) -> bool:
    """At least one character of the text draws something."""
    return any(shows(ch) for ch in unicodedata.normalize("NFKC", text))
