"""The sockets of one table, and how a message reaches each: as updates, or whole.

Each change of the table is one round (``updates.Round``): its public part is compared and
encoded once for every socket that had the same before; each socket then gets an ``update``
with its own part's change, or, if it asked for whole views, the whole ``view``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .transport import Conn, EventPacket, Transport, event_packet
from .updates import Round, Seen, share, split


class Outgoing(NamedTuple):
    """One socket's message of a round, encoded as its Socket.IO event; ``packet`` None when
    nothing changed for it."""

    conn: Conn
    packet: EventPacket | None
    seen: Seen | None
    """What the socket has once it is sent (None for whole views, which keep no parts)."""


class Sockets:
    """The sockets of one table: each seat's phone, the table screens and the watchers; and how a
    round of messages reaches each of them, as an update from what it had, or whole."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.phones: dict[str, Conn] = {}
        """Player id to the one socket of that seat."""
        self.screens: set[Conn] = set()
        self.watchers: set[Conn] = set()
        """Phones that only watch: they get the public view."""
        self._version = 0
        self.last: Round | None = None
        """The latest round every socket of the table was told (``Broadcast.everyone``): a socket
        that connects or asks for its whole message again gets it from there, encoded once."""
        self._made: dict[Any, dict[str, Any]] = {}
        """The last copy made of each part (``made``), to share with the next one."""

    def made(self, key: Any, live: dict[str, Any]) -> dict[str, Any]:
        """The part ``key`` (the public part, a seat's own, the table screens' own) as a copy of
        ``live`` that shares with its last copy whatever did not change."""
        part = self._made[key] = share(self._made.get(key), live)
        return part

    def round(self, public: dict[str, Any]) -> Round:
        """A new round of messages with this public part."""
        self._version += 1
        return Round(self._version, public)

    def send(self, conn: Conn, round: Round, own: dict[str, Any]) -> None:
        """``conn`` gets the round's public part and its own ``own`` part: what changed, or whole."""
        self.deliver(self.prepare(conn, round, own))

    @staticmethod
    def prepare(conn: Conn, round: Round, own: dict[str, Any]) -> Outgoing:
        """What ``send`` would send ``conn``, worked out and encoded, but not sent yet."""
        if conn.whole:
            return Outgoing(conn, event_packet("view", round.view(own)), None)
        text, seen = round.update(conn.seen, own)
        return Outgoing(conn, None if text is None else event_packet("update", text), seen)

    def deliver(self, outgoing: Outgoing) -> None:
        """Send a prepared message; the socket has its parts from now on."""
        if outgoing.seen is not None:
            outgoing.conn.seen = outgoing.seen
        if outgoing.packet is not None:
            self.transport.send_event(outgoing.conn.sid, outgoing.packet)

    def send_message(self, conn: Conn, message: dict[str, Any]) -> None:
        """``conn`` gets a message made before (one held during a reveal) as its whole state."""
        public, own = split(message)
        conn.seen = None
        self.send(conn, self.round(public), own)

    def tell_screens(self, event: str, data: dict[str, Any]) -> None:
        """Every table screen of this table gets ``event`` (``moved``: play again took the table on)."""
        for conn in self.screens:
            self.transport.send(conn.sid, event, data)

    def remove(self, conn: Conn) -> bool:
        """A socket leaves; True if it held a seat's phone (the others hear it a moment later)."""
        if conn.screen:
            self.screens.discard(conn)
        elif conn.watcher:
            self.watchers.discard(conn)
        elif conn.pid is not None and self.phones.get(conn.pid) is conn:
            del self.phones[conn.pid]
            return True
        return False

    def close(self, conn: Conn, code: str) -> None:
        """Tell a phone why its seat is gone, then close its socket."""
        conn.table, conn.pid = None, None
        self.transport.send(conn.sid, "refused", {"code": code})
        self.transport.close(conn.sid)
