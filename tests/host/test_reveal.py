"""The reveal clock: after a chance outcome the phones wait for the table's stage, on the fake clock."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from hostkit import SEED, Client, FakeClock, join

from companion.app import create_app
from companion.play.reveal import LONGEST, SECONDS, steps_of

if TYPE_CHECKING:
    from pathlib import Path

    from companion.play.table import LiveTable

NAMES = ["Ann", "Bob", "Cas"]


@pytest.fixture
def app(tmp_path: Path, clock: FakeClock) -> Any:
    return create_app(tmp_path, seed=SEED, clock=clock, wall=clock.wall, scheduler=clock, reveal_scale=1)


@pytest.fixture
def phones(app: Any, table: LiveTable, screen: Client) -> list[Client]:
    return [join(app, table, name) for name in NAMES]


def start(screen: Client, phones: list[Client], clock: FakeClock) -> int:
    """Start the game, let the opening rolls' reveal end, and return the seat to roll."""
    assert screen.act({"type": "start"})["ok"]
    clock.advance(LONGEST)
    for phone in phones:
        phone.drain()
    return screen.view()["view"]["waiting"]["seats"][0]


def test_steps_scale_and_share_the_longest_time():
    events = [{"type": "dice"}, {"type": "turn"}, {"type": "spin"}]
    assert steps_of(10, events, 1) == [[10, SECONDS["dice"]], [12, SECONDS["spin"]]]
    many = steps_of(0, [{"type": "spin"}] * 10, 1)
    assert sum(s for _, s in many) == pytest.approx(LONGEST)
    assert steps_of(0, [{"type": "turn"}], 1) == []


def test_a_roll_is_shown_on_the_table_first_and_reaches_the_phones_when_the_stage_is_done(screen, phones, clock, table):
    seat = start(screen, phones, clock)

    answer = phones[seat].act({"type": "roll"})
    assert answer["ok"]
    shown = screen.view()
    end = shown["view"]["log_start"] + len(shown["view"]["log"])
    dice_at = end - len(answer["events"])
    assert shown["reveal"]["steps"] == [[dice_at, SECONDS["dice"]]]
    assert shown["reveal"]["remaining"] == SECONDS["dice"]
    assert {"type": "skip_reveal"} in shown["legal_actions"]
    assert all(phone.drain("view") == [] for phone in phones)  # held: not even the roller sees the dice yet

    # Nothing that depends on the roll is applied before the stage has shown it.
    land = table.game.legal_actions(seat)[0]
    assert land["type"] == "land"
    refused = phones[seat].act(land)
    assert refused == {"ok": False, "error": {"code": "revealing", "remaining": SECONDS["dice"]}}
    assert (
        screen.act({"type": "transfer", "from": "bank", "to": 0, "amount": 10000, "reason": "x"})["error"]["code"]
        == "revealing"
    )

    clock.advance(SECONDS["dice"] - 0.1)
    assert all(phone.drain("view") == [] for phone in phones)
    clock.advance(0.1)
    for phone in phones:
        views = phone.drain("view")
        assert len(views) == 1 and views[0]["view"]["phase"] == "land"
    last = screen.drain("view")[-1]
    assert last["reveal"] is None and {"type": "skip_reveal"} not in last["legal_actions"]


def test_the_banker_skips_and_everyone_gets_the_outcome_at_once(screen, phones, clock, table):
    seat = start(screen, phones, clock)
    assert phones[seat].act({"type": "roll"})["ok"]
    for phone in phones:
        phone.drain()
    assert screen.act({"type": "skip_reveal"}) == {"ok": True, "events": []}
    for phone in phones:
        assert phone.drain("view")[-1]["view"]["phase"] == "land"
    assert screen.view()["reveal"] is None
    assert phones[seat].act(table.game.legal_actions(seat)[0])["ok"]
    assert screen.act({"type": "skip_reveal"})["error"]["code"] == "bad_choice"  # nothing to skip now
    clock.advance(LONGEST)  # the skipped reveal's timer is a stale call now
    assert screen.view()["reveal"] is None


def test_a_socket_that_connects_during_a_reveal_gets_the_state_from_before_it_then_the_new_state_at_the_end(
    app, screen, phones, clock, table
):
    seat = start(screen, phones, clock)
    other = (seat + 1) % len(phones)
    watcher = Client(app)
    assert watcher.emit("watch", {"code": table.code})["ok"]
    before_phone, before_watch = phones[other].view(), watcher.view()
    assert before_phone["view"]["phase"] == "roll" and "reveal" not in before_phone
    watcher.raw.disconnect()

    assert phones[seat].act({"type": "roll"})["ok"]
    clock.advance(0.5)
    phones[other].raw.disconnect()
    again = Client(app, {"token": phones[other].token})  # a reload (or a wake from sleep) 0.5 s in
    late = Client(app)
    assert late.emit("watch", {"code": table.code})["ok"]
    ends = screen.view()["reveal"]["until"]
    for message, before in ((again.view(), before_phone), (late.view(), before_watch)):
        assert message["reveal"] == {"until": ends, "remaining": SECONDS["dice"] - 0.5}
        assert {**message, "reveal": None} == {**before, "reveal": None}  # the state from before the roll
        assert message["view"]["dice"] is None and message["view"]["phase"] == "roll"
    assert all(phone.drain("view") == [] for phone in phones)

    clock.advance(SECONDS["dice"] - 0.5)
    for client in (again, late, phones[seat]):
        last = client.drain("view")[-1]
        assert last["view"]["phase"] == "land" and last["view"]["dice"] is not None and "reveal" not in last


def test_a_table_screen_that_connects_during_a_reveal_gets_the_screens_state_from_before_it(
    app, screen, phones, clock, table
):
    """It did not get the reveal's start, so it has nothing to play: like a phone it is held (a
    presence change meanwhile tells it nothing), and gets the new state when the clock ends."""
    seat = start(screen, phones, clock)
    before = screen.view()
    assert phones[seat].act({"type": "roll"})["ok"]
    clock.advance(0.5)
    second = Client(app, {"table_key": table.key})
    held = second.view()
    ends = screen.view()["reveal"]["until"]
    assert held["reveal"] == {"until": ends, "remaining": SECONDS["dice"] - 0.5}  # no steps: nothing to play
    assert held["view"] == before["view"] and held["legal_actions"] == before["legal_actions"]
    assert held["view"]["dice"] is None and held["view"]["phase"] == "roll"
    assert second.emit("sync", {})["ok"] and second.drain("view")[-1]["view"] == before["view"]
    phones[0].raw.disconnect()
    clock.advance(1)  # the others hear that a phone went; the held screen hears nothing
    assert screen.drain("view")[-1]["connected"][0] is False
    assert second.drain("view") == []
    clock.advance(SECONDS["dice"] - 1.5)
    last = second.drain("view")[-1]
    assert last["reveal"] is None and last["view"]["phase"] == "land" and last["view"]["dice"] is not None
    assert last == screen.view()


def test_no_watcher_phone_or_other_screen_shortens_a_reveal(app, screen, phones, clock, table):
    """The clock belongs to the table: only the banker's skip ends a reveal early. A watcher's or a
    phone's skip is refused, and a screen that connects, asks again or acts for the host otherwise
    leaves the clock as it was: every phone gets the outcome at its end, not before."""
    seat = start(screen, phones, clock)
    watcher = Client(app)
    assert watcher.emit("watch", {"code": table.code})["ok"]
    watcher.drain()
    assert phones[seat].act({"type": "roll"})["ok"]
    ends = screen.view()["reveal"]["until"]
    skip = {"type": "skip_reveal"}
    assert watcher.act(skip)["error"]["code"] == "not_seated"
    for phone in phones:
        assert phone.act(skip)["error"]["code"] == "revealing"
        assert phone.emit("sync", {})["ok"]
    assert watcher.emit("sync", {})["ok"]
    second = Client(app, {"table_key": table.key})
    assert second.emit("sync", {})["ok"]
    assert screen.emit("sync", {})["ok"]
    assert screen.act({"type": "claim_code", "seat": (seat + 1) % len(phones)})["ok"]
    clock.advance(SECONDS["dice"] - 0.1)
    assert table.reveal.active and screen.view()["reveal"]["until"] == ends
    for client in (*phones, watcher):
        assert all(v["view"]["phase"] == "roll" for v in client.drain("view"))
    clock.advance(0.1)
    for client in (*phones, watcher, second):
        assert client.drain("view")[-1]["view"]["phase"] == "land"


def test_a_phone_that_claims_a_seat_during_a_reveal_gets_that_seats_state_from_before_it(
    app, screen, phones, clock, table
):
    seat = start(screen, phones, clock)
    other = (seat + 1) % len(phones)
    before = phones[other].view()
    assert phones[seat].act({"type": "roll"})["ok"]
    assert screen.act({"type": "claim_code", "seat": other})["ok"]
    code = screen.view()["table"]["claims"][str(other)]["code"]
    newcomer = Client(app)
    assert newcomer.emit("claim", {"code": code})["ok"]
    held = newcomer.view()
    assert held["view"] == before["view"] and held["legal_actions"] == before["legal_actions"]
    assert held["reveal"]["remaining"] == SECONDS["dice"]
    clock.advance(SECONDS["dice"])
    assert newcomer.drain("view")[-1]["view"]["phase"] == "land"


def test_a_restart_during_a_reveal_ends_it(tmp_path, screen, phones, clock, table):
    """The reveal clock lives in memory only: after a restart nothing is held, every socket gets
    the state after the roll and the roll's seat acts on (nothing is refused ``revealing``)."""
    seat = start(screen, phones, clock)
    assert phones[seat].act({"type": "roll"})["ok"]
    assert screen.view()["reveal"]["remaining"] == SECONDS["dice"]
    later = FakeClock(clock.now)  # at once: the restart, not the time, ends it
    again = create_app(tmp_path, seed=SEED, clock=later, wall=later.wall, scheduler=later, reveal_scale=1)
    table_again = again.extensions["cashrun"].table(table.id)
    for message in (
        Client(again, {"token": phones[(seat + 1) % len(phones)].token}).view(),
        Client(again, {"table_key": table.key}).view(),
    ):
        assert message["view"]["phase"] == "land" and message["view"]["dice"] is not None
        assert message.get("reveal") is None
    roller = Client(again, {"token": phones[seat].token})
    assert roller.act(table_again.game.legal_actions(seat)[0])["ok"]
