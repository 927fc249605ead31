"""A phone that misses an update, or whose socket drops, gets its whole message again and ends up
with exactly what a client asking for whole views gets (``cashrun`` and real Socket.IO clients)."""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, Any

from tests.engine.randomplay import concrete
from tests.live.livekit import NAMES
from tests.live.test_live import log_length
from tests.support.cashrun import Cashrun
from tests.support.client import Peer
from tests.support.loopback import free_port

if TYPE_CHECKING:
    from pathlib import Path

IDS = itertools.count()
"""Action ids, never used twice: the host answers a repeated id with its first answer and
applies nothing (a retry), which left the table waiting for a change that never came."""


def caught_up(phone: Peer, length: int, seconds: float = 1.0) -> dict[str, Any] | None:
    """The phone's message once it holds the log up to ``length``; None if it has not in ``seconds``."""
    with phone.changed:
        if phone.changed.wait_for(lambda: bool(phone.views) and log_length(phone.views[-1]) == length, seconds):
            return phone.views[-1]
    return None


def act(table: Peer, phones: list[Peer | None], steps: int, rng: random.Random) -> None:
    """Random legal actions of the waited-for seats whose phone is there and up to date (no
    auction, no announce): a phone that missed an update only knows when the next one comes."""
    for _step in range(steps):
        view = table.views[-1]["view"]
        length = log_length(table.views[-1])
        ready = {
            s: m
            for s in view["waiting"]["seats"]
            if phones[s] is not None and (m := caught_up(phones[s], length)) is not None
        }
        if view["over"] or not ready:
            return
        seat = rng.choice(sorted(ready))
        actions = [a for a in ready[seat]["legal_actions"] if a["type"] not in ("announce", "auction")]
        if not actions:
            return
        answer = phones[seat].call("act", {"id": f"a{next(IDS)}", "action": concrete(rng.choice(actions), rng)})
        assert answer["ok"], answer
        table.wait_for(lambda m, length=length: log_length(m) > length)


def as_whole(url: str, token: str, phone: Peer) -> tuple[dict[str, Any], dict[str, Any]]:
    """The phone's last message once it has caught up with the table, and what a socket of the
    same seat asking for whole views gets then (it replaces the phone's socket)."""
    mine = phone.views[-1]
    whole = Peer(url, {"token": token, "views": "whole"})
    try:
        return mine, whole.wait_views(1)
    finally:
        whole.sio.disconnect()


def test_a_missed_update_and_a_dropped_socket_end_in_the_whole_message(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Cashrun(tmp_path, port)
    peers: list[Peer] = []
    try:
        table = Peer(url, {"table_key": server.key})
        peers.append(table)
        phones: list[Peer | None] = []
        tokens = []
        for name in NAMES:
            phone = Peer(url, {})
            peers.append(phone)
            answer = phone.call("join", {"code": server.code, "name": name})
            assert answer["ok"], answer
            phone.auth = {"token": answer["token"]}
            tokens.append(answer["token"])
            phones.append(phone)
        assert table.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
        for peer in peers:
            peer.wait_for(lambda m: m["kind"] == "game")
        rng = random.Random(3)

        act(table, phones, 4, rng)

        # One update never reaches the first phone (the one telling that the third phone went);
        # the next (it came back) does not follow: the first phone asks with sync.
        first = phones[0]
        assert first is not None
        first.wait_for(lambda m: log_length(m) == log_length(table.views[-1]))  # no act's update still on its way
        first.drop = True
        third = phones[2]
        assert third is not None
        third.sio.disconnect()
        table.wait_for(lambda m: m["connected"][2] is False)  # heard before it comes back: two updates, not one
        phones[2] = Peer(url, {"token": tokens[2]})
        peers.append(phones[2])
        mine = first.wait_for(lambda m: first.synced >= 1 and not first.screen.behind and m["connected"] == [True] * 4)
        assert not first.drop
        mine, whole = as_whole(url, tokens[0], first)
        assert mine == whole and mine["kind"] == "game" and mine["seat"] == 0

        # The second phone's socket drops while the others play; it comes back by its token.
        gone = phones[1]
        assert gone is not None
        gone.sio.disconnect()
        phones[1] = None
        phones[0] = Peer(url, {"token": tokens[0]})  # the socket that asked for whole views replaced it
        peers.append(phones[0])
        act(table, phones, 8, rng)
        back = Peer(url, {"token": tokens[1]})
        peers.append(back)
        length = log_length(table.views[-1])
        back.wait_for(lambda m: log_length(m) == length)
        mine, whole = as_whole(url, tokens[1], back)
        assert mine == whole and mine["seat"] == 1
        assert back.synced == 0  # a new socket starts with a whole update: nothing to ask for
    finally:
        for peer in peers:
            peer.sio.disconnect()
        server.kill()
