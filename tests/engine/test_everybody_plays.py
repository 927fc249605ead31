"""Everybody Plays: every player draws, the highest is paid from the bank, ties play again, and a
short bank is made up by the lowest score."""

import pytest

from tests.engine.enginekit import (
    act,
    card,
    die,
    money,
    new_game,
    of_type,
    one,
    owner,
    phase,
    pub,
    refused,
    roll_and_land,
    script,
    set_casinos,
    set_money,
    spin,
    turn,
    types,
)


def everybody(symbol, players=3, **settings):
    game = new_game(players, starting_bluff_cards=0, **settings)
    events = roll_and_land(game, 0, space="everybody_plays", symbol=symbol)
    assert one(events, "everybody_plays") == {
        "type": "everybody_plays",
        "symbol": symbol,
        "seats": list(range(players)),
    }
    assert phase(game) == "everybody_plays"
    return game


def draw_all(game, outcomes, seats=None):
    events = []
    for seat, outcome in zip(seats or sorted(game.to_act()), outcomes, strict=True):
        assert seat in game.to_act() and game.legal_actions(seat) == [{"type": "draw"}]
        script(game, outcome)
        events += act(game, seat, "draw")
    return events


def test_everybody_plays_waits_for_every_player_in_any_order():
    game = everybody("dice", 4)
    assert sorted(game.to_act()) == [0, 1, 2, 3]
    script(game, die(2))
    act(game, 2, "draw")
    assert sorted(game.to_act()) == [0, 1, 3]
    assert refused(game, 2, {"type": "draw"}).code == "not_your_turn"


@pytest.mark.parametrize(
    "symbol,outcomes,winner",
    [
        ("roulette", [spin(5), spin(36), spin(12)], 1),
        ("dice", [die(6), die(3), die(5)], 0),
        ("cards", [card("K", "clubs"), card("2", "hearts"), card("A", "spades")], 2),
    ],
)
def test_everybody_plays_pays_500000_from_the_bank_to_the_highest(symbol, outcomes, winner):
    game = everybody(symbol)
    bank = money(game, "bank")
    events = draw_all(game, outcomes)
    result = one(events, "everybody_result")
    assert result["winner"] == winner and result["lowest"] is None
    assert sorted(seat for seat, _ in result["scores"]) == [0, 1, 2]
    assert one(events, "paid") == {
        "type": "paid",
        "from": "bank",
        "to": winner,
        "amount": 500_000,
        "why": "everybody_plays",
    }
    assert money(game, winner) == 2_500_000 and money(game, "bank") == bank - 500_000
    assert turn(game) == 1


def test_everybody_plays_roulette_zero_is_spun_again():
    game = everybody("roulette")
    events = draw_all(game, [spin(0) + spin(1), spin(2), spin(3)])
    assert one(events, "everybody_result")["winner"] == 2


def test_everybody_plays_tied_leaders_play_again_among_themselves():
    game = everybody("dice", 4)
    events = draw_all(game, [die(5), die(6), die(2), die(6)])
    assert one(events, "everybody_plays") == {"type": "everybody_plays", "symbol": "dice", "seats": [1, 3]}
    assert sorted(game.to_act()) == [1, 3] and phase(game) == "everybody_plays"
    events = draw_all(game, [die(4), die(4)], seats=[1, 3])  # tied again
    assert one(events, "everybody_plays")["seats"] == [1, 3]
    events = draw_all(game, [die(1), die(3)], seats=[1, 3])
    assert one(events, "everybody_result")["winner"] == 3
    assert money(game, 3) == 2_500_000 and money(game, 1) == 2_000_000


def test_card_suits_do_not_rank_so_two_aces_tie():
    game = everybody("cards")
    events = draw_all(game, [card("A", "hearts"), card("A", "spades"), card("9", "clubs")])
    assert one(events, "everybody_plays")["seats"] == [0, 1]
    assert "everybody_result" not in types(events)


def test_everybody_plays_ties_pay_nobody_with_that_setting():
    game = everybody("dice", everybody_ties="nobody")
    bank = money(game, "bank")
    events = draw_all(game, [die(6), die(6), die(2)])
    assert one(events, "everybody_result")["winner"] is None
    assert "paid" not in types(events) and money(game, "bank") == bank
    assert turn(game) == 1


def test_a_short_bank_is_made_up_by_the_lowest_score():
    game = everybody("dice")
    set_money(game, "bank", 200_000)
    events = draw_all(game, [die(2), die(6), die(4)])
    result = one(events, "everybody_result")
    assert result["winner"] == 1 and result["lowest"] == 0
    paid = of_type(events, "paid")
    assert {"type": "paid", "from": "bank", "to": 1, "amount": 200_000, "why": "everybody_plays"} in paid
    assert {"type": "paid", "from": 0, "to": 1, "amount": 300_000, "why": "everybody_plays"} in paid
    assert money(game, 1) == 2_500_000 and money(game, 0) == 1_700_000 and money(game, "bank") == 0


def test_tied_lowest_scores_play_again_to_find_who_makes_up_the_difference():
    game = everybody("dice", 4, bank_reserve=0)
    events = draw_all(game, [die(6), die(1), die(1), die(3)])
    assert of_type(events, "everybody_plays")[-1]["seats"] == [1, 2]
    assert sorted(game.to_act()) == [1, 2]
    events = draw_all(game, [die(5), die(2)], seats=[1, 2])
    result = one(events, "everybody_result")
    assert result["winner"] == 0 and result["lowest"] == 2
    assert money(game, 0) == 2_500_000 and money(game, 2) == 1_500_000


def test_the_lowest_score_sells_casinos_to_make_up_the_difference():
    game = everybody("dice", bank_reserve=0)
    set_casinos(game, {0: [0], 1: [1], 2: [2, 3]})
    set_money(game, 2, 100_000, via="pot")
    events = draw_all(game, [die(6), die(3), die(1)])
    assert one(events, "debt") == {"type": "debt", "debtor": 2, "creditor": 0, "amount": 400_000}
    assert phase(game) == "sell" and game.to_act() == [2]
    events = act(game, 2, "sell", casino=3)
    assert one(events, "auction_started")["creditor"] == 0
    act(game, 0, "bid", amount=400_000)  # with what is owed to him
    act(game, 1, "pass_bid")
    assert owner(game, 3) == 0 and money(game, 0) == 2_100_000 and pub(game)["debt"] is None
    assert turn(game) == 1


def test_an_unlimited_bank_always_pays():
    game = everybody("dice", bank_reserve=None)
    assert pub(game)["bank"] is None
    events = draw_all(game, [die(1), die(3), die(2)])
    assert one(events, "everybody_result")["winner"] == 1 and money(game, 1) == 2_500_000
