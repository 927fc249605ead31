"""How fast the engine plays: random legal play, and one apply plus seven views.

    python bench/engine_speed.py [--games N]

Prints the random-play rate (actions per second, each including the ``to_act`` and
``legal_actions`` calls that chose it), without and with a board the engine follows
the pawns on, and the cost of one ``apply`` followed by the
seven views a six-player table sends (the table's and six phones'). Goals on the
2-core reference machine: at least 10,000 actions per second; under 0.5 ms. The rates are
also given per second of the process's CPU: on a shared, busy machine the wall clock counts
the time spent waiting for a core too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game, Settings
from tests.engine.randomplay import concrete, random_board


def random_play_rate(games: int, with_board: bool) -> tuple[int, float, float]:
    """Actions played, and the seconds they took: on the wall clock and of this process's CPU."""
    actions, elapsed, cpu = 0, 0.0, 0.0
    for n in range(games):
        rnd = random.Random(n)
        settings = Settings(board=random_board(rnd, 12)) if with_board else Settings()
        game = Game.new([f"P{i}" for i in range(3 + n % 4)], settings=settings, seed=f"rate-{n}")
        start, start_cpu = time.perf_counter(), time.process_time()
        while not game.over:
            seat = rnd.choice(game.to_act())
            game.apply(seat, concrete(rnd.choice(game.legal_actions(seat)), rnd))
            actions += 1
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
    return actions, elapsed, cpu


def apply_and_views(games: int) -> list[float]:
    costs = []
    for n in range(games):
        rnd = random.Random(n)
        game = Game.new([f"P{i}" for i in range(6)], seed=f"views-{n}")
        while not game.over:
            seat = rnd.choice(game.to_act())
            action = concrete(rnd.choice(game.legal_actions(seat)), rnd)
            start = time.perf_counter()
            game.apply(seat, action)
            game.view(None)
            for phone in range(6):
                game.view(phone)
            costs.append(time.perf_counter() - start)
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for label, with_board in (("random play", False), ("random play on a board", True)):
        actions, elapsed, cpu = random_play_rate(args.games, with_board)
        print(
            f"{label}: {actions} actions in {elapsed:.2f} s = {actions / elapsed:,.0f} actions/s "
            f"(goal >= 10,000); {actions / cpu:,.0f} per second of its CPU time"
        )
    costs = sorted(apply_and_views(args.games))
    mean = statistics.fmean(costs) * 1000
    p99 = costs[int(len(costs) * 0.99)] * 1000
    print(
        f"apply + 7 views: mean {mean:.3f} ms, p50 {costs[len(costs) // 2] * 1000:.3f} ms, "
        f"p99 {p99:.3f} ms over {len(costs)} actions (goal: mean < 0.5 ms)"
    )


if __name__ == "__main__":
    main()
