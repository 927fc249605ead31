"""The landing of a player on the Cash & Run lap on a 360×640 phone (touch), in both languages:
the space is chosen, and the confirm ("My pawn is on: …") sits with "I'm back on Cash & Run: lap
done" and Cancel. The page stays 360 px wide (no sideways scroll, no zoom out), every control is
at least 44×44 px and whole, nothing is cut or covered (`phone_fit`, `fit_check`, `targets`).
The question is the engine's (`phone_given`): four players, the first given the three blue
casinos by the banker, who calls Cash & Run and, the others' turns played, rolls."""

from __future__ import annotations

from typing import Any

import pytest
from phone_fit import PhoneFit
from phone_given import seated_phone, show
from targets import measure

from engine import BANKER, Game, Settings
from tests.support.browser import PORTRAIT
from tests.support.planner import Planner

pytestmark = pytest.mark.reveal_clock  # seated_phone: the banker skips the opening rolls on the stage

WIDE = "() => ({ page: document.documentElement.scrollWidth, window: innerWidth, zoom: visualViewport.scale })"


def lap_landing() -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """The seat on the lap, its view and its legal actions once it rolled: where did the pawn land?"""
    game = Game.new(["Ann", "Bob", "Cas", "Dee"], settings=Settings(), seed="7")
    seat = game.to_act()[0]
    for casino in (c["id"] for c in game.view(None)["casinos"] if c["colour"] == "blue"):
        if game.view(None)["casinos"][casino]["owner"] != seat:
            game.apply(BANKER, {"type": "move_casino", "casino": casino, "to": seat, "reason": "the test's set"})
    announce = next(a for a in game.legal_actions(seat) if a["type"] == "announce")
    game.apply(seat, announce)
    plan = Planner(game)  # the others' turns: roll, Grand Slam, take 100,000
    while not (plan.actor() == seat and game.view(None)["phase"] == "roll"):
        plan.filler_step()
    game.apply(seat, {"type": "roll"})
    legal = game.legal_actions(seat)
    assert {"type": "claim_lap"} in legal
    return seat, game.view(seat), legal


def test_the_lap_landing_keeps_a_small_phone_360_px_wide(browser, host, shots):
    contexts: list = []
    errors: list[str] = []
    try:
        phone = seated_phone(browser, host, contexts, errors)
        phone.set_viewport_size(PORTRAIT)
        show(phone, *lap_landing())
        fit = PhoneFit(shots)
        fit.check(phone, "space")
        phone.locator('[data-act="pick"][data-field="space"][data-key=\'"grand_slam"\']').tap()
        phone.locator('[data-decision] [data-act="confirm"]').wait_for()
        fit.check(phone, "confirm")  # both orientations and both languages, back to Dutch upright
        for lang in ("nl", "en"):
            if phone.evaluate("document.documentElement.lang") != lang:
                phone.locator('.bar [data-act="lang"]').click()
                phone.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
            phone.set_viewport_size(PORTRAIT)
            wide = phone.evaluate(WIDE)
            sizes = measure(phone)
            land = phone.locator('[data-act="confirm"]').bounding_box()
            claim = phone.locator('[data-act="do"][data-type="claim_lap"]').bounding_box()
            print(
                f"\n360x640 {lang}: page {wide}, land {land['width']:.0f}x{land['height']:.0f} px,"
                f" claim {claim['width']:.0f}x{claim['height']:.0f} px, smallest {sizes['smallest']}"
            )
            assert wide == {"page": 360, "window": 360, "zoom": 1}, wide
            assert not sizes["small"], sizes["small"]
            assert land["width"] >= 180, land  # the main control keeps half the row at least
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()
