"""Saved games in one SQLite file: every accepted action is committed before anyone hears of it.

A game is saved as the engine's exact ``to_json`` snapshot plus the actions accepted
after it (small rows, one per action, committed on the hot path). The snapshot is
renewed when the table is idle, so a long game never writes its whole log per action.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from .marks import Lost, Marks, compare
from .rows import SCHEMA, ActionRow, Change, SavedGame

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

log = logging.getLogger(__name__)

STORAGE_ERRORS = (sqlite3.Error, OSError)
"""What a full disk, a read-only folder or a damaged file raise while saving."""

WAL_LIMIT = 16 * 1024 * 1024
"""Bytes of write-ahead log past which its folding into the file (SQLite's checkpoint after
about 4 MB) must have failed: the database then checkpoints itself to see why."""


class Database:
    """The SQLite file. Thread-safe: one connection behind a lock, WAL, full sync."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.problem: str | None = None
        """Why nothing is saved now (the checkpoint fails: the file cannot be written), or None."""
        self.on_problem: Callable[[], object] = lambda: None
        """Told when ``problem`` starts or ends (from inside a commit: it must not wait for a table)."""
        self._lock = threading.Lock()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="cashrun-database")
        """Commits that run while the table prepares its messages (``commit_soon``)."""
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            problem = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {problem}")
            self._db.executescript(SCHEMA)
            self.marks = Marks(path)
            self.lost = self._check_marks()
        except Exception:
            self._db.close()
            raise

    def _check_marks(self) -> list[Lost]:
        """The games that lost committed actions since their marks were written (a damaged
        write-ahead log); then the marks start anew from what the file holds."""
        held = dict(self._db.execute("SELECT game, MAX(n) FROM actions GROUP BY game"))
        codes = dict(self._db.execute("SELECT id, code FROM games"))
        lost = compare(self.marks.read(), held, codes)
        for game in lost:
            log.error(
                "saved game %s (join code %s) lost its last %d actions: the file holds %d of %d",
                game.game,
                game.code,
                game.count,
                game.held,
                game.marked,
            )
        self.marks.rewrite(held)
        return lost

    def close(self) -> None:
        """Fold the write-ahead log into the file and close it: after a clean exit the one
        file ``cashrun.sqlite3`` holds every game."""
        self._writer.shutdown()
        with self._lock:
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                self._db.close()
                self.marks.close()

    def create(self, game: SavedGame) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0)",
                (game.id, game.table_key, game.code, game.status, game.created, game.updated, json.dumps(game.lobby)),
            )

    def commit(self, game_id: str, change: Change) -> int:
        """Write one accepted message and return its number; raises (and writes nothing) on failure,
        and while the write-ahead log cannot be folded into the file (``problem``)."""
        with self._lock:
            return self._complete(game_id, self._stage(game_id, change))

    def commit_soon(self, game_id: str, change: Change) -> Future[int]:
        """``commit`` in two steps: the rows are written now, on this thread (a fraction of a
        millisecond), and the ``COMMIT`` with its sync runs on the database's own thread, which lets
        go of Python inside SQLite: the caller prepares its messages meanwhile, and sends them
        only once the future's commit returned. This returns once that thread is in the commit
        (Python hands a waiting thread its lock only every few milliseconds otherwise)."""
        self._lock.acquire()
        try:
            n = self._stage(game_id, change)
        except BaseException:
            self._lock.release()
            raise
        started = threading.Event()

        def complete() -> int:
            try:
                started.set()
                return self._complete(game_id, n)
            finally:
                self._lock.release()

        saving = self._writer.submit(complete)
        started.wait()
        return saving

    def _stage(self, game_id: str, change: Change) -> int:
        """One action's rows in a transaction not yet committed (the caller holds the lock);
        nothing is left of it on failure."""
        try:
            if self.problem is not None:
                self._checkpoint()  # raises while the file still cannot be written
            return self._write(game_id, change)
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _complete(self, game_id: str, n: int) -> int:
        """Commit the staged action ``n`` (the caller holds the lock), then mark it."""
        try:
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        try:  # after the commit: a mark never names an action the file may not hold
            self.marks.mark(game_id, n)
        except OSError as error:  # the action is saved; only the check of a later start is weaker
            log.warning("could not mark action %d of game %s: %s", n, game_id, error)
        self._watch_file()
        return n

    def _watch_file(self) -> None:
        """After a commit: if the file stopped taking writes (it became read-only) or the log grew
        past what SQLite's own checkpoints allow, a checkpoint now says whether the log can still
        be folded in. SQLite's checkpoint after a commit fails without a word; the commit itself,
        which only writes the log, succeeds, and the log would grow without end."""
        try:
            wal = os.stat(f"{self.path}-wal").st_size
        except OSError:
            wal = 0
        if os.access(self.path, os.W_OK) and wal <= WAL_LIMIT:
            return
        with contextlib.suppress(
            *STORAGE_ERRORS
        ):  # this commit is saved (in the log); the next ones answer ``storage``
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Fold the log into the file; ``problem`` says whether that works (the caller holds the lock)."""
        try:
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except STORAGE_ERRORS as error:
            if self.problem is None:
                self.problem = "checkpoint"
                log.error(
                    "the saved games file %s cannot be written (%s): nothing more is saved until it can",
                    self.path,
                    error,
                )
                self.on_problem()
            raise
        if self.problem is not None:
            self.problem = None
            log.warning("the saved games file %s can be written again", self.path)
            self.on_problem()

    def _write(self, game_id: str, change: Change) -> int:
        """One action's rows in a transaction it begins (``_complete`` commits it)."""
        row = change.action
        self._db.execute("BEGIN")
        n = self._db.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM actions WHERE game = ?", (game_id,)).fetchone()[0]
        self._db.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                n,
                row.actor,
                row.id,
                row.seat,
                json.dumps(row.action),
                json.dumps(row.answer),
                row.at,
                row.first_event,
                row.events,
            ),
        )
        sets, values = ["status = ?", "updated = ?"], [change.status, change.at]
        if change.lobby is not None:
            sets.append("lobby = ?")
            values.append(json.dumps(change.lobby))
        if change.engine is not None:
            sets += ["engine = ?", "engine_n = ?"]
            values += [change.engine, n]
        self._db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*values, game_id))
        self._db.executemany("DELETE FROM tokens WHERE hash = ?", [(h,) for h in change.drop_tokens])
        if row.action.get("type") == "start" and row.answer.get("left"):  # the seats left out's tokens
            self._db.executemany(
                "INSERT OR REPLACE INTO left_out VALUES (?, ?)", [(h, game_id) for h in change.drop_tokens]
            )
        self._db.executemany(
            "INSERT INTO tokens VALUES (?, ?, ?)",
            [(h, game_id, pid) for h, pid in change.add_tokens.items()],
        )
        self._db.executemany(
            "INSERT OR REPLACE INTO prefs VALUES (?, ?)",
            [(key, json.dumps(value)) for key, value in change.prefs.items()],
        )
        return n

    def move_tokens(self, from_game: str, to_game: str) -> None:
        """Every seat token of one game now opens its seat in another (play again), in one statement."""
        with self._lock, self._db:
            self._db.execute("UPDATE tokens SET game = ? WHERE game = ?", (to_game, from_game))

    def snapshot(self, game_id: str, engine: str, upto: int) -> None:
        """Save the game as it is after the action numbered ``upto``."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE games SET engine = ?, engine_n = ? WHERE id = ?", (engine, upto, game_id))

    def load(self, game_id: str) -> SavedGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, table_key, code, status, created, updated, lobby, engine, engine_n FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            tokens = dict(self._db.execute("SELECT hash, pid FROM tokens WHERE game = ?", (game_id,)))
            actions = [
                (n, ActionRow(actor, id_, seat, json.loads(action), json.loads(answer), at, first, events))
                for n, actor, id_, seat, action, answer, at, first, events in self._db.execute(
                    "SELECT n, actor, id, seat, action, answer, at, first_event, events FROM actions"
                    " WHERE game = ? ORDER BY n",
                    (game_id,),
                )
            ]
        return SavedGame(
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            json.loads(row[6]),
            row[7],
            row[8],
            tokens,
            actions,
        )

    def _one(self, sql: str, *args: Any) -> Any:
        with self._lock:
            row = self._db.execute(sql, args).fetchone()
        return row[0] if row else None

    def game_of_key(self, table_key: str) -> str | None:
        return self._one("SELECT id FROM games WHERE table_key = ?", table_key)

    def game_of_token(self, token_hash: str) -> tuple[str, str] | None:
        with self._lock:
            row = self._db.execute("SELECT game, pid FROM tokens WHERE hash = ?", (token_hash,)).fetchone()
        return (row[0], row[1]) if row else None

    def left_out(self, token_hash: str) -> bool:
        """Whether the token was a lobby seat's that the banker started the game without."""
        return self._one("SELECT game FROM left_out WHERE hash = ?", token_hash) is not None

    def lobby_of_code(self, code: str) -> str | None:
        return self._one("SELECT id FROM games WHERE code = ? AND status = 'lobby'", code)

    def game_of_code(self, code: str) -> str | None:
        """The newest game that started with this join code (codes are unique among lobbies only)."""
        return self._one(
            "SELECT id FROM games WHERE code = ? AND status != 'lobby' ORDER BY updated DESC LIMIT 1", code
        )

    def latest_unfinished(self, skip: list[str] | None = None) -> str | None:
        """The newest game in play, else the newest lobby, leaving out the games in ``skip``."""
        skip = skip or []
        return self._one(
            f"SELECT id FROM games WHERE status != 'over' AND id NOT IN ({', '.join('?' * len(skip))})"
            " ORDER BY status = 'playing' DESC, updated DESC LIMIT 1",
            *skip,
        )

    def listing(self) -> list[dict[str, Any]]:
        """Every saved game, newest first: id, code, status, times and the players' names."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, code, status, created, updated, lobby FROM games ORDER BY updated DESC"
            ).fetchall()
        return [
            {
                "id": id_,
                "code": code,
                "status": status,
                "created": created,
                "updated": updated,
                "players": [p["name"] for p in json.loads(lobby)["players"]],
            }
            for id_, code, status, created, updated, lobby in rows
        ]

    def pref(self, key: str) -> Any:
        value = self._one("SELECT value FROM prefs WHERE key = ?", key)
        return None if value is None else json.loads(value)
