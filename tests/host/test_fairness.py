"""The phones' randomness at the host: the seed's hash before any join, a client seed with
``join``, ``claim`` and ``seed``, and the finished game's export that every phone checks."""

from __future__ import annotations

import json
import random
import re

import pytest
from hostkit import Client, FakeClock, fake_app, play

from engine.fairness import check
from engine.rng import seed_hash

SEEDS = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210", None, "a" * 32]
BAD = ["A" * 32, "a" * 31, "a" * 33, "g" * 32, 12, ["a" * 32], {"x": 1}, "", True]


@pytest.fixture
def app(tmp_path, clock: FakeClock):
    """No fixed seed here: the host makes each lobby's seed."""
    return fake_app(tmp_path, clock, reveal_scale=0)


def seated(app, table, names=("Ann", "Bob", "Cas", "Dee"), seeds=SEEDS) -> list[Client]:
    phones = []
    for name, seed in zip(names, seeds):
        phone = Client(app)
        answer = phone.emit("join", {"code": table.code, "name": name, **({"client_seed": seed} if seed else {})})
        assert answer["ok"], answer
        phone.token = answer["token"]
        phones.append(phone)
    return phones


def finish(screen, phones, clock) -> None:
    """Random play to the end; the banker confirms a lap claimed (the only time no phone acts)."""
    rng = random.Random(4)
    for _ in range(200):
        play(screen, phones, 500, rng, clock, avoid=())
        if screen.view()["view"]["over"]:
            return
        if {"type": "confirm_lap"} in screen.view()["legal_actions"]:
            assert screen.act({"type": "confirm_lap"})["ok"]
    raise AssertionError("the random game did not end")


def test_peek_gives_the_hash_before_any_join_and_the_end_opens_it(app, clock, table, screen):
    early = Client(app).emit("peek", {"code": table.code})
    assert early["ok"] and re.fullmatch(r"[0-9a-f]{64}", early["seed_hash"])
    assert screen.view()["view"]["seed_hash"] == early["seed_hash"]  # the table's lobby shows it
    assert re.fullmatch(r"[0-9a-f]{64}", table.lobby.seed) and seed_hash(table.lobby.seed) == early["seed_hash"]
    assert table.lobby.seed not in json.dumps(screen.view()) + json.dumps(early)
    phones = seated(app, table)
    assert screen.act({"type": "start"})["ok"]
    start = screen.view()["view"]["log"][0]
    assert start["seed_hash"] == early["seed_hash"] and start["client_seeds"] == SEEDS
    assert Client(app).emit("peek", {"code": table.code})["seed_hash"] == early["seed_hash"]
    assert screen.view()["view"]["seed"] is None and table.lobby.seed not in json.dumps(screen.view())
    finish(screen, phones, clock)
    assert seed_hash(screen.view()["view"]["seed"]) == early["seed_hash"]


@pytest.mark.parametrize("bad", BAD)
def test_a_malformed_client_seed_is_refused_and_changes_nothing(app, table, screen, bad):
    phone = Client(app)
    answer = phone.emit("join", {"code": table.code, "name": "Ann", "client_seed": bad})
    assert answer == {"ok": False, "error": {"code": "bad_client_seed"}}
    assert table.lobby.players == [] and phone.drain("view") == []
    [ann] = seated(app, table, ["Ann"], [SEEDS[0]])
    assert ann.emit("seed", {"client_seed": bad})["error"]["code"] == "bad_client_seed"
    assert table.lobby.players[0].client_seed == SEEDS[0]
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    code = screen.view()["table"]["claims"]["0"]["code"]
    assert Client(app).emit("claim", {"code": code, "client_seed": bad})["error"]["code"] == "bad_client_seed"
    assert (
        table.lobby.players[0].client_seed == SEEDS[0] and code in table.claims.shown(table.lobby.seat_of)["0"]["code"]
    )


def test_a_missing_client_seed_and_a_seat_without_a_phone_are_null(app, table, screen):
    seated(app, table, ["Ann", "Bob"], [None, SEEDS[1]])
    assert screen.act({"type": "add_player", "name": "Cas"})["ok"]
    assert screen.act({"type": "start"})["ok"]
    assert screen.view()["view"]["log"][0]["client_seeds"] == [None, SEEDS[1], None]


def test_a_claim_in_the_lobby_brings_its_client_seed_and_a_started_game_keeps_its_own(app, table, screen):
    seated(app, table, ["Ann", "Bob", "Cas"], SEEDS[:3])
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    new = "b" * 32
    answer = Client(app).emit("claim", {"code": code, "client_seed": new})
    assert answer["ok"] and answer["seeded"] and table.lobby.players[1].client_seed == new
    assert screen.act({"type": "start"})["ok"]
    assert screen.view()["view"]["log"][0]["client_seeds"] == [SEEDS[0], new, None]
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    code = screen.view()["table"]["claims"]["0"]["code"]
    late = Client(app)
    answer = late.emit("claim", {"code": code, "client_seed": "c" * 32})
    assert answer["ok"] and answer["seeded"] is False
    assert table.game.log[0]["client_seeds"][0] == SEEDS[0]
    assert late.emit("seed", {"client_seed": "d" * 32})["error"]["code"] == "game_started"


def test_the_export_of_a_finished_game_holds_everything_the_check_needs(app, clock, table, screen):
    phones = seated(app, table)
    assert phones[0].emit("fair", {})["error"]["code"] == "not_over"
    assert screen.act({"type": "start"})["ok"]
    assert phones[0].emit("fair", {})["error"]["code"] == "not_over"
    finish(screen, phones, clock)
    watcher = Client(app)
    assert watcher.emit("watch", {"code": table.code})["ok"]
    for seat, phone in enumerate([*phones, watcher]):
        answer = phone.emit("fair", {})
        assert answer["ok"] and answer["game_id"] == table.id
        export = json.loads(answer["export"])
        assert export == json.loads(table.export())
        own = SEEDS[seat] if seat < len(SEEDS) else None
        assert check(export, own, seat if own else None) > 50
    assert Client(app).emit("fair", {})["error"]["code"] == "not_seated"


def test_play_again_has_a_new_seed_and_the_phones_send_new_client_seeds(app, clock, table, screen):
    phones = seated(app, table)
    assert screen.act({"type": "start"})["ok"]
    finish(screen, phones, clock)
    old_hash = screen.view()["view"]["seed_hash"]
    again = app.extensions["cashrun"].table_of_key(screen.act({"type": "play_again"})["table_key"])
    assert again.lobby.fair_args()["client_seeds"] == [None] * 4
    lobby = phones[0].drain("view")[-1]
    assert lobby["game_id"] == again.id and lobby["view"]["seed_hash"] not in (None, old_hash)
    assert lobby["view"]["you"] == {
        "seat": 0,
        "client_seed": None,
        "start_commit": None,
        "chain": None,
        "revealed": False,
    }
    fresh = ["1" * 32, "2" * 32, None, "3" * 32]
    for phone, seed in zip(phones, fresh):
        if seed:
            assert phone.emit("seed", {"client_seed": seed}) == {"ok": True}
    assert phones[0].view()["view"]["you"]["client_seed"] == fresh[0]
    screen2 = Client(app, {"table_key": again.key})
    assert screen2.act({"type": "start"})["ok"]
    start = screen2.view()["view"]["log"][0]
    assert start["client_seeds"] == fresh and start["seed_hash"] == lobby["view"]["seed_hash"]


def test_the_lobby_seed_and_client_seeds_survive_a_restart(tmp_path, clock, table, app):
    seated(app, table, ["Ann", "Bob", "Cas"], SEEDS[:3])
    seed = table.lobby.seed
    restarted = fake_app(tmp_path, FakeClock(2_000_000_000.0), reveal_scale=0).extensions["cashrun"]
    lobby = restarted.table(table.id).lobby
    assert lobby.seed == seed and lobby.fair_args()["client_seeds"] == SEEDS[:3]


def test_saves_from_before_the_client_seeds_are_refused_as_another_format(tmp_path, clock, app, table, screen):
    seated(app, table, ["Ann", "Bob", "Cas"], SEEDS[:3])
    assert screen.act({"type": "start"})["ok"]
    lobby = app.extensions["cashrun"].new_table()
    db = app.extensions["cashrun"].database._db
    engine = json.loads(db.execute("SELECT engine FROM games WHERE id = ?", (table.id,)).fetchone()[0])
    engine["format"] = 2
    db.execute("UPDATE games SET engine = ? WHERE id = ?", (json.dumps(engine), table.id))
    old_lobby = json.loads(db.execute("SELECT lobby FROM games WHERE id = ?", (lobby.id,)).fetchone()[0])
    del old_lobby["seed"]
    db.execute("UPDATE games SET lobby = ? WHERE id = ?", (json.dumps(old_lobby), lobby.id))
    restarted = fake_app(tmp_path, FakeClock(clock.now + 5), reveal_scale=0).extensions["cashrun"]
    assert restarted.table(table.id) is None and restarted.table(lobby.id) is None
    assert {g: s.reason for g, s in restarted.set_aside.items()} == {
        table.id: "ValueError: format",
        lobby.id: "ValueError: format",
    }
