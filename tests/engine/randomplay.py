"""Random legal play through the public API, shared by the property tests and the bench."""
from __future__ import annotations

import random
from typing import Any

from engine import BANKER, Game

CORRECTIONS = ("transfer", "move_casino", "give_bluff", "take_bluff", "undo", "close_auction", "confirm_lap",
               "reject_lap")


def concrete(template: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """An applicable action from a listed one: amounts at an edge or in between, a reason."""
    action = {}
    for key, value in template.items():
        if isinstance(value, dict) and "step" in value:
            steps = (value["max"] - value["min"]) // value["step"]
            action[key] = value["min"] + value["step"] * rnd.choice((0, steps, rnd.randint(0, steps)))
        elif isinstance(value, dict) and "text" in value:
            action[key] = "correction by the banker"
        else:
            action[key] = value
    return action


def pick_move(game: Game, rnd: random.Random, banker_rate: float = 0.02) -> tuple[int, dict[str, Any]]:
    """A random seat the game waits for and one of its legal actions; now and then the banker."""
    if rnd.random() < banker_rate:
        corrections = [a for a in game.legal_actions(BANKER) if a["type"] in CORRECTIONS]
        if corrections:
            return BANKER, concrete(rnd.choice(corrections), rnd)
    seat = rnd.choice(game.to_act())
    return seat, concrete(rnd.choice(game.legal_actions(seat)), rnd)


OTHER_SPACES = [{"space": "bluff"}, {"space": "grand_slam"}] + [
    {"space": kind, "symbol": symbol} for kind in ("win_pot", "everybody_plays", "buy_back")
    for symbol in ("roulette", "dice", "cards")]


def random_board(rnd: random.Random, casinos: int) -> dict[str, Any]:
    """Every casino once, one to three Cash & Run spaces, and up to twenty others, in any order."""
    spaces = [{"space": "casino", "casino": c} for c in range(casinos)]
    spaces += [{"space": "cash_and_run"}] * rnd.randint(1, 3)
    spaces += [dict(rnd.choice(OTHER_SPACES)) for _ in range(rnd.randint(0, 20))]
    rnd.shuffle(spaces)
    return {"version": 1, "spaces": spaces}
