"""Check a finished game: ``python -m engine.verify GAME.json``.

The seed must hash to the hash published at the start, and replaying the recorded
actions from that seed must draw exactly the outcomes the game's log shows.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .errors import IllegalAction
from .game import Game
from .rng import seed_hash
from .settings import Settings

CHANCE = frozenset({"spin", "die", "dice", "card", "shuffle"})
SAVED_GAME = frozenset({"seed", "log", "core", "history"})
"""What the engine's ``to_json`` holds that a check needs; an export made before the end lacks them."""


def chance_events(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in log if e["type"] in CHANCE]


def verify(state: dict[str, Any]) -> tuple[bool, str]:
    """Return ``(ok, reason)`` for a saved game (the engine's ``to_json``)."""
    log = state["log"]
    if not log or log[0]["type"] != "game_started":
        return False, "no_start"
    start = log[0]
    seed = state["seed"]
    if seed_hash(seed) != start["seed_hash"]:
        return False, "seed_hash_mismatch"
    if not state["core"]["over"]:
        return False, "not_over"
    replay = Game.new(start["players"], Settings.from_dict(start["settings"]), seed=seed)
    for seat, action in state["history"]:
        try:
            replay.apply(seat, action)
        except IllegalAction as error:
            return False, f"replay_refused:{error.code}"
    if chance_events(replay.log) != chance_events(log):
        return False, "outcome_mismatch"
    if json.loads(replay.to_json())["core"] != state["core"]:
        return False, "state_mismatch"
    return True, "ok"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.verify", description=__doc__.splitlines()[0])
    parser.add_argument("game", type=Path, help="a saved game as JSON")
    args = parser.parse_args(argv)
    state = json.loads(args.game.read_text(encoding="utf-8"))
    if not isinstance(state, dict) or not SAVED_GAME <= state.keys():
        ok, reason = False, "not_a_finished_game"
    else:
        ok, reason = verify(state)
    print("verified" if ok else f"NOT verified: {reason}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
