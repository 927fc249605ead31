"""The door and Engine.IO's writer thread may close one WebSocket at the same moment: one close
goes out and neither thread raises (a thread's traceback in the log under a flood of bad frames)."""

from __future__ import annotations

import socket
import threading
import time

import simple_websocket
from wsproto.events import CloseConnection

from companion.door.packets import DoorWebSocket
from tests.host.test_frames import opened


class EngineSocket:
    """What the door's WebSocket reads of Engine.IO's socket: its id and its queue."""

    sid = "one"
    queue = None

    def handle(self, ws: object) -> None:
        raise AssertionError("not served here")


class HeldSocket:
    """The host's end of a socket pair whose first write waits until the test lets it go:
    the close is then caught between sending its frame and marking the WebSocket closed."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.writing = threading.Event()
        self.let_go = threading.Event()

    def send(self, data: bytes) -> int:
        self.writing.set()
        assert self.let_go.wait(5)
        return self.sock.send(data)

    def shutdown(self, how: int) -> None:
        self.sock.shutdown(how)


def test_two_threads_closing_one_websocket_send_one_close_and_raise_nothing():
    host_end, phone_end = socket.socketpair()
    server, phone = opened()
    held = HeldSocket(host_end)
    real = object.__new__(simple_websocket.Server)  # its own close, on a real codec and socket
    real.connected, real.ws, real.sock = True, server, held
    door_ws = DoorWebSocket(EngineSocket().handle, None, door=None)
    door_ws.ws = real
    raised: list[BaseException] = []

    def close(**how: bool) -> None:
        try:
            door_ws.close(**how)
        except BaseException as error:
            raised.append(error)

    by_door = threading.Thread(target=close, kwargs={"shutdown": True})
    by_door.start()
    assert held.writing.wait(5)
    by_writer = threading.Thread(target=close)
    by_writer.start()
    time.sleep(0.2)  # the writer's close arrives while the door's is half done
    held.let_go.set()
    by_door.join(5)
    by_writer.join(5)

    assert raised == []
    assert real.connected is False
    phone_end.settimeout(5)
    phone.receive_data(phone_end.recv(65536))
    assert [type(event) for event in phone.events()] == [CloseConnection]
    assert phone_end.recv(65536) == b""  # the door's shutdown: nothing more comes
