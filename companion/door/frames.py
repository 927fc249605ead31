"""A socket's outgoing packets, written by the thread that sends them.

Engine.IO queues each packet, and a writer thread per socket takes it off the queue and
writes it: every message of an act waits for seven threads to wake up and take the GIL in
turn. Once a socket's WebSocket runs, ``FrameQueue`` writes the packet's frame itself, from
the sender's thread, with a write that never blocks: what the socket's buffer cannot take
at once (a phone that stopped reading) waits here in order, and the socket's writer thread,
which now only does that, writes it out. One lock keeps the frames in the order they were
sent, from whatever thread (an act, a clock, Engine.IO's pings).

Before the WebSocket runs (Engine.IO's long-polling) it is Engine.IO's queue as it was.
"""

from __future__ import annotations

import os
import queue
import socket
import threading
from typing import Any

from wsproto.events import BytesMessage, TextMessage
from wsproto.utilities import LocalProtocolError


class FrameQueue(queue.Queue[Any]):
    """Engine.IO's queue of one socket (``server.eio._async["queue"]``); see the module's docstring."""

    def __init__(self, maxsize: int = 0) -> None:
        super().__init__(maxsize)
        self.websocket: Any = None
        """The door's WebSocket of this socket once it has one (``DoorWebSocket``), told by the door."""
        self._ws: Any = None
        """Its ``simple_websocket`` connection once frames are written here."""
        self._order = threading.Condition(threading.Lock())
        self._waiting = bytearray()
        """Frames, or their ends, that the socket did not take at once: the writer thread's."""
        self._flushing = False
        self._ending = False

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
                    return None
                data, self._flushing = bytes(self._waiting), True
                self._waiting.clear()
            try:
                self._send(data, wait=True)
            except OSError:
                with self._order:
                    self._ending, self._flushing = True, False
                return None
            with self._order:
                self._flushing = False

    def task_done(self) -> None:
        if self._ws is None:  # frames written here were never taken off the queue
            super().task_done()

    def _start(self) -> bool:
        """Write frames here from now on, if the socket's WebSocket runs; the packets queued
        before are its first frames."""
        websocket = self.websocket
        with self._order:
            ws = getattr(websocket, "ws", None)
            if ws is None or not websocket.engineio_socket.upgraded:
                return False
            with self.mutex:
                queued, self.unfinished_tasks = list(self.queue), 0
                self.queue.clear()
                self.all_tasks_done.notify_all()
            self._ws = ws
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
        return bytes(self._ws.ws.send(message))

    def _end(self) -> None:
        """Nothing more is written; the writer thread stops (the caller holds the order)."""
        self._ending = True
        self._order.notify()

    def _send(self, data: bytes, *, wait: bool) -> int:
        """Write ``data`` to the socket: all of it (``wait``), or what it takes at once; how much."""
        if wait:
            self._ws.sock.sendall(data)
            return len(data)
        return send_now(self._ws.sock, data)

    def _write(self, frame: bytes) -> None:
        """Write ``frame`` now as far as the socket takes it without waiting (the caller holds the order)."""
        if self._waiting or self._flushing:
            self._waiting += frame
            self._order.notify()
            return
        try:
            sent = self._send(frame, wait=False)
        except OSError:
            self._end()
            return
        if sent < len(frame):
            self._waiting += frame[sent:]
            self._order.notify()


def send_now(sock: socket.socket, data: bytes) -> int:
    """Write as much of ``data`` as the socket takes without waiting, and say how much.

    A socket with a timeout (the gate gives each WebSocket one) is non-blocking underneath, but
    its ``send`` first waits until the socket is writable: a plain write to its descriptor does not.
    """
    try:
        if sock.gettimeout() is None:
            return sock.send(data, socket.MSG_DONTWAIT)
        return os.write(sock.fileno(), data)
    except BlockingIOError:
        return 0
