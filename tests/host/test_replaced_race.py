"""A message from a socket that another socket of the same seat replaces while the message waits
for the table's lock: the seat is checked once, under the lock, and the answer is ``not_seated``."""

from __future__ import annotations

import pytest
from hostkit import Client

from companion.common.errors import Refusal


def _replaced(app, host, phone: Client):
    """The older socket's connection as the host held it, after a newer one took its seat."""
    old = next(
        conn
        for conn in host.conns.values()
        if conn.table is not None and not conn.screen and conn.pid == _pid(host, phone)
    )
    newer = Client(app, {"token": phone.token})
    assert newer.view()["seat"] is not None
    return old, newer


def _pid(host, phone: Client) -> str:
    seat = phone.view()["seat"]
    table = next(iter(host.tables.values()))
    return table.lobby.players[seat].pid


@pytest.mark.parametrize("action", [{"type": "roll"}, {"type": "end_turn"}])
def test_a_game_act_of_a_replaced_socket_is_not_seated(app, host, table, started, action):
    old, newer = _replaced(app, host, started[1])
    with pytest.raises(Refusal) as refused:
        table.act(old, "late-1", action, None)  # it passed the host's check before it was replaced
    assert refused.value.code == "not_seated"
    assert newer.connected


def test_a_lobby_act_of_a_replaced_socket_is_not_seated_and_never_the_banker(app, host, table, phones):
    old, _ = _replaced(app, host, phones[1])
    players = [p.name for p in table.lobby.players]
    for action in ({"type": "rename", "name": "Zed"}, {"type": "lock"}, {"type": "remove_player", "seat": 0}):
        with pytest.raises(Refusal) as refused:
            table.act(old, f"late-{action['type']}", action, None)
        assert refused.value.code == "not_seated"
    assert [p.name for p in table.lobby.players] == players and not table.lobby.locked


def test_a_sync_and_a_seed_of_a_replaced_socket_are_not_seated(app, host, table, phones):
    old, _ = _replaced(app, host, phones[2])
    for call in (lambda: table.sync(old), lambda: table.client_seed(old, None)):
        with pytest.raises(Refusal) as refused:
            call()
        assert refused.value.code == "not_seated"
