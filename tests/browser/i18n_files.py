"""The page's translation files, read once for every browser test that compares a text with them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

I18N = Path(__file__).resolve().parents[2] / "web" / "static" / "i18n"
WORDS: dict[str, dict[str, Any]] = {
    lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "nl")
}
"""Every text of each language, by its language's code (the page's `lang`)."""
EN = WORDS["en"]
NL = WORDS["nl"]
