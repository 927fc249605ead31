"""Win the Pot, Grand Slam and Buy Back (Everybody Plays: ``test_everybody_plays.py``)."""

import pytest

from tests.engine.enginekit import (
    act,
    card,
    casinos,
    die,
    listed,
    money,
    new_game,
    of_type,
    one,
    phase,
    refused,
    roll_and_land,
    script,
    set_casinos,
    set_money,
    spin,
    total_money,
    turn,
    types,
)

# ---------------------------------------------------------------- Win the Pot


def pot_game(symbol, pot=400_000, **settings):
    game = new_game(starting_bluff_cards=0, **settings)
    set_money(game, "pot", pot)
    roll_and_land(game, 0, space="win_pot", symbol=symbol)
    assert phase(game) == "win_pot"
    return game


def test_win_the_pot_a_is_a_dozen_on_the_wheel():
    game = pot_game("roulette")
    assert listed(game, 0, "play_pot") == [{"type": "play_pot", "game": "dozen", "pick": p} for p in (1, 2, 3)]
    script(game, spin(0), spin(24))
    events = act(game, 0, "play_pot", game="dozen", pick=2)
    assert [e["number"] for e in of_type(events, "spin")] == [0, 24]
    assert one(events, "pot_game") == {"type": "pot_game", "seat": 0, "won": True, "amount": 400_000}
    assert money(game, 0) == 2_400_000 and money(game, "pot") == 0
    assert turn(game) == 1


def test_win_the_pot_a_lost_leaves_the_pot():
    game = pot_game("roulette")
    script(game, spin(25))
    events = act(game, 0, "play_pot", game="dozen", pick=2)
    assert one(events, "pot_game") == {"type": "pot_game", "seat": 0, "won": False, "amount": 0}
    assert money(game, 0) == 2_000_000 and money(game, "pot") == 400_000


def test_win_the_pot_b_is_two_numbers_on_one_die():
    game = pot_game("dice")
    picks = [a["pick"] for a in listed(game, 0, "play_pot")]
    assert len(picks) == 15 and all(a["game"] == "two_numbers" for a in listed(game, 0, "play_pot"))
    assert [1, 6] in picks and all(a < b for a, b in picks)
    script(game, die(6))
    events = act(game, 0, "play_pot", game="two_numbers", pick=[1, 6])
    assert len(of_type(events, "die")) == 1
    assert one(events, "pot_game")["won"] is True and money(game, "pot") == 0


def test_win_the_pot_b_lost():
    game = pot_game("dice")
    script(game, die(5))
    act(game, 0, "play_pot", game="two_numbers", pick=[1, 6])
    assert money(game, "pot") == 400_000 and money(game, 0) == 2_000_000


@pytest.mark.parametrize("rank,won", [("J", True), ("Q", True), ("K", True), ("A", True), ("10", False), ("2", False)])
def test_win_the_pot_c_is_an_honour_card(rank, won):
    game = pot_game("cards")
    assert listed(game, 0, "play_pot") == [{"type": "play_pot", "game": "honours"}]
    script(game, card(rank, "spades"))
    events = act(game, 0, "play_pot", game="honours")
    assert one(events, "pot_game")["won"] is won
    assert money(game, 0) == 2_000_000 + (400_000 if won else 0)


def test_win_the_pot_with_an_empty_pot_wins_nothing():
    game = pot_game("cards", pot=0)
    script(game, card("A", "hearts"))
    events = act(game, 0, "play_pot", game="honours")
    assert one(events, "pot_game") == {"type": "pot_game", "seat": 0, "won": True, "amount": 0}
    assert money(game, 0) == 2_000_000


# ---------------------------------------------------------------- Grand Slam


def slam(**settings):
    game = new_game(starting_bluff_cards=0, **settings)
    return game


def test_grand_slam_collect_100000_from_the_bank():
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    assert game.legal_actions(0) == [{"type": "collect"}, {"type": "try_slam"}]
    bank = money(game, "bank")
    events = act(game, 0, "collect")
    assert one(events, "paid") == {"type": "paid", "from": "bank", "to": 0, "amount": 100_000, "why": "grand_slam"}
    assert money(game, 0) == 2_100_000 and money(game, "bank") == bank - 100_000
    assert turn(game) == 1


def test_grand_slam_step_one_even_die_then_stop_for_250000():
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    script(game, die(4))
    events = act(game, 0, "try_slam")
    assert one(events, "grand_slam_step") == {
        "type": "grand_slam_step",
        "seat": 0,
        "step": 1,
        "won": True,
        "amount": 250_000,
    }
    assert "paid" not in types(events)
    assert phase(game) == "grand_slam_step"
    assert game.legal_actions(0) == [{"type": "stop_slam"}, {"type": "continue_slam"}]
    act(game, 0, "stop_slam")
    assert money(game, 0) == 2_250_000 and turn(game) == 1


def test_grand_slam_step_two_red_card_then_stop_for_500000():
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    script(game, die(2), card("5", "hearts"))
    act(game, 0, "try_slam")
    events = act(game, 0, "continue_slam")
    assert one(events, "grand_slam_step")["step"] == 2 and one(events, "card")["suit"] == "hearts"
    act(game, 0, "stop_slam")
    assert money(game, 0) == 2_500_000


def test_grand_slam_the_whole_ladder_pays_1000000():
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    script(game, die(6), card("K", "diamonds"), spin(0), spin(35))
    act(game, 0, "try_slam")
    act(game, 0, "continue_slam")
    events = act(game, 0, "continue_slam")
    assert [e["number"] for e in of_type(events, "spin")] == [0, 35]
    assert one(events, "grand_slam_step") == {
        "type": "grand_slam_step",
        "seat": 0,
        "step": 3,
        "won": True,
        "amount": 1_000_000,
    }
    assert money(game, 0) == 3_000_000 and turn(game) == 1


@pytest.mark.parametrize(
    "outcomes,fails_at",
    [([die(1)], 1), ([die(2), card("A", "spades")], 2), ([die(2), card("A", "hearts"), spin(36)], 3)],
)
def test_grand_slam_a_failed_step_pays_nothing_and_ends_the_turn_even_after_a_double(outcomes, fails_at):
    game = slam()
    roll_and_land(game, 0, 5, 5, space="grand_slam")
    bank = money(game, "bank")
    script(game, *outcomes)
    events = act(game, 0, "try_slam")
    for _ in range(fails_at - 1):
        events = act(game, 0, "continue_slam")
    assert one(events, "grand_slam_step") == {
        "type": "grand_slam_step",
        "seat": 0,
        "step": fails_at,
        "won": False,
        "amount": 0,
    }
    assert money(game, 0) == 2_000_000 and money(game, "bank") == bank
    assert turn(game) == 1 and phase(game) == "roll"


def test_grand_slam_with_a_bank_that_cannot_pay_nothing_happens():
    game = slam()
    set_money(game, "bank", 90_000)
    events = roll_and_land(game, 0, space="grand_slam")
    assert one(events, "nothing_happens") == {"type": "nothing_happens", "seat": 0, "why": "bank_empty"}
    assert money(game, 0) == 2_000_000 and turn(game) == 1


def test_grand_slam_money_from_a_bank_a_correction_emptied_says_why_nothing_was_paid():
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    set_money(game, "bank", 0)
    events = act(game, 0, "collect")
    assert types(events) == ["nothing_happens", "turn"]
    assert one(events, "nothing_happens") == {"type": "nothing_happens", "seat": 0, "why": "bank_empty"}
    game = slam()
    roll_and_land(game, 0, space="grand_slam")
    script(game, die(2))
    act(game, 0, "try_slam")
    set_money(game, "bank", 0)
    assert one(act(game, 0, "stop_slam"), "nothing_happens")["why"] == "bank_empty"
    assert money(game, 0) == 2_000_000


def test_grand_slam_steps_the_bank_cannot_pay_are_not_offered():
    game = slam()
    set_money(game, "bank", 300_000)
    roll_and_land(game, 0, space="grand_slam")
    assert [a["type"] for a in game.legal_actions(0)] == ["collect", "try_slam"]
    script(game, die(2))
    act(game, 0, "try_slam")
    assert game.legal_actions(0) == [{"type": "stop_slam"}]
    game2 = slam()
    set_money(game2, "bank", 200_000)
    roll_and_land(game2, 0, space="grand_slam")
    assert game2.legal_actions(0) == [{"type": "collect"}]


# ---------------------------------------------------------------- Buy Back


def buy_back(symbol="dice", mine=(3,), theirs=(1,), **settings):
    game = new_game(starting_bluff_cards=0, **settings)
    set_casinos(game, {0: list(mine), 1: list(theirs), 2: [5]})
    roll_and_land(game, 0, space="buy_back", symbol=symbol)
    assert phase(game) == "buy_back"
    return game


@pytest.mark.parametrize(
    "symbol,game_name,picks",
    [
        ("roulette", "parity", ["odd", "even"]),
        ("dice", "parity", ["odd", "even"]),
        ("cards", "colour", ["red", "black"]),
    ],
)
def test_buy_back_offers_the_spaces_game_for_every_casino_of_another_player(symbol, game_name, picks):
    game = buy_back(symbol)
    offers = listed(game, 0, "buy_back")
    assert {(a["casino"], a["game"], a["pick"]) for a in offers} == {(c, game_name, p) for c in (1, 5) for p in picks}
    assert {"type": "decline"} in game.legal_actions(0)


def test_buy_back_won_pays_the_fee_to_the_pot_and_takes_the_casino():
    game = buy_back("dice")
    script(game, die(3))
    events = act(game, 0, "buy_back", casino=1, game="parity", pick="odd")
    assert one(events, "buy_back") == {
        "type": "buy_back",
        "seat": 0,
        "owner": 1,
        "casino": 1,
        "game": "parity",
        "pick": "odd",
    }
    assert one(events, "paid") == {"type": "paid", "from": 0, "to": "pot", "amount": 100_000, "why": "buy_back"}
    assert one(events, "game_result") == {"type": "game_result", "winner": 0, "loser": 1, "context": "buy_back"}
    assert one(events, "casino_moved") == {"type": "casino_moved", "casino": 1, "from": 1, "to": 0, "why": "buy_back"}
    assert sorted(casinos(game, 0)) == [1, 3] and casinos(game, 1) == []
    assert money(game, 0) == 1_900_000 and money(game, "pot") == 100_000 and money(game, 1) == 2_000_000
    assert turn(game) == 1


def test_buy_back_lost_with_one_casino_gives_it_to_the_owner():
    game = buy_back("cards")
    script(game, card("3", "clubs"))
    act(game, 0, "buy_back", casino=1, game="colour", pick="red")
    assert casinos(game, 0) == [] and sorted(casinos(game, 1)) == [1, 3]
    assert money(game, "pot") == 100_000 and turn(game) == 1


def test_buy_back_lost_with_several_casinos_the_owner_chooses_one():
    game = buy_back("roulette", mine=(3, 4, 6))
    script(game, spin(7))
    act(game, 0, "buy_back", casino=1, game="parity", pick="even")
    assert phase(game) == "buy_back_claim" and game.to_act() == [1]
    assert sorted(a["casino"] for a in listed(game, 1, "take_casino")) == [3, 4, 6]
    events = act(game, 1, "take_casino", casino=4)
    assert one(events, "casino_moved")["casino"] == 4
    assert sorted(casinos(game, 0)) == [3, 6] and sorted(casinos(game, 1)) == [1, 4]
    assert turn(game) == 1


def test_buy_back_needs_an_own_casino():
    game = buy_back("dice", mine=())
    assert game.legal_actions(0) == [{"type": "decline"}]
    error = refused(game, 0, {"type": "buy_back", "casino": 1, "game": "parity", "pick": "odd"})
    assert error.code == "needs_casino"


def test_buy_back_needs_the_fee():
    game = new_game(starting_bluff_cards=0)
    set_casinos(game, {0: [3], 1: [1]})
    set_money(game, 0, 90_000)
    roll_and_land(game, 0, space="buy_back", symbol="dice")
    assert game.legal_actions(0) == [{"type": "decline"}]
    error = refused(game, 0, {"type": "buy_back", "casino": 1, "game": "parity", "pick": "odd"})
    assert error.code == "not_enough_money" and error.values == {"needed": 100_000}


def test_buy_back_declined():
    game = buy_back("dice")
    total = total_money(game)
    events = act(game, 0, "decline")
    assert one(events, "declined") == {"type": "declined", "seat": 0, "phase": "buy_back"}
    assert money(game, 0) == 2_000_000 and total_money(game) == total and turn(game) == 1
