"""The WebSocket's door on a real ``cashrun``: frames no page sends cost a strike before they
are decoded, too many close the whole connection, and a connection connects once."""

from __future__ import annotations

import json
import time

import pytest
import websocket

from companion.door.limits import MAX_FRAME_BYTES, STRIKES
from companion.door.packets import MAX_DEPTH
from tests.support.cashrun import Cashrun
from tests.support.client import WAIT, Peer
from tests.support.loopback import connect_from


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    running = Cashrun(tmp_path_factory.mktemp("packets"))
    yield running
    running.kill()


@pytest.fixture(scope="module")
def table(server):
    peer = Peer(f"http://127.0.0.1:{server.port}", {"table_key": server.key})
    yield peer
    peer.sio.disconnect()


def opened(server, source: str, connect: bool = True) -> websocket.WebSocket:
    """A raw Engine.IO WebSocket from ``source``, with the namespace connected (``40``)."""
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
        socket=connect_from(source, server.port),
        timeout=WAIT,
    )
    assert ws.recv().startswith("0")
    if connect:
        ws.send("40")
        assert ws.recv().startswith("40")
    time.sleep(0.25)  # an honest pace of new sockets (5 a second per address)
    return ws


def closed(ws: websocket.WebSocket, seconds: float = WAIT) -> bool:
    """True once the host closed the connection (pings and other frames are skipped)."""
    end = time.monotonic() + seconds
    ws.settimeout(0.5)
    while time.monotonic() < end:
        try:
            opcode, _ = ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            continue
        except (websocket.WebSocketConnectionClosedException, OSError):
            return True
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            return True
    return False


def send_all(ws: websocket.WebSocket, frames: list) -> int:
    """Sends until the host closes the connection; how many frames went out."""
    for n, frame in enumerate(frames):
        try:
            if isinstance(frame, bytes):
                ws.send_binary(frame)
            else:
                ws.send(frame)
        except (websocket.WebSocketConnectionClosedException, OSError):
            return n
        time.sleep(0.002)
    return len(frames)


DEEP = "[" * 900 + "]" * 900
JUNK = {  # what each is, as the host's log names it
    "malformed": ('42["act",{', "malformed"),
    "unknown_event": ('421["nope",{}]', "unknown_event"),
    "stray_ack": ('431["x"]', "stray_ack"),
    "no_ack_id": ('42["peek",{"code":"ZZZZ"}]', "malformed"),
    "deep_event": (f'421["peek",{DEEP}]', "too_deep"),
    "deep_engineio": (f"4{DEEP}", "malformed"),
    "binary": (b"\x00\x01", "binary"),
    "other_namespace": ('42/admin,1["peek",{}]', "malformed"),
    "bad_json_in_event": ('421["peek",{"code":}]', "undecodable"),
}


@pytest.mark.parametrize("kind", sorted(JUNK))
def test_frames_no_page_sends_close_the_connection_after_its_strikes(server, table, kind):
    frame, why = JUNK[kind]
    source = f"127.0.1.{sorted(JUNK).index(kind) + 1}"  # an address of its own: a closed one is refused a while
    ws = opened(server, source)
    send_all(ws, [frame] * (STRIKES[1] * 3))
    assert closed(ws, 5)
    assert table.call("games", {})["ok"]  # the table is answered all along
    assert server.printed(lambda line: f"closed a connection of {source} " in line and f"({why})" in line)
    with pytest.raises((OSError, websocket.WebSocketException)):
        opened(server, source)  # its address is refused at once for a while


def test_an_honest_event_passes_the_door_and_is_answered(server):
    ws = opened(server, "127.0.0.4")
    nested = json.dumps({"code": "ZZZZ", "x": [[[[[[]]]]]]})
    ws.send(f'427["peek",{nested}]')
    while (answer := ws.recv()).startswith("2"):
        ws.send("3")
    assert answer == '437[{"ok":false,"error":{"code":"bad_code"}}]'
    ws.close()


def test_nesting_is_limited_before_any_parsing(server):
    ws = opened(server, "127.0.0.5")
    inner = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    ws.send(f'421["peek",{inner}]')  # deep enough for the door, malformed for the host
    while (answer := ws.recv()).startswith("2"):
        ws.send("3")
    assert answer == '431[{"ok":false,"error":{"code":"malformed","field":"message"}}]'
    ws.send(f'422["peek",{"[" * MAX_DEPTH + "]" * MAX_DEPTH}]')  # one level more: dropped unread
    ws.send('423["peek",{"code":"ZZZZ"}]')
    while (answer := ws.recv()).startswith("2"):
        ws.send("3")
    assert answer.startswith("433[")
    ws.close()


def test_a_frame_over_the_limit_closes_the_connection(server):
    ws = opened(server, "127.0.0.6")
    ws.send('421["peek",{"code":"' + "A" * MAX_FRAME_BYTES + '"}]')
    assert closed(ws, 5)


def test_a_connection_connects_the_namespace_once(server):
    ws = opened(server, "127.0.0.7")
    ws.send("40")
    assert closed(ws, 5)


def test_a_socket_closed_for_flooding_cannot_connect_again_on_its_websocket(server, table):
    """Closed after ``rate_limited``: the whole WebSocket goes, so ``40`` gives no fresh budget."""
    ws = opened(server, "127.0.0.8")
    sent = send_all(ws, [f'42{n}["peek",{{"code":"ZZZZ"}}]' for n in range(200)] + ["40"] * 5)
    assert closed(ws, 5)
    assert sent < 200
    assert server.printed(lambda line: "127.0.0.8 that kept sending after rate_limited" in line)
    assert table.call("games", {})["ok"]


def test_a_phone_replaced_by_its_seat_cannot_reconnect_on_the_old_websocket(server, table):
    """The host closed the namespace (``replaced``); ``40`` on that WebSocket closes it."""
    url = f"http://127.0.0.1:{server.port}"
    phone = Peer(url, {})
    answer = phone.call("join", {"code": server.code, "name": "Pia"})
    assert answer["ok"]
    ws = opened(server, "127.0.0.9", connect=False)
    ws.send("40" + json.dumps({"token": answer["token"]}))
    phone2 = Peer(url, {"token": answer["token"]})  # the seat's newer socket closes this one
    while not ws.recv().startswith("41"):
        pass
    ws.send("40" + json.dumps({"token": answer["token"]}))
    assert closed(ws, 5)
    assert phone2.sio.connected
    phone.sio.disconnect()
    phone2.sio.disconnect()
