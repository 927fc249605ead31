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
