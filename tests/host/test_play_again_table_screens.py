"""Play again takes every table screen of the finished game along (the laptop and the television)."""

from __future__ import annotations

import random

from hostkit import Client, play


def test_every_table_screen_hears_where_play_again_went(app, clock, table, screen, started):
    tv = Client(app, {"table_key": table.key})
    plain = Client(app, {"table_key": table.key, "views": "whole"})
    other = Client(app, {"table_key": app.extensions["cashrun"].new_table().key})
    play(screen, started, 5000, random.Random(2), clock, avoid=())
    assert screen.view()["view"]["over"], "the random game did not end"
    for client in (tv, plain, other, *started):
        client.drain()
    assert screen.drain("moved") == []  # nothing before Play again

    key = screen.act({"type": "play_again"})["table_key"]
    # Every screen of this table, the one that pressed included, hears the new table's key once.
    for client in (screen, tv, plain):
        assert client.drain("moved") == [{"table_key": key}]
    # Phones follow by their tokens (they get the new lobby's view); another table hears nothing.
    assert all(phone.drain("moved") == [] for phone in started)
    assert other.drain("moved") == []
    # The key opens the new lobby, with the same players, as a table screen.
    followed = Client(app, {"table_key": key})
    assert followed.view()["kind"] == "lobby"
    assert [p["name"] for p in followed.view()["view"]["players"]] == [p.name for p in table.lobby.players]

    # A second press (a screen that came late) answers the same lobby and tells every screen again.
    late = Client(app, {"table_key": table.key})
    answer = late.emit("act", {"id": "late-play-again", "action": {"type": "play_again"}})  # screens share ids
    assert answer["table_key"] == key
    assert late.drain("moved") == tv.drain("moved") == [{"table_key": key}]


def test_no_screen_moves_before_the_game_is_over(app, table, screen, started):
    tv = Client(app, {"table_key": table.key})
    tv.drain()
    assert screen.act({"type": "play_again"})["error"]["code"] == "bad_choice"
    assert screen.act({"type": "new_game"})["ok"]  # a new game moves only the screen that asked
    assert tv.drain("moved") == [] and screen.drain("moved") == []
