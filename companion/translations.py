"""The pages' translations as each screen loads them: compact, and the phone's without the table's own sections.

Every byte the phone loads counts against its page weight (docs/notes-web.md). The files in
``web/static/i18n`` stay readable for the people who edit them; the host sends them without
white space, and leaves out of the phone's copy the sections only the table screen reads.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import web

LANGS = ("nl", "en")
SCREENS = ("phone", "table")
TABLE_ONLY = ("table", "settings", "show", "firstrun", "about", "boardedit")
"""Sections only the table screen reads: its own words, house-rules form, big moments, first-start
help, version, and the board map's editor and ring."""


@cache
def translations(screen: str, lang: str) -> str:
    """The JSON text of one language for one screen (both checked by the caller)."""
    path = Path(web.__file__).parent / "static" / "i18n" / f"{lang}.json"
    words = json.loads(path.read_text(encoding="utf-8"))
    if screen == "phone":
        words = {section: texts for section, texts in words.items() if section not in TABLE_ONLY}
    return json.dumps(words, ensure_ascii=False, separators=(",", ":"))
