"""Debts and bankruptcy: cash first, then casinos at auction, then out of the game."""

from engine import IllegalAction
from tests.engine.enginekit import (
    act,
    casinos,
    die,
    hand,
    listed,
    money,
    new_game,
    one,
    owner,
    phase,
    pile,
    pub,
    roll_and_land,
    script,
    set_casinos,
    set_hand,
    set_money,
    total_money,
    turn,
    turn_to,
    types,
)


def ruin_owner(owner_casinos=(1,), owner_money=100_000, owner_cards=()):
    """Seat 0 wins 500,000 on one number at seat 1's dice casino 1."""
    game = new_game()
    set_casinos(game, {0: [0], 1: list(owner_casinos), 2: [2]})
    set_hand(game, 0, [])
    ids = set_hand(game, 1, list(owner_cards))
    set_money(game, 1, owner_money)
    roll_and_land(game, 0, space="casino", casino=1)
    script(game, die(5))
    events = act(game, 0, "bet", game="one_number", pick=5, amount=100_000)
    return game, ids, events


def test_a_debtor_whose_casinos_are_all_sold_is_bankrupt_and_the_rest_is_cancelled():
    game, _ids, events = ruin_owner(owner_cards=["dice", "blank"])
    total = total_money(game)
    assert phase(game) == "bluff_offer"
    events = act(game, 1, "accept_loss")
    assert one(events, "debt") == {"type": "debt", "debtor": 1, "creditor": 0, "amount": 400_000}
    assert one(events, "auction_started")["casino"] == 1
    act(game, 2, "pass_bid")
    events = act(game, 0, "pass_bid")
    assert one(events, "auction_closed")["buyer"] == "bank"
    assert {"type": "paid", "from": 1, "to": 0, "amount": 50_000, "why": "debt"} in events
    assert one(events, "bankrupt") == {"type": "bankrupt", "seat": 1, "cancelled": 350_000}
    player = pub(game)["players"][1]
    assert player["out"] is True and player["money"] == 0 and player["casinos"] == []
    assert player["bluff_count"] == 0 and hand(game, 1) == []
    assert money(game, 0) == 2_000_000 + 100_000 + 50_000
    assert total_money(game) == total  # nothing created to pay the cancelled debt
    assert pile(game)[-2:] == ["dice", "blank"]  # the bluff cards went under the pile
    assert turn(game) == 2


def test_a_bankrupt_player_is_skipped_and_never_waited_for():
    game, _, _ = ruin_owner()
    act(game, 2, "pass_bid")
    act(game, 0, "pass_bid")
    assert pub(game)["players"][1]["out"]
    assert turn(game) == 2 and pub(game)["order"] == [2, 0]
    roll_and_land(game, 2, space="bluff")
    act(game, 2, "decline")
    assert turn(game) == 0
    roll_and_land(game, 0, space="everybody_plays", symbol="dice")
    assert sorted(game.to_act()) == [0, 2]
    assert game.legal_actions(1) == []


def test_several_casinos_are_sold_one_after_another_before_bankruptcy():
    game, _, events = ruin_owner(owner_casinos=(1, 4, 7), owner_money=0)
    assert one(events, "auction_started")["casino"] == 1  # the visited casino first
    act(game, 2, "pass_bid")
    act(game, 0, "pass_bid")
    assert phase(game) == "sell" and game.to_act() == [1]
    act(game, 1, "sell", casino=7)
    act(game, 2, "bid", amount=100_000)
    act(game, 0, "pass_bid")
    # one casino left: it goes up without asking
    assert phase(game) == "auction" and pub(game)["waiting"]["casino"] == 4
    act(game, 2, "pass_bid")
    events = act(game, 0, "pass_bid")
    assert one(events, "bankrupt") == {"type": "bankrupt", "seat": 1, "cancelled": 500_000 - 50_000 - 100_000 - 50_000}
    assert owner(game, 7) == 2 and owner(game, 1) is None and owner(game, 4) is None


def test_a_debt_paid_by_a_sale_leaves_the_debtor_in_the_game():
    game, _, _ = ruin_owner(owner_casinos=(1, 4), owner_money=100_000)
    act(game, 2, "bid", amount=500_000)
    events = act(game, 0, "pass_bid")
    assert "bankrupt" not in types(events)
    assert pub(game)["debt"] is None
    assert money(game, 1) == 100_000 and casinos(game, 1) == [4] and not pub(game)["players"][1]["out"]


def test_a_visitor_who_cannot_stake_sells_a_casino_first():
    game = new_game(starting_bluff_cards=0)
    set_casinos(game, {0: [0], 1: [1], 2: [2]})
    set_money(game, 0, 0)
    events = roll_and_land(game, 0, space="casino", casino=1)
    assert one(events, "auction_started") == {
        "type": "auction_started",
        "casino": 0,
        "seller": 0,
        "creditor": None,
        "forced": True,
    }
    act(game, 1, "bid", amount=200_000)
    act(game, 2, "pass_bid")
    assert phase(game) == "bet" and turn(game) == 0
    assert listed(game, 0, "bet")[0]["amount"] == {"min": 10_000, "max": 200_000, "step": 10_000}


def test_a_visitor_who_cannot_stake_and_has_no_casino_is_out():
    game = new_game()
    set_casinos(game, {0: [], 1: [1], 2: [2]})
    set_money(game, 0, 0)
    events = roll_and_land(game, 0, space="casino", casino=1)
    assert one(events, "bankrupt") == {"type": "bankrupt", "seat": 0, "cancelled": 0}
    assert pub(game)["players"][0]["out"] and turn(game) == 1


def make_broke(game, seat):
    turn_to(game, seat)
    others = [s for s in range(3) if s != seat and not pub(game)["players"][s]["out"]]
    set_casinos(game, {seat: [], others[0]: [1]})
    set_money(game, seat, 0)
    return roll_and_land(game, seat, space="casino", casino=1)


def test_the_last_player_standing_wins():
    game = new_game()
    make_broke(game, 1)
    assert not game.over
    events = make_broke(game, 2)
    assert one(events, "bankrupt")["seat"] == 2
    won = one(events, "game_won")
    assert won["seat"] == 0 and won["how"] == "last_player" and won["seed"] == "fixed"
    assert game.over and game.winner == 0
    view = pub(game)
    assert view["over"] and view["winner"] == 0 and view["phase"] == "over" and view["seed"] == "fixed"
    assert game.to_act() == []
    try:
        game.apply(0, {"type": "roll"})
    except IllegalAction as error:
        assert error.code == "game_over"
    else:
        raise AssertionError("a finished game took an action")
