"""The page's updates module (web/static/js/core/updates.js) makes every change exactly as the host's
companion/wire/updates.py does: random values, and the messages of random games through the engine.

Runs in Chromium with no viewport of interest (the module has no screen)."""

from __future__ import annotations

import json
import random
from typing import Any

from companion.play.symbols import coded
from companion.wire import updates
from engine import Game
from tests.engine.randomplay import pick_move
from tests.support.screen import readable


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.choice([None, True, False, 0, 1, 2, 1.5, "a", "b"])
    if kind in (1, 2, 3):
        return rng.randrange(3)
    if kind in (4, 5):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {rng.choice("abc"): random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def games(seeds: int, steps: int) -> list[list[dict[str, Any]]]:
    """Per game and seat, the message a phone gets after each act (the engine's view with its cards'
    symbols as their letters, its actions)."""
    out = []
    for n in range(seeds):
        rng = random.Random(n)
        game = Game.new(["Ann", "Bob", "Cas", "Dee", "Eve"], seed=f"js-{n}")
        streams: list[list[dict[str, Any]]] = [[] for _ in range(5)]
        for _ in range(steps):
            if game.over:
                break
            game.apply(*pick_move(game, rng))
            for seat, stream in enumerate(streams):
                stream.append(
                    {
                        "kind": "game",
                        "game_id": "g",
                        "seat": seat,
                        "view": {**game.view(seat), "you": coded(game.view(seat)["you"])},
                        "legal_actions": game.legal_actions(seat),
                        "connected": [True] * 5,
                        "auction": None,
                    }
                )
        out += streams
    return out


def test_the_page_makes_each_change_as_the_host(browser, served):
    page = browser.new_page()
    page.goto(f"{served.base}/j/{served.code}")
    page.evaluate("async () => { window.updates = await import('/static/js/core/updates.js'); }")
    rng = random.Random(5)
    pairs = []
    while len(pairs) < 400:
        old, new = random_value(rng), random_value(rng)
        if (change := updates.diff(old, new)) is not None:
            pairs.append([old, change, new])
    got = page.evaluate("(pairs) => pairs.map(([old, change]) => updates.patch(old, change))", pairs)
    assert got == [json.loads(json.dumps(new)) for _, _, new in pairs]

    for stream in games(3, 120):
        sent, wanted = [], []
        seen = None
        for version, message in enumerate(stream):
            public, own = updates.split(message)
            text, seen = updates.Round(version, public).update(seen, own)
            if text is not None:
                sent.append(json.loads(text))
                wanted.append(json.loads(json.dumps(readable(message))))
        built = page.evaluate(
            """(sent) => {
            const u = new updates.Updates();
            return sent.map((x) => u.take(x));
        }""",
            sent,
        )
        assert built == wanted
        assert (
            page.evaluate(
                """(sent) => {
            const u = new updates.Updates();
            u.take(sent[0]);
            return u.take(sent[2]);
        }""",
                sent,
            )
            is None
        )  # one missed: it asks for a whole message
    page.close()
