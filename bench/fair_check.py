"""How long the page's own fairness check takes for a long game (web/static/js/fair/fair-check.js).

    python bench/fair_check.py [--draws N ...]

Plays a six-player game with the engine until it has drawn at least N times (the lap is held
back until then), exports it, and times ``checkGame`` in Chromium: with SubtleCrypto (a secure
context, as the table screen on the laptop) and with the plain SHA-256 (a phone over http).
Goal: under a second for a three-hour game (about 1,000 draws; 2,000 and 5,000 are measured).
"""

from __future__ import annotations

import argparse
import mimetypes
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Game, Settings
from engine.fairness import CHANCE, check
from tests.engine.randomplay import concrete
from tests.support.browser import ARGS, CHROMIUM

HOLD_BACK = {"announce", "claim_lap"}


def long_game(draws: int) -> str:
    rnd = random.Random(draws)
    seeds = [f"{rnd.getrandbits(128):032x}" for _ in range(5)] + [None]
    game = Game.new(
        [f"P{i}" for i in range(6)], settings=Settings(starting_money=50_000_000), seed="bench", client_seeds=seeds
    )
    made = sum(len(e["draws"]) for e in game.log if e["type"] in CHANCE)
    while not game.over:
        seat = rnd.choice(game.to_act())
        legal = game.legal_actions(seat)
        if made < draws:  # small stakes and no lap yet: the game goes on
            held = [a for a in legal if a["type"] not in HOLD_BACK] or legal
            action = {k: v["min"] if isinstance(v, dict) and "step" in v else v for k, v in rnd.choice(held).items()}
            events = game.apply(seat, concrete(action, rnd))
        else:
            events = game.apply(seat, concrete(rnd.choice(legal), rnd))
        made += sum(len(e["draws"]) for e in events if e["type"] in CHANCE)
    return game.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, nargs="*", default=[1000, 2000, 5000])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        static = ROOT / "web" / "static"
        # Served from disk: localhost is a secure context (SubtleCrypto); the plain path is asked for below.
        page.route(
            "http://localhost:9/**",
            lambda route: route.fulfill(
                path=str(static / route.request.url.split("/static/", 1)[1])
                if "/static/" in route.request.url
                else None,
                body=None if "/static/" in route.request.url else "<!doctype html><title>bench</title>",
                content_type=mimetypes.guess_type(route.request.url)[0] or "text/html",
            ),
        )
        page.goto("http://localhost:9/")
        page.evaluate("""async () => { window.fair = await import('/static/js/fair/fair-check.js');
            window.plain = (await import('/static/js/fair/sha256.js')).plain; }""")
        for draws in args.draws:
            export = long_game(draws)
            drawn = check(__import__("json").loads(export))
            for impl in ("subtle", "plain"):
                times = page.evaluate(
                    """async ([text, impl]) => {
                    const out = [];
                    for (let i = 0; i < 5; i++) {
                        const t0 = performance.now();
                        const exp = JSON.parse(text);
                        const r = await fair.checkGame(exp, {}, impl === "plain" ? plain : null);
                        if (!r.ok) throw new Error(r.failed);
                        out.push(performance.now() - t0);
                    }
                    return out;
                }""",
                    [export, impl],
                )
                print(
                    f"{drawn:5d} draws ({len(export) // 1024} KB export), {impl:6s}: "
                    f"best {min(times):6.1f} ms, worst {max(times):6.1f} ms of {len(times)}"
                )
        browser.close()


if __name__ == "__main__":
    t0 = time.monotonic()
    main()
    print(f"done in {time.monotonic() - t0:.1f} s")
