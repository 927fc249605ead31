"""A socket's outgoing packets, written by the thread that sends them.

Engine.IO queues each packet, and a writer thread per socket takes it off the queue and
writes it: every message of an act waits for seven threads to wake up and take the GIL in
turn. Once a socket's WebSocket runs, ``FrameQueue`` writes the packet's frame itself, from
the sender's thread, with a write that never blocks: what the socket's buffer cannot take
at once (a phone that stopped reading) waits here in order, and the socket's writer thread,
which now only does that, writes it out. One lock keeps the frames in the order they were
sent, from whatever thread (an act, a clock, Engine.IO's pings).

The write that never blocks is a ``send`` on the socket's non-blocking twin (``twin``): the
same on Linux, macOS and Windows, where a socket is no C-runtime file descriptor (``os.write``
fails) and ``MSG_DONTWAIT`` does not exist. A write that fails for another reason than a full
buffer is logged once with its cause, and the WebSocket is closed so the page reconnects.

Before the WebSocket runs (Engine.IO's long-polling) it is Engine.IO's queue as it was.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import TYPE_CHECKING, Any

from wsproto.events import BytesMessage, TextMessage
from wsproto.utilities import LocalProtocolError

from . import upstream

if TYPE_CHECKING:
    import socket

log = logging.getLogger(__name__)


def twin(sock: socket.socket) -> socket.socket | None:
    """A non-blocking twin of ``sock`` for writes that never wait; None where it would change ``sock``.

    A socket with a timeout (the gate gives each WebSocket one) is non-blocking underneath, but its
    ``send`` first waits until the socket is writable. Its twin (``dup``: another descriptor of
    the same connection; ``WSADuplicateSocket`` on Windows) with no timeout sends at once or raises
    ``BlockingIOError`` (Windows' ``WSAEWOULDBLOCK`` included). Its own timeout leaves ``sock``'s
    alone: a shared socket object's timeout changed under its reader would be a race. On Linux and
    macOS the two descriptors share the non-blocking flag, which a socket with a timeout has set
    already; a blocking socket (no timeout) gets no twin, as that flag would break its reader.
    """
    if sock.gettimeout() is None:
        return None
    try:
        copy = sock.dup()
    except OSError:
        return None
    copy.settimeout(0)
    return copy


class FrameQueue(queue.Queue[Any]):
    """Engine.IO's queue of one socket (``upstream``'s ``frame_queue``); see the module's docstring."""

    def __init__(self, maxsize: int = 0) -> None:
        super().__init__(maxsize)
        self.websocket: Any = None
        """The door's WebSocket of this socket once it has one (``DoorWebSocket``), told by the door."""
        self._ws: Any = None
        """Its ``simple_websocket`` connection once frames are written here."""
        self._sock: Any = None
        self._codec: Any = None
        """The connection's socket and its ``wsproto`` codec, which frames each packet."""
        self._twin: socket.socket | None = None
        """The socket's twin that writes without waiting (``twin``); None: the writer thread writes every frame."""
        self._order = threading.Condition(threading.Lock())
        self._waiting = bytearray()
        """Frames, or their ends, that the socket did not take at once: the writer thread's."""
        self._flushing = False
        self._ending = False
        self._failed: OSError | None = None
        """Why a write failed (not for a full buffer), until the writer thread tells it and closes the WebSocket."""

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        with self._order:
            if self._ws is None:
                super().put(item, block, timeout)
            elif item is None:  # Engine.IO ends the socket: the writer thread stops once it wrote what waits
                self._end()
            elif not self._ending:
                try:
                    frame = self._frame(item)
                except LocalProtocolError:  # the WebSocket is closing: nothing more goes out
                    self._end()
                else:
                    self._write(frame)

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        """Engine.IO's long-polling asks for packets here, and so does its WebSocket's writer
        thread: from its first call on (which waits: the writer has taken no packet yet), this
        writes what waits and returns None at the end."""
        if self._ws is None and not (block and self._start()):
            return super().get(block, timeout)
        while True:
            with self._order:
                while not self._waiting and not self._ending:
                    self._order.wait()
                if not self._waiting:
                    failed = self._stop()
                    break
                data, self._flushing = bytes(self._waiting), True
                self._waiting.clear()
            try:
                self._send(data, wait=True)
            except OSError as error:
                with self._order:
                    self._fail(error)
            with self._order:
                self._flushing = False
        if failed is not None:
            self._close(failed)
        return None

    def task_done(self) -> None:
        if self._ws is None:  # frames written here were never taken off the queue
            super().task_done()

    def _start(self) -> bool:
        """Write frames here from now on, if the socket's WebSocket runs; the packets queued
        before are its first frames."""
        websocket = self.websocket
        with self._order:
            ws = upstream.connection(websocket)
            if ws is None or not upstream.upgraded(websocket.engineio_socket):
                return False
            with self.mutex:
                queued, self.unfinished_tasks = list(self.queue), 0
                self.queue.clear()
                self.all_tasks_done.notify_all()
            self._ws = ws
            self._sock, self._codec = upstream.socket_and_codec(ws)
            self._twin = twin(self._sock)
            try:
                for item in queued:
                    if item is None:
                        break
                    self._waiting += self._frame(item)
                else:
                    return True
            except LocalProtocolError:
                pass
            self._end()
            return True

    def _frame(self, item: Any) -> bytes:
        """The packet as one WebSocket frame (compressed, where the page asked for it, in send order)."""
        data = item.encode()
        message = BytesMessage(data=data) if isinstance(data, bytes) else TextMessage(data=data)
        return bytes(self._codec.send(message))

    def _end(self) -> None:
        """Nothing more is written; the writer thread stops (the caller holds the order)."""
        self._ending = True
        self._order.notify()

    def _fail(self, error: OSError) -> None:
        """A write failed: what waits is dropped and the writer thread stops (the caller holds the order)."""
        if not self._ending:
            self._failed = error
        self._waiting.clear()
        self._end()

    def _stop(self) -> OSError | None:
        """The writer thread stops: the twin is closed; why a write failed, if one did (the caller holds the order)."""
        if self._twin is not None:
            self._twin.close()
            self._twin = None
        failed, self._failed = self._failed, None
        return failed

    def _close(self, error: OSError) -> None:
        """Say once why the socket could not be written, and close its WebSocket so the page reconnects
        (unless it was closing already: the page's close, the door's, a reset the reader saw)."""
        if not upstream.connected(self._ws):
            return
        log.warning(
            "could not write to a socket of %s (%s: %s); closed it, so its page reconnects",
            getattr(self.websocket, "address", "?"),
            type(error).__name__,
            error,
        )
        self.websocket.close(shutdown=True)

    def _send(self, data: bytes, *, wait: bool) -> int:
        """Write ``data``: all of it (``wait``, the writer thread), or what the twin takes at once; how much."""
        if wait:
            self._sock.sendall(data)
            return len(data)
        try:
            return self._twin.send(data)  # type: ignore[union-attr]  # _write calls it only with a twin
        except BlockingIOError:  # the socket's buffer is full
            return 0

    def _write(self, frame: bytes) -> None:
        """Write ``frame`` now as far as the socket takes it without waiting (the caller holds the order)."""
        if self._waiting or self._flushing or self._twin is None:
            self._waiting += frame
            self._order.notify()
            return
        try:
            sent = self._send(frame, wait=False)
        except OSError as error:
            self._fail(error)
            return
        if sent < len(frame):
            self._waiting += frame[sent:]
            self._order.notify()
