"""Check a finished game: ``python -m engine.verify GAME.json [--seat N --client-seed HEX --start-value HEX]
[--seed-hash HEX]``.

The checks of ``engine.fairness``, the page's own (``web/static/js/fair/fair-check.js``) with the same
options: the seed opens the published hash (and the one a phone kept); a phone's own client seed
and start value are at its seat; every stake's draw carries the links of its sides' phones; every
draw re-derives from the key, without a gap; every chance event shows what its values say. Then a
replay of the recorded actions from the seed and the phones' values, which must give the very same
chance events and end state.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .errors import IllegalAction
from .fairness import CHANCE, Unfair, check
from .game import Game
from .settings import Settings

SAVED_GAME = frozenset({"seed", "client_seeds", "log", "core", "history"})
"""What the engine's ``to_json`` holds that a check needs; an export made before the end lacks them."""


def chance_events(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in log if e["type"] in CHANCE]


def verify(
    state: dict[str, Any],
    client_seed: str | None = None,
    seat: int | None = None,
    kept_hash: str | None = None,
    start_value: str | None = None,
) -> tuple[bool, str]:
    """Return ``(ok, reason)`` for a saved game (the engine's ``to_json``)."""
    try:
        check(state, client_seed, seat, kept_hash, start_value)
    except Unfair as error:
        return False, str(error)
    if not state["core"]["over"]:
        return False, "not_over"
    start = state["log"][0]
    replay = Game.new(
        start["players"],
        Settings.from_dict(start["settings"]),
        seed=state["seed"],
        client_seeds=start["client_seeds"],
        start_commits=start["start_commits"],
        start_values=start["start_values"],
        chains=start["chains"],
    )
    for seat_, action in state["history"]:
        try:
            replay.apply(seat_, action)
        except IllegalAction as error:
            return False, f"replay_refused:{error.code}"
    if chance_events(replay.log) != chance_events(state["log"]):
        return False, "outcome_mismatch"
    if json.loads(replay.to_json())["core"] != state["core"]:
        return False, "state_mismatch"
    return True, "ok"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.verify", description=__doc__.splitlines()[0])
    parser.add_argument("game", type=Path, help="a saved game as JSON")
    parser.add_argument("--seat", type=int, help="the seat whose client seed to look for")
    parser.add_argument("--client-seed", help="that seat's client seed, as the phone kept it")
    parser.add_argument("--start-value", help="that seat's start value, as the phone kept it")
    parser.add_argument("--seed-hash", help="the seed's hash as shown before the game (the lobby, peek)")
    args = parser.parse_args(argv)
    state = json.loads(args.game.read_text(encoding="utf-8"))
    if not isinstance(state, dict) or not state.keys() >= SAVED_GAME:
        ok, reason = False, "not_a_finished_game"
    else:
        ok, reason = verify(state, args.client_seed, args.seat, args.seed_hash, args.start_value)
    if ok:
        print(f"verified: all {len([d for e in chance_events(state['log']) for d in e['draws']])} draws")
    else:
        print(f"NOT verified: {reason}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
