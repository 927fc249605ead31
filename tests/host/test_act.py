"""Acting in a game: who may act for which seat, duplicate ids, bad input, floods, private views."""

from __future__ import annotations

import random

from hostkit import Client, card_paths, play

from companion.door.limits import BURST, MAX_MESSAGE_BYTES
from tests.engine.randomplay import concrete


def waiting(screen: Client) -> int:
    return screen.view()["view"]["waiting"]["seats"][0]


def test_each_seat_gets_its_own_view_and_actions(screen, started):
    message = screen.view()
    assert message["kind"] == "game" and message["seat"] is None
    assert "you" not in message["view"]
    turn = waiting(screen)
    for seat, phone in enumerate(started):
        own = phone.view()
        assert own["seat"] == seat and own["view"]["you"]["seat"] == seat
        assert own["connected"] == [True, True, True, True]
        assert bool(own["legal_actions"]) == (seat == turn)
    assert {"type": "transfer"} not in message["legal_actions"]
    assert any(a["type"] == "transfer" for a in message["legal_actions"])
    assert message["table"]["phoneless"] == {}


def test_the_player_whose_turn_it_is_acts_and_everyone_hears(screen, started):
    seat = waiting(screen)
    answer = started[seat].act({"type": "roll"})
    assert answer["ok"] and answer["events"][0]["type"] == "dice"
    for phone in started:
        assert phone.view()["view"]["phase"] == "land"
    assert screen.view()["view"]["dice"] == answer["events"][0]["values"]


def test_out_of_turn_and_wrong_seat(screen, started):
    seat = waiting(screen)
    other = (seat + 1) % 4
    assert started[other].act({"type": "roll"})["error"]["code"] == "not_your_turn"
    # a phone cannot act for another seat: `as` is the table's alone
    answer = started[other].act({"type": "roll"}, **{"as": seat})
    assert answer["error"] == {"code": "malformed", "field": "as"}
    assert screen.act({"type": "roll"}, **{"as": seat})["error"] == {"code": "not_phoneless", "seat": seat}
    assert screen.act({"type": "roll"})["error"]["code"] in ("not_legal_now", "not_your_turn", "banker_only")
    assert screen.view()["view"]["phase"] == "roll"


def test_banker_actions_only_from_the_table(screen, started):
    transfer = {"type": "transfer", "from": "bank", "to": 0, "amount": 10000, "reason": "a gift"}
    assert started[0].act(transfer)["error"]["code"] in ("banker_only", "not_legal_now", "not_your_turn")
    before = screen.view()["view"]["players"][0]["money"]
    answer = screen.act(transfer)
    assert answer["ok"] and answer["events"][0]["type"] == "correction"
    assert screen.view()["view"]["players"][0]["money"] == before + 10000
    assert started[0].view()["view"]["players"][0]["money"] == before + 10000


def test_the_same_id_is_applied_once(screen, started):
    seat = waiting(screen)
    first = started[seat].emit("act", {"id": "once", "action": {"type": "roll"}})
    log = screen.view()["view"]["log_start"] + len(screen.view()["view"]["log"])
    screen.drain()
    again = started[seat].emit("act", {"id": "once", "action": {"type": "roll"}})
    assert again == first
    assert screen.drain("view") == []  # nothing changed, nobody hears anything
    assert screen.view()["view"]["log_start"] + len(screen.view()["view"]["log"]) == log
    # ids are per sender: another sender may use the same id
    assert screen.emit("act", {"id": "once", "action": {"type": "lock"}})["error"]["code"] != "ok"


def test_a_refused_id_may_be_tried_again(screen, started):
    seat = waiting(screen)
    assert started[seat].emit("act", {"id": "x", "action": {"type": "bet"}})["ok"] is False
    assert started[seat].emit("act", {"id": "x", "action": {"type": "roll"}})["ok"] is True


def test_malformed_messages_change_nothing(screen, started):
    phone = started[waiting(screen)]
    screen.drain()
    cases = [
        (None, "message"),
        ("roll", "message"),
        ([1, 2], "message"),
        ({"action": {"type": "roll"}}, "id"),
        ({"id": 5, "action": {"type": "roll"}}, "id"),
        ({"id": "", "action": {"type": "roll"}}, "id"),
        ({"id": "x" * 65, "action": {"type": "roll"}}, "id"),
        ({"id": "a", "action": "roll"}, "action"),
        ({"id": "a"}, "action"),
    ]
    for data, field in cases:
        assert phone.emit("act", data)["error"] == {"code": "malformed", "field": field}, data
    assert phone.act({"roll": True})["error"]["code"] == "malformed"
    assert phone.act({"type": "fly"})["error"]["code"] in ("unknown_action", "not_legal_now")
    assert screen.drain("view") == []


def test_oversized_message_is_refused(screen, started):
    phone = started[waiting(screen)]
    screen.drain()
    answer = phone.act({"type": "roll", "pad": "x" * MAX_MESSAGE_BYTES})
    assert answer["error"] == {"code": "too_large", "max": MAX_MESSAGE_BYTES}
    assert screen.drain("view") == [] and screen.view()["view"]["phase"] == "roll"


def test_flood_is_refused_and_other_phones_still_act(clock, screen, started):
    seat = waiting(screen)
    flooder = started[(seat + 1) % 4]
    answers = [flooder.act({"type": "roll"}) for _ in range(BURST + 5)]
    codes = [a["error"]["code"] for a in answers]
    allowed = codes.index("rate_limited")
    assert BURST - 1 <= allowed <= BURST  # its join took one token of the burst
    assert set(codes[:allowed]) == {"not_your_turn"} and set(codes[allowed:]) == {"rate_limited"}
    assert started[seat].act({"type": "roll"})["ok"]  # the others are not slowed down
    clock.advance(1.0)
    assert flooder.act({"type": "roll"})["error"]["code"] == "not_your_turn"  # tokens came back


def test_phoneless_seat_is_played_from_the_table(app, table, screen):
    from hostkit import join

    phones = [join(app, table, name) for name in ("Ann", "Bob")]
    assert screen.act({"type": "add_player", "name": "Opa"})["ok"]
    assert screen.act({"type": "start"})["ok"]
    message = screen.view()
    assert message["connected"] == [True, True, False]
    assert list(message["table"]["phoneless"]) == ["2"]
    rng = random.Random(3)
    for _ in range(60):
        message = screen.view()
        seat = message["view"]["waiting"]["seats"][0]
        if seat == 2:
            choice = concrete(rng.choice(message["table"]["phoneless"]["2"]), rng)
            assert screen.act(choice, **{"as": 2})["ok"]
            break
        client = phones[seat]
        actions = [a for a in client.view()["legal_actions"] if a["type"] not in ("auction", "announce")]
        assert client.act(concrete(rng.choice(actions), rng))["ok"]
    else:
        raise AssertionError("the phone-less seat never had a turn")
    assert screen.act({"type": "roll"}, **{"as": 0})["error"] == {"code": "not_phoneless", "seat": 0}
    assert screen.act({"type": "roll"}, **{"as": 7})["error"] == {"code": "not_phoneless", "seat": 7}


def test_no_phone_ever_hears_another_seats_bluff_cards(clock, screen, started):
    play(screen, started, 300, random.Random(11), clock)
    held_by_someone = False
    for seat, phone in enumerate(started):
        phone.drain()
        for event, data in phone.heard:
            if event != "view" or data["kind"] != "game":
                continue
            assert data["view"]["you"]["seat"] == seat
            paths = {path for path, _ in card_paths(data)}
            assert paths <= {".view.you.bluff_cards"} | {f".view.you.bluff_cards[{i}]" for i in range(3)}, paths
            held_by_someone |= bool(data["view"]["you"]["bluff_cards"])
    assert held_by_someone
    screen.drain()
    assert all(card_paths(data) == [] for _, data in screen.heard)


def test_messages_from_a_phone_that_has_not_joined(app, started):
    stranger = Client(app)
    assert stranger.act({"type": "roll"})["error"]["code"] == "not_seated"
    assert stranger.emit("games")["error"]["code"] == "not_table"
    assert started[0].emit("resume", {"game": "x"})["error"]["code"] == "not_table"
