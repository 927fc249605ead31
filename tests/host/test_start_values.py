"""The start (issue 25): the banker's ``start`` locks the lobby for good, the phones reveal the start
values they committed to, the host checks each against its commitment, and the game starts when the
last one is in, or when the banker starts without a phone that did not answer in time."""

from __future__ import annotations

import itertools
import random

import pytest
from hostkit import Client, FakeClock, fake_app

from companion.host import Refused
from engine.rng import seed_hash
from tests.support.phonefair import PhoneFair

NAMES = ["Ann", "Bob", "Cas"]


@pytest.fixture
def fairs() -> list[PhoneFair]:
    rnd = random.Random(25)
    return [PhoneFair(rnd) for _ in NAMES]


def seat(app, table, fairs) -> list[Client]:
    """Three phones with their randomness, and a seat without a phone (Dee)."""
    phones = []
    for name, fair in zip(NAMES, fairs):
        phone = Client(app)
        answer = phone.emit("join", {"code": table.code, "name": name, **fair.sent()})
        assert answer["ok"], answer
        phone.token = answer["token"]
        phones.append(phone)
    return phones


@pytest.fixture
def locked(app, table, screen, fairs) -> list[Client]:
    """Seated, with Dee at the table, and started: the lobby waits for the three start values."""
    phones = seat(app, table, fairs)
    assert screen.act({"type": "add_player", "name": "Dee"})["ok"]
    answer = screen.act({"type": "start"})
    assert answer == {"ok": True, "events": [], "starting": True}
    assert table.game is None
    return phones


def reveal(phone: Client, fair: PhoneFair) -> dict:
    return phone.emit("start_value", {"start_value": fair.start_value})


def test_the_phones_commit_with_their_seat_and_nothing_else_shows(app, table, screen, fairs):
    phones = seat(app, table, fairs)
    you = phones[1].view()["view"]["you"]
    assert you == {
        "seat": 1,
        "client_seed": fairs[1].client_seed,
        "start_commit": fairs[1].start_commit,
        "chain": fairs[1].chain.head,
        "revealed": False,
    }
    assert fairs[1].start_value not in str(table.lobby.to_dict()) + str(screen.view())
    assert screen.view()["view"]["starting"] is None


def test_start_locks_the_lobby_for_good_and_refuses_every_change(app, table, screen, locked):
    before = table.lobby.to_dict()
    view = screen.view()
    assert view["view"]["starting"] == {"waiting": [0, 1, 2], "late": False} and view["view"]["locked"]
    assert [a["type"] for a in view["legal_actions"]] == ["claim_code"] * 4 + ["new_game"]
    changes = [
        {"type": "move_seat", "seat": 0, "to": 1},
        {"type": "remove_player", "seat": 3},
        {"type": "add_player", "name": "Eve"},
        {"type": "unlock"},
        {"type": "lock"},
        {"type": "set_settings", "settings": {"starting_money": 500_000}},
        {"type": "set_box", "box": table.lobby.settings["box"][:6]},
        {"type": "start"},
        {"type": "start_without"},
    ]
    for change in changes:
        assert screen.act(change)["error"]["code"] in ("starting", "not_legal_now"), change
    assert screen.act({"type": "move_seat", "seat": 0, "to": 1})["error"]["code"] == "starting"
    assert locked[0].view()["legal_actions"] == []
    assert locked[0].act({"type": "rename", "name": "Anna"})["error"]["code"] == "starting"
    assert locked[1].act({"type": "leave"})["error"]["code"] == "starting"
    assert locked[2].emit("seed", PhoneFair(random.Random(1)).sent())["error"]["code"] == "starting"
    late = Client(app).emit("join", {"code": table.code, "name": "Eve"})
    assert late["error"]["code"] == "lobby_locked"
    assert table.lobby.to_dict() == before and table.game is None


def test_each_value_must_open_its_commitment_and_the_game_starts_with_the_last(table, screen, locked, fairs):
    wrong = [
        {"start_value": fairs[1].start_value},
        {"start_value": "0" * 32},
        {"start_value": fairs[0].start_commit},
        {"start_value": fairs[0].start_value.upper()},
    ]
    for data in wrong:
        assert locked[0].emit("start_value", data)["error"]["code"] == "bad_start_value"
    assert locked[0].emit("start_value", {"start_value": 7})["error"]["code"] == "malformed"
    assert screen.emit("start_value", {"start_value": fairs[0].start_value})["error"]["code"] == "not_seated"
    assert table.lobby.players[0].start_value is None
    assert reveal(locked[0], fairs[0]) == {"ok": True}
    assert reveal(locked[0], fairs[0]) == {"ok": True}  # again (a reconnect): nothing changes
    assert locked[0].view()["view"]["you"]["revealed"] and screen.view()["view"]["starting"]["waiting"] == [1, 2]
    assert reveal(locked[1], fairs[1]) == {"ok": True} and table.game is None
    assert reveal(locked[2], fairs[2]) == {"ok": True}
    assert table.game is not None and screen.view()["kind"] == "game"
    start = table.game.log[0]
    assert start["start_commits"] == [f.start_commit for f in fairs] + [None]
    assert start["start_values"] == [f.start_value for f in fairs] + [None]
    assert start["chains"] == [f.chain.head for f in fairs] + [None]
    assert start["client_seeds"] == [f.client_seed for f in fairs] + [None]
    assert reveal(locked[2], fairs[2])["error"]["code"] == "game_started"


def test_a_value_before_the_start_is_refused(app, table, screen, fairs):
    phones = seat(app, table, fairs)
    assert reveal(phones[0], fairs[0])["error"]["code"] == "not_starting"
    assert table.lobby.players[0].start_value is None


def test_a_silent_phone_is_named_after_five_seconds_and_the_banker_starts_without_its_seat(
    app, table, screen, locked, fairs, clock
):
    """Attack 3: a phone that withholds its start value (it may know the deal with it and without
    it) does not choose the deal it plays: its seat leaves the game, and its phone is told so."""
    reveal(locked[0], fairs[0])
    reveal(locked[1], fairs[1])
    clock.advance(4.9)
    assert screen.view()["view"]["starting"] == {"waiting": [2], "late": False}
    assert {"type": "start_without"} not in screen.view()["legal_actions"]
    clock.advance(0.2)
    assert screen.view()["view"]["starting"] == {"waiting": [2], "late": True}
    assert locked[0].view()["view"]["starting"] == {"waiting": [2], "late": True}
    assert {"type": "start_without"} in screen.view()["legal_actions"]
    left = table.lobby.players[2].pid
    answer = screen.act({"type": "start_without"})
    assert answer["ok"] and answer["events"][0]["type"] == "game_started" and answer["left"] == [left]
    start = table.game.log[0]
    assert start["players"] == ["Ann", "Bob", "Dee"]
    assert start["start_values"] == [fairs[0].start_value, fairs[1].start_value, None]
    assert fairs[2].start_commit not in start["start_commits"] and fairs[2].chain.head not in start["chains"]
    assert left not in table.tokens.values()
    assert not locked[2].connected  # its phone is told it left (``removed``) and let go
    with pytest.raises(Refused) as back:  # back later, it is told why in its own words
        app.extensions["cashrun"].connect("sid-back", {"token": locked[2].token}, "127.0.0.1")
    assert back.value.error_args == {"message": "refused", "data": {"code": "left_out"}}


def test_withholding_a_start_value_never_gives_its_holder_a_deal_he_chose(app, table, screen, fairs, clock):
    """Attack 3 over many lobbies: the owner holds Ann's phone; once the others' values are in he
    works out the deal with his value, and withholds it when he prefers the other deal. Withholding
    never puts him in a game: whatever he prefers, the only deal he can play is the one with his value."""
    played_with = 0
    for round_ in range(6):
        host = app.extensions["cashrun"]
        lobby = host.new_table()
        board = Client(app, {"table_key": lobby.key})
        board._ids = itertools.count(1000 * (round_ + 1))
        rnd = random.Random(round_)
        mine = [PhoneFair(rnd) for _ in NAMES]
        phones = []
        for name, fair in zip(NAMES, mine):
            phone = Client(app)
            assert phone.emit("join", {"code": lobby.code, "name": name, **fair.sent()})["ok"]
            phones.append(phone)
        assert board.act({"type": "start"})["ok"]
        for phone, fair in zip(phones[1:], mine[1:]):
            assert reveal(phone, fair)["ok"]
        withhold = round_ % 2 == 0  # whatever he prefers, by any rule
        if not withhold:
            assert reveal(phones[0], mine[0])["ok"]
            assert lobby.game is not None and lobby.game.log[0]["players"] == NAMES
            played_with += 1
            continue
        clock.advance(5.1)
        answer = board.act({"type": "start_without"})
        assert answer["error"]["code"] == "not_enough_players" and lobby.game is None  # two left: no game
        assert reveal(phones[0], mine[0])["ok"] and lobby.game is not None  # a late value is still taken
        assert lobby.game.log[0]["start_values"][0] == mine[0].start_value
    assert played_with == 3


def test_play_again_cannot_start_before_every_phone_sent_its_new_seeds(app, table, screen, fairs, clock):
    """Attack 4: a script with the table key starts the new lobby right after Play again, before the
    phones' ``seed``: refused (``phones_not_ready``) until each phone moved there has committed."""
    phones = seat(app, table, fairs)
    assert screen.act({"type": "start"})["ok"]
    for phone, fair in zip(phones, fairs):
        assert reveal(phone, fair)["ok"]
    table.game._t.core.over = True  # the game is over (how it ended does not matter here)
    answer = screen.act({"type": "play_again"})
    assert answer["ok"], answer
    again = table.again
    assert again is not None
    board = Client(app, {"table_key": again.key})
    board._ids = itertools.count(500)
    refused = board.act({"type": "start"})
    assert refused["error"] == {"code": "phones_not_ready", "seats": [0, 1, 2]} and again.lobby.starting is False
    rnd = random.Random(47)
    news = [PhoneFair(rnd) for _ in phones]
    for phone, new in zip(phones[:2], news):
        assert phone.emit("seed", new.sent())["ok"]
    assert board.act({"type": "start"})["error"] == {"code": "phones_not_ready", "seats": [2]}
    assert phones[2].emit("seed", news[2].sent())["ok"]
    assert board.act({"type": "start"}) == {"ok": True, "events": [], "starting": True}
    for phone, new in zip(phones, news):
        assert reveal(phone, new)["ok"]
    start = again.game.log[0]
    assert start["client_seeds"] == [n.client_seed for n in news] and start["chains"] == [n.chain.head for n in news]


def test_a_late_value_is_still_taken_until_the_banker_starts_without_it(table, screen, locked, fairs, clock):
    reveal(locked[0], fairs[0])
    clock.advance(30)
    assert screen.view()["view"]["starting"] == {"waiting": [1, 2], "late": True}
    reveal(locked[1], fairs[1])
    reveal(locked[2], fairs[2])
    assert table.game is not None and table.game.log[0]["start_values"][2] == fairs[2].start_value


def test_without_any_commitment_the_game_starts_at_once(app, table, screen):
    for name in NAMES:
        assert Client(app).emit("join", {"code": table.code, "name": name})["ok"]
    answer = screen.act({"type": "start"})
    assert answer["ok"] and answer["events"][0]["type"] == "game_started" and table.game is not None


def test_a_restart_mid_lock_keeps_every_seat_value_and_the_lock(tmp_path, table, screen, locked, fairs, clock):
    reveal(locked[0], fairs[0])
    before = table.lobby.to_dict()
    later = FakeClock(clock.now + 60)
    app2 = fake_app(tmp_path, later, reveal_scale=0)
    again = app2.extensions["cashrun"].table(table.id)
    assert again.lobby.to_dict() == before and again.lobby.starting and again.game is None
    screen2 = Client(app2, {"table_key": table.key})
    screen2._ids = itertools.count(100)  # ids the first screen's answers are not saved under
    assert screen2.view()["view"]["starting"] == {"waiting": [1, 2], "late": False}
    assert screen2.act({"type": "move_seat", "seat": 0, "to": 2})["error"]["code"] == "starting"
    phones = [Client(app2, {"token": phone.token}) for phone in locked]
    assert phones[1].emit("seed", PhoneFair(random.Random(2)).sent())["error"]["code"] == "starting"
    later.advance(5.1)  # the phones get their time again after a restart
    assert screen2.view()["view"]["starting"]["late"]
    assert reveal(phones[1], fairs[1]) == {"ok": True}
    assert reveal(phones[2], fairs[2]) == {"ok": True}
    start = again.game.log[0]
    assert start["players"] == [*NAMES, "Dee"]
    assert start["start_values"] == [f.start_value for f in fairs] + [None]


def last_value_without_the_start(table, locked, fairs, monkeypatch) -> None:
    """Every value saved, and the host stopped (or its disk refused) before the game's start was."""
    reveal(locked[0], fairs[0])
    reveal(locked[1], fairs[1])

    def stopped(*args: object, **kwargs: object) -> None:
        raise OSError("the laptop stopped here")

    monkeypatch.setattr(table.starting, "start_game", stopped)
    assert reveal(locked[2], fairs[2])["ok"] is False
    assert table.game is None and table.lobby.waiting() == []
    monkeypatch.undo()


def test_the_last_value_sent_again_begins_a_game_whose_start_was_not_saved(table, screen, locked, fairs, monkeypatch):
    """The phone sends its value again on its reconnect: the game begins, it never waits for a value it has."""
    last_value_without_the_start(table, locked, fairs, monkeypatch)
    assert reveal(locked[2], fairs[2]) == {"ok": True}
    assert table.game is not None and table.game.log[0]["start_values"] == [f.start_value for f in fairs] + [None]


def test_a_restart_after_the_last_value_begins_the_game_at_once(
    tmp_path, table, screen, locked, fairs, clock, monkeypatch
):
    last_value_without_the_start(table, locked, fairs, monkeypatch)
    later = FakeClock(clock.now + 60)
    again = fake_app(tmp_path, later, reveal_scale=0).extensions["cashrun"].table(table.id)
    assert again.game is None
    later.advance(0)
    assert again.game is not None and again.game.log[0]["start_values"] == [f.start_value for f in fairs] + [None]


def test_a_claim_during_the_lock_keeps_the_seat_values_and_brings_only_a_chain(app, table, screen, locked, fairs):
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    new = PhoneFair(random.Random(3))
    answer = Client(app).emit("claim", {"code": code, **new.sent()})
    assert answer["ok"] and answer["seeded"] is False
    player = table.lobby.players[1]
    assert (player.client_seed, player.start_commit, player.chain) == (
        fairs[1].client_seed,
        fairs[1].start_commit,
        new.chain.head,
    )
    assert seed_hash(fairs[1].start_value) == player.start_commit


def test_a_phone_cannot_bring_another_seats_chain(app, table, screen, fairs):
    """Issue 48, item 5: a chain given at join, seed or a claim must be the phone's own, not another
    seat's public head; a phone that claims its own seat again may keep its chain."""
    phones = seat(app, table, fairs)
    copied = {**PhoneFair(random.Random(7)).sent(), "chain": fairs[0].chain.head}
    assert Client(app).emit("join", {"code": table.code, "name": "Eve", **copied})["error"]["code"] == "chain_used"
    assert phones[1].emit("seed", copied)["error"]["code"] == "chain_used"
    assert table.lobby.players[1].chain == fairs[1].chain.head and len(table.lobby.players) == 3
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    assert Client(app).emit("claim", {"code": code, **copied})["error"]["code"] == "chain_used"
    again = Client(app).emit("claim", {"code": code, **fairs[1].sent()})
    assert again["ok"] and table.lobby.players[1].chain == fairs[1].chain.head
