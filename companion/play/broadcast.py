"""What one table tells its sockets: every socket its own message after a change, as one
round (``Sockets``), and a socket that connects its message now; the reveal clock holds the
phones' and the watchers' messages (and a table screen's that connects during a reveal), and a
phone's coming and going waits a moment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import messages
from .reveal import SCREENS

if TYPE_CHECKING:
    import threading

    from ..common.timers import Clock, Handle, Scheduler, Wall
    from ..wire.sockets import Outgoing
    from ..wire.transport import Conn
    from ..wire.updates import Round
    from .messages import Source

PRESENCE_DELAY = 0.5
"""Seconds a phone's coming and going waits before the others hear it, so a storm of
reconnects sends one message, not one per reconnect."""


@dataclass(slots=True)
class Prepared:
    """One round's messages, encoded, waiting to be sent (``Broadcast.deliver``)."""

    round: Round
    revealing: bool
    out: list[Outgoing] = field(default_factory=list)
    remember: list[tuple[str | None, dict[str, Any]]] = field(default_factory=list)
    """The own part of every seat (by player id), of the watchers (None) and of the table screens
    (``SCREENS``), remembered with the round's public part once sent (``Reveal.remember``)."""


class Broadcast:
    """What one table tells its sockets after a change (``everyone``), and a socket that connects
    or asks again (``now``, ``screen``): each its own message, the public part built once.

    It holds the phones' and watchers' messages while a reveal runs, and waits
    ``PRESENCE_DELAY`` before the others hear a phone come or go. Every call is made under the
    table's lock.
    """

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
        self.deliver(self.prepare())
        if fresh is not None and self.table.reveal.active and fresh.pid is not None:
            self.now(fresh, fresh.pid)

    def prepare(self) -> Prepared:
        """Every socket's message of a new round, worked out and encoded but not sent (``deliver``
        sends them): a game act prepares them while its commit is written."""
        table = self.table
        sockets = table.sockets
        revealing = table.reveal.active
        prepared = Prepared(sockets.round(messages.public(table)), revealing)
        round = prepared.round
        if not revealing:
            for player in table.lobby.players:
                own = messages.phone_own(table, player.pid)
                prepared.remember.append((player.pid, own))
                conn = sockets.phones.get(player.pid)
                if conn is not None:
                    prepared.out.append(sockets.prepare(conn, round, own))
        if sockets.screens or not revealing:
            own = messages.table_own(table)
            if not revealing:
                prepared.remember.append((SCREENS, own))
            prepared.out += [
                sockets.prepare(conn, round, own)
                for conn in (sockets.screens - self.held if revealing else sockets.screens)
            ]
        if table.game is not None and not revealing:
            prepared.remember.append((None, messages.WATCHER))
            prepared.out += [sockets.prepare(conn, round, messages.WATCHER) for conn in sockets.watchers]
        return prepared

    def deliver(self, prepared: Prepared) -> None:
        """Send a prepared round (under the table's lock, with nothing changed since ``prepare``)."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        table = self.table
        table.sockets.last = prepared.round
        if not prepared.revealing:
            self.held.clear()
        for who, own in prepared.remember:
            table.reveal.remember(who, prepared.round.public, own)
        for outgoing in prepared.out:
            table.sockets.deliver(outgoing)

    def now(self, conn: Conn, who: str | None) -> None:
        """A phone or watcher that just connected (or asked with ``sync``) gets its message (``who``:
        the phone's player id, or None for a watcher): the one its seat (or the watchers) got in the
        table's last round, encoded once for all who ask (``Round.full``; who is connected may be a
        moment old: the others hear a phone's coming a moment later too); during a reveal, the one
        last sent to ``who`` before it (nothing if none)."""
        table = self.table
        if not table.reveal.active:
            last, shown = table.sockets.last, table.reveal.shown.get(who)
            if last is not None and shown is not None and shown[0] is last.public:
                table.sockets.send(conn, last, shown[1])  # what its seat (or the watchers) heard last
                return
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
