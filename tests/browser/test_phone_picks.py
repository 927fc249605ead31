"""Every casino game's pick on a phone turned sideways (640×360, touch) and upright (360×640), in
both languages: a bet at a casino of each symbol (every game and its picks on one screen), Win the
Pot (cards: one button, honours has no pick) and a Buy Back of each symbol. Each control of the
decision is on screen and uncovered (`phone_fit`), nothing is cut or spills (`fit_check`), every
control is at least 44×44 px (`targets`) and every pick's label is one line ("1 of 2", never
"1 / of / 2").

What the phone shows comes from the engine: a local game is played to each question, and its view
and legal actions for the asking seat are given to a phone seated in a live game (`phone_given`)."""

from __future__ import annotations

from typing import Any

import pytest
from phone_fit import PhoneFit
from phone_given import seated_phone, show
from targets import measure

from engine import Game, Settings
from tests.support.browser import LANDSCAPE

pytestmark = pytest.mark.reveal_clock  # seated_phone: the banker skips the opening rolls on the stage

NAMES = ["Ann", "Bob", "Cas"]
SYMBOLS = ("roulette", "dice", "cards")

# Each pick's label: the lines its words take (one line: every text rect at the same top).
LINES = """() => [...document.querySelectorAll('[data-decision] [data-act="pick"]')].map((b) => {
  const r = document.createRange(); r.selectNodeContents(b.querySelector('.opt-text') || b);
  const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
  return { label: b.textContent.trim(), lines: tops.size }; })"""


def asked(symbol: str, space: str) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """The seat asked, its view and its legal actions once it landed on ``space`` of ``symbol``: a
    casino of that symbol owned by another player (the bet), Win the Pot, or Buy Back."""
    game = Game.new(NAMES, settings=Settings(), seed="7")
    seat = game.to_act()[0]
    game.apply(seat, {"type": "roll"})
    view = game.view(None)
    for a in game.legal_actions(seat):
        if a["type"] != "land" or a["space"] != space:
            continue
        if space == "casino":
            casino = view["casinos"][a["casino"]]
            if casino["symbol"] == symbol and casino["owner"] not in (None, seat):
                break
        elif a.get("symbol") == symbol:
            break
    else:
        raise AssertionError(f"no landing on {space} {symbol}")
    game.apply(seat, a)
    if space == "buy_back":  # the challenge is chosen casino and pick in turn: the pick's screen
        casino = next(x for x in game.legal_actions(seat) if x["type"] == "buy_back")["casino"]
        legal = [x for x in game.legal_actions(seat) if x["type"] != "buy_back" or x["casino"] == casino]
        return seat, game.view(seat), legal
    return seat, game.view(seat), game.legal_actions(seat)


def test_every_casino_games_pick_fits_a_phone_turned_sideways(browser, host, shots):
    contexts: list = []
    errors: list[str] = []
    try:
        phone = seated_phone(browser, host, contexts, errors)
        fit = PhoneFit(shots)
        sizes: dict[str, dict] = {}
        for space in ("casino", "win_pot", "buy_back"):
            for symbol in SYMBOLS:
                seat, view, legal = asked(symbol, space)
                phone.set_viewport_size(LANDSCAPE)
                show(phone, seat, view, legal)
                if phone.locator('[data-decision] [data-act="open"]').count():  # Win the Pot: a button opens the picks
                    phone.locator('[data-decision] [data-act="open"]').first.tap()
                    phone.locator('[data-decision] [data-act="pick"]').first.wait_for()
                stage = f"{space}-{symbol}"
                fit.check(phone, stage)  # both orientations and both languages, back to Dutch sideways
                for lang in ("nl", "en"):
                    if phone.evaluate("document.documentElement.lang") != lang:
                        phone.locator('.bar [data-act="lang"]').click()
                        phone.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
                    phone.set_viewport_size(LANDSCAPE)
                    wrapped = [x for x in phone.evaluate(LINES) if x["lines"] != 1]
                    assert not wrapped, f"{stage} {lang} 640x360: labels over more than one line: {wrapped}"
                    sizes[f"{stage} {lang}"] = measure(phone)
        small = {s: m["small"] for s, m in sizes.items() if m["small"]}
        assert not small, f"controls under 44×44 px at 640×360: {small}"
        smallest = min((m["smallest"] for m in sizes.values()), key=lambda c: min(c["width"], c["height"]))
        print(f"\n{len(fit.checked)} screens checked; the smallest control at 640×360: {smallest}")
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()
