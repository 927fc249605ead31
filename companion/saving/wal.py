"""The write-ahead log's upkeep, kept off an act's way: its room made before the first commit,
and its folding into the file done on a thread and a connection of its own.

A commit appends a few pages to the log and syncs it. While the log file grows, each sync
also writes the file system's own record of its new size, which costs more and waits longer
behind other writes on the disk; so the log is first written out whole (zeros, which SQLite
never takes for pages of its own: each page it writes carries the log's salt and a
checksum), and commits then write over it. SQLite also folds the log into the file after a
commit of its own once the log holds 1,000 pages: that act would wait for every page to be
written into the file and the file to be synced. Here that folding runs every ``FOLD_EVERY``
commits on another connection, which SQLite lets go on while commits append to the log.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

log = logging.getLogger(__name__)

ROOM = 5 * 1024 * 1024
"""Bytes of log made before the first commit: more than ``FOLD_EVERY`` commits write (an act
writes three to six pages of 4 KB; a snapshot of a long game fifteen)."""

FOLD_EVERY = 100
"""Commits between two foldings of the log into the file."""

TRIES = 5
"""Foldings in a row while commits keep appending to the log, before the next turn."""


def make_room(wal: Path) -> None:
    """Write the log out to ``ROOM`` bytes if it is empty or missing, before anything is written to
    it. A log that holds pages (after a crash) is left as it is."""
    with contextlib.suppress(OSError), open(wal, "ab") as file:
        if os.fstat(file.fileno()).st_size == 0:
            file.write(bytes(ROOM))
            file.flush()
            os.fsync(file.fileno())


class Folding:
    """Folds the log into the file every ``FOLD_EVERY`` commits, on its own thread and connection
    (``PASSIVE``: it never waits for a commit, nor a commit for it). The log begins again only
    once a folding finds no page left behind: commits that never leave it a gap (far faster than
    any table) grow the log past its room, as SQLite's own folding would. A folding that fails
    is only logged: a log that keeps growing is the store's to notice (``Store._watch_file``)."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA synchronous=FULL")
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="cashrun-fold")
        self._lock = threading.Lock()
        self._commits = 0
        self._folding = False

    def committed(self) -> None:
        with self._lock:
            self._commits += 1
            if self._commits < FOLD_EVERY or self._folding:
                return
            self._commits, self._folding = 0, True
        self._thread.submit(self._fold)

    def _fold(self) -> None:
        """Fold until every page of the log is in the file (a commit may append pages meanwhile):
        the next commit then writes the log from its start again."""
        try:
            for _ in range(TRIES):
                _, pages, folded = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if folded >= pages:
                    break
        except (sqlite3.Error, OSError) as error:
            log.debug("could not fold the log into the file: %s", error)
        finally:
            with self._lock:
                self._folding = False

    def close(self) -> None:
        self._thread.shutdown()
        self._db.close()
