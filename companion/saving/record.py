"""What one table has saved, and saving each accepted message before anyone hears of it.

Every accepted message is one small row, committed at once; the whole game (the engine's
``to_json``) is saved at the start, at the end, and again once the table has been idle a
moment (or, in play that never pauses, once many rows wait for it).
Loading replays the rows saved after that snapshot (``load_game``).
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any, TypeVar

from engine import Game

from .database import STORAGE_ERRORS, Database
from .logtimes import LogTimes
from .rows import ActionRow, Change, SavedGame

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from ..common.timers import Clock, Handle, Scheduler

log = logging.getLogger(__name__)

T = TypeVar("T")

SNAPSHOT_DELAY = 2.0
"""Seconds without an action before the whole game is saved again (each action itself is saved
at once). Writing the whole game holds the table and Python for milliseconds: not between two
acts of a game in full swing."""
MOST_BEHIND = 200
"""Rows waiting for the snapshot with which its timer saves the game even though the table is
not idle: a game that never pauses is saved whole every few hundred actions all the same, so
that loading it replays no more than that."""


class Record:
    """What one table has saved: each accepted message is committed to the database before it is
    answered or told, and remembered (``answers``) so an act sent twice is applied once; the whole
    game is saved again a little after the table goes idle."""

    def __init__(
        self,
        database: Database,
        clock: Clock,
        scheduler: Scheduler,
        lock: threading.RLock,
        game: Callable[[], Game | None],
        saved: SavedGame,
    ) -> None:
        self.database = database
        self.clock = clock
        self.scheduler = scheduler
        self.lock = lock
        """The table's lock: the idle snapshot takes it."""
        self.game = game
        self.id = saved.id
        self.answers = {(row.actor, row.id): row.answer for _, row in saved.actions}
        """Answers to accepted acts, by sender and id: the same id is applied once."""
        self.log_times = LogTimes()
        for _, row in saved.actions:
            self.log_times.mark(row.first_event, row.events, row.at)
        self.log_length = saved.actions[-1][1].events if saved.actions else 0
        """How many events the game's log holds, as saved."""
        self.last_n = saved.actions[-1][0] if saved.actions else 0
        self.snapshot_n = saved.engine_n
        self._timer: Handle | None = None
        self._acted = 0.0
        """The clock's time of the last action (``_snapshot_later``)."""

    def catch_up(self) -> None:
        """After loading: a snapshot if rows were replayed (the rows are saved: it can wait on an error)."""
        if self.game() is not None and self.snapshot_n < self.last_n:
            try:
                self.snapshot()
            except STORAGE_ERRORS as error:
                log.error("could not save a snapshot of game %s: %s", self.id, error)

    def commit(
        self,
        status: str,
        actor: str,
        action_id: str,
        action: dict[str, Any],
        answer: dict[str, Any],
        *,
        at: float,
        seat: int | None = None,
        lobby: dict[str, Any] | None = None,
        engine: str | None = None,
        first: int = 0,
        events: int = 0,
        add: dict[str, str] | None = None,
        drop: list[str] | None = None,
        prefs: dict[str, Any] | None = None,
        meanwhile: Callable[[], T] | None = None,
    ) -> T | None:
        """Write one accepted message; only then is its answer remembered. ``meanwhile`` runs on
        this thread while the database writes (``Database.commit_soon``) and its result is returned; a
        fault in it is logged and gives None (the commit stands: the caller builds what it needs
        again). A failed commit raises, after ``meanwhile`` has run."""
        row = ActionRow(actor, action_id, seat, action, answer, at, first, events)
        change = Change(
            status=status,
            at=at,
            action=row,
            lobby=lobby,
            engine=engine,
            add_tokens=add or {},
            drop_tokens=drop or [],
            prefs=prefs or {},
        )
        made = None
        if meanwhile is None:
            self.last_n = self.database.commit(self.id, change)
        else:
            saving = self.database.commit_soon(self.id, change)
            try:
                made = meanwhile()
            except Exception:  # the commit goes on: an act that is saved must be answered as saved
                log.exception("could not prepare the messages of an action while it was saved")
            self.last_n = saving.result()
        self.answers[(actor, action_id)] = answer
        if engine is not None:
            self.snapshot_n = self.last_n
        self._snapshot_later()
        return made

    def _snapshot_later(self) -> None:
        """After an action: the whole game is saved once the table has been idle ``SNAPSHOT_DELAY``,
        or when its timer comes with ``MOST_BEHIND`` rows waiting (``_idle_snapshot``). An action
        only notes its time: the one timer looks again when it comes."""
        self._acted = self.clock()
        if self._timer is None and self.snapshot_n < self.last_n and self.game() is not None:
            self._timer = self.scheduler.call_at(self._acted + SNAPSHOT_DELAY, self._idle_snapshot)

    def events_added(self, length: int, at: float) -> None:
        """The game's log holds ``length`` events now, the new ones logged at ``at``."""
        self.log_times.mark(self.log_length, length, at)
        self.log_length = length

    def events_undone(self, length: int) -> None:
        """The events added last (the log held ``length`` before them) were not saved after all."""
        self.log_times.forget(length)
        self.log_length = length

    def _idle_snapshot(self) -> None:
        """The scheduler's call (``_snapshot_later``): save the whole game once more if the table
        has been idle long enough or too many rows wait; else look again when it will have been."""
        with self.lock:
            self._timer = None
            if self.game() is None or self.snapshot_n >= self.last_n:
                return
            idle = self._acted + SNAPSHOT_DELAY
            if idle > self.clock() and self.last_n - self.snapshot_n < MOST_BEHIND:
                self._timer = self.scheduler.call_at(idle, self._idle_snapshot)
                return
            self.snapshot()

    def snapshot(self) -> None:
        game = self.game()
        assert game is not None
        self.database.snapshot(self.id, game.to_json(), self.last_n)
        self.snapshot_n = self.last_n

    def saved(self) -> SavedGame:
        saved = self.database.load(self.id)
        assert saved is not None
        return saved


def load_game(saved: SavedGame) -> Game | None:
    """The game from its snapshot, then the actions saved after it, which must give the same events.

    The engine draws chance from its seed and a counter kept in the snapshot, so the
    replay draws exactly what was drawn before; a different event means the engine
    changed, and the game is not resumed rather than resumed differently.
    """
    if saved.engine is None:
        return None
    game = Game.from_json(saved.engine)
    for n, row in saved.actions:
        if n > saved.engine_n and row.seat is not None:
            events = json.loads(json.dumps(game.apply(row.seat, row.action)))
            if events != row.answer["events"]:
                raise RuntimeError(f"game {saved.id}: action {n} replays differently")
    return game
