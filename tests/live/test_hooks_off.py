"""A real ``cashrun`` whose library hooks all fall back (``CASHRUN_HOOKS=off``, as if a release
upstream had moved every one): it says so once per hook, and phones still join and play, with
real Socket.IO clients, through the libraries' public paths alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.door import upstream
from tests.live.livekit import NAMES
from tests.support.cashrun import Cashrun
from tests.support.client import Peer

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_a_host_whose_hooks_all_fall_back_still_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(upstream.OFF, "off")
    server = Cashrun(tmp_path)
    peers: list[Peer] = []
    try:
        for hook in upstream.HOOKS:
            said = [line for line in server.lines if f"the library hook {hook.name} falls back" in line]
            assert len(said) == 1, (hook.name, server.lines)
        table = Peer(server.base, {"table_key": server.key})
        peers.append(table)
        phones = []
        for name in NAMES[:3]:
            phone = Peer(server.base, {})
            peers.append(phone)
            answer = phone.call("join", {"code": server.code, "name": name})
            assert answer["ok"], answer
            phones.append(phone)
        names = lambda view: [p["name"] for p in view["view"]["players"]]
        assert names(table.wait_for(lambda view: len(names(view)) == 3)) == NAMES[:3]

        assert phones[1].call("act", {"id": "rename-1", "action": {"type": "rename", "name": "Bea"}})["ok"]
        for peer in (table, *phones):  # every screen hears the act, through Socket.IO's emit
            peer.wait_for(lambda view: names(view) == ["Ann", "Bea", "Cas"])
        assert table.call("act", {"id": "add-1", "action": {"type": "add_player", "name": "Dee"}})["ok"]
        phones[0].wait_for(lambda view: names(view) == ["Ann", "Bea", "Cas", "Dee"])
        assert phones[2].call("act", {"id": "bad", "action": {"type": "nope"}})["ok"] is False
    finally:
        for peer in peers:
            peer.sio.disconnect()
        server.kill()
