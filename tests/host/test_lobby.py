"""Connecting, joining and the lobby: every lobby action and every refusal."""

from __future__ import annotations

from hostkit import Client, join

from companion.door.limits import MAX_NAME


def test_table_screen_gets_the_lobby_with_the_banker_actions(screen, table):
    message = screen.view()
    assert message["kind"] == "lobby" and message["seat"] is None
    assert message["view"]["code"] == table.code and message["view"]["players"] == []
    types = {a["type"] for a in message["legal_actions"]}
    assert {"lock", "add_player", "set_settings", "set_box", "new_game"} <= types
    assert "start" not in types  # no players yet
    assert message["table"]["join_url"].endswith(f"/j/{table.code}")
    assert message["table"]["qr_svg"] == f"/qr.svg?code={table.code}"  # no key in an address the browser sends


def test_wrong_table_key_is_refused(app):
    for key in ("nope", "x" * 500, 17):
        client = Client(app, {"table_key": key})
        assert not client.connected


def test_unknown_token_is_refused(app):
    assert not Client(app, {"token": "not-a-token"}).connected


def test_refusal_carries_a_code(app, monkeypatch):
    from companion.host import Refused

    host = app.extensions["cashrun"]
    try:
        host.connect("sid-x", {"token": "unknown"}, "127.0.0.1")
    except Refused as error:
        assert error.error_args == {"message": "refused", "data": {"code": "bad_token"}}
    else:
        raise AssertionError("not refused")


def test_phone_without_token_hears_nothing_until_it_joins(app, table, screen):
    phone = Client(app)
    assert phone.connected and phone.drain() == []
    answer = phone.emit("join", {"code": table.code.lower(), "name": "  Ann "})
    assert answer["ok"] and answer["seat"] == 0 and len(answer["token"]) >= 32
    message = phone.view()
    assert message["kind"] == "lobby" and message["seat"] == 0
    assert message["view"]["you"] == {
        "seat": 0,
        "client_seed": None,
        "start_commit": None,
        "chain": None,
        "revealed": False,
    }  # it sent none
    assert message["view"]["players"] == [
        {"seat": 0, "name": "Ann", "phone": True, "connected": True, "pawn": {"colour": "red", "emoji": "🦊"}}
    ]
    assert [a["type"] for a in message["legal_actions"]] == ["rename", "leave"]
    assert screen.view()["view"]["players"][0]["name"] == "Ann"
    assert answer["token"] not in str(screen.heard)


def test_join_refusals(app, clock, table, screen, phones):
    clock.advance(5)  # the address's join codes of the four phones are forgotten
    phone = Client(app)
    assert phone.emit("join", {"code": "ZZZZ", "name": "Eve"})["error"]["code"] == "bad_code"
    assert phone.emit("join", {"code": table.code, "name": "   "})["error"] == {"code": "bad_name", "max": MAX_NAME}
    assert phone.emit("join", {"code": table.code, "name": "x" * 25})["error"]["code"] == "bad_name"
    assert phone.emit("join", {"code": table.code, "name": "a\nb"})["error"]["code"] == "bad_name"
    assert phone.emit("join", {"code": table.code, "name": "ANN"})["error"] == {"code": "name_taken", "name": "ANN"}
    assert phone.emit("join", {"code": table.code})["error"] == {"code": "malformed", "field": "name"}
    assert phone.emit("join", "hello")["error"] == {"code": "malformed", "field": "message"}
    assert phones[0].emit("join", {"code": table.code, "name": "Again"})["error"]["code"] == "already_seated"
    assert len(screen.view()["view"]["players"]) == 4


def test_lobby_full_and_locked(app, table, screen, phones):
    assert screen.act({"type": "lock"})["ok"]
    assert Client(app).emit("join", {"code": table.code, "name": "Eve"})["error"]["code"] == "lobby_locked"
    assert screen.view()["view"]["locked"] is True
    assert screen.act({"type": "unlock"})["ok"]
    join(app, table, "Eve")
    join(app, table, "Fay")
    assert Client(app).emit("join", {"code": table.code, "name": "Gus"})["error"] == {"code": "lobby_full", "max": 6}
    assert not any(a["type"] == "add_player" for a in screen.view()["legal_actions"])


def test_join_after_start_is_refused(app, table, screen, started):
    answer = Client(app).emit("join", {"code": table.code, "name": "Late"})
    assert answer["error"]["code"] in ("bad_code", "game_started")


def test_move_seat_changes_the_order_and_each_phone_hears_its_new_seat(screen, phones):
    assert screen.act({"type": "move_seat", "seat": 3, "to": 0})["ok"]
    assert [p["name"] for p in screen.view()["view"]["players"]] == ["Dee", "Ann", "Bob", "Cas"]
    assert phones[3].view()["seat"] == 0 and phones[0].view()["seat"] == 1
    assert screen.act({"type": "move_seat", "seat": 0, "to": 0})["error"]["code"] == "bad_choice"
    assert screen.act({"type": "move_seat", "seat": 9, "to": 0})["error"]["code"] == "bad_choice"


def test_add_player_without_phone_and_remove_player(app, screen, phones):
    assert screen.act({"type": "add_player", "name": "Opa"})["ok"]
    message = screen.view()
    assert message["view"]["players"][4] == {"seat": 4, "name": "Opa", "phone": False, "connected": False}
    assert message["table"]["phones"] == [True, True, True, True, False]
    assert screen.act({"type": "add_player", "name": "opa"})["error"]["code"] == "name_taken"
    assert screen.act({"type": "add_player", "name": ""})["error"]["code"] == "bad_name"
    assert screen.act({"type": "remove_player", "seat": 1})["ok"]
    assert phones[1].drain("refused") == [{"code": "removed"}]
    assert not phones[1].connected
    assert [p["name"] for p in screen.view()["view"]["players"]] == ["Ann", "Cas", "Dee", "Opa"]
    assert not Client(app, {"token": phones[1].token}).connected  # the token died with the seat


def test_phone_renames_and_leaves(app, screen, phones):
    assert phones[0].act({"type": "rename", "name": "Annie"})["ok"]
    assert screen.view()["view"]["players"][0]["name"] == "Annie"
    assert phones[0].act({"type": "rename", "name": "bob"})["error"]["code"] == "name_taken"
    assert phones[0].act({"type": "start"})["error"]["code"] == "not_legal_now"
    assert phones[2].act({"type": "leave"})["ok"]
    assert [p["name"] for p in screen.view()["view"]["players"]] == ["Annie", "Bob", "Dee"]
    assert phones[2].act({"type": "rename", "name": "Back"})["error"]["code"] == "not_seated"
    assert not Client(app, {"token": phones[2].token}).connected


def test_settings_and_box(app, host, screen, phones):
    assert screen.act({"type": "set_settings", "settings": {"starting_casinos": 1, "auction_seconds": 15}})["ok"]
    settings = screen.view()["view"]["settings"]
    assert settings["starting_casinos"] == 1 and settings["auction_seconds"] == 15
    answer = screen.act({"type": "set_settings", "settings": {"auction_seconds": 1}})
    assert answer["error"] == {"code": "bad_settings", "field": "auction_seconds"}
    answer = screen.act({"type": "set_settings", "settings": {"no_such": 1}})
    assert answer["error"]["code"] == "bad_settings"
    assert screen.act({"type": "set_settings", "settings": [1]})["error"] == {"code": "malformed", "field": "settings"}
    box = settings["box"]
    box[0] = {"name": "Monte Carlo", "colour": "blue", "symbol": "roulette"}
    assert screen.act({"type": "set_box", "box": box})["ok"]
    assert screen.view()["view"]["settings"]["box"][0]["name"] == "Monte Carlo"
    assert screen.act({"type": "set_box", "box": box[:2]})["error"] == {"code": "bad_settings", "field": "box"}
    assert screen.act({"type": "set_box", "box": [{"name": "x"}] * 12})["error"]["code"] == "bad_settings"
    # the box profile is remembered for the next table
    assert host.new_table().lobby.settings["box"][0]["name"] == "Monte Carlo"


def test_start_needs_three_players(app, table, screen):
    join(app, table, "Ann")
    join(app, table, "Bob")
    assert screen.act({"type": "start"})["error"]["code"] == "not_legal_now"
    join(app, table, "Cas")
    answer = screen.act({"type": "start"})
    assert answer["ok"] and answer["events"][0]["type"] == "game_started"
    message = screen.view()
    assert message["kind"] == "game" and message["view"]["players"][2]["name"] == "Cas"


def test_new_game_opens_another_table(app, host, screen, table):
    answer = screen.act({"type": "new_game"})
    assert answer["ok"] and answer["table_key"] != table.key
    other = Client(app, {"table_key": answer["table_key"]})
    assert other.view()["kind"] == "lobby" and other.view()["view"]["code"] != table.code
