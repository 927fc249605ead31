"""Doors that stay open for the honest, on a real ``cashrun`` with real sockets from loopback
addresses: a lost phone that mistyped its claim code still gets its seat while ten addresses guess,
and honest watchers keep their syncs and get in while others flood theirs."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import TYPE_CHECKING, Any

import pytest

from companion.door.limits import CLAIM_GUESSES
from tests.live.rawkit import SyncingWatchers, answers, flood, raw, started
from tests.support.cashrun import Cashrun
from tests.support.client import WAIT, Peer

if TYPE_CHECKING:
    from pathlib import Path

    import websocket

GUESSERS = [f"127.0.0.{n}" for n in range(2, 12)]
"""Ten guessing addresses; the lost phones are 127.0.0.12 and 127.0.0.13."""


@pytest.fixture
def server(tmp_path: Path):
    running = Cashrun(tmp_path, wait=3 * WAIT)  # a busy machine starts it slowly
    yield running
    running.kill()


def claim(ws: websocket.WebSocket, n: int, code: str) -> dict[str, Any]:
    """The host's answer to one ``claim`` (the first acknowledgement that comes)."""
    ws.send(f'42{n}["claim",{{"code":"{code}"}}]')
    got = answers(ws, 5.0, first=True)
    assert got, "no answer"
    return got[0]


def new_code(table: Peer, seat: int, n: int) -> str:
    """The banker asks for a claim code for ``seat``: the code the table screen shows."""
    assert table.call("act", {"id": f"claim-{n}", "action": {"type": "claim_code", "seat": seat}})["ok"]
    return table.wait_for(lambda view: str(seat) in view["table"]["claims"])["table"]["claims"][str(seat)]["code"]


def test_phones_that_mistyped_get_their_seats_at_once_while_ten_addresses_guess(server):
    """Each guesser sends its burst of claim codes at once, then one every 2 s (its own limit), the
    ten spread over the 2 s: the host's wrong codes are spent within a moment and stay spent. Two
    lost phones' addresses each mistyped once (one before the guessing, one during it); from 2.5 s
    on they type six right codes, one a second or so, at random moments (so that none lands
    on a moment when the host's budget has a code back), and each is seated at once."""
    table, _ = started(server)
    phones = ["127.0.0.12", "127.0.0.13"]
    typo = raw(server, phones[0])
    assert claim(typo, 1, "00000000")["error"]["code"] == "bad_claim"  # a typo before the guessing
    sockets: dict[str, websocket.WebSocket] = {}

    def guess(source: str, n: int) -> websocket.WebSocket:
        ws = sockets.get(source)
        if ws is None:
            time.sleep(GUESSERS.index(source) / CLAIM_GUESSES[0] / len(GUESSERS))  # spread over the 2 s
            ws = sockets[source] = raw(server, source)
        for k in range(CLAIM_GUESSES[1] if n == 0 else 1):
            ws.send(f'42{n * 10 + k}["claim",{{"code":"{random.randrange(10**8):08d}"}}]')
        time.sleep(1 / CLAIM_GUESSES[0])
        return ws

    result: dict[str, int] = {}
    guessers = threading.Thread(target=lambda: result.update(flood(server, GUESSERS, 11.0, guess)))
    guessers.start()
    begun = time.monotonic()
    time.sleep(2.0)
    assert claim(raw(server, phones[1]), 1, "00000001")["error"]["code"] == "bad_claim"  # a typo during it
    times = []
    for n in range(6):
        seat = n % 3
        code = new_code(table, seat, n)
        time.sleep(max(0.0, begun + 2.5 + 1.2 * n + random.uniform(0, 0.6) - time.monotonic()))
        phone = raw(server, phones[n % 2])
        began = time.perf_counter()
        answer = claim(phone, 2, f"{code[:4]} {code[4:]}")
        times.append(time.perf_counter() - began)
        assert answer.get("ok") and answer["seat"] == seat, (n, answer)
        phone.close()
    guessers.join()
    print(f"claimed in {', '.join(f'{t * 1000:.0f}' for t in times)} ms; guessers' answers: {result}")
    assert result.get("rate_limited", 0) > result.get("bad_claim", 0), result  # the host's budget was spent
    assert max(times) < 3.0, times
    for ws in (*sockets.values(), typo):
        ws.close()


def test_honest_watchers_keep_their_syncs_and_get_in_while_others_flood_theirs(server):
    """40 watchers from ten addresses ask for their whole message 1.4 times a second each (more
    than their own budget, never so much that they are closed for it). Meanwhile a watcher that
    already watched asks every 2 s, and a new watcher comes every 2 s from an address of its
    own: every one is answered ``ok`` and sent the whole message."""
    started(server)
    honest = raw(server, "127.0.0.30")
    honest.send(f'420["watch",{{"code":"{server.code}"}}]')
    assert answers(honest, 5.0, first=True)[0]["ok"]
    flooding = SyncingWatchers(server, 1.4)
    result: dict[str, int] = {}
    flooders = [f"127.0.3.{1 + n % 10}#{n}" for n in range(40)]
    watchers = threading.Thread(target=lambda: result.update(flood(server, flooders, 11.0, flooding.step)))
    watchers.start()
    time.sleep(1.0)
    syncs, watches = [], []
    for n in range(4):
        honest.send(f'42{n + 1}["sync",{{}}]')
        syncs.append(whole_after_answer(honest))
        time.sleep(1.0)
        new = raw(server, f"127.0.0.{31 + n}")
        new.send(f'420["watch",{{"code":"{server.code}"}}]')
        watches.append(whole_after_answer(new))
        new.close()
        time.sleep(1.0)
    watchers.join()
    print(f"honest syncs {syncs}, new watches {watches}; the flooders' answers: {result}")
    assert result.get("rate_limited", 0) > 0, result  # they asked for more than they got
    assert syncs == ["ok"] * 4 and watches == ["ok"] * 4
    flooding.close()
    honest.close()


def whole_after_answer(ws: websocket.WebSocket) -> str:
    """``ok`` when the socket's message is answered ok and its whole message comes, else the refusal's code."""
    ws.settimeout(5.0)
    answer, whole = None, False
    while answer is None or (answer == "ok" and not whole):
        frame = ws.recv()
        if frame == "2":
            ws.send("3")
        elif frame.startswith("43"):
            got = json.loads(frame[2:].lstrip("0123456789"))[0]
            answer = "ok" if got["ok"] else got["error"]["code"]
        elif frame.startswith('42["update",') and '"base"' not in frame[:40]:
            whole = True
    return answer
