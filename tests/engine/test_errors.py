"""Bad input: every error code of docs/engine.md, with its values, and nothing changed."""

import pytest

from engine import BANKER, IllegalAction
from tests.engine.enginekit import (
    act,
    banker,
    card,
    dice,
    new_game,
    refused,
    roll_and_land,
    script,
    set_casinos,
    set_money,
    state,
    turn_to,
)


@pytest.mark.parametrize("action", [None, "roll", 3, ["roll"], {}, {"type": 5}, {"type": None}, {"kind": "roll"}])
def test_malformed_when_not_a_dict_with_a_string_type(action):
    assert refused(new_game(), 0, action).code == "malformed"


def test_malformed_when_a_field_is_missing_or_extra():
    game = new_game()
    assert refused(game, 0, {"type": "roll", "extra": 1}).code == "malformed"
    script(game, dice(1, 2))
    act(game, 0, "roll")
    assert refused(game, 0, {"type": "land"}).code == "malformed"
    act(game, 0, "land", space="casino", casino=pub_owner_casino(game, 1))
    error = refused(game, 0, {"type": "bet", "game": "colour", "pick": "red"})
    assert error.code == "malformed" and error.values == {"field": "amount"}


@pytest.mark.parametrize("amount", ["100000", 100_000.0, True, None])
def test_malformed_when_the_amount_is_of_the_wrong_kind(amount):
    game = new_game()
    roll_and_land(game, 0, space="casino", casino=pub_owner_casino(game, 1))
    error = refused(game, 0, {"type": "bet", "game": "colour", "pick": "red", "amount": amount})
    assert error.code == "malformed" and error.values == {"field": "amount"}


def pub_owner_casino(game, seat):
    return game.view(None)["players"][seat]["casinos"][0]


def test_unknown_action():
    error = refused(new_game(), 0, {"type": "fly"})
    assert error.code == "unknown_action" and error.values == {"type": "fly"}


@pytest.mark.parametrize("seat", [3, 7, -2, "0", None, 1.0, True])
def test_bad_seat(seat):
    game = new_game()
    assert refused(game, seat, {"type": "roll"}).code == "bad_seat"
    if seat is None:
        return  # view(None) is the public view
    with pytest.raises(IllegalAction) as error:
        game.view(seat)
    assert error.value.code == "bad_seat"


def test_not_your_turn():
    error = refused(new_game(), 1, {"type": "roll"})
    assert error.code == "not_your_turn" and error.values == {"seat": 1}


def test_not_legal_now():
    game = new_game()
    error = refused(game, 0, {"type": "decline"})
    assert error.code == "not_legal_now" and error.values == {"phase": "roll"}
    assert refused(game, 0, {"type": "draw"}).code == "not_legal_now"


def test_bad_choice_names_the_field():
    game = new_game()
    script(game, dice(1, 2))
    act(game, 0, "roll")
    error = refused(game, 0, {"type": "land", "space": "casino", "casino": 12})
    assert error.code == "bad_choice" and error.values == {"field": "casino"}
    error = refused(game, 0, {"type": "land", "space": "moon"})
    assert error.code == "bad_choice" and error.values == {"field": "space"}
    error = refused(game, 0, {"type": "land", "space": "win_pot", "symbol": "coins"})
    assert error.code == "bad_choice" and error.values == {"field": "symbol"}
    act(game, 0, "land", space="casino", casino=pub_owner_casino(game, 1))
    error = refused(game, 0, {"type": "bet", "game": "colour", "pick": "green", "amount": 10_000})
    assert error.code == "bad_choice" and error.values == {"field": "pick"}


def test_amount_out_of_range_and_off_step():
    game = new_game()
    set_money(game, 0, 500_000)
    script(game, dice(1, 2))
    act(game, 0, "roll")
    act(game, 0, "land", space="casino", casino=pub_owner_casino(game, 1))
    bet = {"type": "bet", "game": "colour", "pick": "red"}
    for amount in (0, -10_000, 510_000):
        error = refused(game, 0, {**bet, "amount": amount})
        assert error.code == "amount_out_of_range" and error.values == {"min": 10_000, "max": 500_000}
    error = refused(game, 0, {**bet, "amount": 15_000})
    assert error.code == "amount_off_step" and error.values == {"step": 10_000}


def test_not_for_sale():
    game = new_game()
    set_casinos(game, {1: [1]})
    free = next(c["id"] for c in game.view(None)["casinos"] if c["owner"] is None)
    roll_and_land(game, 0, space="casino", casino=free)
    error = refused(game, 0, {"type": "buy", "casino": 1})
    assert error.code == "not_for_sale" and error.values == {"casino": 1}


def test_not_enough_money():
    game = new_game()
    set_money(game, 0, 50_000)
    roll_and_land(game, 0, space="bluff")
    error = refused(game, 0, {"type": "buy_bluff"})
    assert error.code == "not_enough_money" and error.values == {"needed": 100_000}


def test_a_bid_below_ones_means_is_refused():
    game = new_game()
    set_money(game, 1, 50_000)
    act(game, 0, "auction", casino=game.view(None)["players"][0]["casinos"][0])
    # a player who cannot meet the minimum bid is not waited for
    assert 1 not in game.to_act()
    error = refused(game, 1, {"type": "bid", "amount": 100_000})
    assert error.code == "not_your_turn"


def test_bad_reason_and_banker_only():
    game = new_game()
    action = {"type": "give_bluff", "seat": 1, "reason": ""}
    assert refused(game, BANKER, action).code == "bad_reason"
    assert refused(game, 1, {**action, "reason": "ok"}).code == "banker_only"


def test_needs_casino():
    game = new_game()
    set_casinos(game, {0: [], 1: [1]})
    roll_and_land(game, 0, space="buy_back", symbol="cards")
    error = refused(game, 0, {"type": "buy_back", "casino": 1, "game": "colour", "pick": "red"})
    assert error.code == "needs_casino"


def test_undo_refusals():
    game = new_game(first=None)
    assert refused(game, BANKER, {"type": "undo"}).code == "nothing_to_undo"
    script(game, dice(1, 2))
    act(game, game.to_act()[0], "roll")
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"
    banker(game, "give_bluff", seat=0)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"


def test_game_over():
    game = new_game(4)
    set_casinos(game, {0: [0, 3, 6]})
    script(game, card("2", "clubs"))
    act(game, 0, "announce", combination=[0, 3, 6])
    turn_to(game, 0)
    script(game, dice(1, 2))
    act(game, 0, "roll")
    act(game, 0, "claim_lap")
    act(game, BANKER, "confirm_lap")
    assert refused(game, 0, {"type": "roll"}).code == "game_over"
    assert refused(game, 2, {"type": "roll"}).code == "game_over"


def test_the_error_carries_a_stable_code_and_values_for_a_message():
    game = new_game()
    error = refused(game, 2, {"type": "roll"})
    assert isinstance(error, ValueError)
    assert error.to_dict() == {"code": "not_your_turn", "seat": 2}


def test_a_refused_action_leaves_the_whole_state_alone_even_mid_turn():
    game = new_game()
    roll_and_land(game, 0, space="casino", casino=pub_owner_casino(game, 1))
    before = state(game)
    for action in (
        {"type": "bet", "game": "six", "pick": 7, "amount": 10_000},
        {"type": "bet", "game": "six", "pick": 1, "amount": 3_000_000},
        {"type": "roll"},
        {"type": "undo"},
    ):
        with pytest.raises(IllegalAction):
            game.apply(0, action)
    assert state(game) == before
