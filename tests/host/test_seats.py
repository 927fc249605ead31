"""Seats that survive: reconnects, a second socket for the same seat, claim codes."""

from __future__ import annotations

from hostkit import Client

from companion.play.broadcast import PRESENCE_DELAY
from companion.play.claims import CLAIM_SECONDS
from companion.play.codes import CLAIM_LENGTH


def test_reconnect_puts_the_phone_back_in_its_seat(app, clock, screen, started):
    before = started[2].view()
    started[2].raw.disconnect()
    clock.advance(PRESENCE_DELAY)
    assert screen.view()["connected"] == [True, True, False, True]
    assert started[0].view()["connected"] == [True, True, False, True]
    again = Client(app, {"token": started[2].token})
    message = again.view()
    assert message["seat"] == 2
    assert message["view"]["you"] == before["view"]["you"]
    assert message["legal_actions"] == before["legal_actions"]
    clock.advance(PRESENCE_DELAY)
    assert screen.view()["connected"] == [True, True, True, True]


def test_reconnect_in_the_lobby(app, clock, screen, phones):
    phones[1].raw.disconnect()
    clock.advance(PRESENCE_DELAY)
    assert screen.view()["view"]["players"][1]["connected"] is False
    again = Client(app, {"token": phones[1].token})
    assert again.view()["kind"] == "lobby" and again.view()["seat"] == 1
    clock.advance(PRESENCE_DELAY)
    assert screen.view()["view"]["players"][1]["connected"] is True


def test_a_newer_socket_closes_the_older_one(app, screen, started):
    newer = Client(app, {"token": started[1].token})
    assert newer.view()["seat"] == 1
    assert started[1].drain("refused") == [{"code": "replaced"}]
    assert not started[1].connected
    assert screen.view()["connected"] == [True, True, True, True]  # the seat is still connected
    seat = screen.view()["view"]["waiting"]["seats"][0]
    if seat == 1:
        assert newer.act({"type": "roll"})["ok"]


def test_claim_code_gives_the_seat_to_another_phone(app, screen, started):
    assert screen.act({"type": "claim_code", "seat": 3})["ok"]
    claims = screen.view()["table"]["claims"]
    code = claims["3"]["code"]
    assert len(code) == CLAIM_LENGTH and code.isdigit()
    assert all(code not in str(data) for phone in started for data in phone.drain())
    spare = Client(app)
    answer = spare.emit("claim", {"code": code})
    assert answer["ok"] and answer["seat"] == 3 and answer["token"] != started[3].token
    assert spare.view()["seat"] == 3 and "you" in spare.view()["view"]
    assert started[3].drain("refused") == [{"code": "claimed"}]
    assert not Client(app, {"token": started[3].token}).connected  # the old token is dead
    assert spare.emit("claim", {"code": code})["error"]["code"] == "bad_claim"  # one time only
    assert screen.view()["table"]["claims"] == {}
    assert Client(app, {"token": answer["token"]}).view()["seat"] == 3


def test_claim_code_for_a_phoneless_seat_gives_it_a_phone(app, table, screen, phones):
    assert screen.act({"type": "add_player", "name": "Opa"})["ok"]
    assert screen.act({"type": "claim_code", "seat": 4})["ok"]
    code = screen.view()["table"]["claims"]["4"]["code"]
    answer = Client(app).emit("claim", {"code": code})
    assert answer["ok"] and answer["seat"] == 4
    assert screen.view()["view"]["players"][4]["phone"] is True


def test_claim_code_expires_and_a_new_one_replaces_the_old(app, clock, screen, started):
    screen.act({"type": "claim_code", "seat": 0})
    first = screen.view()["table"]["claims"]["0"]["code"]
    screen.act({"type": "claim_code", "seat": 0})
    second = screen.view()["table"]["claims"]["0"]["code"]
    assert Client(app).emit("claim", {"code": first})["error"]["code"] == "bad_claim"
    clock.advance(CLAIM_SECONDS + 1)
    assert Client(app).emit("claim", {"code": second})["error"]["code"] == "bad_claim"
    assert started[0].connected
