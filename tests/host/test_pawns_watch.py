"""Pawns chosen at join (unique colours, kept across a restart) and phones that only watch."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hostkit import SEED, Client, FakeClock, card_paths, join, play

from companion.app import create_app
from companion.play.pawns import COLOURS, EMOJI
from engine.rng import seed_hash

if TYPE_CHECKING:
    from pathlib import Path


def joined(app, table, name: str, colour: str, emoji: str = EMOJI[1]) -> tuple[Client, dict]:
    phone = Client(app)
    answer = phone.emit("join", {"code": table.code, "name": name, "pawn": {"colour": colour, "emoji": emoji}})
    phone.token = answer.get("token")
    return phone, answer


def test_each_phone_picks_a_free_pawn_colour(app, table, screen):
    assert Client(app).emit("peek", {"code": table.code}) == {
        "ok": True,
        "status": "lobby",
        "locked": False,
        "seed_hash": seed_hash(table.lobby.seed),
        "pawns": {"colours": list(COLOURS), "emoji": list(EMOJI), "taken": [], "signs_taken": []},
    }
    ann, answer = joined(app, table, "Ann", "blue", "🐙")
    assert answer["ok"], answer
    _bob, refused = joined(app, table, "Bob", "blue")
    assert refused == {"ok": False, "error": {"code": "pawn_taken", "colour": "blue"}}
    assert joined(app, table, "Bob", "pink")[1]["error"] == {"code": "bad_pawn", "field": "colour"}
    assert joined(app, table, "Bob", "red", "<b>")[1]["error"] == {"code": "bad_pawn", "field": "emoji"}
    assert Client(app).emit("peek", {"code": table.code})["pawns"]["taken"] == ["blue"]
    assert Client(app).emit("peek", {"code": table.code})["pawns"]["signs_taken"] == ["🐙"]
    cas = join(app, table, "Cas")  # a phone that sends no pawn gets the first free colour and sign
    screen.act({"type": "add_player", "name": "Dan"})
    players = screen.view()["view"]["players"]
    assert [p.get("pawn") for p in players] == [
        {"colour": "blue", "emoji": "🐙"},
        {"colour": "red", "emoji": EMOJI[0]},
        None,
    ]
    assert ann.view()["view"]["players"] == players
    assert screen.act({"type": "start"})["ok"]
    game_players = cas.view()["view"]["players"]
    assert game_players[0]["pawn"] == {"colour": "blue", "emoji": "🐙"} and "pawn" not in game_players[2]
    assert screen.view()["view"]["players"][1]["pawn"]["colour"] == "red"


def test_pawns_survive_a_restart(tmp_path: Path, app, table, screen):
    ann, _ = joined(app, table, "Ann", "yellow", "🚀")
    join(app, table, "Bob")
    join(app, table, "Cas")
    assert screen.act({"type": "start"})["ok"]
    clock = FakeClock(2_000_000_000.0)
    again = create_app(tmp_path, seed=SEED, clock=clock, scheduler=clock)
    phone = Client(again, {"token": ann.token})
    assert phone.view()["view"]["players"][0]["pawn"] == {"colour": "yellow", "emoji": "🚀"}


def test_a_watcher_gets_the_public_view_and_no_secret(app, table, screen, phones):
    early = Client(app)
    assert early.emit("watch", {"code": table.code})["error"]["code"] == "not_started"
    late = Client(app)
    assert late.emit("join", {"code": table.code, "name": "Eve"})["ok"]  # joins the lobby: not a watcher
    assert screen.act({"type": "start"})["ok"]
    assert Client(app).emit("join", {"code": table.code, "name": "Fay"})["error"]["code"] == "game_started"
    watcher = Client(app)
    assert watcher.emit("peek", {"code": table.code.lower()}) == {
        "ok": True,
        "status": "playing",
        "seed_hash": seed_hash(table.lobby.seed),
    }
    assert watcher.emit("watch", {"code": table.code})["ok"]
    first = watcher.view()
    assert first["kind"] == "watch" and first["seat"] is None and first["legal_actions"] == []
    assert "table" not in first and "you" not in first["view"]
    assert first["view"] == screen.view()["view"]
    assert watcher.act({"type": "roll"})["error"]["code"] == "not_seated"
    assert watcher.emit("join", {"code": table.code, "name": "Gus"})["error"]["code"] == "already_seated"
    # It keeps watching as the game goes on, and never hears a bluff card or a table-screen field.
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert ([*phones, late][seat]).act({"type": "roll"})["ok"]
    views = watcher.drain("view")
    assert views and views[-1]["view"]["phase"] == "land"
    for message in watcher.heard:
        assert card_paths(message) == []
        assert "table" not in (message[1] or {}) and "claims" not in str(message)
    assert Client(app, address="192.168.1.77").emit("watch", {"code": "ZZZZ"})["error"]["code"] == "bad_code"


def test_a_watcher_hears_no_bluff_card_over_a_whole_game(app, table, screen, phones, clock):
    assert screen.act({"type": "start"})["ok"]
    watcher = Client(app)
    assert watcher.emit("watch", {"code": table.code})["ok"]
    answers = play(screen, phones, 300, random.Random(3), clock)
    watcher.drain()
    views = [data for event, data in watcher.heard if event == "view"]
    assert len(answers) > 100 and len(views) > len(answers)
    assert all(card_paths(v) == [] and "table" not in v and v["legal_actions"] == [] for v in views)
    assert views[-1]["view"] == screen.view()["view"]


def test_phones_that_pick_no_sign_get_distinct_signs(app, table, screen):
    """Three phones that send no pawn: three colours and three different signs, not three foxes."""
    for name in ("Ann", "Bob", "Cas"):
        join(app, table, name)
    signs = [p["pawn"]["emoji"] for p in screen.view()["view"]["players"]]
    assert signs == list(EMOJI[:3])
    assert Client(app).emit("peek", {"code": table.code})["pawns"]["signs_taken"] == list(EMOJI[:3])
