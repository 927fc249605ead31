"""The queue's write that never blocks, with each platform's socket semantics, and no silent stop.

Linux and macOS: a socket with a timeout gets a non-blocking twin (another descriptor of the same
connection) that writes at once; the socket keeps its timeout. Windows: a socket is no C-runtime
descriptor (``os.write`` fails), ``MSG_DONTWAIT`` does not exist, and a full buffer raises
``BlockingIOError`` with ``WSAEWOULDBLOCK`` (10035): played here by a stand-in socket whose twin
behaves so. A blocking socket gets no twin: the writer thread writes every frame. A write that
fails for another reason than a full buffer is logged once with its cause and closes the WebSocket.
"""

from __future__ import annotations

import errno
import logging
import os
import socket
import time
from typing import TYPE_CHECKING, Any

import pytest

from tests.host.test_frames import message, one_message_through, queue_and_phone, writer

if TYPE_CHECKING:
    import threading

WSAEWOULDBLOCK = 10035


def test_a_socket_with_a_timeout_is_written_at_once_and_keeps_its_timeout():
    frames, phone, host_end = queue_and_phone(buffer=16384)
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    time.sleep(0.05)
    started = time.perf_counter()
    for i in range(300):  # far past the buffer: the rest waits for the writer thread
        frames.put(message(f"{i}:{'x' * 4000}"))
    assert time.perf_counter() - started < 2.0
    assert host_end.gettimeout() == 30  # the twin's timeout is its own
    assert [m.split(":")[0] for m in phone.read(300, within=10)] == [f"4{i}" for i in range(300)]
    frames.put(None)
    thread.join(5)
    assert ended == [None]
    host_end.close()  # the twin closed with the writer thread: nothing keeps the connection open
    phone.sock.settimeout(5)
    assert phone.sock.recv(10) == b""


def test_a_blocking_socket_gets_no_twin_its_writer_thread_writes_and_the_sender_never_waits():
    frames, phone, host_end = queue_and_phone(buffer=16384, timeout=None)
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    time.sleep(0.05)
    started = time.perf_counter()
    for i in range(300):
        frames.put(message(f"{i}:{'x' * 4000}"))
    assert time.perf_counter() - started < 2.0
    assert host_end.gettimeout() is None and host_end.getblocking()  # a twin would have made it non-blocking
    assert [m.split(":")[0] for m in phone.read(300, within=10)] == [f"4{i}" for i in range(300)]
    frames.put(None)
    thread.join(5)
    assert ended == [None]


class WindowsTwin:
    """A twin as Windows' CPython gives it: ``send`` takes what its buffer holds, then raises
    ``BlockingIOError`` (``WSAEWOULDBLOCK``) until the phone read; what it takes goes to the real socket."""

    def __init__(self, sock: socket.socket, room: int) -> None:
        self.sock, self.room, self.sends, self.closed = sock, room, 0, False

    def settimeout(self, value: float | None) -> None:
        assert value == 0

    def send(self, data: bytes) -> int:
        assert not self.closed
        self.sends += 1
        taken = min(len(data), self.room)
        if not taken:
            raise BlockingIOError(WSAEWOULDBLOCK, "A non-blocking socket operation could not be completed immediately")
        self.room -= taken
        self.sock.sendall(data[:taken])
        return taken

    def close(self) -> None:
        self.closed = True


class WindowsSocket:
    """The host's end as Windows shows it: a SOCKET handle, no descriptor; ``dup`` gives the twin."""

    def __init__(self, sock: socket.socket, room: int) -> None:
        self.sock = sock
        self.twin = WindowsTwin(sock, room)

    def fileno(self) -> int:
        return 1788  # a SOCKET handle: os.write on it fails with EBADF

    def gettimeout(self) -> float | None:
        return self.sock.gettimeout()

    def dup(self) -> WindowsTwin:
        return self.twin

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(data)


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``MSG_DONTWAIT``, and ``os.write`` refuses a socket's handle."""
    monkeypatch.delattr(socket, "MSG_DONTWAIT", raising=False)

    def write(fd: int, data: bytes) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor")

    monkeypatch.setattr(os, "write", write)


@pytest.mark.usefixtures("windows")
def test_windows_a_full_twin_keeps_the_frames_in_order_for_the_writer_thread():
    frames, phone, _ = queue_and_phone(wrap=lambda sock: WindowsSocket(sock, room=10_000))
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    time.sleep(0.05)
    for i in range(40):  # 160 KB: the twin takes the first 10 KB, the writer thread the rest
        frames.put(message(f"{i}:{'x' * 4000}"))
    assert [m.split(":")[0] for m in phone.read(40, within=10)] == [f"4{i}" for i in range(40)]
    twin = frames.websocket.ws.sock.twin
    assert twin.sends >= 3  # written at once until it was full
    frames.put(None)
    thread.join(5)
    assert ended == [None]
    assert twin.closed
    assert frames.websocket.closes == []  # a full buffer is no failure


def failing_queue(caplog: pytest.LogCaptureFixture, error: OSError) -> tuple[Any, threading.Thread, list[object]]:
    """A queue whose twin fails with ``error`` at its first write, its writer thread running."""
    caplog.set_level(logging.WARNING, logger="companion.door.frames")
    frames, _phone, _host_end = queue_and_phone(wrap=lambda sock: WindowsSocket(sock, room=10_000))

    def fail(data: bytes) -> int:
        raise error

    frames.websocket.ws.sock.twin.send = fail
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    time.sleep(0.05)
    return frames, thread, ended


@pytest.mark.usefixtures("windows")
def test_a_write_that_fails_is_logged_once_with_its_cause_and_closes_the_websocket(caplog):
    frames, thread, ended = failing_queue(caplog, OSError(errno.EBADF, "Bad file descriptor"))
    for i in range(5):
        frames.put(message(f"lost {i}"))
    thread.join(5)
    assert ended == [None]
    assert frames.websocket.closes == [{"shutdown": True}]  # the door's close: the page reconnects
    lines = [r.getMessage() for r in caplog.records if r.name == "companion.door.frames"]
    assert len(lines) == 1
    assert "192.168.1.23" in lines[0] and "OSError" in lines[0] and "Bad file descriptor" in lines[0]


def test_a_writer_thread_whose_write_fails_logs_it_once_and_closes_the_websocket(caplog):
    caplog.set_level(logging.WARNING, logger="companion.door.frames")
    frames, phone, host_end = queue_and_phone(timeout=None)  # no twin: the writer thread writes each frame
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    frames.put(message("before"))
    assert phone.read(1) == ["4before"]
    phone.sock.close()
    for _ in range(50):
        frames.put(message("lost" * 1000))
    thread.join(5)
    assert ended == [None]
    assert frames.websocket.closes == [{"shutdown": True}]
    lines = [r.getMessage() for r in caplog.records if r.name == "companion.door.frames"]
    assert len(lines) == 1 and "Error" in lines[0]
    host_end.close()


def test_a_websocket_closed_before_the_write_failed_is_not_logged_nor_closed_again(caplog):
    caplog.set_level(logging.WARNING, logger="companion.door.frames")
    frames, phone, host_end, thread, ended = one_message_through()
    frames.websocket.ws.connected = False  # the page's close, or the door's, came first
    phone.sock.close()
    for _ in range(50):
        frames.put(message("lost" * 1000))
    thread.join(5)
    assert ended == [None]
    assert frames.websocket.closes == []
    assert not [r for r in caplog.records if r.name == "companion.door.frames"]
    host_end.close()
