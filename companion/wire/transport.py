"""How the host reaches sockets: a thin layer over the Socket.IO server, so tables hold no globals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engineio.packet import MESSAGE
from engineio.packet import Packet as EnginePacket
from socketio.packet import EVENT, Packet

from ..door import upstream

if TYPE_CHECKING:
    import socketio

    from ..door.limits import TokenBucket
    from ..door.packets import PacketDoor
    from ..play.lobby import Fair
    from .updates import Seen

NAMESPACE = "/"


class EventPacket(str):
    """A whole Socket.IO event of the default namespace, as its Engine.IO message carries it
    (``event_packet``): built while an act's commit is written, sent as it is once it returned.
    ``event`` and ``data`` are its parts, for a sealed socket's copy (``Transport.send_event``)."""

    event: str
    data: str


def event_packet(event: str, data: str) -> EventPacket:
    """The event ``event`` with the message ``data``, its JSON encoded before (as ``TextPacket``
    would encode it, without parsing the message again)."""
    packet = EventPacket(f"{EVENT}{Packet.json.dumps([event], separators=(',', ':'))[:-1]},{data}]")
    packet.event, packet.data = event, data
    return packet


class Sealer(Protocol):
    """A sealed socket's key (``companion.seal.Seal``): every message to it is sealed with it, and
    every message from it opened (``open`` raises ``companion.seal.SealError`` for one that does not)."""

    def seal(self, text: str) -> str: ...

    def seal_json(self, value: Any) -> str: ...

    def open(self, sealed: Any) -> str: ...


class TextPacket(Packet):
    """A Socket.IO packet that is never binary: the host sends JSON only.

    The default packet walks every outgoing message in pure Python looking for bytes,
    which cost more than building the views; this one skips the walk.
    """

    uses_binary_events = False


class Transport:
    """The host's way to a socket: send it a message, close it, or cut its whole connection; a thin
    layer over the Socket.IO server, so that tables hold no globals and tests can listen in.
    ``hooks``: the library hooks found at start (``upstream.check``)."""

    def __init__(self, server: socketio.Server, hooks: upstream.Hooks = upstream.ALL) -> None:
        self.server = server
        self.straight = "send_eio_packet" in hooks
        """Events go straight to their Engine.IO socket (``upstream``'s ``send_eio_packet``); else through ``emit``."""
        self.door: PacketDoor | None = None
        """Set once the server runs behind the packet door (not with the test client)."""
        self.seals: dict[str, Sealer] = {}
        """The sealed sockets' keys by socket id, from their connect until they are gone."""

    def send(self, to: str, event: str, data: dict[str, Any]) -> None:
        """Send one socket a message (Socket.IO's ``emit``); sealed for a sealed socket."""
        seal = self.seals.get(to)
        message: Any = data if seal is None else seal.seal(Packet.json.dumps(data, separators=(",", ":")))
        self.server.emit(event, message, to=to, namespace=NAMESPACE)

    def send_event(self, to: str, packet: EventPacket) -> None:
        """Send one socket an event encoded beforehand (``event_packet``), straight to its
        Engine.IO socket. Socket.IO's ``emit`` (its rooms, a packet object, its encoding) cost
        about ten times this on an act's way from its commit to the last socket; nothing is
        sent to a socket that is gone, as with ``emit`` (which sends it without the hook). A sealed
        socket gets its own copy: the message shared by every socket, sealed for it at this last step."""
        seal = self.seals.get(to)
        if seal is not None:
            packet = event_packet(packet.event, f'"{seal.seal(packet.data)}"')
        if not self.straight:
            event, data = Packet.json.loads(packet[len(str(EVENT)) :])
            self.server.emit(event, data, to=to, namespace=NAMESPACE)
            return
        eio_sid = upstream.eio_sid_of(self.server, to, NAMESPACE)
        if eio_sid is not None:
            upstream.send_eio_packet(self.server, eio_sid, EnginePacket(MESSAGE, data=packet))

    def close(self, sid: str) -> None:
        """Disconnect a socket from the server's side (the client does not reconnect)."""
        self.server.disconnect(sid, namespace=NAMESPACE)

    def cut(self, sid: str) -> None:
        """Close a flooding socket's whole Engine.IO connection, so its WebSocket cannot
        connect the namespace again with fresh budgets."""
        eio_sid = upstream.eio_sid_of(self.server, sid, NAMESPACE) if self.straight else None
        if self.door is None or eio_sid is None or not self.door.cut(eio_sid):
            self.close(sid)


class Seating(Protocol):
    """What the host asks of a socket's table (``companion.play.table.LiveTable``)."""

    id: str

    def detach(self, conn: Conn) -> None: ...

    def act(self, conn: Conn, action_id: str, action: Any, as_seat: int | None) -> dict[str, Any]: ...

    def sync(self, conn: Conn) -> dict[str, Any]: ...

    def left_behind(self) -> None: ...

    def client_seed(self, conn: Conn, fair: Fair) -> dict[str, Any]: ...

    def start_value(self, conn: Conn, value: str) -> dict[str, Any]: ...

    def fair(self) -> dict[str, Any]: ...


@dataclass(eq=False, slots=True)
class Conn:
    """One connected socket: a phone (with or without a seat) or a table screen."""

    sid: str
    address: str
    """The peer's IP address: limits are counted per address as well as per socket."""
    bucket: TokenBucket
    strikes: TokenBucket
    """``rate_limited`` answers left before the socket is closed."""
    table: Seating | None = None
    pid: str | None = None
    """The seat's player id, for a seated phone."""
    screen: bool = False
    """True for a table screen."""
    watcher: bool = False
    """True for a phone that only watches (the public view, no seat)."""
    whole: bool = False
    """It asked for whole ``view`` messages rather than updates (``auth.views``)."""
    seen: Seen | None = None
    """What it was sent last, as updates; None before its first message (and after ``sync``)."""
