"""``cashrun`` as a real process: a table and four phones (python-socketio clients) play, the
server is killed with SIGKILL mid-game and started again on the same data directory."""

from __future__ import annotations

import random
import threading
import time
from typing import TYPE_CHECKING, Any

import pytest
import socketio

from tests.engine.randomplay import concrete
from tests.live.livekit import NAMES
from tests.support.cashrun import Cashrun
from tests.support.client import WAIT, Peer
from tests.support.loopback import free_port

if TYPE_CHECKING:
    from pathlib import Path


def allowed_card_paths(data: Any, path: str = "") -> list[str]:
    """Paths in a message that hold bluff cards."""
    found = []
    if isinstance(data, dict):
        if set(data) == {"id", "symbol"}:
            found.append(path)
        for key, value in data.items():
            if key == "bluff_cards" and isinstance(value, list):
                found.append(f"{path}.{key}")
            found += allowed_card_paths(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += allowed_card_paths(value, f"{path}[{index}]")
    return found


def log_window(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {view["log_start"] + i: event for i, event in enumerate(view["log"])}


LAP_ANSWERS = ("confirm_lap", "reject_lap")


def banker_answer(table: Peer, phones: list[Peer], rng: random.Random) -> None:
    """A lap claim no player may judge waits for the banker, who answers on the table screen."""
    answers = [a for a in table.views[-1]["legal_actions"] if a["type"] in LAP_ANSWERS]
    assert answers, table.views[-1]["view"]["phase"]
    counts = [len(peer.views) for peer in (table, *phones)]
    assert table.call("act", {"id": f"banker-{counts[0]}", "action": rng.choice(answers)})["ok"]
    for peer, count in zip((table, *phones), counts):
        peer.wait_views(count + 1)


def act_paced(phone: Peer, message: dict[str, Any]) -> dict[str, Any]:
    """``act`` as a page sends it: after ``rate_limited`` it waits a moment and sends it again."""
    answer = phone.call("act", message)
    while answer.get("error", {}).get("code") == "rate_limited":
        time.sleep(0.2)
        answer = phone.call("act", message)
    return answer


def play(
    table: Peer,
    phones: list[Peer],
    steps: int,
    rng: random.Random,
    acked: list[tuple[int, str, dict[str, Any], dict[str, Any]]],
) -> None:
    """Random legal actions by the seats the game waits for (the banker answers a lap claim
    nobody else may judge); every accepted answer by a phone is kept."""
    for step in range(steps):
        view = table.views[-1]["view"]
        if view["over"]:
            return
        if not view["waiting"]["seats"]:
            banker_answer(table, phones, rng)
            continue
        seat = rng.choice(view["waiting"]["seats"])
        actions = [a for a in phones[seat].views[-1]["legal_actions"] if a["type"] not in ("announce", "auction")]
        if not actions:
            time.sleep(0.02)
            continue
        counts = [len(peer.views) for peer in (table, *phones)]
        message = {"id": f"{seat}-{step}-{rng.random()}", "action": concrete(rng.choice(actions), rng)}
        answer = act_paced(phones[seat], message)
        if answer["ok"]:
            acked.append((seat, message["id"], message["action"], answer))
            for peer, count in zip((table, *phones), counts):
                peer.wait_views(count + 1)


def log_length(message: dict[str, Any]) -> int:
    return message["view"]["log_start"] + len(message["view"]["log"])


def test_play_kill_restart(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Cashrun(tmp_path, port)
    assert server.table_url == f"{url}/table#key={server.key}&k={server.host_key}"  # both keys in the fragment
    peers: list[Peer] = []
    try:
        table = Peer(url, {"table_key": server.key})
        peers.append(table)
        phones: list[Peer] = []
        for name in NAMES:
            phone = Peer(url, {})
            peers.append(phone)
            answer = phone.call("join", {"code": server.code, "name": name})
            assert answer["ok"], answer
            phone.auth = {"token": answer["token"]}  # sent again on every reconnect
            phones.append(phone)

        assert table.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
        for peer in peers:
            peer.wait_views(1)
        table.wait_views(6)
        acked: list[tuple[int, str, dict[str, Any], dict[str, Any]]] = []
        rng = random.Random(7)
        play(table, phones, 120, rng, acked)
        assert len(acked) >= 60
        before = table.views[-1]
        before_phones = [phone.views[-1] for phone in phones]
        counts = [len(peer.views) for peer in peers]

        # One more action is in flight when the server dies, unless the game ended (a rare random
        # game does within the steps): it may or may not survive.
        waiting = before["view"]["waiting"]["seats"]
        in_flight = (
            [a for a in phones[waiting[0]].views[-1]["legal_actions"] if a["type"] != "auction"] if waiting else []
        )
        if in_flight:
            phones[waiting[0]].sio.emit("act", {"id": "in-flight", "action": concrete(in_flight[0], rng)})
        server.kill()

        server = Cashrun(tmp_path, port)
        assert server.key == table.auth["table_key"]  # the same table opens again
        for peer, count in zip(peers, counts):
            peer.wait_views(count + 1)  # every client reconnected by itself and heard a view
        after = table.wait_for(lambda m: m["connected"] == [True] * 4)
        assert after["kind"] == "game"
        applied = log_length(after) > log_length(before)
        if applied:  # the action in flight was saved before the kill: the acknowledged log is its prefix
            old, new = log_window(before["view"]), log_window(after["view"])
            assert min(new) <= max(old) + 1 and all(new[i] == old[i] for i in old if i in new)
        else:
            assert after["view"] == before["view"]
        for seat, phone in enumerate(phones):
            mine = phone.wait_for(lambda m: m["kind"] == "game")
            assert mine["seat"] == seat and mine["view"]["you"]["seat"] == seat
            if not applied:
                assert mine["view"]["you"] == before_phones[seat]["view"]["you"]
                assert mine["legal_actions"] == before_phones[seat]["legal_actions"]
        # every acknowledged action is recorded: sent again, it is answered as before and not applied
        for seat, action_id, action, answer in acked[-25:]:  # one phone may send more than its burst
            assert act_paced(phones[seat], {"id": action_id, "action": action}) == answer
        play(table, phones, 20, rng, acked)

        for seat, phone in enumerate(phones):
            for data in phone.views:
                assert data["seat"] == seat
                paths = allowed_card_paths(data)
                assert all(p.startswith(".view.you.bluff_cards") for p in paths), paths
                assert data["kind"] == "lobby" or data["view"]["you"]["seat"] == seat
            assert phone.refused == []
        assert all(allowed_card_paths(data) == [] for data in table.views)
    finally:
        for peer in peers:
            peer.sio.disconnect()
        server.kill()


def test_refusals_on_the_wire(tmp_path: Path) -> None:
    """A wrong key is refused with its code; a frame over the transport's limit closes only
    that socket; the table screen goes on answering."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Cashrun(tmp_path, port)
    try:
        errors: list[Any] = []
        bad = socketio.Client(reconnection=False)
        bad.on("connect_error", errors.append)
        with pytest.raises(socketio.exceptions.ConnectionError):
            bad.connect(url, auth={"table_key": "wrong"}, transports=["websocket"], wait_timeout=WAIT)
        assert errors == [{"message": "refused", "data": {"code": "bad_key"}}]

        table = Peer(url, {"table_key": server.key})
        table.wait_views(1)
        big = socketio.Client(reconnection=False)
        closed = threading.Event()
        big.on("disconnect", lambda *reason: closed.set())
        big.connect(url, transports=["websocket"], wait_timeout=WAIT)
        with pytest.raises(socketio.exceptions.TimeoutError):
            big.call("act", {"id": "big", "action": {"type": "roll", "pad": "x" * 100_000}}, timeout=2)
        assert closed.wait(WAIT)
        answer = table.call("act", {"id": "still-here", "action": {"type": "lock"}})
        assert answer == {"ok": True, "events": []}
        table.sio.disconnect()
    finally:
        server.kill()
