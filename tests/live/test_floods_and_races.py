"""Floods and races on a real ``cashrun`` with real sockets from several loopback
addresses: a socket replaced mid-message, a data file that stops taking checkpoints,
watchers' ``sync`` floods, reconnect storms and claim guesses from many addresses. The
players' answer times are asserted loosely here; ``bench/flood.py`` measures them."""

from __future__ import annotations

import subprocess
import threading
import time
from typing import TYPE_CHECKING, Any

import pytest
import websocket

from companion.door.limits import CLAIM_TYPOS, SEAT_CONNECTS, STRANGER_OPENS, WATCHER_SYNCS, WRONG_CLAIMS
from tests.live.rawkit import SyncingWatchers, answers, flood, raw, started
from tests.support.cashrun import Cashrun
from tests.support.client import WAIT, Peer

if TYPE_CHECKING:
    from pathlib import Path


@pytest.fixture
def server(tmp_path: Path):
    running = Cashrun(tmp_path, wait=3 * WAIT)  # a busy machine starts it slowly
    running.data = tmp_path
    yield running
    running.kill()


def test_a_socket_replaced_while_its_acts_wait_is_answered_not_seated(server):
    """The table's lock is kept busy by other sockets' ``sync``s, so that an act of the older
    socket often passes the host's first check and then waits for the lock while the newer
    socket takes the seat."""
    _table, tokens = started(server)
    token = tokens[1]
    busy = [
        raw(server, "127.0.0.20", {"token": tokens[0]}),
        raw(server, "127.0.0.21", {"token": tokens[2]}),
        raw(server, "127.0.0.1", {"table_key": server.key}),
    ]
    codes: list[str] = []
    for round_ in range(12):
        older = raw(server, f"127.0.0.{2 + round_ % 6}", {"token": token})
        for ws in busy:
            for n in range(6):
                ws.send(f'42{n}["sync",{{}}]')

        def flood(older: websocket.WebSocket = older, round_: int = round_) -> None:
            try:
                for n in range(15):
                    older.send(f'42{n}["act",{{"id":"r{round_}-{n}","action":{{"type":"nope"}}}}]')
            except (websocket.WebSocketException, OSError):
                pass

        sender = threading.Thread(target=flood)
        sender.start()
        newer = raw(server, f"127.0.0.{10 + round_ % 6}", {"token": token})
        sender.join()
        codes += [a["error"]["code"] for a in answers(older, 3.0) if not a.get("ok")]
        older.close()
        newer.close()
        time.sleep(0.3)  # the busy sockets' budgets refill
    for ws in busy:
        ws.close()
    assert "internal" not in codes, codes
    assert set(codes) <= {
        "not_seated",
        "not_connected",
        "not_legal_now",
        "bad_choice",
        "unknown_action",
        "not_your_turn",
        "rate_limited",
        "malformed",
    }, codes
    assert not any("StopIteration" in line or "a message from" in line for line in server.lines)  # no fault logged


def loosely_on_time(times: list[float]) -> bool:
    """The banker's acts were answered: half within half a second, none later than 5 s (loose,
    for a machine shared with other tests; ``bench/flood.py`` measures them)."""
    return sorted(times)[len(times) // 2] < 0.5 and max(times) < 5.0


def timed_acts(table: Peer, seconds: float) -> list[float]:
    """The banker's act (a small transfer) every 0.1 s: each round trip, in seconds."""
    times = []
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        began = time.perf_counter()
        answer = table.call(
            "act",
            {
                "id": f"timed-{time.monotonic()}-{n}",
                "action": {"type": "transfer", "from": n % 2, "to": 1 - n % 2, "amount": 10000, "reason": "test"},
            },
        )
        assert answer["ok"], answer
        times.append(time.perf_counter() - began)
        n += 1
        time.sleep(0.1)
    return times


def test_watchers_syncing_are_bounded_and_the_players_play_on(server):
    """40 watchers from ten addresses ask for their whole message 9 times a second each (under
    every per-socket limit): the host sends each at most its own budget of whole messages, and
    the banker's acts are answered on time (asserted loosely; ``bench/flood.py --kind sync``)."""
    table, _ = started(server)
    flooding = SyncingWatchers(server, 9)
    sources = [f"127.0.3.{1 + n % 10}#{n}" for n in range(40)]
    result: dict[str, Any] = {}
    watchers = threading.Thread(target=lambda: result.update(flood(server, sources, 4.0, flooding.step)))
    watchers.start()
    times = timed_acts(table, 4.0)
    watchers.join()
    rate, burst = WATCHER_SYNCS
    assert result.get("whole", 0) <= len(sources) * (1 + burst + rate * 5.0), result  # the watches and syncs
    assert result.get("rate_limited", 0) > 0, result
    assert loosely_on_time(times)
    flooding.close()


def test_reconnect_storms_are_bounded_and_the_players_play_on(server):
    """Thirty addresses that connect, watch and close in a loop share the strangers' budget of
    new sockets; a seat token that reconnects from several addresses is refused ``rate_limited``
    beyond its own; the banker's acts are answered on time meanwhile (asserted loosely;
    ``bench/flood.py --kind reconnect`` measures them)."""
    table, tokens = started(server)

    def watcher(source: str, n: int) -> websocket.WebSocket:
        ws = raw(server, source.split("#")[0])
        ws.send(f'420["watch",{{"code":"{server.code}"}}]')
        return ws

    def seat(source: str, n: int) -> websocket.WebSocket:
        ws = raw(server, source.split("#")[0], {"token": tokens[2]})
        time.sleep(0.05)
        return ws

    result: dict[str, Any] = {}
    seconds = 4.0
    storms = [
        threading.Thread(
            target=lambda: result.update(
                watchers=flood(server, [f"127.0.4.{n}" for n in range(1, 31)], seconds, watcher, close_each=True)
            )
        ),
        threading.Thread(
            target=lambda: result.update(
                seat=flood(server, [f"127.0.6.{n}" for n in range(1, 5)], seconds, seat, close_each=True)
            )
        ),
    ]
    for storm in storms:
        storm.start()
    times = timed_acts(table, seconds)
    for storm in storms:
        storm.join()
    rate, burst = STRANGER_OPENS
    watched = result["watchers"].get("whole", 0)
    assert 0 < watched <= rate * (seconds + 1) + burst, result
    per_seat, at_once = SEAT_CONNECTS
    assert result["seat"].get("refused:rate_limited", 0) > 0, result
    assert result["seat"].get("whole", 0) <= per_seat * (seconds + 1) + at_once, result
    assert loosely_on_time(times)


def test_claim_guesses_from_many_addresses_leave_the_code_to_its_phone(server):
    """39 addresses guess claim codes, each at its own limit (one every 2 s); 3 s in, the lost
    phone types the real code (with the space the table shows) and gets its seat."""
    table, _ = started(server)
    assert table.call("act", {"id": "claim-1", "action": {"type": "claim_code", "seat": 1}})["ok"]
    code = table.wait_for(lambda view: "1" in view["table"]["claims"])["table"]["claims"]["1"]["code"]
    sockets: dict[str, websocket.WebSocket] = {}

    def guess(source: str, n: int) -> websocket.WebSocket:
        ws = sockets.get(source)
        if ws is None:
            ws = sockets[source] = raw(server, source)
        wrong = f"{(int(code) + 1 + n) % 10 ** len(code):0{len(code)}d}"
        ws.send(f'42{n + 1}["claim",{{"code":"{wrong}"}}]')
        time.sleep(2.0)
        return ws

    result: dict[str, Any] = {}
    seconds = 6.0
    guessers = threading.Thread(
        target=lambda: result.update(flood(server, [f"127.0.5.{n}" for n in range(1, 40)], seconds, guess))
    )
    guessers.start()
    time.sleep(3.0)
    phone = raw(server, "127.0.0.7")
    phone.send(f'421["claim",{{"code":"{code[:4]} {code[4:]}"}}]')
    answered = list(answers(phone, 5.0)[:1])
    guessers.join()
    assert answered and answered[0]["ok"] and answered[0]["seat"] == 1, answered
    assert result.get("bad_claim", 0) > 0 and "ok" not in result, result
    checked = result.get("bad_claim", 0)
    rate, burst = WRONG_CLAIMS
    assert checked <= rate * (seconds + 1) + burst + CLAIM_TYPOS[1] * 39, result
    assert table.wait_for(lambda view: view["table"]["claims_guessed"] > 0)
    for ws in (*sockets.values(), phone):
        ws.close()


def immutable(path: Path, on: bool) -> bool:
    """``chattr +i`` (or ``-i``): not even root may write the file, but SQLite's open handle
    still writes the log beside it. False where that cannot be done (not root, no such flag)."""
    try:
        return subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True).returncode == 0
    except OSError:
        return False


def test_a_data_file_made_read_only_is_noticed_said_and_answered_storage(server):
    table, _ = started(server)
    db = server.data / "cashrun.sqlite3"
    transfer = {"type": "transfer", "from": 0, "to": 1, "amount": 10000, "reason": "test"}
    if not immutable(db, True):
        pytest.skip("chattr +i needs root and a file system that has the flag")
    try:
        codes = [table.call("act", {"id": f"ro-{n}", "action": transfer}) for n in range(6)]
        said = table.wait_for(lambda view: view["table"]["saving"] is not None)
        wal = (server.data / "cashrun.sqlite3-wal").stat().st_size
    finally:
        assert immutable(db, False)
    assert codes[0]["ok"]  # in the log, fsynced: its answer stands
    assert [c["error"]["code"] for c in codes[1:]] == ["storage"] * 5
    assert said["table"]["saving"] == {"problem": "checkpoint", "file": str(db)}
    assert (server.data / "cashrun.sqlite3-wal").stat().st_size == wal  # the log stopped growing
    assert table.call("act", {"id": "ro-after", "action": transfer})["ok"]
    assert table.wait_for(lambda view: view["table"]["saving"] is None)
    assert server.printed(lambda line: "cannot be written" in line)
