"""``python -m engine.verify`` and ``engine.fairness``: a finished game checks out, a tampered
or unfinished one does not, and says which check failed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BANKER, Game, IllegalAction
from engine.fairness import CHANCE, Unfair, check
from engine.verify import main
from tests.engine.randomplay import pick_move

CLIENTS = ["0123456789abcdef0123456789abcdef", None, "fedcba9876543210fedcba9876543210"]


def finished_game(client_seeds=CLIENTS) -> dict:
    game, plan = Game.new(["Ann", "Bob", "Cas"], seed="verify-me", client_seeds=client_seeds), random.Random(3)
    while not game.over:
        game.apply(*pick_move(game, plan, banker_rate=0))
    return json.loads(game.to_json())


def run(tmp_path, data, capsys, *args: str) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main([str(path), *args])
    return code, capsys.readouterr().out.strip()


def all_draws(state: dict) -> list[list[int]]:
    return [d for e in state["log"] if e["type"] in CHANCE for d in e["draws"]]


def test_a_finished_game_verifies(tmp_path, capsys):
    state = finished_game()
    assert run(tmp_path, state, capsys) == (0, f"verified: all {len(all_draws(state))} draws")
    assert run(tmp_path, state, capsys, "--seat", "2", "--client-seed", CLIENTS[2])[0] == 0
    assert run(tmp_path, state, capsys, "--seed-hash", state["log"][0]["seed_hash"])[0] == 0
    assert run(tmp_path, state, capsys, "--seed-hash", "0" * 64) == (1, "NOT verified: kept_hash")


def test_a_changed_outcome_does_not(tmp_path, capsys):
    state = finished_game()
    index, roll = next((i, e) for i, e in enumerate(state["log"]) if i > 20 and e["type"] == "dice")
    roll["values"] = [1, 1] if roll["values"] != [1, 1] else [6, 6]
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: shown at {index}")


def test_a_changed_value_does_not(tmp_path, capsys):
    state = finished_game()
    drawn = next(e for e in state["log"][20:] if e["type"] == "die")["draws"][0]
    drawn[2] = (drawn[2] + 1) % 6
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: derive at {drawn[0]}")


def test_another_seed_does_not(tmp_path, capsys):
    state = finished_game()
    state["seed"] = "another"
    assert run(tmp_path, state, capsys) == (1, "NOT verified: seed_hash")


def first_shown_draw(state: dict) -> int:
    """The number of the first draw that carries its value (the bluff pile's shuffle is hidden)."""
    return next(d[0] for d in all_draws(state) if len(d) == 3)


def test_a_removed_client_seed_does_not(tmp_path, capsys):
    state = finished_game()
    state["log"][0]["client_seeds"][2] = None
    assert first_shown_draw(state) == sum(state["settings"]["bluff_deck"].values()) - 1
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: derive at {first_shown_draw(state)}")
    assert run(tmp_path, state, capsys, "--seat", "2", "--client-seed", CLIENTS[2]) == (1, "NOT verified: own_seed")


def test_a_changed_hidden_value_does_not(tmp_path, capsys):
    state = finished_game()
    symbols = state["bluff_symbols"]
    other = next(i for i, s in enumerate(symbols) if s != symbols[0])
    symbols[0], symbols[other] = symbols[other], symbols[0]
    index = next(i for i, e in enumerate(state["log"]) if e["type"] == "shuffle" and e["deck"] == "bluff")
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: shown at {index}")


def test_a_hidden_draw_that_shows_its_value_or_a_shown_one_without_is_a_gap(tmp_path, capsys):
    state = finished_game()
    tuck = next(e for e in state["log"] if e["type"] == "tuck")
    number = tuck["draws"][0][0]
    tuck["draws"][0].append(0)
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: gap at {number}")
    state = finished_game()
    drawn = next(e for e in state["log"] if e["type"] == "spin")["draws"][0]
    del drawn[2]
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: gap at {drawn[0]}")


def test_a_hidden_draw_is_a_gap(tmp_path, capsys):
    state = finished_game()
    event = next(e for e in state["log"][20:] if e["type"] == "spin")
    number = event["draws"][0][0]
    for later in all_draws(state)[number:]:
        later[0] += 1
    assert run(tmp_path, state, capsys) == (1, f"NOT verified: gap at {number}")


def test_a_seat_without_a_client_seed_is_null_and_the_game_still_checks():
    state = finished_game([None, None, None])
    assert state["log"][0]["client_seeds"] == [None, None, None]
    assert check(state) == len(all_draws(state))
    with pytest.raises(Unfair, match="own_seed"):
        check(state, CLIENTS[0], 0)


def test_an_export_made_before_the_end_is_not_a_finished_game(tmp_path, capsys):
    export = {"game_id": "g1", "status": "playing", "seed": None, "view": None}
    assert run(tmp_path, export, capsys) == (1, "NOT verified: not_a_finished_game")


def test_the_game_replays_from_its_seed_and_client_seeds():
    state = finished_game()
    replay = Game.new(["Ann", "Bob", "Cas"], seed="verify-me", client_seeds=CLIENTS)
    for seat, action in state["history"]:
        replay.apply(seat, action)
    assert replay.over and replay.log == state["log"]
    assert json.loads(replay.to_json())["core"] == state["core"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), undo_rate=st.floats(0, 0.3))
def test_no_draw_number_is_skipped_or_reused_with_undo(seed, players, undo_rate):
    plan = random.Random(seed)
    clients = [plan.choice([None, f"{plan.getrandbits(128):032x}"]) for _ in range(players)]
    game = Game.new([f"p{i}" for i in range(players)], seed=str(seed), client_seeds=clients)
    undone = 0
    for _ in range(600):
        if game.over:
            break
        if plan.random() < undo_rate and {"type": "undo"} in game.legal_actions(BANKER):
            game.apply(BANKER, {"type": "undo"})
            undone += 1
            continue
        try:
            game.apply(*pick_move(game, plan, banker_rate=0.05))
        except IllegalAction:
            continue
    numbers = [k for k, *_ in all_draws({"log": game.log})]
    assert numbers == list(range(len(numbers)))
    if game.over:
        assert check(json.loads(game.to_json())) == len(numbers)
