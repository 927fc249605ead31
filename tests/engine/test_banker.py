"""The banker: corrections with a reason, each an event; undo of the last action
unless it drew a random outcome."""

import pytest

from engine import BANKER, IllegalAction
from tests.engine.enginekit import (
    act,
    banker,
    dice,
    hand,
    money,
    new_game,
    one,
    owner,
    phase,
    pile,
    pub,
    refused,
    roll_and_land,
    script,
    set_casinos,
    spin,
    state,
    total_money,
    turn,
)


def test_a_transfer_moves_money_and_says_why():
    game = new_game()
    events = banker(game, "transfer", **{"from": "bank", "to": 1, "amount": 70_000}, reason="forgot the payout")
    assert events[0] == {
        "type": "correction",
        "kind": "transfer",
        "reason": "forgot the payout",
        "from": "bank",
        "to": 1,
        "amount": 70_000,
    }
    assert one(events, "paid") == {"type": "paid", "from": "bank", "to": 1, "amount": 70_000, "why": "correction"}
    assert money(game, 1) == 2_070_000
    banker(game, "transfer", **{"from": 1, "to": "pot", "amount": 30_000})
    banker(game, "transfer", **{"from": "pot", "to": 2, "amount": 10_000})
    assert money(game, 1) == 2_040_000 and money(game, "pot") == 20_000 and money(game, 2) == 2_010_000


def test_a_transfer_cannot_take_more_than_is_there():
    game = new_game()
    listed = [a for a in game.legal_actions(BANKER) if a["type"] == "transfer" and a["from"] == 0 and a["to"] == 1]
    assert listed[0]["amount"] == {"min": 10_000, "max": 2_000_000, "step": 10_000}
    error = refused(game, BANKER, {"type": "transfer", "from": 0, "to": 1, "amount": 2_010_000, "reason": "x"})
    assert error.code == "amount_out_of_range"
    assert not [a for a in game.legal_actions(BANKER) if a["type"] == "transfer" and a["from"] == "pot"]


def test_moving_a_casino():
    game = new_game()
    casino = pub(game)["players"][1]["casinos"][0]
    events = banker(game, "move_casino", casino=casino, to=2, reason="wrong card dealt")
    assert events[0] == {
        "type": "correction",
        "kind": "move_casino",
        "reason": "wrong card dealt",
        "casino": casino,
        "to": 2,
    }
    assert one(events, "casino_moved") == {
        "type": "casino_moved",
        "casino": casino,
        "from": 1,
        "to": 2,
        "why": "correction",
    }
    assert owner(game, casino) == 2
    banker(game, "move_casino", casino=casino, to="bank")
    assert owner(game, casino) is None
    error = refused(game, BANKER, {"type": "move_casino", "casino": casino, "to": "bank", "reason": "again"})
    assert error.code == "bad_choice"


def test_giving_and_taking_a_bluff_card():
    game = new_game()
    before = pile(game)
    events = banker(game, "give_bluff", seat=1, reason="missed the deal")
    assert events == [{"type": "correction", "kind": "give_bluff", "reason": "missed the deal", "seat": 1}]
    given = hand(game, 1)[-1]
    assert given["symbol"] == before[0] and pile(game) == before[1:]
    assert pub(game)["players"][1]["bluff_count"] == 2
    events = banker(game, "take_bluff", seat=1, reason="one too many")
    assert events == [{"type": "correction", "kind": "take_bluff", "reason": "one too many", "seat": 1}]
    assert len(hand(game, 1)) == 1 and given not in hand(game, 1)
    assert pile(game) == [*before[1:], before[0]]  # the newest card went under the pile


def test_no_card_is_given_to_a_full_hand_and_none_taken_from_an_empty_one():
    game = new_game()
    banker(game, "give_bluff", seat=1)
    banker(game, "give_bluff", seat=1)
    assert refused(game, BANKER, {"type": "give_bluff", "seat": 1, "reason": "x"}).code == "bad_choice"
    banker(game, "take_bluff", seat=2)
    assert refused(game, BANKER, {"type": "take_bluff", "seat": 2, "reason": "x"}).code == "bad_choice"


@pytest.mark.parametrize("reason", ["", "   ", "x" * 201, 42, None])
def test_a_correction_needs_a_reason_of_at_most_200_characters(reason):
    game = new_game()
    error = refused(game, BANKER, {"type": "transfer", "from": "bank", "to": 0, "amount": 10_000, "reason": reason})
    assert error.code == "bad_reason"


def test_a_reason_of_200_characters_is_fine_and_a_missing_one_is_malformed():
    game = new_game()
    events = game.apply(BANKER, {"type": "give_bluff", "seat": 0, "reason": "y" * 200})
    assert events[0]["reason"] == "y" * 200
    assert refused(game, BANKER, {"type": "give_bluff", "seat": 0}).code == "malformed"


def test_corrections_are_the_bankers_only():
    game = new_game()
    for action in (
        {"type": "transfer", "from": "bank", "to": 0, "amount": 10_000, "reason": "x"},
        {"type": "move_casino", "casino": 11, "to": 0, "reason": "x"},
        {"type": "give_bluff", "seat": 0, "reason": "x"},
        {"type": "take_bluff", "seat": 0, "reason": "x"},
        {"type": "undo"},
        {"type": "close_auction"},
    ):
        assert refused(game, 0, action).code == "banker_only"


def _comparable(game):
    data = state(game)
    view = pub(game)
    for key in ("log", "log_start"):
        view.pop(key)
    return data["core"], data["money_history"], data["history"], view


def test_undo_of_a_non_random_action_restores_the_state_exactly():
    game = new_game()
    script(game, dice(1, 2))
    act(game, 0, "roll")
    before_land = _comparable(game)
    act(game, 0, "land", space="bluff")
    before_decline = _comparable(game)
    act(game, 0, "decline")
    assert turn(game) == 1
    assert {"type": "undo"} in game.legal_actions(BANKER)
    events = game.undo()
    assert events == [{"type": "undone", "action": "decline", "seat": 0, "bluff": [1, 1, 1]}]  # the hands after it
    assert _comparable(game) == before_decline
    assert game.log[-1] == events[0]
    events = game.apply(BANKER, {"type": "undo"})
    assert events == [{"type": "undone", "action": "land", "seat": 0, "bluff": [1, 1, 1]}]
    assert _comparable(game) == before_land
    # the roll drew a random outcome: it stays
    assert {"type": "undo"} not in game.legal_actions(BANKER)
    assert phase(game) == "land" and pub(game)["dice"] == [1, 2]


def test_undo_of_a_correction_and_of_a_purchase():
    game = new_game()
    before = _comparable(game)
    total = total_money(game)
    banker(game, "transfer", **{"from": 0, "to": 1, "amount": 500_000})
    game.undo()
    assert _comparable(game) == before
    free = next(c["id"] for c in pub(game)["casinos"] if c["owner"] is None)
    script(game, dice(1, 2))
    act(game, 0, "roll")
    act(game, 0, "land", space="casino", casino=free)
    before = _comparable(game)
    act(game, 0, "buy", casino=free)
    game.undo()
    assert _comparable(game) == before and total_money(game) == total


def test_undo_is_refused_after_a_random_outcome():
    game = new_game()
    script(game, dice(1, 2))
    act(game, 0, "roll")
    with pytest.raises(IllegalAction) as error:
        game.undo()
    assert error.value.code == "undo_random"
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"
    assert {"type": "undo"} not in game.legal_actions(BANKER)


def test_undo_stops_at_a_random_outcome():
    game = new_game()
    script(game, dice(1, 2))
    act(game, 0, "roll")
    act(game, 0, "land", space="bluff")
    game.undo()
    assert phase(game) == "land"
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"


def test_nothing_to_undo_in_a_new_game():
    game = new_game(first=None)
    with pytest.raises(IllegalAction) as error:
        game.undo()
    assert error.value.code == "nothing_to_undo"
    assert {"type": "undo"} not in game.legal_actions(BANKER)


def test_the_banker_sees_the_corrections_while_the_game_runs():
    game = new_game()
    kinds = {a["type"] for a in game.legal_actions(BANKER)}
    assert {"transfer", "move_casino", "give_bluff", "take_bluff"} <= kinds
    assert all(a["reason"] == {"text": 200} for a in game.legal_actions(BANKER) if a["type"] != "undo")


def test_no_correction_while_an_auction_or_a_bluff_is_under_way():
    game = new_game()
    act(game, 0, "auction", casino=casinos_of(game, 0)[0])
    assert {a["type"] for a in game.legal_actions(BANKER)} == {"close_auction", "undo"}
    error = refused(game, BANKER, {"type": "transfer", "from": "bank", "to": 1, "amount": 10_000, "reason": "x"})
    assert error.code == "not_legal_now"
    game = new_game()
    set_casinos(game, {1: [0]})
    roll_and_land(game, 0, space="casino", casino=0)
    script(game, spin(2))  # black
    act(game, 0, "bet", game="colour", pick="red", amount=10_000)
    assert phase(game) == "bluff_offer" and game.legal_actions(BANKER) == []
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    assert phase(game) == "bluff_response"
    assert {a["type"] for a in game.legal_actions(BANKER)} <= {"undo"}


def test_the_casino_being_played_for_cannot_be_moved():
    game = new_game()
    free = next(c["id"] for c in pub(game)["casinos"] if c["owner"] is None)
    roll_and_land(game, 0, space="casino", casino=free)
    assert phase(game) == "buy_casino"
    moves = {a["casino"] for a in game.legal_actions(BANKER) if a["type"] == "move_casino"}
    assert free not in moves and casinos_of(game, 1)[0] in moves
    error = refused(game, BANKER, {"type": "move_casino", "casino": free, "to": 1, "reason": "x"})
    assert error.code == "bad_choice"


def test_no_correction_while_a_visitor_chooses_a_stake():
    game = new_game()
    roll_and_land(game, 0, space="casino", casino=casinos_of(game, 1)[0])
    assert phase(game) == "bet"
    assert game.legal_actions(BANKER) == [{"type": "undo"}]
    error = refused(game, BANKER, {"type": "transfer", "from": 0, "to": "pot", "amount": 10_000, "reason": "x"})
    assert error.code == "not_legal_now"


def casinos_of(game, seat):
    return pub(game)["players"][seat]["casinos"]
