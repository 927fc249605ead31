"""A real ``cashrun`` against what a hostile phone or a fault does: threads held by sockets,
half-sent requests, a second ``cashrun`` on the same folder, a damaged database, a flood
of malformed packets, and Ctrl+C leaving every game in the one database file."""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import websocket

from companion.door.gate import PING_INTERVAL
from companion.door.network import HEADER_SECONDS, MAX_PER_ADDRESS
from tests.live.livekit import lobby_of_three
from tests.support.cashrun import Cashrun, launch
from tests.support.client import WAIT, Peer
from tests.support.loopback import connect_from, free_port

if TYPE_CHECKING:
    import socket

OTHER = "127.0.0.2"
"""Another loopback address: a second phone, as far as the host can tell."""


@pytest.fixture
def server(tmp_path: Path):
    running = Cashrun(tmp_path)
    yield running
    running.kill()


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def until(test, seconds: float) -> float:
    """Seconds until ``test()`` holds (fails after ``seconds``)."""
    began = time.monotonic()
    while not test():
        assert time.monotonic() - began < seconds, "it never happened"
        time.sleep(0.1)
    return time.monotonic() - began


def get(port: int, path: str = "/", source: str = "127.0.0.1", host: str | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
    try:
        connection.request("GET", path, headers={"Host": host} if host else {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def raw_socket(port: int) -> websocket.WebSocket:
    """An Engine.IO WebSocket connected to the default namespace, as a page's would be."""
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket", timeout=WAIT)
    assert ws.recv().startswith("0")
    ws.send("40")
    assert ws.recv().startswith("40")
    return ws


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="counts threads in /proc (Linux)")
def test_sockets_give_their_threads_back_within_seconds_and_polling_takes_none(server):
    pid = server.proc.pid
    raw_socket(server.port).close()  # the host's own threads start (timers, deadlines, Engine.IO's monitor)
    time.sleep(PING_INTERVAL + 1)
    idle = threads(pid)
    for _ in range(20):
        assert get(server.port, "/socket.io/?EIO=4&transport=polling") == 400
    time.sleep(0.2)
    assert threads(pid) == idle  # a refused handshake holds nothing
    sockets = []
    for _ in range(8):
        sockets.append(raw_socket(server.port))
        time.sleep(0.25)  # an honest pace: new sockets of one address are limited
    assert threads(pid) >= idle + 8
    for ws in sockets[:4]:
        ws.close()  # a page that closes its socket
    for ws in sockets[4:]:
        ws.sock.close()  # a phone that vanished without a word
    assert until(lambda: threads(pid) <= idle, PING_INTERVAL + 5) <= PING_INTERVAL + 5  # was 25 s and more


def test_half_sent_requests_are_cut_off_and_block_no_one(server):
    stalled = []
    for _ in range(300):
        s = connect_from("127.0.0.9", server.port)  # a phone on the Wi-Fi, not the laptop itself
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        stalled.append(s)
    assert get(server.port, source=OTHER) == 200  # another phone loads its page at once
    assert get(server.port, f"/j/{server.code}", source=OTHER) == 200

    def closed(s: socket.socket) -> bool:
        s.settimeout(0.01)
        try:
            return s.recv(1) == b""
        except TimeoutError:
            return False
        except OSError:
            return True

    assert until(lambda: all(closed(s) for s in stalled), HEADER_SECONDS + 3) <= HEADER_SECONDS + 3
    assert get(server.port) == 200
    for s in stalled:
        s.close()
    assert server.printed(lambda line: "too many open" in line)  # 300 > MAX_PER_ADDRESS
    assert MAX_PER_ADDRESS < 300


def test_a_foreign_host_name_is_refused_on_the_wire(server):
    assert get(server.port, host=f"rebound.example:{server.port}") == 400
    assert get(server.port, host=f"localhost:{server.port}") == 200


def test_a_second_cashrun_on_the_same_folder_exits_and_names_the_first(server, tmp_path):
    second = launch(tmp_path, free_port())
    out, _ = second.communicate(timeout=WAIT)
    assert second.returncode == 1
    assert f"already running on this data folder, at http://127.0.0.1:{server.port}" in out
    assert "Traceback" not in out
    assert get(server.port) == 200  # the first goes on


def test_a_damaged_database_does_not_stop_cashrun(tmp_path):
    (tmp_path / "cashrun.sqlite3").write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    running = Cashrun(tmp_path)
    try:
        output = "\n".join(running.lines)
        assert "damaged" in output and ".damaged-" in output and "Traceback" not in output
        assert len(list(tmp_path.glob("cashrun.sqlite3.damaged-*"))) == 1
    finally:
        running.kill()


def test_a_flood_of_malformed_packets_logs_a_few_short_lines(server):
    table = Peer(f"http://127.0.0.1:{server.port}", {"table_key": server.key})
    before = len(server.lines)
    sockets = []
    for _ in range(10):
        sockets.append(raw_socket(server.port))
        time.sleep(0.2)
    for ws in sockets:
        try:
            for n in range(50):
                ws.send(["42[", "4X", '42["join",{]', "43[", "45-["][n % 5])
        except (websocket.WebSocketConnectionClosedException, OSError):
            pass  # closed at its strikes (tests/live/test_packets.py)
    for ws in sockets:
        ws.close()
    answer = table.call("act", {"id": "still-here", "action": {"type": "lock"}})
    assert answer == {"ok": True, "events": []}
    until(lambda: len(server.lines) > before, WAIT)  # the log is read on a thread: wait for its first line
    time.sleep(0.5)
    logged = server.lines[before:]
    assert 1 <= len(logged) <= 25, logged
    assert not any("Traceback" in line or line.startswith("File ") for line in logged)
    table.sio.disconnect()


def test_ctrl_c_leaves_every_game_in_the_one_database_file(tmp_path):
    running = Cashrun(tmp_path)
    table, phones = lobby_of_three(running)
    assert table.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    for peer in (table, *phones):
        peer.sio.disconnect()
    running.proc.send_signal(signal.SIGINT)
    assert running.proc.wait(WAIT) == 0
    wal = tmp_path / "cashrun.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    copy = tmp_path / "backup.sqlite3"
    shutil.copy(tmp_path / "cashrun.sqlite3", copy)  # only the file the README names
    db = sqlite3.connect(copy)
    try:
        assert db.execute("SELECT status, engine IS NOT NULL FROM games").fetchall() == [("playing", 1)]
    finally:
        db.close()


def test_half_sent_requests_from_five_addresses_leave_room_for_a_new_phone(server):
    """Each of five addresses keeps reopening half-sent requests; a new phone's page and socket
    still open, and a phone that holds a seat comes back (its address is trusted)."""
    seated_ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
        socket=connect_from("127.0.0.8", server.port),
        timeout=WAIT,
    )
    seated_ws.recv()
    seated_ws.send("40")
    seated_ws.recv()
    seated_ws.send(f'421["join",{{"code":"{server.code}","name":"Sam"}}]')
    while not (answer := seated_ws.recv()).startswith("431"):
        pass
    token = answer.split('"token":"')[1].split('"')[0]
    seated_ws.close()
    stop = threading.Event()

    def stall(source: str) -> int:
        held, opened = [], 0
        while not stop.is_set():
            try:
                s = connect_from(source, server.port)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                held.append(s)
                opened += 1
            except OSError:
                pass
            held = [s for s in held if s.fileno() != -1][-60:]
            time.sleep(0.01)
        for s in held:
            s.close()
        return opened

    with ThreadPoolExecutor(5) as pool:
        floods = [pool.submit(stall, f"127.0.0.{n}") for n in range(2, 7)]
        time.sleep(1.0)
        assert get(server.port, source="127.0.0.7") == 200
        assert get(server.port, f"/j/{server.code}", source="127.0.0.7") == 200
        ws = websocket.create_connection(
            f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
            socket=connect_from("127.0.0.7", server.port),
            timeout=WAIT,
        )
        assert ws.recv().startswith("0")
        ws.close()
        back = websocket.create_connection(
            f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
            socket=connect_from("127.0.0.8", server.port),
            timeout=WAIT,
        )
        back.recv()
        back.send(f'40{{"token":"{token}"}}')
        assert '"seat":0' in back.recv()
        back.close()
        stop.set()
        assert all(f.result() > 0 for f in floods)
