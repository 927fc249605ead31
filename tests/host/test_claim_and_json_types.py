"""A watcher that claims a seat becomes a seated phone, and host actions are
matched against their listed form with JSON's types (``0.0`` is not ``0``)."""

from __future__ import annotations

import pytest
from hostkit import Client

from companion.play.broadcast import PRESENCE_DELAY


def test_a_watcher_that_claims_a_seat_becomes_a_seated_phone(app, clock, table, screen, started):
    watcher = Client(app, address="192.168.1.40")
    assert watcher.emit("watch", {"code": table.code})["ok"]
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    code = screen.view()["table"]["claims"]["0"]["code"]
    answer = watcher.emit("claim", {"code": code})
    assert answer["ok"] and answer["seat"] == 0
    view = watcher.view()
    assert view["kind"] != "watch" and view["seat"] == 0 and "you" in view["view"]
    assert not started[0].connected
    seat = screen.view()["view"]["waiting"]["seats"][0]
    mover = watcher if seat == 0 else started[seat]
    assert mover.act({"type": "roll"})["ok"]  # acts as a seated phone, never ``not_seated``
    watcher.drain()
    assert all(v["kind"] != "watch" for v in watcher.drain("view"))  # no public views any more
    watcher.raw.disconnect()
    clock.advance(PRESENCE_DELAY)
    assert screen.view()["connected"][0] is False  # its leaving is heard like any phone's


@pytest.mark.parametrize("seat", [0.0, True, "0", None, [0]])
def test_a_claim_code_action_of_the_wrong_type_is_refused_clearly(screen, started, seat):
    answer = screen.act({"type": "claim_code", "seat": seat})
    assert answer == {"ok": False, "error": {"code": "bad_choice", "type": "claim_code"}}
    assert screen.view()["table"]["claims"] == {}
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "move_seat", "seat": 1.0, "to": 0},
        {"type": "move_seat", "seat": True, "to": 0},
        {"type": "remove_player", "seat": 1.0},
        {"type": "remove_player", "seat": False},
    ],
)
def test_a_lobby_action_of_the_wrong_type_is_refused_and_changes_nothing(screen, phones, action):
    before = screen.view()["view"]["players"]
    assert screen.act(action) == {"ok": False, "error": {"code": "bad_choice", "type": action["type"]}}
    assert screen.view()["view"]["players"] == before and all(phone.connected for phone in phones)
    assert screen.act({**action, "seat": 1})["ok"]  # the same with the listed number is taken
