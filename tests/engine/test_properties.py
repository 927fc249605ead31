"""Random legal games for many seeds and 3 to 6 players, with the invariants checked after every step."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BANKER, Game, IllegalAction
from engine.verify import verify
from tests.engine.randomplay import pick_move

STEPS = 250


def total_money(view: dict) -> int:
    return sum(p["money"] for p in view["players"]) + view["pot"] + (view["bank"] or 0)


def check_invariants(game: Game, total: int, deck: int) -> None:
    public = game.view(None)
    assert total_money(public) == total
    assert all(p["money"] >= 0 for p in public["players"])
    owned = [c for p in public["players"] for c in p["casinos"]]
    assert len(owned) == len(set(owned))
    assert sorted(owned + [c["id"] for c in public["casinos"] if c["owner"] is None]) == list(range(len(public["casinos"])))
    assert all(c["id"] in public["players"][c["owner"]]["casinos"] for c in public["casinos"] if c["owner"] is not None)
    hands = {}
    for seat in game.seats:
        mine = game.view(seat)["you"]["bluff_cards"]
        assert len(mine) <= 3
        assert len(mine) == public["players"][seat]["bluff_count"]
        hands[seat] = mine
    state = json.loads(game.to_json())
    held = [c["id"] for cards in hands.values() for c in cards]
    assert sorted(held + state["core"]["pile"]) == list(range(deck))
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
        (seat, {"type": "no_such_thing"}), (seat, "roll"), (seat, {"type": 3}), (99, {"type": "roll"}),
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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    plan = random.Random(seed)
    game = Game.new([f"P{i}" for i in range(players)], seed=f"seed-{seed}")
    total = total_money(game.view(None))
    deck = sum(game.settings.bluff_deck.values())
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
        if plan.random() < 0.05:
            twin = Game.from_json(game.to_json())
            assert twin.to_json() == game.to_json()
            seat, action = pick_move(game, plan)
            assert twin.apply(seat, action) == game.apply(seat, action)
            assert twin.to_json() == game.to_json()
        else:
            seat, action = pick_move(game, plan)
            game.apply(seat, action)
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
