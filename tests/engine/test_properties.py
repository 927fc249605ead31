"""Random legal games for many seeds and 3 to 6 players, with the invariants checked after every step."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BANKER, Game, IllegalAction, Settings
from engine.verify import verify
from tests.engine.randomplay import pick_move, random_board

STEPS = 250
BANKER_RATE = 0.05
SHOWN = frozenset({"bluff_offered", "loss_accepted", "bluff_challenged", "bluff_bought", "bluff_returned"})
"""Events of an action that showed a hidden card or answered in a bluff exchange."""


class DoublesCount:
    """Doubles thrown off the lap in the current turn, and extra rolls granted for them;
    one state per applied action, so that the banker's undo goes back with the game."""

    def __init__(self) -> None:
        self.states: list[tuple[int, int]] = [(0, 0)]

    def observe(self, before: dict, seat: int, action: dict, events: list[dict]) -> None:
        if action["type"] == "undo":
            self.states.pop()
            return
        doubles, again = self.states[-1]
        for event in events:
            if event["type"] == "turn":
                doubles, again = 0, 0
            elif (
                event["type"] == "dice"
                and action["type"] == "roll"
                and event["values"][0] == event["values"][1]
                and not before["players"][seat]["on_lap"]
            ):
                doubles += 1
            elif event["type"] == "roll_again" and event["why"] == "double":
                again += 1
        self.states.append((doubles, again))

    def check(self, view: dict) -> None:
        doubles, again = self.states[-1]
        assert view["over"] or doubles == again + view["extra_rolls"], (doubles, again, view["extra_rolls"])


def total_money(view: dict) -> int:
    return sum(p["money"] for p in view["players"]) + view["pot"] + (view["bank"] or 0)


def check_step(game: Game, events: list[dict]) -> None:
    """Right after a card was shown, no undo is offered."""
    shown = any(e["type"] in SHOWN or e.get("kind") == "give_bluff" for e in events)
    if shown and not game.over:
        assert {"type": "undo"} not in game.legal_actions(BANKER), [e["type"] for e in events]


def check_invariants(game: Game, total: int, deck: int) -> None:
    public = game.view(None)
    assert total_money(public) == total
    assert all(p["money"] >= 0 for p in public["players"])
    assert public["bank"] is None or public["bank"] >= 0
    owned = [c for p in public["players"] for c in p["casinos"]]
    assert len(owned) == len(set(owned))
    assert sorted(owned + [c["id"] for c in public["casinos"] if c["owner"] is None]) == list(
        range(len(public["casinos"]))
    )
    assert all(c["id"] in public["players"][c["owner"]]["casinos"] for c in public["casinos"] if c["owner"] is not None)
    hands = {}
    for seat in game.seats:
        mine = game.view(seat)["you"]["bluff_cards"]
        assert len(mine) <= (4 if public["phase"] == "return_bluff" and seat == public["turn"] else 3)
        assert len(mine) == public["players"][seat]["bluff_count"]
        hands[seat] = mine
    state = json.loads(game.to_json())
    held = [c["symbol"] for cards in hands.values() for c in cards]
    assert len(held + state["core"]["pile"]) == deck
    assert sorted(held + state["core"]["pile"]) == sorted(state["bluff_symbols"])  # no card made or lost
    ids = [c["id"] for cards in hands.values() for c in cards]
    assert len(ids) == len(set(ids)) and all(
        state["core"]["cards"][c["id"]] == c["symbol"] for cards in hands.values() for c in cards
    )
    public_text = json.dumps(public)
    assert '"bluff_cards"' not in public_text and '"you"' not in public_text and '"offered"' not in public_text
    for seat in game.seats:
        others = json.dumps({k: v for k, v in game.view(seat).items() if k != "you"})
        assert others == public_text


def illegal_variants(game: Game, rnd: random.Random) -> list[tuple[int, object]]:
    waiting = game.to_act()
    idle = [s for s in game.seats if s not in waiting]
    seat = rnd.choice(waiting) if waiting else 0
    variants: list[tuple[int, object]] = [
        (seat, {"type": "no_such_thing"}),
        (seat, "roll"),
        (seat, {"type": 3}),
        (99, {"type": "roll"}),
        (seat, {"type": "transfer", "from": "bank", "to": seat, "amount": 10000, "reason": "x"}),
    ]
    if idle:
        variants.append((rnd.choice(idle), {"type": "roll"}))
    for template in game.legal_actions(seat):
        if "amount" in template:
            bound = template["amount"]
            variants.append((seat, {**template, "amount": bound["max"] + bound["step"]}))
            variants.append((seat, {**template, "amount": bound["min"] + 1}))
            break
    return variants


@pytest.mark.thorough
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    plan = random.Random(seed)
    game = Game.new([f"P{i}" for i in range(players)], seed=f"seed-{seed}")
    total = total_money(game.view(None))
    deck = sum(game.settings.bluff_deck.values())
    doubles = DoublesCount()
    for _ in range(STEPS):
        if game.over:
            break
        if plan.random() < 0.1:
            before = game.to_json()
            for seat, action in illegal_variants(game, plan):
                try:
                    game.apply(seat, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"accepted {action!r} from {seat}")
                assert game.to_json() == before
        before = game.view(None)
        seat, action = pick_move(game, plan, BANKER_RATE)
        if plan.random() < 0.05:
            twin = Game.from_json(game.to_json())
            assert twin.to_json() == game.to_json()
            events = game.apply(seat, action)
            assert twin.apply(seat, action) == events
            assert twin.to_json() == game.to_json()
        else:
            events = game.apply(seat, action)
        check_step(game, events)
        doubles.observe(before, seat, action, events)
        doubles.check(game.view(None))
        check_invariants(game, total, deck)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_games_end_with_a_winner_and_verify(seed: int, players: int) -> None:
    plan = random.Random(seed)
    game = Game.new([f"P{i}" for i in range(players)], seed=f"end-{seed}")
    for _ in range(20_000):
        if game.over:
            break
        game.apply(*pick_move(game, plan))
    assert game.over and game.winner is not None
    assert game.view(None)["seed"] == f"end-{seed}"
    assert game.legal_actions(BANKER) == [] and game.to_act() == []
    assert verify(json.loads(game.to_json())) == (True, "ok")


@pytest.mark.thorough
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_random_games_on_a_random_board_keep_every_pawn_on_it(seed: int, players: int) -> None:
    plan = random.Random(seed)
    board = random_board(plan, 12)
    size = len(board["spaces"])
    rules = Settings(board=board, lap_end=plan.choice(("reach", "exact")), nearest_tie=plan.choice(("ahead", "behind")))
    game = Game.new([f"P{i}" for i in range(players)], settings=rules, seed=f"board-{seed}")
    total = total_money(game.view(None))
    deck = sum(game.settings.bluff_deck.values())
    for _ in range(STEPS * 2):
        if game.over:
            break
        events = game.apply(*pick_move(game, plan, BANKER_RATE))
        check_invariants(game, total, deck)
        view = game.view(None)
        for player in view["players"]:
            if player["out"]:
                assert player["position"] is None
            elif view["phase"] != "place_pawn":
                assert 0 <= player["position"] < size
            if player["on_lap"]:
                assert player["lap_from"] is not None and board["spaces"][player["lap_from"]]["space"] == "cash_and_run"
        for won in (e for e in events if e["type"] == "game_won" and e["how"] == "lap"):
            assert view["players"][won["seat"]]["lap_steps"] >= size
