"""Casinos: buying a free one, visiting another's, the nine games and their payouts,
and an owner who cannot pay."""

import pytest

from tests.engine.enginekit import (
    act,
    card,
    die,
    listed,
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
)

ROULETTE, DICE, CARDS = 0, 1, 2  # Montreal, Las Vegas, Atlantic City in the default box
FREE = 9


def visiting(**settings):
    """Seat 0 to play, seat 1 owns a casino of each symbol; no bluff cards unless asked."""
    settings.setdefault("starting_bluff_cards", 0)
    game = new_game(**settings)
    set_casinos(game, {0: [3, 4], 1: [ROULETTE, DICE, CARDS], 2: [5, 6]}, free_others=True)
    return game


def test_buy_a_free_casino_for_100000_into_the_pot():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=FREE)
    assert phase(game) == "buy_casino"
    assert {a["type"] for a in game.legal_actions(0)} == {"buy", "decline"}
    events = act(game, 0, "buy")
    assert one(events, "casino_bought") == {"type": "casino_bought", "seat": 0, "casino": FREE, "price": 100_000}
    assert one(events, "paid") == {"type": "paid", "from": 0, "to": "pot", "amount": 100_000, "why": "casino"}
    assert money(game, 0) == 1_900_000 and money(game, "pot") == 100_000
    assert owner(game, FREE) == 0
    assert turn(game) == 1


def test_decline_a_free_casino():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=FREE)
    events = act(game, 0, "decline")
    assert one(events, "declined") == {"type": "declined", "seat": 0, "phase": "buy_casino"}
    assert owner(game, FREE) is None and money(game, 0) == 2_000_000 and money(game, "pot") == 0
    assert turn(game) == 1


def test_a_free_casino_cannot_be_bought_without_100000():
    game = visiting()
    set_money(game, 0, 90_000)
    roll_and_land(game, 0, space="casino", casino=FREE)
    assert game.legal_actions(0) == [{"type": "decline"}]
    error = refused(game, 0, {"type": "buy", "casino": FREE})
    assert error.code == "not_enough_money" and error.values == {"needed": 100_000}


def test_visiting_another_casino_shows_the_owner_and_lists_its_three_games():
    game = visiting()
    set_money(game, 1, 730_000)
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    view = pub(game)
    assert view["phase"] == "bet" and view["waiting"]["seats"] == [0]
    assert view["waiting"]["owner"] == 1 and view["waiting"]["casino"] == ROULETTE
    assert view["players"][1]["money"] == 730_000  # the owner's money is on the table
    bets = listed(game, 0, "bet")
    assert {(b["game"], str(b["pick"])) for b in bets} == (
        {("colour", "red"), ("colour", "black")}
        | {("dozen", str(i)) for i in (1, 2, 3)}
        | {("six", str(i)) for i in range(1, 7)}
    )
    for b in bets:
        assert b["amount"] == {"min": 10_000, "max": 2_000_000, "step": 10_000}


@pytest.mark.parametrize("pick", [[2.0, 5], [2, True], [2, 5.0], 2.0])
def test_a_pick_matches_its_listed_form_exactly(pick):
    """JSON's 2.0 and true are not the listed 2: a near match is refused, never applied."""
    game_name = "dozen" if isinstance(pick, float) else "two_numbers"
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=DICE if game_name == "two_numbers" else ROULETTE)
    assert refused(game, 0, {"type": "bet", "game": game_name, "pick": pick, "amount": 10_000}).code == "bad_choice"


def test_dice_and_card_casinos_list_their_games():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=DICE)
    dice_bets = listed(game, 0, "bet")
    assert {b["game"] for b in dice_bets} == {"parity", "two_numbers", "one_number"}
    assert sorted(b["pick"] for b in dice_bets if b["game"] == "two_numbers") == sorted(
        [a, b] for a in range(1, 7) for b in range(a + 1, 7)
    )
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=CARDS)
    card_bets = listed(game, 0, "bet")
    assert {b["game"] for b in card_bets} == {"colour", "honours", "suit"}
    assert next(b for b in card_bets if b["game"] == "honours").keys() == {"type", "game", "amount"}
    assert {b["pick"] for b in card_bets if b["game"] == "suit"} == {"hearts", "diamonds", "spades", "clubs"}


def test_the_stake_is_at_most_the_visitors_own_money():
    game = visiting()
    set_money(game, 0, 340_000)
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    assert all(b["amount"] == {"min": 10_000, "max": 340_000, "step": 10_000} for b in listed(game, 0, "bet"))
    error = refused(game, 0, {"type": "bet", "game": "colour", "pick": "red", "amount": 350_000})
    assert error.code == "amount_out_of_range"
    error = refused(game, 0, {"type": "bet", "game": "colour", "pick": "red", "amount": 0})
    assert error.code == "amount_out_of_range"


WINS = [  # casino, game, pick, outcome, multiplier
    (ROULETTE, "colour", "red", spin(1), 1),
    (ROULETTE, "colour", "black", spin(2), 1),
    (ROULETTE, "dozen", 2, spin(13), 2),
    (ROULETTE, "dozen", 3, spin(36), 2),
    (ROULETTE, "six", 6, spin(31), 5),
    (ROULETTE, "six", 1, spin(6), 5),
    (DICE, "parity", "odd", die(3), 1),
    (DICE, "parity", "even", die(6), 1),
    (DICE, "two_numbers", [2, 5], die(5), 2),
    (DICE, "one_number", 4, die(4), 5),
    (CARDS, "colour", "red", card("2", "diamonds"), 1),
    (CARDS, "colour", "black", card("A", "clubs"), 1),
    (CARDS, "honours", None, card("J", "hearts"), 2),
    (CARDS, "honours", None, card("A", "spades"), 2),
    (CARDS, "suit", "clubs", card("7", "clubs"), 3),
]
LOSSES = [
    (ROULETTE, "colour", "red", spin(2)),
    (ROULETTE, "colour", "black", spin(36)),
    (ROULETTE, "dozen", 1, spin(13)),
    (ROULETTE, "six", 2, spin(6)),
    (DICE, "parity", "odd", die(2)),
    (DICE, "two_numbers", [2, 5], die(6)),
    (DICE, "one_number", 4, die(3)),
    (CARDS, "colour", "red", card("K", "spades")),
    (CARDS, "honours", None, card("10", "hearts")),
    (CARDS, "suit", "clubs", card("7", "hearts")),
]


def _bet(game, game_name, pick, amount):
    fields = {"game": game_name, "amount": amount}
    if pick is not None:
        fields["pick"] = pick
    return act(game, 0, "bet", **fields)


@pytest.mark.parametrize("casino,game_name,pick,outcome,multiplier", WINS)
def test_a_winning_visitor_keeps_the_stake_and_the_owner_pays_the_multiple(
    casino, game_name, pick, outcome, multiplier
):
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=casino)
    script(game, outcome)
    events = _bet(game, game_name, pick, 100_000)
    bet = one(events, "bet")
    assert bet == {
        "type": "bet",
        "seat": 0,
        "owner": 1,
        "casino": casino,
        "game": game_name,
        "pick": pick,
        "amount": 100_000,
    }
    assert one(events, "game_result") == {"type": "game_result", "winner": 0, "loser": 1, "context": "casino"}
    assert money(game, 0) == 2_000_000 + multiplier * 100_000
    assert money(game, 1) == 2_000_000 - multiplier * 100_000
    assert turn(game) == 1


@pytest.mark.parametrize("casino,game_name,pick,outcome", LOSSES)
def test_a_losing_visitor_hands_the_stake_to_the_owner(casino, game_name, pick, outcome):
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=casino)
    script(game, outcome)
    events = _bet(game, game_name, pick, 250_000)
    assert one(events, "game_result")["winner"] == 1
    assert one(events, "paid") == {"type": "paid", "from": 0, "to": 1, "amount": 250_000, "why": "stake"}
    assert money(game, 0) == 1_750_000 and money(game, 1) == 2_250_000
    assert turn(game) == 1


def test_randomiser_events_have_the_documented_shapes():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=CARDS)
    script(game, card("Q", "hearts"))
    event = one(_bet(game, "honours", None, 10_000), "card")
    assert {k: event[k] for k in ("type", "rank", "suit", "seat")} == {
        "type": "card",
        "rank": "Q",
        "suit": "hearts",
        "seat": 0,
    }
    [[number, n, value]] = event["draws"]
    assert isinstance(number, int) and (n, value) == (52, 10)  # the Q of hearts: RANKS[10], SUITS[0]
    roll_and_land(game, 1, space="casino", casino=3)  # seat 0's roulette casino
    script(game, spin(17))
    event = one(act(game, 1, "bet", game="colour", pick="red", amount=10_000), "spin")
    assert event["number"] == 17 and event["seat"] == 1
    roll_and_land(game, 2, space="casino", casino=4)  # seat 0's dice casino
    script(game, die(6))
    event = one(act(game, 2, "bet", game="parity", pick="odd", amount=10_000), "die")
    assert event["value"] == 6 and event["seat"] == 2


def test_a_roulette_zero_is_shown_then_spun_again():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    script(game, spin(0), spin(0), spin(14))
    events = _bet(game, "colour", "red", 100_000)
    assert [e["number"] for e in of_type(events, "spin")] == [0, 0, 14]
    assert one(events, "game_result")["winner"] == 0  # 14 is red
    assert money(game, 0) == 2_100_000


def test_an_owner_who_cannot_pay_auctions_the_visited_casino_first():
    game = visiting()
    set_money(game, 1, 100_000)
    roll_and_land(game, 0, space="casino", casino=DICE)
    script(game, die(4))
    events = _bet(game, "one_number", 4, 100_000)  # wins 500,000; the owner has 100,000
    assert one(events, "debt") == {"type": "debt", "debtor": 1, "creditor": 0, "amount": 400_000}
    assert one(events, "auction_started") == {
        "type": "auction_started",
        "casino": DICE,
        "seller": 1,
        "creditor": 0,
        "forced": True,
    }
    assert money(game, 1) == 0 and money(game, 0) == 2_100_000
    view = pub(game)
    assert view["phase"] == "auction" and view["debt"] == {"debtor": 1, "creditor": 0, "amount": 400_000}
    assert 1 not in game.to_act()


def test_the_creditor_may_bid_with_what_he_is_owed():
    game = visiting()
    set_money(game, 1, 100_000)
    set_money(game, 0, 200_000)
    roll_and_land(game, 0, space="casino", casino=DICE)
    script(game, die(4))
    _bet(game, "one_number", 4, 100_000)  # owed 500,000: 100,000 in cash, 400,000 left
    assert money(game, 0) == 300_000
    creditor_bid = listed(game, 0, "bid")[0]["amount"]
    other_bid = listed(game, 2, "bid")[0]["amount"]
    assert creditor_bid == {"min": 100_000, "max": 700_000, "step": 10_000}  # 300,000 + 400,000 owed
    assert other_bid == {"min": 100_000, "max": 2_000_000, "step": 10_000}
    act(game, 2, "pass_bid")
    events = act(game, 0, "bid", amount=600_000)
    closed = one(events, "auction_closed")
    assert closed["buyer"] == 0 and closed["price"] == 600_000
    assert owner(game, DICE) == 0
    # 400,000 of the price is the cancelled debt, the seller gets 200,000 in cash
    assert money(game, 0) == 100_000 and money(game, 1) == 200_000
    assert pub(game)["debt"] is None
    assert turn(game) == 1


def test_after_the_visited_casino_the_owner_chooses_which_to_sell():
    game = visiting()
    set_money(game, 1, 0)
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    script(game, spin(36))
    events = _bet(game, "six", 6, 200_000)  # owes 1,000,000
    assert one(events, "auction_started")["casino"] == ROULETTE
    act(game, 0, "bid", amount=100_000)
    act(game, 2, "bid", amount=200_000)
    act(game, 0, "pass_bid")
    # 200,000 raised and paid: 800,000 still owed, two casinos left: the owner chooses
    assert money(game, 1) == 0 and money(game, 0) == 2_200_000
    assert pub(game)["debt"]["amount"] == 800_000
    assert phase(game) == "sell" and game.to_act() == [1]
    assert sorted(a["casino"] for a in listed(game, 1, "sell")) == [DICE, CARDS]
    events = act(game, 1, "sell", casino=CARDS)
    assert one(events, "auction_started") == {
        "type": "auction_started",
        "casino": CARDS,
        "seller": 1,
        "creditor": 0,
        "forced": True,
    }


def test_an_unowned_visited_casino_is_not_a_bet():
    game = visiting()
    roll_and_land(game, 0, space="casino", casino=FREE)
    assert not listed(game, 0, "bet")
    assert refused(game, 0, {"type": "bet", "game": "colour", "pick": "red", "amount": 10_000}).code == "not_legal_now"
