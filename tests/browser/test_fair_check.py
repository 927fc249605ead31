"""The page's own check (web/static/js/fair/fair-check.js) is a second implementation of the fairness
check, independent of the engine: run in Chromium against exports the engine made for 50 random
games, whole and tampered, it gives exactly what engine/fairness.py gives. Its plain SHA-256 (for
a phone over http, with no SubtleCrypto) gives what SubtleCrypto gives.

Runs in Chromium with no viewport of interest (the modules have no screen)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from i18n_files import EN

from engine import BANKER, Game
from engine.fairness import CHANCE, Unfair, check
from engine.rng import derive, key_of, seed_hash
from tests.engine.randomplay import PhoneChain, pick_move
from tests.engine.test_rng import VECTOR_CLIENTS, VECTOR_SEED

LOAD = """async () => { window.fair = await import('/static/js/fair/fair-check.js');
  window.plain = (await import('/static/js/fair/sha256.js')).plain; }"""
CHECK = """async (cases) => Promise.all(cases.map(async ([text, owns]) => {
  const exp = JSON.parse(text);
  return Promise.all(owns.map(async (own) => {
    const r = await fair.checkGame(exp, own);
    return [r.failed, r.where, r.draws, r.steps.map((s) => s.ok)];
  }));
}))"""


def finished_games(count: int) -> list[tuple[Game, list[str | None], list[str | None]]]:
    """Random games to their end, with a random mix of seats with a phone and without, the banker's
    undo; each phone with its client seed, a start value (now and then not sent in time: only its
    commitment is in the game) and a hash chain; a stake's draw now and then left without a side's
    link (the host's timeout: a forfeit). Each with its client seeds and the start values the phones kept."""
    games, n = [], 0
    while len(games) < count:
        rnd = random.Random(n)
        players = rnd.randint(3, 6)
        seeds = [None if rnd.random() < 0.3 else f"{rnd.getrandbits(128):032x}" for _ in range(players)]
        kept = [s and f"{rnd.getrandbits(128):032x}" for s in seeds]
        sent = [v if rnd.random() < 0.8 else None for v in kept]
        chains = [s and PhoneChain(f"{rnd.getrandbits(256):064x}", 400) for s in seeds]
        game = Game.new(
            [f"P{i}" for i in range(players)],
            seed=f"{rnd.getrandbits(256):064x}",
            client_seeds=seeds,
            start_commits=[v and seed_hash(v) for v in kept],
            start_values=sent,
            chains=[c and c.head for c in chains],
        )
        for _ in range(20_000):
            if game.over:
                games.append((game, seeds, kept))
                break
            if game.view(None)["phase"] == "opponent_draw" and rnd.random() < 0.2:
                game.apply(BANKER, {"type": "draw_late"})
            else:
                game.apply(*pick_move(game, rnd, banker_rate=0.05, chains=chains))
        n += 1
    return games


def engine_says(export: dict[str, Any], own: dict[str, Any]) -> tuple[str | None, int | None]:
    try:
        check(export, own.get("client_seed"), own.get("seat"), own.get("seed_hash"), own.get("start_value"))
    except Unfair as error:
        return error.code, error.where
    return None, None


def tampered(export: dict[str, Any], rnd: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """One value changed, a hidden value changed (two cards of the bluff pile swapped), the seed
    changed, a client seed removed, a start value changed, a side's link changed, a draw skipped,
    an outcome changed; and the three only the replay used to catch: a tuck's n changed, a link
    replaced by the laptop's value without an ``alone`` mark, an ``alone`` mark removed."""
    out = []
    value = copy.deepcopy(export)
    shown_draws = [d for e in value["log"] if e["type"] in CHANCE for d in e["draws"] if len(d) == 3]
    drawn = rnd.choice(shown_draws)
    drawn[2] = (drawn[2] + 1) % drawn[1] if drawn[1] > 1 else 1
    out.append(("value", value))
    pile = copy.deepcopy(export)
    symbols = pile["bluff_symbols"]
    i, j = next((i, j) for i in range(len(symbols)) for j in range(i) if symbols[i] != symbols[j])
    symbols[i], symbols[j] = symbols[j], symbols[i]
    out.append(("hidden_value", pile))
    seed = copy.deepcopy(export)
    seed["seed"] = f"{rnd.getrandbits(256):064x}"
    out.append(("seed", seed))
    removed = copy.deepcopy(export)
    seeds = removed["log"][0]["client_seeds"]
    if any(seeds):
        seeds[next(i for i, s in enumerate(seeds) if s)] = None
        out.append(("client_seed", removed))
    start = copy.deepcopy(export)
    values = start["log"][0]["start_values"]
    if any(values):
        values[next(i for i, v in enumerate(values) if v)] = "0" * 32
        out.append(("start_value", start))
    linked = copy.deepcopy(export)
    spun = [e for e in linked["log"] if e["type"] in CHANCE and e.get("links")]
    if spun:
        rnd.choice(spun)["links"][0][1] = "0" * 64
        out.append(("link", linked))
    tuck = copy.deepcopy(export)
    tucks = [e for e in tuck["log"] if e["type"] == "tuck"]
    if tucks:
        rnd.choice(tucks)["draws"][0][1] -= 1
        out.append(("tuck_n", tuck))
    replaced = copy.deepcopy(export)
    dice = [e for e in replaced["log"] if e["type"] == "die" and e.get("links")]
    if dice:
        event = rnd.choice(dice)
        del event["links"]
        key = key_of(replaced["seed"], replaced["client_seeds"], replaced["start_values"])
        value = derive(key, event["draws"][0][0], 6)  # the laptop's value alone, shown as it says
        event["draws"][0][2], event["value"] = value, value + 1
        out.append(("link_replaced", replaced))
    unmarked = copy.deepcopy(export)
    alone = [e for e in unmarked["log"] if e.get("alone")]
    if alone:
        del rnd.choice(alone)["alone"]
        out.append(("alone_removed", unmarked))
    hidden = copy.deepcopy(export)
    draws = [d for e in hidden["log"] if e["type"] in CHANCE for d in e["draws"]]
    for later in draws[rnd.randrange(len(draws)) :]:
        later[0] += 1
    out.append(("gap", hidden))
    shown = copy.deepcopy(export)
    die = next((e for e in shown["log"] if e["type"] == "dice"), None)
    if die is not None:
        die["values"] = [die["values"][1], die["values"][0]] if die["values"][0] != die["values"][1] else [7, 7]
        out.append(("shown", shown))
    return out


def test_the_page_checks_50_random_games_as_the_engine_does(browser, served):
    page = browser.new_page()
    page.goto(f"{served.base}/j/{served.code}")
    page.evaluate(LOAD)
    rnd = random.Random(18)
    games = finished_games(50)
    caught: dict[str, set[str | None]] = {}
    for start in range(0, len(games), 10):
        cases, wanted = [], []
        for n, (game, seeds, kept) in enumerate(games[start : start + 10]):
            export = json.loads(game.to_json())
            seat = rnd.randrange(len(seeds))
            own = {
                "seed_hash": export["log"][0]["seed_hash"],
                "client_seed": seeds[seat],
                "seat": seat,
                "start_value": kept[seat],
            }
            owns = {
                "whole": own,
                "own": {**own, "client_seed": "0" * 32},
                "kept": {**own, "seed_hash": "f" * 64},
                "own_start": {**own, "start_value": "1" * 32},
            }
            cases.append([game.to_json(), list(owns.values())])
            wanted.append([(kind, *engine_says(export, o)) for kind, o in owns.items()])
            # Each game also goes through three of the tamperings, in turn (each export is large),
            # and the rare one (an alone mark removed: only when neither side of a bet had a phone).
            bad = tampered(export, rnd)
            chosen = {bad[(start + n + step) % len(bad)][0] for step in range(3)} | {"alone_removed"}
            for kind, changed in bad:
                if kind not in chosen:
                    continue
                cases.append([json.dumps(changed), [own]])
                wanted.append([(kind, *engine_says(changed, own))])
        got = page.evaluate(CHECK, cases)
        for results, wants, (text, _) in zip(got, wanted, cases):
            for (failed, where, draws, steps), (kind, code, at) in zip(results, wants):
                assert (failed, where) == (code, at), kind
                if kind == "whole":
                    assert code is None and False not in steps
                    assert draws == sum(len(e["draws"]) for e in json.loads(text)["log"] if e["type"] in CHANCE)
                caught.setdefault(kind, set()).add(failed)
    # Every kind of tampering was caught, by the check that should catch it.
    assert caught["whole"] == {None} and caught["hidden_value"] == {"shown"}
    assert caught["value"] == {"derive"} and caught["seed"] == {"seed_hash"} and caught["gap"] == {"gap"}
    assert caught["client_seed"] <= {"derive", "own_seed"} and caught["shown"] == {"shown"}
    assert caught["own"] == {"own_seed"} and caught["kept"] == {"kept_hash"}
    assert caught["start_value"] == {"start_values"} and caught["link"] == {"chain"}
    assert caught["tuck_n"] == {"shown"} and caught["link_replaced"] == {"chain"}
    assert caught["alone_removed"] == {"chain"}
    assert (
        caught["own_start"] <= {None, "own_start"} and "own_start" in caught["own_start"]
    )  # None: a seat without a phone


def test_the_test_vector_and_the_plain_sha256_match_subtle_crypto(browser, served):
    page = browser.new_page()
    page.goto(f"{served.base}/j/{served.code}")
    page.evaluate(LOAD)
    key = VECTOR_SEED + "".join(f"|{c}" for c in VECTOR_CLIENTS)
    for impl in ("subtle", "plain"):
        got = page.evaluate(
            """async ([key, impl]) => {
            const enc = new TextEncoder();
            const sign = impl === "plain" ? await plain.hmacKey(enc.encode(key)) : async (m) => new Uint8Array(
              await crypto.subtle.sign("HMAC", await crypto.subtle.importKey("raw", enc.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), m));
            const out = [];
            for (const n of [37, 6]) for (let k = 0; k < 10; k++) out.push(await fair.derive(sign, k, n));
            return out;
        }""",
            [key, impl],
        )
        assert got == [17, 13, 21, 26, 16, 34, 34, 18, 15, 6, 0, 3, 5, 4, 2, 1, 1, 5, 3, 4], impl
    same = page.evaluate("""async () => {
        const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
        const bad = [];
        for (let len = 1; len < 300; len += 7) {
            const bytes = crypto.getRandomValues(new Uint8Array(len));
            const a = hex(await plain.sha256(bytes)), b = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
            const k = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
            const c = hex(await (await plain.hmacKey(bytes))(bytes.slice(0, 20))), d = hex(new Uint8Array(await crypto.subtle.sign("HMAC", k, bytes.slice(0, 20))));
            if (a !== b || c !== d) bad.push(len);
        }
        return bad;
    }""")
    assert same == []


PANEL = """async ([id, text]) => {
    const view = await import('/static/js/fair/fair-view.js');
    const opts = { kind: "phone", seat: 0, fetchExport: async () => text };
    await new Promise((done) => view.fairPanel(id, { ...opts, rerender: done }));
    const el = view.fairPanel(id, opts);
    const forfeits = el.querySelector('[data-out="fair-forfeits"]');
    return { state: el.dataset.fair, failed: el.dataset.failed || null, head: el.querySelector('.fair-head').textContent,
             steps: [...el.querySelectorAll('[data-step]')].map((s) => s.className),
             forfeits: forfeits && [forfeits.dataset.forfeits, forfeits.textContent] };
}"""


def test_the_end_screen_says_which_check_failed_in_words(browser, served):
    """The phone's panel (English, the browser's language) for a whole export and a tampered one."""
    page = browser.new_page(locale="en-GB")
    page.goto(f"{served.base}/j/{served.code}")
    page.locator('[data-input="name"]').wait_for()
    en = EN["fair"]
    [(game, _, _)] = finished_games(1)
    export = json.loads(game.to_json())
    draws = sum(len(e["draws"]) for e in export["log"] if e["type"] in CHANCE)
    whole = page.evaluate(PANEL, ["whole", game.to_json()])
    assert whole["state"] == "ok" and whole["head"] == en["ok_phone"]["other"].replace("{n}", str(draws))
    assert whole["steps"] == [
        "step good",
        "step skip",
        "step good",
        "step good",
        "step good",
        "step good",
        "step good",
    ]  # no seed of its own kept
    # The phones that did not give their part of a draw in time are named, one line.
    seats = [e["seat"] for e in export["log"] if e["type"] == "forfeit"]
    assert seats, "the game has no forfeit to show"
    names = ", ".join(export["log"][0]["players"][s] for s in dict.fromkeys(seats))
    key = "one" if len(set(seats)) == 1 else "other"
    assert whole["forfeits"] == [",".join(map(str, seats)), en["forfeits"][key].format(names=names)]
    drawn = next(e for e in export["log"] if e["type"] == "spin")["draws"][0]
    drawn[2] = (drawn[2] + 1) % 37
    bad = page.evaluate(PANEL, ["bad", json.dumps(export)])
    assert bad["state"] == "failed" and bad["failed"] == "derive"
    assert bad["head"] == en["failed_derive"].replace("{where}", str(drawn[0]))
    assert bad["steps"] == ["step good", "step skip", "step good", "step good", "step good", "step bad", "step skip"]
