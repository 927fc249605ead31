"""The auction countdown runs on the host's clock: the fake clock moves it, nobody sleeps."""

from __future__ import annotations

import sqlite3

import pytest
from hostkit import Client

from companion.play.countdown import MORE_TIME, PAUSES


@pytest.fixture
def auction(screen: Client, started: list[Client]) -> list[Client]:
    """The current player puts a casino up for auction at the start of the turn."""
    seat = screen.view()["view"]["waiting"]["seats"][0]
    offer = next(a for a in started[seat].view()["legal_actions"] if a["type"] == "auction")
    answer = started[seat].act(offer)
    assert answer["ok"] and any(e["type"] == "auction_started" for e in answer["events"])
    assert screen.view()["view"]["phase"] == "auction"
    return started


def countdown(screen: Client) -> dict:
    return screen.view()["auction"]


def test_the_auction_closes_when_the_countdown_ends(tmp_path, clock, screen, auction):
    state = countdown(screen)
    assert state["seconds"] == 10 and state["remaining"] == 10
    assert state["deadline"] == clock() + 10
    clock.advance(9.9)
    assert screen.view()["view"]["phase"] == "auction"
    clock.advance(0.1)
    message = screen.view()
    assert message["view"]["phase"] != "auction"
    assert any(e["type"] == "auction_closed" for e in message["view"]["log"])
    assert message["auction"] is None
    db = sqlite3.connect(tmp_path / "cashrun.sqlite3")
    actors = [row[0] for row in db.execute("SELECT actor FROM actions WHERE action LIKE '%close_auction%'")]
    assert actors == ["host"]  # saved like any other action


def test_every_phone_sees_the_same_countdown(clock, screen, auction):
    deadline = clock() + 10
    for phone in auction:
        assert phone.view()["auction"] == countdown(screen)
        assert phone.view()["auction"]["deadline"] == deadline


def test_a_bid_restarts_the_countdown(clock, screen, auction):
    started_at = clock()
    clock.advance(6)
    assert countdown(screen)["deadline"] == started_at + 10
    bidder_seat = screen.view()["view"]["waiting"]["seats"][0]
    bid = next(a for a in auction[bidder_seat].view()["legal_actions"] if a["type"] == "bid")
    assert auction[bidder_seat].act({**bid, "amount": bid["amount"]["min"]})["ok"]
    assert countdown(screen)["deadline"] == clock() + 10 and countdown(screen)["remaining"] == 10
    clock.advance(9)
    assert screen.view()["view"]["phase"] == "auction"
    clock.advance(1)
    assert screen.view()["view"]["phase"] != "auction"


def test_the_banker_may_close_early_and_the_countdown_stops(clock, screen, auction):
    assert screen.act({"type": "close_auction"})["ok"]
    assert countdown(screen) is None
    assert all(t.cancelled for t in clock.timers if t.fn.__qualname__.endswith("<lambda>"))
    log = len(screen.view()["view"]["log"]) + screen.view()["view"]["log_start"]
    clock.advance(30)
    view = screen.view()["view"]
    assert not any(e["type"] == "close_auction" for e in view["log"][log - view["log_start"] :])


def test_auction_seconds_is_a_setting(app, table, screen, phones, clock):
    assert screen.act({"type": "set_settings", "settings": {"auction_seconds": 4}})["ok"]
    assert screen.act({"type": "start"})["ok"]
    seat = screen.view()["view"]["waiting"]["seats"][0]
    offer = next(a for a in phones[seat].view()["legal_actions"] if a["type"] == "auction")
    assert phones[seat].act(offer)["ok"]
    assert countdown(screen)["seconds"] == 4
    clock.advance(4)
    assert screen.view()["view"]["phase"] != "auction"


def test_a_restart_mid_auction_runs_a_fresh_countdown(tmp_path, table, screen, auction):
    from test_persistence import restart

    app, clock2 = restart(tmp_path)
    screen2 = Client(app, {"table_key": table.key})
    assert screen2.view()["view"]["phase"] == "auction"
    assert countdown(screen2)["remaining"] == 10
    clock2.advance(10)
    assert screen2.view()["view"]["phase"] != "auction"


def closes_after(screen: Client, clock, seconds: float) -> None:
    """The auction still runs a tenth of a second before ``seconds`` and is closed at ``seconds``."""
    clock.advance(seconds - 0.1)
    assert screen.view()["view"]["phase"] == "auction"
    clock.advance(0.1)
    assert screen.view()["view"]["phase"] != "auction"


def clock_action(screen: Client, kind: str) -> dict:
    return screen.act({"type": kind})


def listed(screen: Client) -> set[str]:
    return {a["type"] for a in screen.view()["legal_actions"] if a["type"].startswith("auction_")}


def test_the_banker_pauses_and_resumes_the_countdown(clock, screen, auction):
    assert listed(screen) == {"auction_more_time", "auction_pause"}
    clock.advance(4)
    assert clock_action(screen, "auction_pause")["ok"]
    state = countdown(screen)
    assert state["paused"] is True and state["remaining"] == 6 and state["deadline"] is None
    assert listed(screen) == {"auction_more_time", "auction_resume"}
    clock.advance(60)
    assert screen.view()["view"]["phase"] == "auction"  # a paused clock never closes it
    assert all(phone.view()["auction"] == state for phone in auction)
    assert clock_action(screen, "auction_resume")["ok"]
    assert countdown(screen) == {"deadline": clock() + 6, "remaining": 6, "seconds": 10, "paused": False}
    clock.advance(6)
    assert screen.view()["view"]["phase"] != "auction"
    assert listed(screen) == set()


def test_a_bid_while_paused_gives_the_full_time_still_paused(clock, screen, auction):
    clock.advance(7)
    assert clock_action(screen, "auction_pause")["ok"]
    bidder_seat = screen.view()["view"]["waiting"]["seats"][0]
    bid = next(a for a in auction[bidder_seat].view()["legal_actions"] if a["type"] == "bid")
    assert auction[bidder_seat].act({**bid, "amount": bid["amount"]["min"]})["ok"]
    assert countdown(screen)["paused"] is True and countdown(screen)["remaining"] == 10
    assert clock_action(screen, "auction_resume")["ok"]
    closes_after(screen, clock, 10)


def test_more_time_adds_the_full_time_running_or_paused(clock, screen, auction):
    clock.advance(8)
    assert clock_action(screen, "auction_more_time")["ok"]
    assert countdown(screen)["remaining"] == 12
    assert clock_action(screen, "auction_pause")["ok"]
    assert clock_action(screen, "auction_more_time")["ok"]
    assert countdown(screen)["remaining"] == 22
    assert clock_action(screen, "auction_resume")["ok"]
    closes_after(screen, clock, 22)


def test_more_time_stops_at_three_full_times_with_a_clear_refusal(clock, screen, auction):
    """22 taps of "more time" once put 230 s on a 10 s clock; now the clock holds at most 30 s."""
    answers = [clock_action(screen, "auction_more_time") for _ in range(15)]
    assert [a["ok"] for a in answers[:2]] == [True, True]  # 10 + 10 + 10
    assert all(a == {"ok": False, "error": {"code": "clock_full", "max": MORE_TIME * 10}} for a in answers[2:])
    assert countdown(screen)["remaining"] == 30
    clock.advance(15)
    assert clock_action(screen, "auction_more_time")["ok"]  # 15 left: 25 now
    assert clock_action(screen, "auction_pause")["ok"]
    assert clock_action(screen, "auction_more_time")["error"]["code"] == "clock_full"  # paused as well
    assert countdown(screen)["remaining"] == 25
    assert clock_action(screen, "auction_resume")["ok"]
    closes_after(screen, clock, 25)


def test_the_banker_pauses_an_auction_three_times_and_a_bid_gives_none_back(clock, screen, auction):
    for _ in range(PAUSES):
        assert clock_action(screen, "auction_pause")["ok"]
        assert clock_action(screen, "auction_resume")["ok"]
    bidder_seat = screen.view()["view"]["waiting"]["seats"][0]
    bid = next(a for a in auction[bidder_seat].view()["legal_actions"] if a["type"] == "bid")
    assert auction[bidder_seat].act({**bid, "amount": bid["amount"]["min"]})["ok"]
    assert clock_action(screen, "auction_pause") == {"ok": False, "error": {"code": "pause_limit", "max": PAUSES}}
    assert countdown(screen)["paused"] is False
    closes_after(screen, clock, 10)
    seat = screen.view()["view"]["waiting"]["seats"][0]
    offer = next((a for a in auction[seat].view()["legal_actions"] if a["type"] == "auction"), None)
    if offer is not None:  # the next auction has all its pauses again
        assert auction[seat].act(offer)["ok"]
        assert clock_action(screen, "auction_pause")["ok"]


def test_clock_actions_only_when_listed(clock, screen, auction):
    resume = clock_action(screen, "auction_resume")
    assert not resume["ok"] and resume["error"]["code"] == "bad_choice"
    assert countdown(screen)["paused"] is False
    assert screen.act({"type": "close_auction"})["ok"]
    for kind in ("auction_pause", "auction_more_time"):
        answer = clock_action(screen, kind)
        assert not answer["ok"] and answer["error"]["code"] == "bad_choice"
    phone_try = auction[0].act({"type": "auction_pause"})
    assert not phone_try["ok"]


@pytest.mark.parametrize("clock_rule, seconds", [("long", 12), ("none", None)])
def test_the_house_rule_sets_the_pace(app, table, screen, phones, clock, clock_rule, seconds):
    assert screen.act({"type": "set_settings", "settings": {"auction_seconds": 4, "auction_clock": clock_rule}})["ok"]
    assert screen.act({"type": "start"})["ok"]
    seat = screen.view()["view"]["waiting"]["seats"][0]
    offer = next(a for a in phones[seat].view()["legal_actions"] if a["type"] == "auction")
    assert phones[seat].act(offer)["ok"]
    if seconds is None:
        assert countdown(screen) is None and listed(screen) == set()
        clock.advance(600)
        assert screen.view()["view"]["phase"] == "auction"  # only the banker closes it
        assert screen.act({"type": "close_auction"})["ok"]
    else:
        assert countdown(screen)["seconds"] == seconds
        closes_after(screen, clock, seconds)
    assert screen.view()["view"]["phase"] != "auction"


def test_an_unknown_clock_rule_is_refused(screen):
    answer = screen.act({"type": "set_settings", "settings": {"auction_clock": "fast"}})
    assert (
        not answer["ok"] and answer["error"]["code"] == "bad_settings" and answer["error"]["field"] == "auction_clock"
    )


def test_a_clock_paused_before_a_restart_is_paused_after_it(tmp_path, clock, table, screen, auction):
    from test_persistence import restart

    clock.advance(3)
    assert clock_action(screen, "auction_pause")["ok"]
    bidder_seat = screen.view()["view"]["waiting"]["seats"][0]
    bid = next(a for a in auction[bidder_seat].view()["legal_actions"] if a["type"] == "bid")
    assert auction[bidder_seat].act({**bid, "amount": bid["amount"]["min"]})["ok"]  # still paused
    before = screen.view()["view"]

    app, clock2 = restart(tmp_path)
    screen2 = Client(app, {"table_key": table.key})
    assert screen2.view()["view"] == before  # the clock's rows change nothing in the game
    assert countdown(screen2) == {"deadline": None, "remaining": 10, "seconds": 10, "paused": True}
    clock2.advance(600)
    assert screen2.view()["view"]["phase"] == "auction"
    resume = {"id": "resume-after-restart", "action": {"type": "auction_resume"}}  # the old screen's ids are taken
    assert screen2.emit("act", resume)["ok"]
    assert countdown(screen2)["paused"] is False

    app, clock3 = restart(tmp_path)  # resumed before this restart: it runs after it
    screen3 = Client(app, {"table_key": table.key})
    assert countdown(screen3)["paused"] is False
    closes_after(screen3, clock3, 10)


def test_a_pause_of_an_auction_since_closed_is_forgotten(tmp_path, clock, table, screen, auction):
    from test_persistence import restart

    assert clock_action(screen, "auction_pause")["ok"]
    assert screen.act({"type": "close_auction"})["ok"]
    seat = screen.view()["view"]["waiting"]["seats"][0]
    offer = next(a for a in auction[seat].view()["legal_actions"] if a["type"] == "auction")
    assert auction[seat].act(offer)["ok"]  # a new auction, its clock running
    app, clock2 = restart(tmp_path)
    screen2 = Client(app, {"table_key": table.key})
    assert countdown(screen2)["paused"] is False
    closes_after(screen2, clock2, 10)


def test_a_clock_act_sent_again_is_answered_once(clock, screen, auction):
    pause = {"id": "pause-1", "action": {"type": "auction_pause"}}
    assert screen.emit("act", pause) == {"ok": True, "events": []}
    assert clock_action(screen, "auction_resume")["ok"]
    assert screen.emit("act", pause) == {"ok": True, "events": []}
    assert countdown(screen)["paused"] is False  # the pause sent again is not applied again


def test_a_clock_act_on_a_full_disk_changes_nothing(clock, host, screen, auction, monkeypatch):
    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(host.database, "commit", refuse)
    before = countdown(screen)
    assert clock_action(screen, "auction_pause") == {"ok": False, "error": {"code": "storage"}}
    assert countdown(screen) == before and listed(screen) == {"auction_more_time", "auction_pause"}
    closes_after(screen, clock, 10)
