"""A board in the lobby's settings: the host accepts it, refuses one that cannot work, and
the game follows the pawns."""

from __future__ import annotations

import json
import logging


def board() -> dict:
    spaces = []
    for casino in range(12):
        spaces += [
            {"space": "cash_and_run"} if casino % 6 == 0 else {"space": "bluff"},
            {"space": "casino", "casino": casino},
        ]
    return {"version": 1, "spaces": spaces}


def test_a_board_is_accepted_in_the_settings_and_the_game_follows_the_pawns(screen, phones):
    answer = screen.act({"type": "set_settings", "settings": {"board": board(), "lap_end": "exact"}})
    assert answer["ok"], answer
    assert screen.view()["view"]["settings"]["board"] == board()
    broken = board()
    broken["spaces"][3] = {"space": "bluff"}
    answer = screen.act({"type": "set_settings", "settings": {"board": broken}})
    assert (answer["error"]["code"], answer["error"]["field"]) == ("bad_settings", "board")
    assert screen.act({"type": "start"})["ok"]
    assert screen.view()["table"]["board"] == board()  # the table screen draws it; the phones never need it
    message = phones[0].view()
    assert message["view"]["phase"] == "place_pawn"
    place = [a for a in message["legal_actions"] if a["type"] == "place_pawn"]
    assert sorted(a["casino"] for a in place) == sorted(message["view"]["players"][0]["casinos"])
    assert phones[0].act(place[0])["ok"]
    assert phones[0].view()["view"]["players"][0]["position"] == 2 * place[0]["casino"] + 1


def test_the_board_is_remembered_with_the_box_profile_for_the_next_lobby(host, screen):
    assert screen.act({"type": "set_settings", "settings": {"board": board()}})["ok"]
    assert host.new_table().lobby.settings["board"] == board()
    assert screen.act({"type": "set_settings", "settings": {"board": None}})["ok"]
    assert host.new_table().lobby.settings["board"] is None  # taking the board off is remembered too


def test_a_refused_board_is_not_remembered(host, screen):
    assert screen.act({"type": "set_settings", "settings": {"board": board()}})["ok"]
    broken = board()
    broken["spaces"][1] = {"space": "bluff"}
    assert screen.act({"type": "set_settings", "settings": {"board": broken}})["error"]["field"] == "board"
    assert host.new_table().lobby.settings["board"] == board()


def test_a_saved_board_that_fails_validation_is_not_loaded(host, screen, caplog):
    box = screen.view()["view"]["settings"]["box"]
    assert screen.act({"type": "set_settings", "settings": {"board": board()}})["ok"]
    host.database._db.execute("INSERT OR REPLACE INTO prefs VALUES ('box', ?)", (json.dumps(box[:8]),))
    settings = host.new_table().lobby.settings
    assert (settings["box"], settings["board"]) == (box, board())  # the box is refused, the board fits the default box
    host.database._db.execute("INSERT OR REPLACE INTO prefs VALUES ('box', ?)", (json.dumps(box),))
    host.database._db.execute(
        "INSERT OR REPLACE INTO prefs VALUES ('board', ?)", (json.dumps({"version": 2, "spaces": board()["spaces"]}),)
    )
    with caplog.at_level(logging.WARNING):
        assert host.new_table().lobby.settings["board"] is None
    assert "board profile fails" in caplog.text
