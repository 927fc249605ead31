"""Plural forms: the translation files' count strings, the page's plural function in Dutch and
English, and the table's status line with two bidders left ("mogen bieden", not "mag") and with
several seats to roll ("6 players roll the dice", not "rolls").

The browser part runs the page's own modules (i18n.js, words.js) in Chromium on the table page,
at 1366×768; it has no screen of interest.
"""

from __future__ import annotations

import re

from i18n_files import EN, NL
from web_host import TABLE

from engine import Game
from tests.support.web_driver import settle

FORMS = {"one", "other"}


def entries(node: dict, path: str = "") -> dict[str, object]:
    """Every translation by its dotted key; a count string (an object of plural forms) is one entry."""
    out: dict[str, object] = {}
    for key, value in node.items():
        here = f"{path}.{key}" if path else key
        if isinstance(value, dict) and not set(value) <= FORMS:
            out.update(entries(value, here))
        else:
            out[here] = value
    return out


def test_both_languages_have_the_same_strings_and_whole_plural_forms():
    nl, en = entries(NL), entries(EN)
    assert set(nl) == set(en)
    plurals = 0
    for words in (nl, en):
        for key, value in words.items():
            if isinstance(value, dict):
                plurals += 1
                assert set(value) == FORMS, key  # Dutch and English have exactly these two forms
                # The same placeholders in both forms ("one" may spell its count out: "Nog één speler").
                assert set(re.findall(r"\{(\w+)\}", value["one"])) - {"n"} == set(
                    re.findall(r"\{(\w+)\}", value["other"])
                ) - {"n"}, key
    assert plurals >= 14


PLURAL = """async (lang) => {
  const i18n = await import("/static/js/core/i18n.js");
  await i18n.loadLang(lang);
  const forms = [0, 1, 2, 5, 21].map((n) => i18n.plural(n));
  const texts = [0, 1, 2].map((n) => i18n.t("lobby.count", { n }));
  const need = [1, 2].map((n) => i18n.t("lobby.need", { n }));
  const casinos = [1, 4].map((n) => i18n.t("player.casinos_n", { n }));
  const ring = [1, 24].map((n) => i18n.t("boardedit.ring", { n }));
  const names = [["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cas"]].map((x) => i18n.list(x));
  return { forms, texts, need, casinos, ring, names, countless: i18n.t("lobby.count") };
}"""

EXPECTED = {
    "nl": {
        "forms": ["other", "one", "other", "other", "other"],
        "texts": ["0 spelers", "1 speler", "2 spelers"],
        "need": ["Nog één speler nodig.", "Nog 2 spelers nodig."],
        "casinos": ["1 casino", "4 casino's"],
        "ring": ["Het bord: 1 veld", "Het bord: 24 velden"],
        "names": ["Ann", "Ann en Bob", "Ann, Bob en Cas"],
        "countless": "{n} spelers",
    },
    "en": {
        "forms": ["other", "one", "other", "other", "other"],
        "texts": ["0 players", "1 player", "2 players"],
        "need": ["One more player needed.", "2 more players needed."],
        "casinos": ["1 casino", "4 casinos"],
        "ring": ["The board: 1 space", "The board: 24 spaces"],
        "names": ["Ann", "Ann and Bob", "Ann, Bob and Cas"],
        "countless": "{n} players",
    },
}

WAITING = """async ([lang, views]) => {
  const i18n = await import("/static/js/core/i18n.js");
  const words = await import("/static/js/core/words.js");
  await i18n.loadLang(lang);
  return views.map((v) => words.waitingText(v));
}"""


def auction_views() -> list[dict]:
    """The engine's public view of an auction with two bidders left, then with one."""
    game = Game.new(["Ann", "Bob", "Cas"], seed="plural")
    seat = game.to_act()[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "auction"))
    two = game.view(None)
    game.apply(two["waiting"]["seats"][0], {"type": "pass_bid"})
    return [two, game.view(None)]


def roll_views() -> list[dict]:
    """The engine's public view of a six-player game waiting for one roll, then the same view
    waiting for two seats and for all six (a view the engine does not make: the words must still agree)."""
    one = Game.new(["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"], seed="plural").view(None)
    assert one["phase"] == "roll"
    return [one, *({**one, "waiting": {**one["waiting"], "seats": seats}} for seats in ([0, 1], list(range(6))))]


def test_the_plural_function_and_the_status_line_for_several_seats_in_both_languages(browser, served):
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    try:
        page = ctx.new_page()
        page.goto(served.table_url)
        settle(page)
        for lang, expected in EXPECTED.items():
            assert page.evaluate(PLURAL, lang) == expected, lang
        two, one = auction_views()
        assert len(two["waiting"]["seats"]) == 2 and len(one["waiting"]["seats"]) == 1
        casino = next(c["name"] for c in two["casinos"] if c["id"] == two["waiting"]["casino"])
        names = [two["players"][s]["name"] for s in two["waiting"]["seats"]]
        last = one["players"][one["waiting"]["seats"][0]]["name"]
        assert page.evaluate(WAITING, ["nl", [two, one]]) == [
            f"Veiling van {casino}: {names[0]} en {names[1]} mogen bieden",
            f"Veiling van {casino}: {last} mag bieden",
        ]
        assert page.evaluate(WAITING, ["en", [two, one]]) == [
            f"Auction of {casino}: {names[0]} and {names[1]} may bid",
            f"Auction of {casino}: {last} may bid",
        ]
        rolls = roll_views()
        roller = rolls[0]["players"][rolls[0]["waiting"]["seats"][0]]["name"]
        assert page.evaluate(WAITING, ["nl", rolls]) == [
            f"{roller} gooit de dobbelstenen",
            "Ann en Bob gooien de dobbelstenen",
            "6 spelers gooien de dobbelstenen",
        ]
        assert page.evaluate(WAITING, ["en", rolls]) == [
            f"{roller} rolls the dice",
            "Ann and Bob roll the dice",
            "6 players roll the dice",
        ]
    finally:
        ctx.close()
