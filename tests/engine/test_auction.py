"""Auctions: at the start of one's turn, bids from 100,000 up, the seller out of the
bidding, passing, the bank's 50,000, and the banker closing the bidding."""

from engine import BANKER
from tests.engine.enginekit import (
    act,
    listed,
    money,
    new_game,
    one,
    owner,
    phase,
    pub,
    refused,
    roll_and_land,
    set_casinos,
    set_money,
    turn,
)


def auction_game(players=3):
    game = new_game(players, starting_bluff_cards=0)
    set_casinos(game, {0: [0, 1], 1: [2], 2: [3]})
    return game


def test_a_casino_may_be_auctioned_at_the_start_of_ones_turn():
    game = auction_game()
    assert sorted(a["casino"] for a in listed(game, 0, "auction")) == [0, 1]
    events = act(game, 0, "auction", casino=1)
    assert one(events, "auction_started") == {
        "type": "auction_started",
        "casino": 1,
        "seller": 0,
        "creditor": None,
        "forced": False,
    }
    view = pub(game)
    assert view["phase"] == "auction" and sorted(view["waiting"]["seats"]) == [1, 2]
    assert game.legal_actions(0) == []  # the seller does not bid
    assert refused(game, 0, {"type": "bid", "amount": 100_000}).code == "not_your_turn"
    for seat in (1, 2):
        assert listed(game, seat, "bid") == [
            {"type": "bid", "amount": {"min": 100_000, "max": 2_000_000, "step": 10_000}}
        ]
        assert {"type": "pass_bid"} in game.legal_actions(seat)


def test_no_auction_after_a_double_or_mid_turn():
    game = auction_game()
    roll_and_land(game, 0, 2, 2, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 0 and phase(game) == "roll"
    assert not listed(game, 0, "auction")


def test_bids_must_rise_and_the_highest_bidder_buys():
    game = auction_game()
    act(game, 0, "auction", casino=1)
    error = refused(game, 1, {"type": "bid", "amount": 90_000})
    assert error.code == "amount_out_of_range" and error.values["min"] == 100_000
    events = act(game, 1, "bid", amount=150_000)
    assert one(events, "bid") == {"type": "bid", "seat": 1, "amount": 150_000}
    assert game.to_act() == [2]  # the highest bidder is not asked again until outbid
    assert listed(game, 2, "bid")[0]["amount"]["min"] == 160_000
    assert refused(game, 2, {"type": "bid", "amount": 150_000}).code == "amount_out_of_range"
    act(game, 2, "bid", amount=300_000)
    assert game.to_act() == [1]
    events = act(game, 1, "pass_bid")
    assert one(events, "bid_passed") == {"type": "bid_passed", "seat": 1}
    closed = one(events, "auction_closed")
    assert closed["casino"] == 1 and closed["buyer"] == 2 and closed["price"] == 300_000
    assert {"type": "paid", "from": 2, "to": 0, "amount": 300_000, "why": "auction"} in events
    assert owner(game, 1) == 2 and money(game, 0) == 2_300_000 and money(game, 2) == 1_700_000
    # back to the start of the seller's turn: may auction again, or roll
    assert phase(game) == "roll" and turn(game) == 0
    assert [a["casino"] for a in listed(game, 0, "auction")] == [0]


def test_a_bid_is_capped_by_the_bidders_money_and_off_step_bids_are_refused():
    game = auction_game()
    set_money(game, 1, 250_000)
    act(game, 0, "auction", casino=0)
    assert listed(game, 1, "bid")[0]["amount"]["max"] == 250_000
    assert refused(game, 1, {"type": "bid", "amount": 260_000}).code == "amount_out_of_range"
    assert refused(game, 1, {"type": "bid", "amount": 105_000}).code == "amount_off_step"


def test_a_player_who_cannot_meet_the_minimum_bid_is_not_waited_for():
    game = auction_game()
    set_money(game, 2, 90_000)
    act(game, 0, "auction", casino=0)
    assert game.to_act() == [1]
    assert game.legal_actions(2) == []


def test_no_bid_means_the_bank_pays_50000_and_the_casino_is_for_sale_again():
    game = auction_game()
    bank = money(game, "bank")
    act(game, 0, "auction", casino=0)
    act(game, 1, "pass_bid")
    events = act(game, 2, "pass_bid")
    closed = one(events, "auction_closed")
    assert closed["buyer"] == "bank" and closed["price"] == 50_000 and closed["casino"] == 0
    assert {"type": "paid", "from": "bank", "to": 0, "amount": 50_000, "why": "auction"} in events
    assert owner(game, 0) is None and money(game, 0) == 2_050_000 and money(game, "bank") == bank - 50_000
    roll_and_land(game, 0, space="casino", casino=0)
    assert phase(game) == "buy_casino" and listed(game, 0, "buy") == [{"type": "buy", "casino": 0}]


def test_when_nobody_can_bid_the_bank_buys_at_once():
    game = auction_game()
    set_money(game, 1, 0)
    set_money(game, 2, 50_000)
    events = act(game, 0, "auction", casino=0)
    assert one(events, "auction_closed")["buyer"] == "bank"
    assert owner(game, 0) is None and phase(game) == "roll"


def test_the_banker_may_close_the_bidding():
    game = auction_game()
    act(game, 0, "auction", casino=1)
    assert {"type": "close_auction"} in game.legal_actions(BANKER)
    assert refused(game, 1, {"type": "close_auction"}).code == "banker_only"
    act(game, 1, "bid", amount=120_000)
    events = game.apply(BANKER, {"type": "close_auction"})
    assert one(events, "auction_closed")["buyer"] == 1 and one(events, "auction_closed")["price"] == 120_000
    assert owner(game, 1) == 1 and money(game, 0) == 2_120_000
    assert phase(game) == "roll"
    assert {"type": "close_auction"} not in game.legal_actions(BANKER)


def test_the_banker_closing_without_a_bid_sells_to_the_bank():
    game = auction_game()
    act(game, 0, "auction", casino=1)
    events = game.apply(BANKER, {"type": "close_auction"})
    assert one(events, "auction_closed")["buyer"] == "bank"
    assert owner(game, 1) is None and money(game, 0) == 2_050_000


def test_a_bank_short_of_50000_pays_what_it_has():
    game = auction_game()
    set_money(game, "bank", 30_000)
    act(game, 0, "auction", casino=1)
    act(game, 1, "pass_bid")
    events = act(game, 2, "pass_bid")
    assert one(events, "auction_closed")["price"] == 30_000
    assert money(game, "bank") == 0 and money(game, 0) == 2_030_000
