"""Stakes' draws over a seeded batch of engine games (issue 47): how often a draw waits for a phone,
how often the fallback fires, and the taps per casino game for the bettor and the other side.

    python bench/draw_waits.py [--games 200] [--seed 47] [--silent 0.02]
    BENCH_ROOT=/path/to/an/older/tree python bench/draw_waits.py   # the same batch on another engine

Random legal play (``tests/engine/randomplay.py``), four seats, three of them with a phone (seat 3
without, as a family with one seat played on the table screen). At each stake's draw that waits,
each phone owed answers as the page does (the one who taps, and, since issue 47, the other side's
phone without a tap), except that each stays silent with probability ``--silent`` (a lost or
sleeping phone): then the host's timeout fires (``draw_alone`` before issue 47, ``draw_late``
after). The engine is pure, so the batch is the same on both trees; the times a draw waits are
the live host's (``bench/opponent_spin.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.environ.get("BENCH_ROOT", str(Path(__file__).resolve().parents[1])))

from engine import BANKER, Game, IllegalAction
from engine.rng import seed_hash
from tests.engine.randomplay import PhoneChain, pick_move

SEATS = 4


def owed(view: dict) -> list[tuple[int, str | None]]:
    """Each seat the waiting draw needs now, with the head its link opens (the tree's own form)."""
    w = view["waiting"]
    if "sides" in w:
        return [(s, h) for s, h, link in zip(w["sides"], w["heads"], w["links"]) if link is None]
    return [(w["spinner"], view["players"][w["spinner"]]["chain"])]


def one_game(n: int, silent: float, counts: Counter) -> None:
    rnd = random.Random(n)
    chains: list[PhoneChain | None] = [
        PhoneChain(f"{rnd.getrandbits(256):064x}", 600) if s < 3 else None for s in range(SEATS)
    ]
    starts = [f"{rnd.getrandbits(128):032x}" if c else None for c in chains]
    game = Game.new(
        [f"P{s}" for s in range(SEATS)],
        seed=f"waits-{n}",
        client_seeds=[f"{rnd.getrandbits(128):032x}" if c else None for c in chains],
        start_commits=[v and seed_hash(v) for v in starts],
        start_values=starts,
        chains=[c.head if c else None for c in chains],
    )
    for _ in range(6000):
        if game.over:
            counts["games"] += 1
            return
        view = game.view(None)
        if view["phase"] == "opponent_draw":
            w = view["waiting"]
            casino = "game" in w and w["game"].get("context") == "casino"
            if not casino and "game" not in w:  # before issue 47 the waiting kept no game: a bet came just before
                casino = any(e["type"] == "bet" for e in view["log"][-3:])
            counts["waited"] += 1
            if casino:
                counts["casino_waited"] += 1
                tapper = w["spinner"]
                counts["casino_taps_bettor" if tapper == w["bettor"] else "casino_taps_other"] += tapper is not None
            for seat, head in owed(view):
                if rnd.random() < silent:
                    counts["silent_phone"] += 1
                    continue
                chain = chains[seat]
                assert chain is not None and head is not None
                game.apply(seat, {"type": "draw_for", "link": chain.before(head)})
                if game.view(None)["phase"] != "opponent_draw":
                    break
            if game.view(None)["phase"] == "opponent_draw":
                late = {"type": "draw_late"} if "sides" in w else {"type": "draw_alone"}
                game.apply(BANKER, late)
                counts["fallback"] += 1
            continue
        seat, action = pick_move(game, rnd, banker_rate=0.01, chains=chains)
        try:
            events = game.apply(seat, action)
        except IllegalAction:
            continue
        counts["casino_games"] += sum(e["type"] == "bet" for e in events)
        counts["alone"] += sum(e["type"] in ("spin", "die", "card") and e.get("alone") is True for e in events)
    counts["unfinished"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--silent", type=float, default=0.02)
    args = parser.parse_args()
    counts: Counter = Counter()
    for n in range(args.seed, args.seed + args.games):
        one_game(n, args.silent, counts)
    games, casino = counts["games"] + counts["unfinished"], max(1, counts["casino_games"])
    print(f"{games} games ({counts['unfinished']} cut at 6000 acts), {counts['casino_games']} casino games")
    print(
        f"stakes' draws that waited for a phone: {counts['waited']} "
        f"({counts['waited'] / games:.1f} a game; {counts['casino_waited']} of them casino games)"
    )
    print(
        f"fallbacks fired (a phone silent with p={args.silent}): {counts['fallback']} "
        f"({100 * counts['fallback'] / max(1, counts['waited']):.1f} % of the waits)"
    )
    print(f"stakes' draws made at once by the laptop alone (no side, or no opponent, with a phone): {counts['alone']}")
    print(
        f"taps per casino game: bettor {counts['casino_taps_bettor'] / casino:.2f}, "
        f"other side {counts['casino_taps_other'] / casino:.2f}"
    )


if __name__ == "__main__":
    main()
