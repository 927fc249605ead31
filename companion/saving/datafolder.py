"""The data folder: one ``cashrun`` at a time (a lock), and a database file that is usable.

Two hosts on one file would both accept actions and drift apart, so the first holds an
OS lock on ``cashrun.lock`` and writes its address there for the second to name. A
damaged database is moved aside (never deleted) so a new one can start; an empty one
means the saved games are gone, which ``cashrun`` says rather than starting silently.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path
from typing import IO

DB_NAME = "cashrun.sqlite3"
LOCK_NAME = "cashrun.lock"
SIDE_FILES = ("-wal", "-shm", "-marks")
"""SQLite's write-ahead log and its index, and the marks of committed actions (``marks.py``):
they belong to the database file."""
_WINDOWS_LOCK_AT = 1 << 20
"""Windows locks a byte range: one byte far past the address text, which stays readable."""


class FolderLock:
    """An exclusive lock on ``cashrun.lock``, held while the process lives (released by the OS when it dies)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._file: IO[str] | None = None

    def acquire(self) -> bool:
        """True if this process holds the folder now; False if another one does."""
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held open as long as the lock)
        try:
            _lock(handle)
        except OSError:
            handle.close()
            return False
        self._file = handle
        return True

    def holder(self) -> str:
        """What the running ``cashrun`` wrote: its address."""
        try:
            return self.path.read_text(encoding="utf-8").strip()
        except OSError:
            return ""

    def note(self, text: str) -> None:
        """Write where this ``cashrun`` can be reached, for a second one to say."""
        assert self._file is not None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(text)
        self._file.flush()

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _lock(handle: IO[str]) -> None:
    if sys.platform == "win32":  # os.name "nt", written so a type checker knows msvcrt is there
        import msvcrt

        handle.seek(_WINDOWS_LOCK_AT)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        handle.seek(0)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def is_empty(db: Path) -> bool:
    """The database file exists and holds nothing at all (its saved games are gone)."""
    try:
        return db.stat().st_size == 0 and not Path(f"{db}-wal").exists()
    except OSError:
        return False


def is_damage(error: BaseException) -> bool:
    """SQLite says the file is not a database or is corrupt (not: cannot open, read-only, full)."""
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError)


def move_aside(db: Path) -> Path:
    """Rename the damaged database (and its log) to ``cashrun.sqlite3.damaged-<time>``; returns the new path."""
    target = db.with_name(f"{db.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", *SIDE_FILES):
        source = Path(f"{db}{suffix}")
        if source.exists():
            source.replace(Path(f"{target}{suffix}"))
    return target
