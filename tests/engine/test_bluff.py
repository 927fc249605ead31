"""Bluff cards: buying, the hand limit and swap, and bluffing after a lost two-player game."""

from engine import BANKER
from tests.engine.enginekit import (
    act,
    die,
    hand,
    listed,
    money,
    new_game,
    of_type,
    one,
    owner,
    phase,
    pile,
    pub,
    refused,
    roll_and_land,
    script,
    set_casinos,
    set_hand,
    set_money,
    spin,
    turn,
    types,
)

ROULETTE, DICE = 0, 1


def test_buy_a_bluff_card_for_100000_into_the_pot_from_the_top_of_the_pile():
    game = new_game()
    top = pile(game)[0]
    roll_and_land(game, 0, space="bluff")
    assert phase(game) == "buy_bluff"
    assert game.legal_actions(0) == [{"type": "buy_bluff"}, {"type": "decline"}]
    events = act(game, 0, "buy_bluff")
    assert one(events, "bluff_bought") == {"type": "bluff_bought", "seat": 0}
    assert money(game, 0) == 1_900_000 and money(game, "pot") == 100_000
    assert hand(game, 0)[-1]["symbol"] == top
    assert pub(game)["players"][0]["bluff_count"] == 2
    assert turn(game) == 1


def test_no_bluff_card_without_100000():
    game = new_game()
    set_money(game, 0, 90_000)
    roll_and_land(game, 0, space="bluff")
    assert game.legal_actions(0) == [{"type": "decline"}]
    error = refused(game, 0, {"type": "buy_bluff"})
    assert error.code == "not_enough_money" and error.values == {"needed": 100_000}


def holding_three_buys_a_fourth():
    game = new_game()
    held = set_hand(game, 0, ["blank", "dice", "cards"])
    assert not [a for a in game.legal_actions(BANKER) if a["type"] == "give_bluff" and a["seat"] == 0]
    top = pile(game)[0]
    roll_and_land(game, 0, space="bluff")
    assert listed(game, 0, "buy_bluff") == [{"type": "buy_bluff"}]
    events = act(game, 0, "buy_bluff")
    assert one(events, "bluff_bought") == {"type": "bluff_bought", "seat": 0}
    new = hand(game, 0)[-1]
    assert new["symbol"] == top and new["id"] not in held
    return game, held, new["id"]


def test_holding_three_the_new_card_is_drawn_first_then_any_of_the_four_goes_under_the_pile():
    game, held, top = holding_three_buys_a_fourth()
    assert phase(game) == "return_bluff" and game.to_act() == [0]
    assert [c["id"] for c in hand(game, 0)] == [*held, top]
    assert sorted(a["card"] for a in listed(game, 0, "return_bluff")) == sorted([*held, top])
    assert not [a for a in game.legal_actions(BANKER) if a["type"] != "undo"]
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"
    events = act(game, 0, "return_bluff", card=held[1])
    assert one(events, "bluff_returned") == {"type": "bluff_returned", "seat": 0}
    assert sorted(c["id"] for c in hand(game, 0)) == sorted([held[0], held[2], top])
    assert pile(game)[-1] == "dice"
    assert money(game, "pot") == 100_000 and turn(game) == 1


def test_holding_three_the_new_card_itself_may_go_back():
    game, held, top = holding_three_buys_a_fourth()
    symbol = game.view(0)["you"]["bluff_cards"][-1]["symbol"]
    act(game, 0, "return_bluff", card=top)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"
    assert [c["id"] for c in hand(game, 0)] == held
    assert pile(game)[-1] == symbol


BLACK_2 = spin(2)


def lost_visit(symbols=("roulette",), owner_symbols=(), stake=100_000, outcome=BLACK_2, **settings):
    """Seat 0 visits seat 1's roulette casino, bets red and loses (2 is black)."""
    game = new_game(**settings)
    set_casinos(game, {0: [3], 1: [ROULETTE, DICE], 2: [5]})
    ids = set_hand(game, 0, list(symbols))
    owner_ids = set_hand(game, 1, list(owner_symbols))
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    script(game, outcome)
    events = act(game, 0, "bet", game="colour", pick="red", amount=stake)
    return game, ids, owner_ids, events


def test_a_loser_holding_cards_may_offer_one_or_accept_the_loss():
    game, ids, _, events = lost_visit(["roulette", "blank"])
    assert one(events, "game_result") == {"type": "game_result", "winner": 1, "loser": 0, "context": "casino"}
    assert not of_type(events, "paid")  # nothing is paid while a bluff may come
    assert phase(game) == "bluff_offer" and game.to_act() == [0]
    assert sorted(a.get("card") for a in listed(game, 0, "offer_bluff")) == sorted(ids)
    assert {"type": "accept_loss"} in game.legal_actions(0)
    events = act(game, 0, "accept_loss")
    assert one(events, "loss_accepted") == {"type": "loss_accepted", "seat": 0}
    assert money(game, 0) == 1_900_000 and money(game, 1) == 2_100_000
    assert len(hand(game, 0)) == 2
    assert turn(game) == 1


def test_offering_puts_the_card_face_down_before_the_winner():
    game, ids, _, _ = lost_visit(["dice"])
    events = act(game, 0, "offer_bluff", card=ids[0])
    assert events == [{"type": "bluff_offered", "seat": 0, "to": 1}]
    view = pub(game)
    assert view["phase"] == "bluff_response" and game.to_act() == [1]
    assert view["waiting"].get("card_offered") is True
    assert "offered" not in view["waiting"] and ids[0] not in view["waiting"].values()
    assert {a["type"] for a in game.legal_actions(1)} == {"accept_bluff", "challenge_bluff"}


def test_an_accepted_bluff_goes_under_the_pile_unseen_and_the_game_is_replayed_at_the_same_stake():
    game, ids, _, _ = lost_visit(["dice", "blank"], stake=150_000)
    act(game, 0, "offer_bluff", card=ids[0])
    script(game, spin(1))  # red this time
    events = act(game, 1, "accept_bluff")
    assert one(events, "bluff_accepted") == {"type": "bluff_accepted", "seat": 0, "by": 1}
    assert all("symbol" not in e for e in events if e["type"].startswith("bluff"))
    assert [e["number"] for e in of_type(events, "spin")] == [1]
    assert of_type(events, "game_result")[-1]["winner"] == 0
    assert money(game, 0) == 2_150_000 and money(game, 1) == 1_850_000
    assert [c["id"] for c in hand(game, 0)] == [ids[1]]
    assert pile(game)[-1] == "dice"


def test_after_an_accepted_bluff_a_second_loss_may_be_bluffed_again_until_no_card_is_left():
    game, ids, _, _ = lost_visit(["dice", "blank"])
    act(game, 0, "offer_bluff", card=ids[0])
    script(game, spin(4))  # black again
    act(game, 1, "accept_bluff")
    assert phase(game) == "bluff_offer" and [a["card"] for a in listed(game, 0, "offer_bluff")] == [ids[1]]
    act(game, 0, "offer_bluff", card=ids[1])
    script(game, spin(6))  # black again
    events = act(game, 1, "accept_bluff")
    assert hand(game, 0) == []
    assert one(events, "paid") == {"type": "paid", "from": 0, "to": 1, "amount": 100_000, "why": "stake"}
    assert turn(game) == 1


def challenge_tucking_at(game, place):
    """Seat 1 challenges; the card turned over goes into the pile before the card at ``place``
    (a hidden draw: its record has no value). Returns the events and the pile before."""
    before = pile(game)
    script(game, [(len(before) + 1, place)])
    events = act(game, 1, "challenge_bluff")
    [drawn] = one(events, "tuck")["draws"]
    assert len(drawn) == 2 and drawn[1] == len(before) + 1
    shown = one(events, "bluff_challenged")["symbol"]
    assert pile(game) == [*before[:place], shown, *before[place:]]
    return events, before


def test_a_challenged_true_card_wins_the_game_for_the_bluffer_who_is_paid():
    game, ids, _owner_ids, _ = lost_visit(["roulette", "roulette"], owner_symbols=["roulette"])
    act(game, 0, "offer_bluff", card=ids[0])
    events, _before = challenge_tucking_at(game, 0)
    assert one(events, "bluff_challenged") == {
        "type": "bluff_challenged",
        "seat": 0,
        "by": 1,
        "symbol": "roulette",
        "played": "roulette",
        "valid": True,
    }
    assert one(events, "game_result") == {"type": "game_result", "winner": 0, "loser": 1, "context": "casino"}
    assert money(game, 0) == 2_100_000 and money(game, 1) == 1_900_000  # red pays x1
    # no further bluff: the owner, now the loser, holds a card but pays at once
    assert phase(game) == "roll" and turn(game) == 1
    assert len(hand(game, 1)) == 1
    assert [c["id"] for c in hand(game, 0)] == [ids[1]]
    assert pile(game)[0] == "roulette"


def test_a_challenged_false_card_loses_and_no_other_bluff_may_follow():
    game, ids, _, _ = lost_visit(["dice", "roulette"])
    act(game, 0, "offer_bluff", card=ids[0])
    events, _before = challenge_tucking_at(game, 5)
    assert one(events, "bluff_challenged") == {
        "type": "bluff_challenged",
        "seat": 0,
        "by": 1,
        "symbol": "dice",
        "played": "roulette",
        "valid": False,
    }
    assert "game_result" not in types(events)
    assert one(events, "paid") == {"type": "paid", "from": 0, "to": 1, "amount": 100_000, "why": "stake"}
    assert [c["id"] for c in hand(game, 0)] == [ids[1]]  # a true card left, but no more bluffing
    assert phase(game) == "roll" and turn(game) == 1
    assert pile(game)[5] == "dice"


def test_a_blank_card_never_matches():
    game, ids, _, _ = lost_visit(["blank"])
    act(game, 0, "offer_bluff", card=ids[0])
    events = act(game, 1, "challenge_bluff")
    assert one(events, "bluff_challenged")["valid"] is False
    assert one(events, "bluff_challenged")["symbol"] == "blank"
    assert money(game, 0) == 1_900_000


def test_the_owner_may_bluff_after_losing_to_the_visitor():
    game, _, owner_ids, events = lost_visit([], owner_symbols=["blank"], outcome=spin(3))  # 3 is red: visitor wins
    assert one(events, "game_result")["loser"] == 1
    assert phase(game) == "bluff_offer" and game.to_act() == [1]
    act(game, 1, "offer_bluff", card=owner_ids[0])
    assert game.to_act() == [0]
    script(game, spin(8))  # black: the owner wins the replay
    act(game, 0, "accept_bluff")
    assert money(game, 0) == 1_900_000 and money(game, 1) == 2_100_000


def test_the_loser_of_a_buy_back_may_bluff_and_the_space_symbol_makes_a_card_true():
    game = new_game()
    set_casinos(game, {0: [3], 1: [DICE], 2: [5]})
    ids = set_hand(game, 0, ["roulette"])
    roll_and_land(game, 0, space="buy_back", symbol="roulette")
    script(game, spin(2))  # even
    events = act(game, 0, "buy_back", casino=DICE, game="parity", pick="odd")
    assert one(events, "game_result") == {"type": "game_result", "winner": 1, "loser": 0, "context": "buy_back"}
    assert phase(game) == "bluff_offer" and game.to_act() == [0]
    act(game, 0, "offer_bluff", card=ids[0])
    events = act(game, 1, "challenge_bluff")
    assert one(events, "bluff_challenged")["valid"] is True  # roulette card on the roulette Buy Back space
    assert owner(game, DICE) == 0 and owner(game, 3) == 0


def test_no_bluffing_on_win_the_pot():
    game = new_game()
    set_hand(game, 0, ["roulette", "dice", "cards"])
    set_money(game, "pot", 300_000)
    roll_and_land(game, 0, space="win_pot", symbol="roulette")
    script(game, spin(30))
    act(game, 0, "play_pot", game="dozen", pick=1)
    assert phase(game) == "roll" and turn(game) == 1
    assert money(game, "pot") == 300_000


def test_no_bluffing_on_grand_slam():
    game = new_game()
    set_hand(game, 0, ["roulette", "dice", "cards"])
    roll_and_land(game, 0, space="grand_slam")
    script(game, die(3))
    act(game, 0, "try_slam")
    assert phase(game) == "roll" and turn(game) == 1


def test_no_bluffing_on_everybody_plays():
    game = new_game()
    for seat in range(3):
        set_hand(game, seat, ["dice"])
    roll_and_land(game, 0, space="everybody_plays", symbol="dice")
    script(game, die(6), die(2), die(1))
    for seat in (0, 1, 2):
        act(game, seat, "draw")
    assert phase(game) == "roll" and turn(game) == 1
    assert all(not listed(game, s, "offer_bluff") for s in range(3))


def test_no_bluff_card_to_buy_when_the_pile_is_empty():
    game = new_game(bluff_deck={"blank": 3})
    roll_and_land(game, 0, space="bluff")
    assert game.legal_actions(0) == [{"type": "decline"}]
    assert refused(game, 0, {"type": "buy_bluff"}).code == "not_legal_now"
