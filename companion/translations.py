"""The words people read, in Dutch and English: the command line's sentences, and the pages'
translations as each screen loads them.

The command line (``say``) speaks the language of the user's locale, from ``companion/i18n``.
The pages' translations live in ``web/static/i18n``, readable for the people who edit them; the
host sends them without white space, and leaves out of each screen's copy the sections only the
other screen reads: every byte a page loads counts against its page weight (docs/performance.md, "The pages").
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import web

LANGS = ("nl", "en")
SCREENS = ("phone", "table")
TABLE_ONLY = ("table", "settings", "show", "firstrun", "about", "boardedit", "howto")
"""Sections only the table screen reads: its own words, house-rules form, big moments, first-start
help, version, the board map's editor and ring, and the How to play cards."""
PHONE_ONLY = ("claim", "help", "slam", "result", "watch", "leave", "pawn", "turn", "spin")
"""Sections only the phone reads: taking a seat back, the decision's help and the slam's steps, the
result card, watching a started game, leaving, the pawn's colour at join, the turn chime, and the
spin a player makes for another."""


# The command line's sentences.


def system_language() -> str:
    """``nl`` when the user's locale is Dutch, otherwise ``en``.

    Reads the POSIX variables first, then the locale Python reports (on Windows a name
    such as ``Dutch_Netherlands``).
    """
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable)
        if value:
            return _language(value)
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return _language(name)


def _language(name: str) -> str:
    name = name.lower()
    return "nl" if name.startswith(("nl", "dutch")) else "en"


@cache
def messages(language: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"i18n/{language}.json").read_text(encoding="utf-8")
    return json.loads(text)


def say(language: str, key: str, **values: object) -> str:
    """The sentence ``key`` (``section.key`` for one in a section) in ``language`` with its values filled in."""
    sentence: Any = messages(language)
    for part in key.split("."):
        sentence = sentence[part]
    return str(sentence).format(**values)


# The pages' translations.


@cache
def translations(screen: str, lang: str) -> str:
    """The JSON text of one language for one screen (both checked by the caller)."""
    path = Path(web.__file__).parent / "static" / "i18n" / f"{lang}.json"
    words = json.loads(path.read_text(encoding="utf-8"))
    other = TABLE_ONLY if screen == "phone" else PHONE_ONLY
    words = {section: texts for section, texts in words.items() if section not in other}
    return json.dumps(words, ensure_ascii=False, separators=(",", ":"))
