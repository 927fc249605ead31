"""The WebSocket's door: every frame a page sends is charged and checked before Engine.IO or
Socket.IO decodes any of it.

Engine.IO tries ``json.loads`` on a text frame and Socket.IO decodes every packet before a
handler runs, so a flood of malformed packets, unknown events or stray acks would cost the
host work without spending a budget or earning a strike. Here each frame first spends its
connection's and its address's packet budget; then its shape is read from the first few
characters (never parsed), and its nesting depth is counted without parsing. What an honest
page never sends is a strike and is dropped unread; a connection out of strikes is closed
whole (the Engine.IO connection, not only the Socket.IO namespace). A connection connects
the namespace once: a second ``CONNECT`` on it (after the host closed the socket, say)
closes it.

The hook is Engine.IO's WebSocket class (``upstream``'s ``door_websocket``): its ``wait``
hands Engine.IO each frame, so it sees every frame first. Socket.IO's own decoding is
wrapped too (``decode``, ``PacketDoor.message``): a packet it cannot decode is a strike. The
socket's queue is the door's as well (``frame_queue``, ``frames.FrameQueue``): it writes each
outgoing frame from the thread that sends it. Each hook is used only where ``upstream.check``
found what it needs at start.
"""

from __future__ import annotations

import logging
import re
import socket
import threading
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from simple_websocket import ConnectionClosed
from wsproto.utilities import LocalProtocolError

from . import upstream
from .frames import FrameQueue
from .limits import MAX_FRAME_BYTES, PACKETS, TokenBucket

if TYPE_CHECKING:
    from collections.abc import Callable

    import socketio

    from .guard import Guard

log = logging.getLogger(__name__)

MAX_DEPTH = 16
"""Nesting of arrays and objects in one frame; the pages' deepest message has 5."""
_EVENT = re.compile(r'42\d{1,12}\["([a-z_]{1,16})"[,\]]')
"""An Engine.IO message holding a Socket.IO event with an ack id, in the default namespace."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"[\[{][\]}]")


def nesting_over(text: str, limit: int = MAX_DEPTH) -> bool:
    """Does the JSON in ``text`` nest deeper than ``limit`` (or have unmatched brackets)?

    Linear, without parsing: escaped backslashes and quotes go first, so the remaining
    quotes delimit strings; the brackets outside strings are then paired off, one level a pass.
    """
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    brackets = _NOT_BRACKET.sub("", "".join(unescaped.split('"')[::2]))
    for _ in range(limit):
        if not brackets:
            return False
        brackets = _PAIR.sub("", brackets)
    return bool(brackets)


def problem(frame: Any, events: frozenset[str], connected: bool) -> str | None:
    """Why an honest page would never send this frame, or None.

    Pages send a pong (``3``), a close (``1``), one Socket.IO ``CONNECT`` (``40``), a
    ``DISCONNECT`` (``41``) and events with an ack id (``42<id>["name",...]``) of the
    host's events; nothing binary, no ack (the host asks for none), nothing else.
    """
    if not isinstance(frame, str):
        return "binary"
    if frame in ("3", "1", "41"):
        return None
    if frame.startswith("40"):
        return "connect_again" if connected else None
    match = _EVENT.match(frame)
    if match is None:
        return "stray_ack" if frame.startswith("43") else "malformed"
    if match.group(1) not in events:
        return "unknown_event"
    return "too_deep" if nesting_over(frame) else None


@dataclass(eq=False)
class Line:
    """One Engine.IO connection as the door sees it."""

    address: str
    packets: TokenBucket
    strikes: TokenBucket
    connected: bool = False
    """It has sent its one ``CONNECT``."""
    closed: bool = False
    ws: DoorWebSocket | None = field(default=None, repr=False)


class PacketDoor:
    """The door of ``server``'s WebSockets; ``events`` are the names of the pages' messages, and
    ``hooks`` the library hooks found at start (``upstream.check``)."""

    def __init__(
        self, server: socketio.Server, guard: Guard, events: frozenset[str], hooks: upstream.Hooks = upstream.ALL
    ) -> None:
        self.guard = guard
        self.server = server
        self.events = events
        self.lines: dict[str, Line] = {}
        self._lock = threading.Lock()
        if "decode" in hooks:
            self._decode = upstream.socketio_decoder(server)
            server.eio.on("message", self.message)
        if "door_websocket" in hooks:
            upstream.install_websocket(server, partial(DoorWebSocket, door=self))
        if "frame_queue" in hooks:
            upstream.install_queue(server, FrameQueue)

    def open(self, eio_sid: str, address: str, ws: DoorWebSocket) -> Line:
        line = Line(address, TokenBucket(self.guard.clock, *PACKETS), self.guard.strikes(), ws=ws)
        with self._lock:
            self.lines[eio_sid] = line
        return line

    def forget(self, eio_sid: str) -> None:
        with self._lock:
            self.lines.pop(eio_sid, None)

    def check(self, line: Line, frame: Any) -> bool:
        """True to hand the frame on; False to drop it (a strike, or the connection closed)."""
        if line.closed:
            return False
        if not (line.packets.take() and self.guard.packet(line.address)):
            return self.strike(line, "over_budget")
        why = problem(frame, self.events, line.connected)
        if why == "connect_again":
            log.warning("closed a connection of %s that connected a second time", line.address)
            self.close(line)
            return False
        if why is not None:
            return self.strike(line, why)
        line.connected = line.connected or frame.startswith("40")
        return True

    def strike(self, line: Line, why: str) -> bool:
        if not line.strikes.take():
            log.warning("closed a connection of %s that kept sending what no page sends (%s)", line.address, why)
            self.close(line)
        return False

    def message(self, eio_sid: str, data: Any) -> None:
        """Engine.IO's ``message`` handler: Socket.IO decodes and dispatches the packet; one it
        cannot decode is a strike (not a logged traceback)."""
        line = self.lines.get(eio_sid)
        try:
            self._decode(eio_sid, data)
        except (ValueError, TypeError, KeyError, IndexError):  # what Socket.IO's decoding raises
            if line is not None:
                self.strike(line, "undecodable")
        except Exception:  # a fault past the decoding (the host's handlers answer their own)
            log.exception("a packet from %s failed", line.address if line is not None else "?")
            if line is not None:
                self.strike(line, "failed")

    def cut(self, eio_sid: str) -> bool:
        """Close a whole Engine.IO connection (False if the door does not hold it: a test client)."""
        line = self.lines.get(eio_sid)
        if line is None:
            return False
        self.close(line)
        return True

    def close(self, line: Line) -> None:
        """Close the WebSocket at once: its reader stops, and Engine.IO ends the connection
        when it next asks for a frame. Its address's new connections are refused a while."""
        line.closed = True
        self.guard.ban(line.address)
        if line.ws is not None:
            line.ws.close(shutdown=True)


class DoorWebSocket(upstream.EngineWebSocket):
    """Engine.IO's WebSocket for the threading mode, with the door in ``wait`` and a frame limit."""

    def __init__(self, handler: Callable[..., Any], server: Any, door: PacketDoor) -> None:
        super().__init__(handler, server, max_message_size=MAX_FRAME_BYTES)
        self.door = door
        self.engineio_socket: Any = upstream.engine_socket(handler)
        self.eio_sid: str = self.engineio_socket.sid
        self.address = ""
        """The peer's address, once the WebSocket runs."""
        frames = upstream.engine_queue(self.engineio_socket)
        if isinstance(frames, FrameQueue):
            frames.websocket = self
        self._closing = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        self.address = environ.get("REMOTE_ADDR", "")
        self.line = self.door.open(self.eio_sid, self.address, self)
        try:
            return super().__call__(environ, start_response)
        finally:
            self.door.forget(self.eio_sid)

    def wait(self) -> Any:
        """The next frame the door lets through; None once the connection is closed."""
        while not self.line.closed:
            frame = super().wait()
            if frame is None or self.door.check(self.line, frame):
                return frame
        return None

    def close(self, shutdown: bool = False) -> None:
        """Close the WebSocket once, whichever thread comes first.

        The door closes a connection out of strikes while Engine.IO's writer thread closes it
        as it ends; ``simple_websocket`` checks ``connected`` and then sends its close, so two
        threads at once sent two closes and the second raised (a thread's traceback in the log).
        ``shutdown`` also ends the socket's reads at once (the door's close)."""
        with self._closing:
            ws = upstream.connection(self)
            if ws is None or not upstream.connected(ws):
                return
            try:
                ws.close()
                if shutdown:
                    upstream.socket_and_codec(ws)[0].shutdown(socket.SHUT_RDWR)
            except (ConnectionClosed, LocalProtocolError, OSError):
                pass  # the page, or the socket's own reader, closed it first
