"""Every private part of Flask-SocketIO, python-socketio, python-engineio and simple-websocket
the host uses, in one place, each checked at start.

The host leans on these libraries' insides where their public path costs an act its speed or
leaves a phone's frames unchecked. A new release may move any of them, so each hook says what it
replaces and why, and ``check`` tries each against the installed libraries when the host starts:
a hook that no longer finds what it needs is not used, the libraries' own public path does that
part instead, and the log says so once. An upstream release may cost speed, never the game. The
versions checked are locked for the single file (``packaging/single-file.lock``), and
``pyproject.toml`` keeps each library below its next major version.

The hooks (``HOOKS``), by name:

- ``door_websocket``: Engine.IO's WebSocket class of the threading mode
  (``server.eio._async["websocket"]``, the private module
  ``engineio.async_drivers._websocket_wsgi``'s ``SimpleWebSocketWSGI``) becomes the door's
  (``packets.DoorWebSocket``), whose ``wait`` hands Engine.IO each frame: every frame a page
  sends is charged and checked before anything decodes it. It reads what the class keeps: the
  handler is a method of Engine.IO's socket (``handler.__self__``, with its ``sid``, ``queue``
  and ``upgraded``), and the ``simple_websocket`` connection (``ws``, with its ``sock``, its
  ``wsproto`` codec ``ws`` and ``connected``). Without it: Engine.IO's own WebSocket; frames are
  not checked before decoding (the host's per-socket message limits still hold), the door cannot
  close a whole connection (the host closes its Socket.IO socket instead).
- ``frame_queue``: Engine.IO's queue class (``server.eio._async["queue"]``) becomes
  ``frames.FrameQueue``, which writes each frame from the sender's thread (about a third of an
  act's way out). Needs ``door_websocket``. Without it: Engine.IO's queue and writer thread.
- ``decode``: Socket.IO's handler of an Engine.IO message (``server._handle_eio_message``) is
  wrapped (``packets.PacketDoor.message``) so a packet it cannot decode is a strike, not a
  traceback. Without it: Socket.IO's handler as it is.
- ``send_eio_packet``: a socket's Engine.IO connection (``server.manager.eio_sid_from_sid``,
  not in python-socketio's documented API), to send an event encoded once straight to it
  (``server._send_eio_packet``: Socket.IO's ``emit`` cost about ten times that; Engine.IO's
  public ``send_packet`` would do, but Flask-SocketIO's test client listens on this one) and to
  cut a flooding socket's whole connection. Without it: ``emit`` with the event decoded again,
  and Socket.IO's ``disconnect``.
- ``plain_handlers``: the pages' messages are registered on python-socketio's server
  (``SocketIO.server.on``), so no Flask request context is built per message (Flask-SocketIO's
  ``on`` builds one: about a tenth of a millisecond of each act). Without it: Flask-SocketIO's
  ``on_event``, the socket's id read from ``request.sid``.
- ``text_packets``: ``socketio.packet.Packet.uses_binary_events`` is turned off for the host's
  packets (``wire.transport.TextPacket``), which skips a walk over every outgoing message in
  search of bytes. Without it: the walk, as the attribute no longer stops it.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import queue
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    import socketio as python_socketio

log = logging.getLogger(__name__)


def _find(module: str, *path: str) -> Any:
    """``module``'s attribute at ``path`` (``_find("engineio.socket", "Socket", "poll")``), or None
    where a release moved it: no import here may stop the host from starting."""
    try:
        found: Any = importlib.import_module(module)
    except ImportError:
        return None
    for name in path:
        found = getattr(found, name, None)
    return found


_EngineWebSocket = _find("engineio.async_drivers._websocket_wsgi", "SimpleWebSocketWSGI")

OFF = "CASHRUN_HOOKS"
"""Set to ``off`` in the environment, every hook falls back to the public path (for tests)."""

EngineWebSocket: Any = _EngineWebSocket if _EngineWebSocket is not None else object
"""The base class of the door's WebSocket: Engine.IO's own, where it is found."""


@dataclass(frozen=True)
class Hook:
    name: str
    fallback: str
    """What does that part when the hook is not used, for the log."""
    check: Callable[[python_socketio.Server], str | None]
    """Why the hook cannot be used with this server's libraries, or None."""
    needs: tuple[str, ...] = ()


def _sets(function: Any, *names: str) -> bool:
    """Does ``function``'s code name every one of ``names`` (an attribute it sets or reads)?
    Read from the compiled code, which a single-file build keeps (it has no source)."""
    code = getattr(function, "__code__", None)
    return code is not None and set(names) <= set(code.co_names)


def _parameters(function: Any) -> list[str] | None:
    try:
        return list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return None


def _engine_async(server: python_socketio.Server) -> dict[str, Any] | None:
    found = getattr(getattr(server, "eio", None), "_async", None)
    return found if isinstance(found, dict) else None


def _check_door_websocket(server: python_socketio.Server) -> str | None:
    if _EngineWebSocket is None:
        return "engineio.async_drivers._websocket_wsgi.SimpleWebSocketWSGI is gone"
    parts = _engine_async(server)
    if parts is None or parts.get("websocket") is not _EngineWebSocket:
        return 'server.eio._async["websocket"] is not SimpleWebSocketWSGI'
    if (_parameters(getattr(_EngineWebSocket, "__init__", None)) or [])[:3] != ["self", "handler", "server"] or not all(
        callable(getattr(_EngineWebSocket, name, None)) for name in ("__call__", "wait", "close")
    ):
        return "SimpleWebSocketWSGI takes other arguments or lacks wait or close"
    if not _sets(_find("engineio.async_drivers._websocket_wsgi", "SimpleWebSocketWSGI", "__call__"), "ws", "app"):
        return "SimpleWebSocketWSGI keeps no ws"
    if not callable(_find("engineio.socket", "Socket", "_websocket_handler")):
        return "Engine.IO's socket has no _websocket_handler (the handler's __self__)"
    if not _sets(_find("engineio.socket", "Socket", "__init__"), "sid", "queue", "upgraded"):
        return "Engine.IO's socket keeps no sid, queue or upgraded"
    if not _sets(_find("simple_websocket.ws", "Base", "__init__"), "sock", "ws", "connected"):
        return "simple_websocket's connection keeps no sock, ws or connected"
    return None


def _check_frame_queue(server: python_socketio.Server) -> str | None:
    parts = _engine_async(server)
    if parts is None or parts.get("queue") is not queue.Queue:
        return 'server.eio._async["queue"] is not queue.Queue'
    if not _sets(_find("engineio.socket", "Socket", "poll"), "queue", "get", "task_done"):
        return "Engine.IO's writer no longer takes packets off the queue with get"
    return None


def _check_decode(server: python_socketio.Server) -> str | None:
    decode = getattr(server, "_handle_eio_message", None)
    if not callable(decode) or _parameters(decode) != ["eio_sid", "data"]:
        return "server._handle_eio_message(eio_sid, data) is gone"
    if not callable(getattr(getattr(server, "eio", None), "on", None)):
        return "server.eio.on is gone"
    return None


def _check_send_eio_packet(server: python_socketio.Server) -> str | None:
    find = getattr(getattr(server, "manager", None), "eio_sid_from_sid", None)
    if not callable(find) or _parameters(find) != ["sid", "namespace"]:
        return "server.manager.eio_sid_from_sid(sid, namespace) is gone"
    send = getattr(server, "_send_eio_packet", None)
    if not callable(send) or _parameters(send) != ["eio_sid", "eio_pkt"]:
        return "server._send_eio_packet(eio_sid, eio_pkt) is gone"
    return None


def _check_plain_handlers(server: python_socketio.Server) -> str | None:
    if (_parameters(getattr(server, "on", None)) or [])[:2] != ["event", "handler"]:
        return "python-socketio's server.on(event, handler) is gone"
    if not isinstance(getattr(server, "handlers", None), dict):
        return "python-socketio's server keeps no handlers"
    return None


def _check_text_packets(server: python_socketio.Server) -> str | None:
    if not isinstance(_find("socketio.packet", "Packet", "uses_binary_events"), bool):
        return "socketio.packet.Packet.uses_binary_events is gone"
    return None


HOOKS = (
    Hook("door_websocket", "Engine.IO's own WebSocket, frames unchecked before decoding", _check_door_websocket),
    Hook("frame_queue", "Engine.IO's queue and writer thread", _check_frame_queue, ("door_websocket",)),
    Hook("decode", "Socket.IO's message handler, no strike for an undecodable packet", _check_decode),
    Hook("send_eio_packet", "Socket.IO's emit and disconnect", _check_send_eio_packet),
    Hook("plain_handlers", "Flask-SocketIO's handlers, a request context per message", _check_plain_handlers),
    Hook("text_packets", "Socket.IO's walk of every message for bytes", _check_text_packets),
)


@dataclass(frozen=True)
class Hooks:
    """The hooks this host uses (``check``)."""

    usable: frozenset[str]

    def __contains__(self, name: object) -> bool:
        return name in self.usable


ALL = Hooks(frozenset(hook.name for hook in HOOKS))
"""Every hook: for parts built without a check (tests of one part)."""


def check(server: python_socketio.Server, off: bool | None = None) -> Hooks:
    """Which hooks this server's libraries allow; each one that falls back is logged once, with why.
    ``off`` (or ``CASHRUN_HOOKS=off``) makes every hook fall back."""
    if off is None:
        off = os.environ.get(OFF, "") == "off"
    usable: set[str] = set()
    for hook in HOOKS:
        why: str | None
        if off:
            why = f"{OFF}=off"
        else:
            try:
                why = hook.check(server)
            except Exception as error:  # a check that trips on a changed library is a failed check
                why = f"{type(error).__name__}: {error}"
            missing = [need for need in hook.needs if need not in usable]
            why = why or (f"needs {', '.join(missing)}" if missing else None)
        if why is None:
            usable.add(hook.name)
        else:
            log.warning("the library hook %s falls back to %s (%s)", hook.name, hook.fallback, why)
    return Hooks(frozenset(usable))


# What the hooks use, by the private name each one checked.


def install_websocket(server: python_socketio.Server, websocket: Callable[..., Any]) -> None:
    """``door_websocket``: Engine.IO builds each WebSocket with ``websocket(handler, server)``."""
    server.eio._async = {**server.eio._async, "websocket": websocket}


def install_queue(server: python_socketio.Server, queue_class: type[queue.Queue[Any]]) -> None:
    """``frame_queue``: Engine.IO builds each socket's queue with ``queue_class()``."""
    server.eio._async = {**server.eio._async, "queue": queue_class}


def socketio_decoder(server: python_socketio.Server) -> Callable[[str, Any], None]:
    """``decode``: Socket.IO's handler of an Engine.IO message."""
    return server._handle_eio_message


def eio_sid_of(server: python_socketio.Server, sid: str, namespace: str) -> str | None:
    """``send_eio_packet``: the Engine.IO connection of Socket.IO's socket ``sid``, or None if it is gone."""
    return server.manager.eio_sid_from_sid(sid, namespace)


def send_eio_packet(server: python_socketio.Server, eio_sid: str, packet: Any) -> None:
    """``send_eio_packet``: send an Engine.IO packet to the connection ``eio_sid``."""
    server._send_eio_packet(eio_sid, packet)


def engine_socket(handler: Any) -> Any:
    """``door_websocket``: Engine.IO's socket, whose method the WebSocket's handler is."""
    return handler.__self__


def engine_queue(engine_socket: Any) -> Any:
    """``door_websocket``: Engine.IO's socket's queue."""
    return engine_socket.queue


def upgraded(engine_socket: Any) -> bool:
    """``door_websocket``: does the Engine.IO socket run on its WebSocket?"""
    return bool(engine_socket.upgraded)


def connection(websocket: Any) -> Any:
    """``door_websocket``: the ``simple_websocket`` connection of Engine.IO's WebSocket, once it runs."""
    return getattr(websocket, "ws", None)


def socket_and_codec(ws: Any) -> tuple[Any, Any]:
    """``door_websocket``: the connection's socket and its ``wsproto`` codec (which frames what is sent)."""
    return ws.sock, ws.ws


def connected(ws: Any) -> bool:
    """``door_websocket``: is the ``simple_websocket`` connection still open (no close sent or seen)?"""
    return bool(ws.connected)
