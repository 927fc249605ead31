"""Faults: a full disk, bad settings and boxes, a saved game that no longer loads, a clean exit."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from hostkit import Client, FakeClock, fake_app

from companion.saving.database import Database

FULL = sqlite3.OperationalError("database or disk is full")


@pytest.fixture
def disk_full(host, monkeypatch):
    """From now on, every write to the database fails as on a full disk."""

    def refuse(*args, **kwargs):
        raise FULL

    def full() -> None:
        monkeypatch.setattr(host.database, "commit", refuse)
        monkeypatch.setattr(host.database, "create", refuse)

    return full


def test_every_lobby_message_answers_storage_on_a_full_disk(app, table, screen, phones, disk_full):
    before = screen.view()["view"]
    disk_full()
    storage = {"ok": False, "error": {"code": "storage"}}
    assert Client(app).emit("join", {"code": table.code, "name": "Eve"}) == storage
    assert phones[0].act({"type": "rename", "name": "Anna"}) == storage
    assert screen.act({"type": "lock"}) == storage
    assert screen.act({"type": "set_box", "box": before["settings"]["box"][:8]}) == storage
    assert screen.act({"type": "start"}) == storage
    assert screen.act({"type": "new_game"}) == storage
    assert screen.view()["view"] == before  # nothing changed


def test_a_claim_on_a_full_disk_keeps_its_code(app, screen, started, disk_full):
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    code = screen.view()["table"]["claims"]["0"]["code"]
    disk_full()
    assert Client(app).emit("claim", {"code": code})["error"]["code"] == "storage"
    assert screen.view()["table"]["claims"]["0"]["code"] == code  # what the banker shows still works


def test_a_claim_works_again_once_the_disk_has_room(app, host, screen, started, monkeypatch):
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    code = screen.view()["table"]["claims"]["0"]["code"]
    with monkeypatch.context() as full:
        full.setattr(host.database, "commit", lambda *a: (_ for _ in ()).throw(FULL))
        assert Client(app).emit("claim", {"code": code})["error"]["code"] == "storage"
    assert Client(app).emit("claim", {"code": code})["ok"]


@pytest.mark.parametrize(
    "box, field",
    [
        ([{"name": "A", "colour": "", "symbol": "roulette"}] * 12, "box"),
        ([{"name": "A", "colour": 0, "symbol": "roulette"}] * 12, "box"),
        ([{"name": "A", "colour": "red"}] * 12, "box"),
        (["red"] * 12, "box"),
    ],
)
def test_a_bad_box_is_refused_with_its_field(screen, phones, box, field):
    before = screen.view()["view"]["settings"]
    answer = screen.act({"type": "set_box", "box": box})
    assert answer["error"]["code"] == "bad_settings" and answer["error"]["field"] == field
    assert screen.act({"type": "set_settings", "settings": {"box": box}})["error"]["code"] == "bad_settings"
    assert screen.view()["view"]["settings"] == before


def test_bad_settings_name_the_field(screen, phones):
    answer = screen.act({"type": "set_settings", "settings": {"auction_seconds": 1}})
    assert answer["error"] == {"code": "bad_settings", "field": "auction_seconds"}
    assert screen.act({"type": "set_settings", "settings": {"nonsense": 1}})["error"]["code"] == "bad_settings"


def test_a_saved_box_profile_that_fails_validation_is_not_loaded(tmp_path, host, table, screen):
    box = screen.view()["view"]["settings"]["box"]
    bad = [{**casino, "colour": ""} for casino in box]
    host.database._db.execute("INSERT OR REPLACE INTO prefs VALUES ('box', ?)", (json.dumps(bad),))
    assert host.new_table().lobby.settings["box"] == box  # the default box, not the bad profile
    good = [{**casino, "name": f"Eigen {n}"} for n, casino in enumerate(box)]
    assert screen.act({"type": "set_box", "box": good})["ok"]
    assert host.new_table().lobby.settings["box"] == good  # a good profile is remembered


def test_a_saved_game_that_fails_to_load_is_set_aside(tmp_path, clock, table, screen, started):
    app = fake_app(tmp_path, clock)  # a second host on the same file, as after a restart
    host = app.extensions["cashrun"]
    lobby = host.new_table()
    host.database._db.execute("UPDATE games SET engine = '{\"broken\": true}' WHERE id = ?", (table.id,))
    fresh = fake_app(tmp_path, FakeClock(clock.now + 5))
    restarted = fresh.extensions["cashrun"]
    opened, resumed = restarted.open_latest()
    assert resumed and opened.id == lobby.id
    assert list(restarted.set_aside) == [table.id] and restarted.set_aside[table.id].code == table.code
    other = Client(fresh, {"table_key": opened.key})
    assert other.emit("resume", {"game": table.id})["error"] == {"code": "game_damaged"}
    listing = {g["id"]: g for g in other.emit("games", {})["games"]}
    assert listing[table.id]["damaged"] is True and listing[lobby.id]["damaged"] is False
    assert not Client(fresh, {"table_key": table.key}).connected


def test_a_clean_close_leaves_every_game_in_the_one_file(tmp_path, clock, host, table, screen, started):
    host.close()
    assert not (tmp_path / "cashrun.sqlite3-wal").exists() or (tmp_path / "cashrun.sqlite3-wal").stat().st_size == 0
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(tmp_path / "cashrun.sqlite3", copy / "cashrun.sqlite3")  # the one file the README names
    again = fake_app(copy, FakeClock(clock.now + 5)).extensions["cashrun"]
    opened, resumed = again.open_latest()
    assert resumed and opened.id == table.id and opened.game is not None


def test_a_damaged_file_is_refused_at_open_with_a_database_error(tmp_path):
    db = tmp_path / "cashrun.sqlite3"
    db.write_bytes(b"this is not a database" * 300)
    with pytest.raises(sqlite3.DatabaseError):
        Database(db)
