"""The command line's sentences in Dutch and English, chosen from the locale."""
from __future__ import annotations

import json
import locale
import os
from functools import lru_cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "nl")


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
    return "nl" if name.startswith("nl") or name.startswith("dutch") else "en"


@lru_cache(maxsize=None)
def messages(language: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"i18n/{language}.json").read_text(encoding="utf-8")
    return json.loads(text)


def say(language: str, key: str, **values: object) -> str:
    """The sentence ``key`` (``section.key`` for one in a section) in ``language`` with its values filled in."""
    sentence: Any = messages(language)
    for part in key.split("."):
        sentence = sentence[part]
    return str(sentence).format(**values)
