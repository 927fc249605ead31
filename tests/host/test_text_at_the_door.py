"""Text that no file can hold, odd action ids and faults: every message gets a clear answer
at the door, and nothing reaches the database or reloads a game."""

from __future__ import annotations

from unittest import mock

import pytest
from hostkit import Client

from companion.host import Refused

LONE = "\ud800"
"""A lone surrogate: valid JSON (``"\\ud800"``), but UTF-8 cannot encode it."""


MESSAGES = [
    ("peek", lambda t: {"code": LONE}),
    ("watch", lambda t: {"code": LONE}),
    ("join", lambda t: {"code": t.code, "name": f"Eve{LONE}"}),
    ("join", lambda t: {"code": LONE, "name": "Eve"}),
    ("claim", lambda t: {"code": LONE}),
    ("act", lambda t: {"id": LONE, "action": {"type": "roll"}}),
    ("act", lambda t: {"id": "fine", "action": {"type": "roll", "note": LONE}}),
]


@pytest.mark.parametrize("event,data", MESSAGES)
def test_a_lone_surrogate_is_refused_at_the_door(app, table, screen, started, event, data):
    host = app.extensions["cashrun"]
    stranger = Client(app, address="192.168.1.60")
    with (
        mock.patch.object(host.database, "load", wraps=host.database.load) as load,
        mock.patch.object(host.database, "commit", wraps=host.database.commit) as commit,
    ):
        for sender in (stranger, started[0], screen):
            answer = sender.emit(event, data(table))
            assert answer["ok"] is False and answer["error"]["code"] == "malformed", answer
        assert load.call_count == 0 and commit.call_count == 0  # no reload, nothing saved


def test_a_lone_surrogate_in_a_lobby_act_resume_or_auth_is_answered(app, host, table, screen, phones):
    assert screen.act({"type": "add_player", "name": f"Gus{LONE}"})["error"]["code"] == "malformed"
    assert screen.emit("act", {"id": f"x{LONE}", "action": {"type": "lock"}})["error"]["code"] == "malformed"
    assert screen.emit("resume", {"game": LONE})["error"] == {"code": "malformed", "field": "text"}
    for auth, code in (({"token": LONE}, "bad_token"), ({"table_key": LONE}, "bad_key")):
        with pytest.raises(Refused) as refused:
            host.connect("sid-odd", auth, "192.168.1.61")
        assert refused.value.error_args == {"message": "refused", "data": {"code": code}}
        assert not Client(app, auth, address="192.168.1.61").connected
    assert len(screen.view()["view"]["players"]) == len(phones)


@pytest.mark.parametrize("action_id", ["", "a b", "über", "a" * 65, "x\n", "a/b", "<b>"])
def test_an_action_id_outside_its_short_alphabet_is_malformed(screen, started, action_id):
    answer = screen.emit("act", {"id": action_id, "action": {"type": "claim_code", "seat": 0}})
    assert answer == {"ok": False, "error": {"code": "malformed", "field": "id"}}


@pytest.mark.parametrize("action_id", ["a", "A-9_z.:0", "f" * 64])
def test_ids_of_letters_digits_and_a_few_marks_are_taken(screen, started, action_id):
    assert screen.emit("act", {"id": action_id, "action": {"type": "claim_code", "seat": 0}})["ok"]


def test_a_fault_in_a_handler_is_answered_internal(app, host, table, screen):
    phone = Client(app, address="192.168.1.62")
    with mock.patch.object(type(table), "peek", side_effect=KeyError("boom")):
        assert phone.emit("peek", {"code": table.code}) == {"ok": False, "error": {"code": "internal"}}
    assert phone.emit("peek", {"code": table.code})["ok"]
