"""The bluff cards are secret by what can be worked out, not only by what is sent.

Two games share every public input (names, settings, seed, client seeds, every action) and differ
only in hidden state: every hidden draw (the bluff pile's shuffle, where a card turned over goes
back into the pile) takes its value from another source. Whatever a watcher or the table screen
can see must then be byte for byte the same, at every step, until the rules turn a card over that
differs between the two; the seat's own ``you`` is the only part that may differ.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.state
from engine import BANKER, Game, Settings
from engine.rng import Rng, derive
from tests.engine.randomplay import pick_move, random_board

BLUFF_MOVES = (
    "buy_bluff",
    "give_bluff",
    "offer_bluff",
    "accept_bluff",
    "challenge_bluff",
    "return_bluff",
    "take_bluff",
)


class OtherHidden(Rng):
    """The same draws, except that a hidden one takes its value from another key."""

    def value(self, draw: int, n: int, hidden: bool, link: str | None) -> int:
        return derive(b"another hidden state", draw, n) if hidden else super().value(draw, n, hidden, link)


@contextmanager
def other_hidden_state():
    with mock.patch.object(engine.state, "Rng", OtherHidden):
        yield


def public(game: Game) -> str:
    """Everything of the game that anyone but a seat's own phone may see, as one text: the log,
    the public view, every seat's view but its ``you``, the seats it waits for and every seat's
    and the banker's legal actions (the table screen shows those of the seats without a phone)."""
    seats = list(game.seats)
    return json.dumps(
        {
            "log": game.log,
            "table": game.view(None),
            "seats": [{k: v for k, v in game.view(s).items() if k != "you"} for s in seats],
            "to_act": game.to_act(),
            "actions": [game.legal_actions(s) for s in [*seats, BANKER]],
        },
        sort_keys=True,
    )


def turned_over(events: list[dict]) -> list[str]:
    return [e["symbol"] for e in events if e["type"] == "bluff_challenged"]


def pick_bluffing(game: Game, plan: random.Random) -> tuple[int, dict]:
    """A random legal move, but a move of a bluff card (or a landing on the bluff space) whenever
    one is listed, most of the time."""
    seat, action = pick_move(game, plan, banker_rate=0.05)
    bluffs = (
        [a for a in game.legal_actions(seat) if a["type"] in BLUFF_MOVES or a.get("space") == "bluff"]
        if seat != BANKER
        else []
    )
    if bluffs and plan.random() < 0.8:
        action = plan.choice(bluffs)
    return seat, action


def play_twins(seed: int, players: int, steps: int, on_board: bool, seen: Counter) -> int:
    """Play one game twice, the second with other hidden draws; return the steps compared."""
    plan = random.Random(seed)
    clients = [plan.choice([None, f"{plan.getrandbits(128):032x}"]) for _ in range(players)]
    board = random_board(plan, 12) if on_board else None
    names = [f"p{i}" for i in range(players)]
    args = {
        "settings": Settings(board=board, starting_bluff_cards=plan.choice([0, 1])),
        "seed": f"twins-{seed}",
        "client_seeds": clients,
    }
    game = Game.new(names, **args)
    with other_hidden_state():
        twin = Game.new(names, **args)
    assert (
        game.view(0)["you"] != twin.view(0)["you"]
        or game.view(1)["you"] != twin.view(1)["you"]
        or json.loads(game.to_json())["core"]["pile"] != json.loads(twin.to_json())["core"]["pile"]
    )
    assert public(game) == public(twin)
    compared = 0
    for _ in range(steps):
        if game.over:
            break
        seat, action = pick_bluffing(game, plan)
        events, twin_events = game.apply(seat, action), twin.apply(seat, action)
        seen[action["type"]] += 1
        if turned_over(events) != turned_over(twin_events):
            seen["stopped at a differing card"] += 1
            break
        seen["same card turned over"] += len(turned_over(events))
        assert json.dumps(events) == json.dumps(twin_events), action
        assert public(game) == public(twin), action
        compared += 1
    return compared


@pytest.mark.thorough
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), on_board=st.booleans())
def test_a_watcher_cannot_tell_two_hidden_states_apart(seed, players, on_board):
    play_twins(seed, players, 400, on_board, Counter())


@pytest.mark.thorough
def test_the_twins_cover_every_bluff_move_and_go_past_a_card_turned_over():
    """The seeded games below, as the note reports them: every move of a bluff card is made, and
    a card turned over that is the same in both games does not end the comparison."""
    seen: Counter = Counter()
    compared = sum(play_twins(seed, 3 + seed % 4, 300, seed % 2 == 1, seen) for seed in range(24))
    assert all(seen[move] for move in BLUFF_MOVES), seen
    assert seen["same card turned over"] and compared > 3000, (compared, seen)
