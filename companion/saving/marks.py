"""The number of each game's last committed action, kept beside the database where a rollback
of the database cannot reach it.

SQLite drops the frames of a damaged write-ahead log without a word, so a game could resume
from an older state. After every commit the database appends ``<game id> <number>`` to
``cashrun.sqlite3-marks``, a plain file of its own. On start the numbers are compared with the
database: a game whose database holds fewer actions than its mark lost them, and ``cashrun``
says which game and how many. Then the file is written anew from the database.

The mark is written after the commit, so it is never ahead of the database unless the
database lost something. It is not synced on its own: after a crash of the program it is
whole (the system holds it); after a power cut it may lag, and then it says too little,
never too much. A torn last line is skipped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SUFFIX = "-marks"


@dataclass(frozen=True, slots=True)
class Lost:
    """A game whose database holds ``held`` of the ``marked`` actions once committed."""

    game: str
    code: str | None
    """Its join code, or None when the game itself is gone from the database."""
    marked: int
    held: int

    @property
    def count(self) -> int:
        return self.marked - self.held


class Marks:
    def __init__(self, db: Path) -> None:
        self.path = Path(f"{db}{SUFFIX}")
        self._fd: int | None = None

    def read(self) -> dict[str, int]:
        """The last mark of each game in the file (empty if there is none)."""
        try:
            text = self.path.read_bytes().decode("ascii", "replace")
        except FileNotFoundError:
            return {}
        marks: dict[str, int] = {}
        for line in text.split("\n")[:-1]:  # the part after the last newline may be torn
            game, _, number = line.partition(" ")
            if game and number.isdigit():
                marks[game] = int(number)
        return marks

    def rewrite(self, held: dict[str, int]) -> None:
        """Start the file anew from what the database holds (a new file, then a rename)."""
        self.close()
        fresh = self.path.with_name(self.path.name + ".new")
        fresh.write_text("".join(f"{game} {n}\n" for game, n in held.items()), encoding="ascii")
        os.replace(fresh, self.path)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def mark(self, game: str, n: int) -> None:
        """Action ``n`` of ``game`` is committed (one append, after the commit)."""
        if self._fd is not None:
            os.write(self._fd, f"{game} {n}\n".encode("ascii"))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def compare(marks: dict[str, int], held: dict[str, int], codes: dict[str, str]) -> list[Lost]:
    """The games whose database holds fewer actions than their marks."""
    return [
        Lost(game, codes.get(game), marked, held.get(game, 0))
        for game, marked in marks.items()
        if marked > held.get(game, 0)
    ]
