"""The write-ahead log's upkeep (``companion.saving.wal``): made whole before the first commit, so
commits write over it and never grow it; folded into the file off the act's way; and a log made
of zeros is never taken for pages, after a crash or a clean exit."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from typing import TYPE_CHECKING

from companion.saving import wal
from companion.saving.store import Store
from tests.host.test_marks import act, game

if TYPE_CHECKING:
    from pathlib import Path


def log_of(db: Path) -> Path:
    return db.with_name(db.name + "-wal")


def paced(store: Store, count: int) -> None:
    """``count`` commits 5 ms apart: twenty times a busy table's pace, and gaps the folding
    finds (commits back to back would always leave it a page behind)."""
    for _ in range(count):
        act(store, "g1", 1)
        time.sleep(0.005)


def test_the_log_is_made_before_the_first_commit_and_commits_write_over_it(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    store = Store(db)
    assert os.stat(log_of(db)).st_size == wal.ROOM
    game(store, "g1", "ABCD")
    paced(store, 6 * wal.FOLD_EVERY)
    assert os.stat(log_of(db)).st_size == wal.ROOM  # folded every 100 commits: the log began again
    store.close()
    again = Store(db)
    saved = again.load("g1")
    assert saved is not None and len(saved.actions) == 6 * wal.FOLD_EVERY
    again.close()


def test_the_file_holds_the_folded_commits_without_the_log(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    store = Store(db)
    game(store, "g1", "ABCD")
    paced(store, wal.FOLD_EVERY)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the folding runs on its own thread
        copy = tmp_path / "copy.sqlite3"
        copy.write_bytes(db.read_bytes())  # the file alone, without its log (torn while a folding writes)
        with contextlib.suppress(sqlite3.Error), sqlite3.connect(copy) as alone:
            if alone.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == wal.FOLD_EVERY:
                break
        time.sleep(0.05)
    else:
        raise AssertionError("the log was not folded into the file")
    store.close()


def test_after_a_crash_every_committed_action_is_read_back_from_the_log(tmp_path: Path):
    db = tmp_path / "cashrun.sqlite3"
    store = Store(db)
    game(store, "g1", "ABCD")
    act(store, "g1", 40)
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("cashrun.sqlite3", "cashrun.sqlite3-wal"):  # the files as a crash leaves them
        (crashed / name).write_bytes((tmp_path / name).read_bytes())
    store.close()
    again = Store(crashed / "cashrun.sqlite3")
    saved = again.load("g1")
    assert saved is not None and len(saved.actions) == 40
    assert os.stat(log_of(crashed / "cashrun.sqlite3")).st_size >= wal.ROOM  # a log with pages is left as it is
    again.close()
