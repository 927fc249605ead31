"""The marks of committed actions beside the database: a rollback of the database (a damaged
write-ahead log) is found on the next start and named, game by game."""

from __future__ import annotations

import itertools
import shutil
import sqlite3
from typing import TYPE_CHECKING

import pytest

from companion.saving.database import Database
from companion.saving.marks import Marks
from companion.saving.rows import ActionRow, Change, SavedGame

if TYPE_CHECKING:
    from pathlib import Path

IDS = (f"a{n}" for n in itertools.count())


def game(database: Database, game_id: str, code: str) -> None:
    database.create(SavedGame(game_id, f"key-{game_id}", code, "lobby", 1.0, 1.0, {"players": []}, None))


def act(database: Database, game_id: str, n: int) -> None:
    for _ in range(n):
        database.commit(
            game_id,
            Change(
                "lobby", 2.0, ActionRow("table", next(IDS), None, {"type": "lock"}, {"ok": True, "events": []}, 2.0)
            ),
        )


def test_a_database_rolled_back_behind_its_marks_is_named(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    database = Database(db)
    game(database, "g1", "ABCD")
    game(database, "g2", "EFGH")
    act(database, "g1", 5)
    act(database, "g2", 2)
    database.close()
    older = tmp_path / "older.sqlite3"
    shutil.copy(db, older)  # the file as it was; then more actions are committed
    database = Database(db)
    assert database.lost == []
    act(database, "g1", 4)
    game(database, "g3", "JKLM")
    act(database, "g3", 1)
    database.close()
    shutil.copy(older, db)  # the database rolls back, its marks do not
    database = Database(db)
    lost = {g.game: (g.code, g.count, g.held) for g in database.lost}
    assert lost == {"g1": ("ABCD", 4, 5), "g3": (None, 1, 0)}
    database.close()
    assert Database(db).lost == []  # said once: the marks start anew from the file


def test_a_torn_last_mark_is_skipped_and_a_lagging_mark_says_nothing(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    database = Database(db)
    game(database, "g1", "ABCD")
    act(database, "g1", 3)
    database.close()
    marks = Marks(db)
    marks.path.write_text("g1 2\ng1 9", encoding="ascii")  # a lagging mark, then a torn one
    assert marks.read() == {"g1": 2}
    assert Database(db).lost == []


class CommitFails:
    """The database's connection, but its commit fails (a disk gone at the last moment)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __getattr__(self, name: str):
        return getattr(self.db, name)

    def execute(self, sql: str, *args):
        if sql == "COMMIT":  # how the database commits an action
            self.db.execute("ROLLBACK")
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)


def test_an_action_whose_commit_fails_leaves_no_mark(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    database = Database(db)
    game(database, "g1", "ABCD")
    act(database, "g1", 2)
    real, database._db = database._db, CommitFails(database._db)
    with pytest.raises(sqlite3.OperationalError):
        act(database, "g1", 1)
    database._db = real
    assert Marks(db).read() == {"g1": 2}
    database.close()
    assert Database(db).lost == []  # no action named lost that was never saved
