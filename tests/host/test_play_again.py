"""Play again: a new lobby with the same phones seated, the same settings and box."""

from __future__ import annotations

import random

from hostkit import Client, play


def test_play_again_seats_the_same_phones_in_a_new_lobby(app, clock, table, screen, started):
    assert {"type": "play_again"} not in screen.view()["legal_actions"]  # only once the game is over
    play(screen, started, 5000, random.Random(2), clock, avoid=())
    assert screen.view()["view"]["over"], "the random game did not end"
    for phone in started:
        phone.drain()

    answer = screen.act({"type": "play_again"})
    assert answer["ok"] and answer["table_key"] != table.key
    host = app.extensions["cashrun"]
    again = host.table_of_key(answer["table_key"])
    assert again.status == "lobby" and again.lobby.settings == table.lobby.settings
    assert [p.name for p in again.lobby.players] == [p.name for p in table.lobby.players]
    for seat, phone in enumerate(started):
        message = phone.drain("view")[-1]
        assert message["kind"] == "lobby" and message["game_id"] == again.id and message["seat"] == seat
    # A phone that reloads comes back with its old token into the new lobby; the old game keeps no seat.
    started[0].raw.disconnect()
    back = Client(app, {"token": started[0].token})
    assert back.view()["game_id"] == again.id
    assert table.tokens == {} and len(again.tokens) == len(started)
    lobby_screen = Client(app, {"table_key": again.key})
    assert [p["phone"] for p in lobby_screen.view()["view"]["players"]] == [True] * len(started)
    assert lobby_screen.act({"type": "start"})["ok"]


def test_play_again_attacked_end_to_end(app, clock, table, screen, started):
    """Old tokens, a stale claim code, a second play_again, a watcher and a claim across it."""
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    stale = screen.view()["table"]["claims"]["1"]["code"]
    watcher = Client(app, address="192.168.1.50")
    assert watcher.emit("watch", {"code": table.code})["ok"]
    play(screen, started, 5000, random.Random(2), clock, avoid=())
    assert screen.view()["view"]["over"], "the random game did not end"
    key = screen.act({"type": "play_again"})["table_key"]
    assert screen.act({"type": "play_again"})["table_key"] == key  # a second press: the same lobby
    assert screen.act({"type": "claim_code", "seat": 1})["error"]["code"] == "bad_choice"  # seats moved on
    assert Client(app, address="192.168.1.51").emit("claim", {"code": stale})["error"]["code"] == "bad_claim"
    host = app.extensions["cashrun"]
    again = host.table_of_key(key)
    assert again.lobby.locked is False and host.table(table.id).tokens == {}

    # Every old token opens its seat in the new lobby, and only there.
    started[0].raw.disconnect()
    back = Client(app, {"token": started[0].token})
    assert back.view()["game_id"] == again.id and back.view()["seat"] == 0
    watcher.drain()
    assert (
        watcher.connected
        and watcher.emit("join", {"code": again.code, "name": "Eve"})["error"]["code"] == "already_seated"
    )  # still watching the finished game
    # A claim in the new lobby: the watcher takes seat 2; the old phone and its token are out.
    lobby_screen = Client(app, {"table_key": key})
    assert lobby_screen.act({"type": "claim_code", "seat": 2})["ok"]
    code = lobby_screen.view()["table"]["claims"]["2"]["code"]
    answer = watcher.emit("claim", {"code": code})
    assert answer["ok"] and answer["seat"] == 2 and answer["game_id"] == again.id
    assert started[2].drain("refused") == [{"code": "claimed"}] and not started[2].connected
    assert Client(app, {"token": started[2].token}).raw.is_connected() is False
    view = watcher.view()
    assert view["kind"] == "lobby" and view["game_id"] == again.id and view["seat"] == 2
    assert watcher not in host.tables[table.id].sockets.watchers and len(again.tokens) == len(started)
    # The new game starts with every seat's phone, the claimer's included.
    assert lobby_screen.act({"type": "start"})["ok"]
    first = lobby_screen.view()["view"]["waiting"]["seats"][0]
    mover = {0: back, 2: watcher}.get(first, started[first])
    assert mover.act({"type": "roll"})["ok"]
