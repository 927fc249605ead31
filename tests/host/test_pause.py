"""The pizza break: the banker pauses a running game from the table screen; every clock (the
auction's countdown, a reveal, a stake's draw) keeps the seconds it had left, nothing is acted on,
every screen is told, and the banker's resume runs each clock on from where it stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from hostkit import SEED, Client, FakeClock

from companion.app import create_app
from companion.play.reveal import LONGEST, SECONDS

if TYPE_CHECKING:
    from pathlib import Path

    from companion.play.table import LiveTable

PAUSE, RESUME = {"type": "pause_game"}, {"type": "resume_game"}
NAMES = ["Ann", "Bob", "Cas", "Dee"]


def start_phoneless(screen: Client) -> None:
    """Four players at the table without phones (their seats are played from the table screen)."""
    for name in NAMES:
        assert screen.act({"type": "add_player", "name": name})["ok"]
    assert screen.act({"type": "start"})["ok"]


def as_seat(screen: Client, action: dict[str, Any], seat: int) -> dict[str, Any]:
    return screen.act(action, **{"as": seat})


def listed(screen: Client, seat: int, kind: str) -> dict[str, Any]:
    return next(a for a in screen.view()["table"]["phoneless"][str(seat)] if a["type"] == kind)


def open_auction(screen: Client) -> None:
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert as_seat(screen, listed(screen, seat, "auction"), seat)["ok"]
    assert screen.view()["view"]["phase"] == "auction"


def test_the_break_is_offered_only_in_a_running_game(screen):
    assert PAUSE not in screen.view()["legal_actions"]  # the lobby
    assert screen.act(PAUSE)["error"]["code"] == "bad_choice"
    start_phoneless(screen)
    assert PAUSE in screen.view()["legal_actions"] and RESUME not in screen.view()["legal_actions"]
    assert screen.act(RESUME)["error"]["code"] == "bad_choice"


def test_the_auction_clock_stops_for_the_break_and_goes_on_with_its_seconds(clock, screen):
    start_phoneless(screen)
    open_auction(screen)
    clock.advance(4)
    assert screen.act(PAUSE) == {"ok": True, "events": []}
    message = screen.view()
    assert message["paused"] is True and message["auction"]["paused"] and message["auction"]["remaining"] == 6
    assert {a["type"] for a in message["legal_actions"]} == {
        "claim_code",
        "resume_game",
    }  # a lost phone may still be helped
    assert all(actions == [] for actions in message["table"]["phoneless"].values())
    bidder = message["view"]["waiting"]["seats"][0]
    assert as_seat(screen, {"type": "pass_bid"}, bidder) == {"ok": False, "error": {"code": "paused"}}
    assert screen.act({"type": "close_auction"}) == {"ok": False, "error": {"code": "paused"}}
    clock.advance(600)  # a long pizza
    assert screen.view()["view"]["phase"] == "auction"
    assert screen.act(RESUME) == {"ok": True, "events": []}
    assert screen.view()["paused"] is False and screen.view()["auction"]["remaining"] == 6
    assert any(a["type"] == "bid" for a in screen.view()["table"]["phoneless"][str(bidder)])
    clock.advance(5.9)
    assert screen.view()["view"]["phase"] == "auction"
    clock.advance(0.1)
    assert screen.view()["view"]["phase"] != "auction"


def test_a_clock_the_banker_paused_before_the_break_stays_paused_after_it(clock, screen):
    start_phoneless(screen)
    open_auction(screen)
    assert screen.act({"type": "auction_pause"})["ok"]
    assert screen.act(PAUSE)["ok"] and screen.act(RESUME)["ok"]
    clock.advance(60)
    assert screen.view()["auction"]["paused"] and screen.view()["view"]["phase"] == "auction"


class TestWithReveals:
    @pytest.fixture
    def app(self, tmp_path: Path, clock: FakeClock) -> Any:
        return create_app(tmp_path, seed=SEED, clock=clock, wall=clock.wall, scheduler=clock, reveal_scale=1)

    def test_a_reveal_keeps_its_seconds_through_the_break(self, clock, screen, table: LiveTable):
        start_phoneless(screen)
        clock.advance(LONGEST)
        seat = screen.view()["view"]["waiting"]["seats"][0]
        assert as_seat(screen, {"type": "roll"}, seat)["ok"]
        clock.advance(1)
        assert screen.act(PAUSE)["ok"]
        assert {"type": "skip_reveal"} not in screen.view()["legal_actions"]
        clock.advance(300)
        assert screen.view()["reveal"]["remaining"] == SECONDS["dice"] - 1
        assert screen.act(RESUME)["ok"]
        land = table.game.legal_actions(seat)[0]
        assert as_seat(screen, land, seat)["error"]["code"] == "revealing"
        clock.advance(SECONDS["dice"] - 1.1)
        assert screen.view()["reveal"] is not None
        clock.advance(0.1)
        assert screen.view()["reveal"] is None
        assert as_seat(screen, land, seat)["ok"]


def test_every_phone_hears_the_break_and_acts_on_nothing_until_it_ends(screen, started):
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].view()["legal_actions"]
    assert screen.act(PAUSE)["ok"]
    for phone in started:
        message = phone.view()
        assert message["paused"] is True and message["legal_actions"] == []
    assert started[seat].act({"type": "roll"}) == {"ok": False, "error": {"code": "paused"}}
    assert started[seat].act(RESUME)["ok"] is False  # only the table screen plays on
    assert screen.act(RESUME)["ok"]
    assert started[seat].view()["paused"] is False and started[seat].view()["legal_actions"]
    assert started[seat].act({"type": "roll"})["ok"]
