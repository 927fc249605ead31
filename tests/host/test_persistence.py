"""Crash-safe games: committed before told, resumed after a restart, listed, exported."""

from __future__ import annotations

import random
import sqlite3
from typing import TYPE_CHECKING

import pytest
from hostkit import SEED, Client, FakeClock, fake_app, play

from companion.saving import record
from companion.saving.record import SNAPSHOT_DELAY
from engine.verify import verify

if TYPE_CHECKING:
    from pathlib import Path


def public(message: dict) -> dict:
    """The message but the table's extras and presence; an auction's countdown starts again on
    the restarted host's clock, so its deadline is left out (its seconds and remaining stay)."""
    auction = {k: v for k, v in (message.get("auction") or {}).items() if k != "deadline"}
    return {**{k: v for k, v in message.items() if k not in ("table", "connected", "auction")}, "auction": auction}


def restart(tmp_path: Path) -> tuple[object, FakeClock]:
    clock = FakeClock(2_000_000_000.0)
    return fake_app(tmp_path, clock, seed=SEED), clock


def snapshot_number(tmp_path: Path) -> tuple[int, int]:
    db = sqlite3.connect(tmp_path / "cashrun.sqlite3")
    try:
        engine_n = db.execute("SELECT engine_n FROM games WHERE engine IS NOT NULL").fetchone()[0]
        last = db.execute("SELECT MAX(n) FROM actions").fetchone()[0]
        return engine_n, last
    finally:
        db.close()


@pytest.mark.parametrize("idle", [True, False], ids=["from-snapshot", "snapshot-plus-replay"])
def test_restart_resumes_the_game_and_the_seats(tmp_path, clock, table, screen, started, idle):
    play(screen, started, 60, random.Random(5), clock)
    if idle:
        clock.advance(SNAPSHOT_DELAY)
    engine_n, last = snapshot_number(tmp_path)
    assert (engine_n == last) == idle  # without the idle snapshot the newest actions are rows only
    before = screen.view()
    mine = [phone.view() for phone in started]

    app, _ = restart(tmp_path)
    screen2 = Client(app, {"table_key": table.key})
    assert public(screen2.view()) == public(before)
    for seat, phone in enumerate(started):
        again = Client(app, {"token": phone.token})
        assert again.view()["seat"] == seat
        assert again.view()["view"]["you"] == mine[seat]["view"]["you"]
        assert again.view()["legal_actions"] == mine[seat]["legal_actions"]
    assert snapshot_number(tmp_path)[0] == snapshot_number(tmp_path)[1]  # loading saved a snapshot
    assert screen2.view()["table"]["log_times"] == before["table"]["log_times"]


def test_the_whole_game_is_saved_once_the_table_is_idle(tmp_path, clock, table, screen, started, monkeypatch):
    """Writing the whole game waits for a pause: each act in full swing puts it off, but no more
    than ``MOST_BEHIND`` rows; every act is saved as its row at once all the same."""
    monkeypatch.setattr(record, "MOST_BEHIND", 12)
    rng = random.Random(8)
    play(screen, started, 1, rng, clock)
    clock.advance(SNAPSHOT_DELAY)
    engine_n, last = snapshot_number(tmp_path)
    assert engine_n == last
    play(screen, started, 8, rng, clock)  # an act every 0.2 s, 1.6 s in all: no pause
    clock.advance(SNAPSHOT_DELAY - 0.3)
    assert snapshot_number(tmp_path) == (engine_n, last + 8)
    clock.advance(0.3)  # idle for SNAPSHOT_DELAY since the last act
    assert snapshot_number(tmp_path) == (last + 8, last + 8)
    play(screen, started, 25, rng, clock)  # 5 s without a pause: the twelfth row no longer puts it off
    during, now = snapshot_number(tmp_path)
    assert now == last + 8 + 25 and last + 8 + 12 <= during < now


def test_an_acknowledged_id_is_remembered_across_a_restart(tmp_path, clock, table, screen, started):
    seat = screen.view()["view"]["waiting"]["seats"][0]
    first = started[seat].emit("act", {"id": "keep", "action": {"type": "roll"}})
    assert first["ok"]
    app, _ = restart(tmp_path)
    phone = Client(app, {"token": started[seat].token})
    assert phone.emit("act", {"id": "keep", "action": {"type": "roll"}}) == first
    assert phone.view()["view"]["phase"] == "land"


def test_nothing_is_told_before_it_is_saved(host, screen, started, monkeypatch):
    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    seat = screen.view()["view"]["waiting"]["seats"][0]
    monkeypatch.setattr(host.database, "commit", broken)
    monkeypatch.setattr(host.database, "commit_soon", broken)  # a game act's commit, while its messages are prepared
    for client in [screen, *started]:
        client.drain()
    answer = started[seat].act({"type": "roll"})
    assert answer == {"ok": False, "error": {"code": "storage"}}
    assert all(client.drain("view") == [] for client in [screen, *started])
    monkeypatch.undo()
    assert screen.view()["view"]["phase"] == "roll"
    assert started[seat].act({"type": "roll"})["ok"]


def test_lobby_survives_a_restart(tmp_path, table, screen, phones):
    assert screen.act({"type": "move_seat", "seat": 0, "to": 3})["ok"]
    app, _ = restart(tmp_path)
    screen2 = Client(app, {"table_key": table.key})
    assert [p["name"] for p in screen2.view()["view"]["players"]] == ["Bob", "Cas", "Dee", "Ann"]
    assert Client(app, {"token": phones[0].token}).view()["seat"] == 3


def test_saved_games_are_listed_and_resumed(app, host, table, screen, started):
    other = host.new_table()
    answer = screen.emit("games")
    assert answer["ok"]
    listed = {g["id"]: g for g in answer["games"]}
    assert listed[table.id]["status"] == "playing" and listed[table.id]["current"] is True
    assert listed[table.id]["players"] == ["Ann", "Bob", "Cas", "Dee"]
    assert listed[other.id]["status"] == "lobby" and listed[other.id]["current"] is False
    assert screen.emit("resume", {"game": other.id}) == {"ok": True, "table_key": other.key}
    assert screen.emit("resume", {"game": "nope"})["error"]["code"] == "bad_game"
    assert screen.emit("resume", {})["error"] == {"code": "malformed", "field": "game"}


def test_the_game_in_play_opens_on_start(tmp_path, clock, host, table, started):
    clock.advance(60)
    newer = host.new_table()
    app, _ = restart(tmp_path)
    opened, resumed = app.extensions["cashrun"].open_latest()
    assert resumed and opened.id == table.id  # the game in play, not the newer empty lobby
    newest = app.extensions["cashrun"].new_table()
    assert newest.id != newer.id
    fresh = fake_app(tmp_path / "empty", FakeClock())
    opened, resumed = fresh.extensions["cashrun"].open_latest()
    assert not resumed and opened.status == "lobby"


def test_export_hides_the_seed_until_the_game_is_over_then_verifies(app, clock, table, screen, started):
    client = app.test_client()
    url = f"/export/{table.id}.json?key={table.key}"
    early = client.get(url).get_json()
    assert early["seed"] is None and early["status"] == "playing"
    assert SEED not in client.get(url).get_data(as_text=True)
    assert client.get(f"/export/{table.id}.json").status_code == 403
    assert client.get(f"/export/nope.json?key={table.key}").status_code == 404

    play(screen, started, 5000, random.Random(2), clock, avoid=())
    assert screen.view()["view"]["over"], "the random game did not end"
    response = client.get(url)
    assert response.headers["Content-Disposition"].startswith("attachment")
    state = response.get_json()
    assert state["seed"] == SEED
    assert verify(state) == (True, "ok")


def test_cashrun_seed_fixes_every_new_games_seed(tmp_path, monkeypatch):
    import hashlib

    from hostkit import join

    monkeypatch.setenv("CASHRUN_SEED", "from-the-environment")
    clock = FakeClock()
    app = fake_app(tmp_path, clock)
    table = app.extensions["cashrun"].new_table()
    screen = Client(app, {"table_key": table.key})
    for name in ("Ann", "Bob", "Cas"):
        join(app, table, name)
    started = screen.act({"type": "start"})["events"][0]
    assert started["seed_hash"] == hashlib.sha256(b"from-the-environment").hexdigest()
