"""A data file that stops taking writes while the commits still reach its write-ahead log (it was
made read-only): the host notices after the first such commit, answers ``storage`` from then
on, and every table screen says so until a save works again."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from companion.saving import database as database_module


class Refusing:
    """The database's SQLite connection, with checkpoints that fail while ``refuse`` is set (the
    commits themselves, which write only the log, go through)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.refuse = True
        self.checkpoints = 0

    def execute(self, sql: str, *args: Any) -> Any:
        if "wal_checkpoint" in sql:
            self.checkpoints += 1
            if self.refuse:
                raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def __enter__(self) -> Any:
        return self.db.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self.db.__exit__(*exc)


@pytest.fixture
def read_only(host, monkeypatch) -> Refusing:
    db = Refusing(host.database._db)
    monkeypatch.setattr(host.database, "_db", db)
    monkeypatch.setattr(database_module.os, "access", lambda path, mode: False)
    return db


def test_a_file_that_cannot_be_written_is_noticed_at_once_and_said(
    clock, host, screen, started, read_only, monkeypatch
):
    assert screen.view()["table"]["saving"] is None
    seat = screen.view()["view"]["waiting"]["seats"][0]
    first = started[seat].act({"type": "roll"})
    assert first["ok"]  # saved in the log: its answer stands
    clock.advance(0)
    saving = screen.view()["table"]["saving"]
    assert saving == {"problem": "checkpoint", "file": str(host.database.path)}
    assert "saving" not in started[0].view() and "table" not in started[0].view()  # the phones hear nothing of it
    for _ in range(3):
        assert screen.act({"type": "claim_code", "seat": 0})["ok"]  # no save: a host action
        answer = screen.act({"type": "transfer", "from": 0, "to": 1, "amount": 10000, "reason": "x"})
        assert answer == {"ok": False, "error": {"code": "storage"}}
    assert started[1].emit("sync", {})["ok"]
    monkeypatch.setattr(database_module.os, "access", lambda path, mode: True)
    read_only.refuse = False
    answer = screen.act({"type": "transfer", "from": 0, "to": 1, "amount": 10000, "reason": "x"})
    assert answer["ok"], answer
    clock.advance(0)
    assert screen.view()["table"]["saving"] is None


def test_a_lobby_refuses_joins_while_the_file_cannot_be_written(app, clock, host, table, screen, phones, read_only):
    assert phones[0].act({"type": "rename", "name": "Ann2"})["ok"]
    clock.advance(0)
    assert screen.view()["table"]["saving"]["problem"] == "checkpoint"
    assert phones[1].act({"type": "rename", "name": "Bob2"}) == {"ok": False, "error": {"code": "storage"}}
    assert [p.name for p in table.lobby.players][:2] == ["Ann2", "Bob"]


def test_a_large_log_is_checked_even_when_the_file_looks_writable(host, screen, started, monkeypatch):
    db = Refusing(host.database._db)
    monkeypatch.setattr(host.database, "_db", db)
    monkeypatch.setattr(database_module, "WAL_LIMIT", 0)
    assert screen.act({"type": "transfer", "from": 0, "to": 1, "amount": 10000, "reason": "x"})["ok"]
    assert db.checkpoints == 1 and host.database.problem == "checkpoint"
