"""What one table tells its sockets: every socket its own message after a change, as one
round (``Sockets``), and a socket that connects its message now; the reveal clock holds the
phones' and the watchers' messages (and a table screen's that connects during a reveal), and a
phone's coming and going waits a moment."""
from __future__ import annotations

import threading

from . import messages
from .messages import Source
from .reveal import SCREENS
from .timers import Clock, Handle, Scheduler, Wall
from .transport import Conn

PRESENCE_DELAY = 0.5
"""Seconds a phone's coming and going waits before the others hear it, so a storm of
reconnects sends one message, not one per reconnect."""


class Broadcast:
    def __init__(self, table: Source, lock: threading.RLock, clock: Clock, wall: Wall, scheduler: Scheduler) -> None:
        self.table = table
        self.lock = lock
        self.clock = clock
        self.wall = wall
        self.scheduler = scheduler
        self._presence: Handle | None = None
        self.held: set[Conn] = set()
        """Table screens that connected during the running reveal: they have the screens' message
        from before it, and get the new one when it ends, like the phones."""

    def everyone(self, fresh: Conn | None = None) -> None:
        """Every socket its message, as one round: the public part built once for all.

        While a reveal runs the phones' and watchers' messages are held (they get them when it
        ends); a phone that just connected (``fresh``) gets again what its seat was last sent.
        Outside a reveal every seat's message is remembered, with or without a phone, and the
        table screens' (``SCREENS``).
        """
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        table = self.table
        sockets = table.sockets
        round = sockets.round(messages.public(table))
        revealing = table.reveal.active
        for player in table.lobby.players:
            conn = sockets.phones.get(player.pid)
            if revealing:
                if conn is not None and conn is fresh:
                    self.now(conn, player.pid)
                continue
            own = messages.phone_own(table, player.pid)
            table.reveal.remember(player.pid, round.public, own)
            if conn is not None:
                sockets.send(conn, round, own)
        if not revealing:
            self.held.clear()
        if sockets.screens or not revealing:
            own = messages.table_own(table)
            if not revealing:
                table.reveal.remember(SCREENS, round.public, own)
            for conn in sockets.screens - self.held:
                sockets.send(conn, round, own)
        if table.game is not None and not revealing:
            table.reveal.remember(None, round.public, messages.WATCHER)
            for conn in sockets.watchers:
                sockets.send(conn, round, messages.WATCHER)

    def now(self, conn: Conn, who: str | None) -> None:
        """A phone or watcher that just connected gets its message (``who``: the phone's player id,
        or None for a watcher); during a reveal, the one last sent to ``who`` before it (nothing if none)."""
        table = self.table
        if not table.reveal.active:
            own = messages.WATCHER if who is None else messages.phone_own(table, who)
            table.sockets.send(conn, table.sockets.round(messages.public(table)), own)
            return
        connected = [p.pid in table.sockets.phones for p in table.lobby.players]
        message = table.reveal.held(who, connected, self.wall())
        if message is not None:
            table.sockets.send_message(conn, message)

    def screen(self, conn: Conn, fresh: bool = False) -> None:
        """A table screen gets its message now. One that connects during a reveal (``fresh``) has
        nothing to play: like a phone it gets what the screens were last sent before the reveal, and
        the new state when the reveal ends."""
        table = self.table
        if table.reveal.active and (fresh or conn in self.held):
            connected = [p.pid in table.sockets.phones for p in table.lobby.players]
            message = table.reveal.held(SCREENS, connected, self.wall())
            if message is not None:
                self.held.add(conn)
                table.sockets.send_message(conn, message)
                return
        table.sockets.send(conn, table.sockets.round(messages.public(table)), messages.table_own(table))

    def presence_changed(self) -> None:
        """A phone came or went: the others hear it in one message a moment later."""
        if self._presence is None:
            self._presence = self.scheduler.call_at(self.clock() + PRESENCE_DELAY, self._presence_due)

    def _presence_due(self) -> None:
        with self.lock:
            if self._presence is not None:
                self.everyone()
