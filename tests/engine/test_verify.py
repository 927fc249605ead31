"""``python -m engine.verify``: a finished game checks out, a tampered or unfinished one does not."""
from __future__ import annotations

import json
import random

from engine import Game
from engine.verify import main
from tests.engine.randomplay import pick_move


def finished_game() -> dict:
    game, plan = Game.new(["Ann", "Bob", "Cas"], seed="verify-me"), random.Random(3)
    while not game.over:
        game.apply(*pick_move(game, plan, banker_rate=0))
    return json.loads(game.to_json())


def run(tmp_path, data, capsys) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main([str(path)])
    return code, capsys.readouterr().out.strip()


def test_a_finished_game_verifies(tmp_path, capsys):
    assert run(tmp_path, finished_game(), capsys) == (0, "verified")


def test_a_changed_outcome_does_not(tmp_path, capsys):
    state = finished_game()
    roll = next(e for e in state["log"][20:] if e["type"] == "dice")
    roll["values"] = [1, 1] if roll["values"] != [1, 1] else [6, 6]
    assert run(tmp_path, state, capsys) == (1, "NOT verified: outcome_mismatch")


def test_another_seed_does_not(tmp_path, capsys):
    state = finished_game()
    state["seed"] = "another"
    assert run(tmp_path, state, capsys) == (1, "NOT verified: seed_hash_mismatch")


def test_an_export_made_before_the_end_is_not_a_finished_game(tmp_path, capsys):
    export = {"game_id": "g1", "status": "playing", "seed": None, "view": None}
    assert run(tmp_path, export, capsys) == (1, "NOT verified: not_a_finished_game")
