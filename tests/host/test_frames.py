"""The door's queue writes each frame from the sender's thread, in order, and never waits on a
phone that stopped reading: a real socket pair, the frames read back by a WebSocket client's codec."""

from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from engineio import packet
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Request, TextMessage

from companion.door.frames import FrameQueue

if TYPE_CHECKING:
    from collections.abc import Callable


def opened() -> tuple[WSConnection, WSConnection]:
    """A server and a client WebSocket codec after their handshake."""
    server, client = WSConnection(ConnectionType.SERVER), WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="cashrun", target="/socket.io/")))
    assert isinstance(next(server.events()), Request)
    client.receive_data(server.send(AcceptConnection()))
    assert isinstance(next(client.events()), AcceptConnection)
    return server, client


class Phone:
    """The far end of a socket pair: reads the frames and decodes the messages in them."""

    def __init__(self, sock: socket.socket, codec: WSConnection) -> None:
        self.sock, self.codec, self.messages, self.part = sock, codec, list[str](), ""

    def read(self, count: int, within: float = 5.0) -> list[str]:
        self.sock.settimeout(within)
        while len(self.messages) < count:
            self.codec.receive_data(self.sock.recv(65536))
            for event in self.codec.events():
                if isinstance(event, TextMessage):
                    self.part += event.data
                    if event.message_finished:
                        self.messages.append(self.part)
                        self.part = ""
        return self.messages


class DoorSocket:
    """What the queue reads of the door's WebSocket: the connection, Engine.IO's socket, the
    peer's address, and its close (recorded)."""

    def __init__(self, sock: Any, codec: WSConnection) -> None:
        self.ws = SimpleNamespace(sock=sock, ws=codec, connected=True)
        self.engineio_socket = SimpleNamespace(upgraded=False)
        self.address = "192.168.1.23"
        self.closes: list[dict[str, bool]] = []

    def close(self, **how: bool) -> None:
        self.closes.append(how)
        self.ws.connected = False


def queue_and_phone(
    *, buffer: int | None = None, timeout: float | None = 30, wrap: Callable[[socket.socket], Any] = lambda s: s
) -> tuple[FrameQueue, Phone, socket.socket]:
    """A queue writing to one end of a socket pair (seen through ``wrap``), a phone at the other.
    ``timeout`` is the host end's (the gate sets one on every WebSocket)."""
    host_end, phone_end = socket.socketpair()
    if buffer is not None:
        host_end.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, buffer)
        phone_end.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    host_end.settimeout(timeout)
    server, client = opened()
    frames = FrameQueue()
    frames.websocket = DoorSocket(wrap(host_end), server)
    return frames, Phone(phone_end, client), host_end


def message(text: str) -> packet.Packet:
    return packet.Packet(packet.MESSAGE, data=text)


def writer(frames: FrameQueue) -> tuple[threading.Thread, list[object]]:
    """Engine.IO's writer thread: it asks the queue until it hears the end (None)."""
    ended: list[object] = []
    thread = threading.Thread(target=lambda: ended.append(frames.get(timeout=60)), daemon=True)
    thread.start()
    return thread, ended


def test_queued_before_the_websocket_then_written_by_each_sender_in_order():
    frames, phone, _ = queue_and_phone()
    frames.put(message("open"))
    assert frames.get(block=False).data == "open"  # long-polling: Engine.IO's own queue
    frames.task_done()
    frames.put(message("first"))
    frames.put(message("second"))
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    senders = [
        threading.Thread(target=lambda n=n: [frames.put(message(f"{n}-{i}")) for i in range(50)]) for n in range(3)
    ]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()
    got = phone.read(152)
    assert got[:2] == ["4first", "4second"]
    for n in range(3):
        assert [m for m in got if m.startswith(f"4{n}-")] == [f"4{n}-{i}" for i in range(50)]
    frames.put(None)
    thread.join(5)
    assert ended == [None]


def test_a_phone_that_stops_reading_never_holds_the_sender():
    frames, phone, _ = queue_and_phone(buffer=16384)
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    time.sleep(0.05)  # the writer thread is waiting
    big = "x" * 4000
    started = time.perf_counter()
    for i in range(300):  # 1.2 MB: far past what the socket holds
        frames.put(message(f"{i}:{big}"))
    assert time.perf_counter() - started < 2.0
    got = phone.read(300, within=10)  # the phone reads again: the writer thread writes the rest
    assert [m.split(":")[0] for m in got] == [f"4{i}" for i in range(300)]
    frames.put(None)
    thread.join(5)
    assert ended == [None]


def one_message_through() -> tuple[FrameQueue, Phone, socket.socket, threading.Thread, list[object]]:
    """A queue whose WebSocket runs, with its writer thread, after one message reached the phone."""
    frames, phone, host_end = queue_and_phone()
    frames.websocket.engineio_socket.upgraded = True
    thread, ended = writer(frames)
    frames.put(message("before"))
    assert phone.read(1) == ["4before"]
    return frames, phone, host_end, thread, ended


def test_a_socket_that_fails_ends_the_writer_and_drops_what_follows():
    frames, phone, host_end, thread, ended = one_message_through()
    phone.sock.close()
    for _ in range(50):
        frames.put(message("lost" * 1000))
    thread.join(5)
    assert ended == [None]
    frames.put(message("after"))  # no error: the connection is over
    host_end.close()


def test_a_websocket_that_closes_ends_the_writer_and_the_sender_hears_nothing_of_it():
    frames, _phone, _, thread, ended = one_message_through()  # the phone kept open: its end is the close
    frames.websocket.ws.sock.sendall(frames.websocket.ws.ws.send(CloseConnection(code=1000)))
    frames.put(message("after"))  # wsproto refuses a message after the close: no error here
    thread.join(5)
    assert ended == [None]
