"""Fair play: no peeking through undo, a bank that never goes below zero, every double owed
once (none on a lap), a lap on a set that no longer counts, and settings that can work."""

import pytest

from engine import BANKER, CasinoSpec, Game, Settings, SettingsError
from tests.engine.enginekit import (
    act,
    banker,
    card,
    casinos,
    die,
    hand,
    listed,
    money,
    new_game,
    of_type,
    one,
    phase,
    pub,
    refused,
    roll_and_land,
    script,
    set_casinos,
    set_hand,
    set_money,
    spin,
    turn,
    turn_to,
    types,
)


def undo_listed(game):
    return {"type": "undo"} in game.legal_actions(BANKER)


def lost_visit_with_a_card():
    """Seat 0 visits seat 1's roulette casino, loses, and holds one roulette bluff card."""
    game = new_game(bluff_deck={"roulette": 24})
    set_casinos(game, {0: [3], 1: [0], 2: [5]})
    set_hand(game, 0, ["roulette"])
    set_hand(game, 1, [])
    roll_and_land(game, 0, space="casino", casino=0)
    script(game, spin(2))
    act(game, 0, "bet", game="colour", pick="red", amount=100_000)
    assert phase(game) == "bluff_offer"
    return game


# 1. undo after a hidden card was shown


def test_no_undo_after_a_challenge_turned_a_card_over():
    game = lost_visit_with_a_card()
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    events = act(game, 1, "challenge_bluff")
    assert one(events, "bluff_challenged")["valid"] is True
    assert not undo_listed(game)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"


def test_no_undo_of_a_bluff_offer_or_of_an_accepted_loss():
    game = lost_visit_with_a_card()
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"
    game = lost_visit_with_a_card()
    act(game, 0, "accept_loss")
    assert money(game, 0) == 1_900_000
    assert not undo_listed(game)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"


def test_no_undo_after_a_bluff_card_was_bought_or_given():
    game = new_game()
    roll_and_land(game, 0, space="bluff")
    act(game, 0, "buy_bluff")
    assert not undo_listed(game)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"
    banker(game, "transfer", **{"from": 0, "to": "pot", "amount": 10_000})
    banker(game, "give_bluff", seat=2)
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"


def test_a_correction_after_a_shown_card_can_still_be_made_and_undone():
    game = lost_visit_with_a_card()
    act(game, 0, "accept_loss")
    before = pub(game)["players"]
    banker(game, "transfer", **{"from": 1, "to": 0, "amount": 100_000})
    assert undo_listed(game)
    banker(game, "undo")
    assert pub(game)["players"] == before
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_hidden"


# 2. the bank never goes below zero


def slam(bank: int):
    game = new_game()
    roll_and_land(game, 0, space="grand_slam")
    assert phase(game) == "grand_slam"
    set_money(game, "bank", bank)
    return game


def test_a_short_bank_pays_what_it_holds_for_grand_slams_collect():
    game = slam(60_000)
    assert listed(game, 0, "try_slam") == []
    events = act(game, 0, "collect")
    assert one(events, "paid") == {"type": "paid", "from": "bank", "to": 0, "amount": 60_000, "why": "grand_slam"}
    assert money(game, "bank") == 0 and money(game, 0) == 2_060_000


def test_a_short_bank_pays_what_it_holds_for_a_stopped_ladder():
    game = slam(1_000_000)
    script(game, die(2))
    act(game, 0, "try_slam")
    assert phase(game) == "grand_slam_step"
    set_money(game, "bank", 0)
    assert listed(game, 0, "continue_slam") == []
    events = act(game, 0, "stop_slam")
    assert of_type(events, "paid") == [] and money(game, "bank") == 0 and money(game, 0) == 2_000_000
    assert turn(game) == 1


# 3. and 4. every double off the lap is owed its own roll; none on the lap


def test_two_doubles_in_one_turn_are_owed_two_extra_rolls():
    game = new_game()
    own = casinos(game, 0)[0]
    events = roll_and_land(game, 0, 2, 2, space="casino", casino=own)
    assert one(events, "roll_again") == {"type": "roll_again", "seat": 0, "why": "own_casino"}
    assert pub(game)["extra_rolls"] == 1
    roll_and_land(game, 0, 5, 5, space="bluff")
    assert pub(game)["extra_rolls"] == 2
    events = act(game, 0, "decline")
    assert one(events, "roll_again") == {"type": "roll_again", "seat": 0, "why": "double"}
    assert turn(game) == 0 and phase(game) == "roll" and pub(game)["extra_rolls"] == 1
    roll_and_land(game, 0, 1, 2, space="bluff")
    assert one(act(game, 0, "decline"), "roll_again")["why"] == "double"
    roll_and_land(game, 0, 1, 2, space="bluff")
    events = act(game, 0, "decline")
    assert "roll_again" not in types(events) and turn(game) == 1 and pub(game)["extra_rolls"] == 0


def test_a_double_on_the_lap_is_owed_nothing_even_when_the_lap_is_lost_that_turn():
    game = new_game(4)
    set_casinos(game, {0: [0, 3, 6, 1], 1: [2]}, free_others=True)
    set_hand(game, 0, [])
    script(game, card("3", "hearts"))
    act(game, 0, "announce", combination=[0, 3, 6])
    turn_to(game, 0)
    roll_and_land(game, 0, 3, 3, space="buy_back", symbol="dice")
    assert pub(game)["extra_rolls"] == 0
    script(game, die(1))
    act(game, 0, "buy_back", casino=2, game="parity", pick="even")
    assert phase(game) == "buy_back_claim"
    events = act(game, 1, "take_casino", casino=3)
    assert one(events, "lap_lost") == {"type": "lap_lost", "seat": 0, "casino": 3}
    assert "roll_again" not in types(events) and turn(game) == 1


# 7. a lap on a set that no longer counts


def bankrupt_seat_3(game: Game) -> list[dict]:
    set_casinos(game, {3: [], 2: [4]})
    turn_to(game, 3)
    set_money(game, 3, 0)
    events = roll_and_land(game, 3, space="casino", casino=4)
    assert one(events, "bankrupt")["seat"] == 3
    return events


@pytest.mark.parametrize("combination,kept", [([0, 1, 2], False), ([0, 3, 6, 9], True)])
def test_a_lap_ends_when_a_bankruptcy_changes_the_set_it_needs(combination, kept):
    game = new_game(4, combination_by="playing")
    set_casinos(game, {0: combination}, free_others=True)
    script(game, card("3", "clubs"))
    announced = next(iter(listed(game, 0, "announce")))["combination"]
    act(game, 0, "announce", combination=announced)
    events = bankrupt_seat_3(game)
    assert pub(game)["players"][0]["on_lap"] is kept
    if kept:
        assert "lap_lost" not in types(events)
        assert pub(game)["players"][0]["lap_combination"] == [0, 3, 6, 9]
    else:
        assert one(events, "lap_lost") == {"type": "lap_lost", "seat": 0, "casino": None}


def test_a_lap_stays_when_the_set_is_sized_by_the_players_at_the_start():
    game = new_game(4)
    set_casinos(game, {0: [0, 1, 2]}, free_others=True)
    script(game, card("3", "clubs"))
    act(game, 0, "announce", combination=[0, 1, 2])
    assert "lap_lost" not in types(bankrupt_seat_3(game))
    assert pub(game)["players"][0]["on_lap"]


# 8. a box in which nobody can ever win


def nine_casinos() -> tuple[CasinoSpec, ...]:
    symbols = ("roulette", "dice", "cards")
    return tuple(CasinoSpec(f"C{i}", ("blue", "red", "green")[i // 3], symbols[i % 3]) for i in range(9))


def test_a_box_without_a_winning_combination_is_refused():
    with pytest.raises(SettingsError) as error:
        Settings(box=nine_casinos()).validate(3)
    assert str(error.value) == "box" and error.value.detail == {"problem": "no_combination", "players": 3}
    Settings(box=nine_casinos()).validate(4)  # three of one colour or symbol exist
    with pytest.raises(SettingsError, match="box"):
        Settings(box=nine_casinos(), combination_by="playing").validate(4)  # down to three players later
    with pytest.raises(ValueError, match="box"):
        Game.new(["a", "b", "c"], settings=Settings(box=nine_casinos()), seed="x")


# 9. settings of the wrong type

BOX = [{"name": "A", "colour": "blue", "symbol": "dice"}]


@pytest.mark.parametrize(
    "data,field",
    [
        ({"starting_money": True}, "starting_money"),
        ({"unit": 10000.0}, "unit"),
        ({"starting_bluff_cards": 0.5}, "starting_bluff_cards"),
        ({"bluff_deck": {"blank": 6.5}}, "bluff_deck"),
        ({"bluff_deck": {"blank": 3_000_000}}, "bluff_deck"),
        ({"bluff_deck": {"blank": 41}}, "bluff_deck"),
        ({"bluff_deck": [6, 6]}, "bluff_deck"),
        ({"auction_seconds": True}, "auction_seconds"),
        ({"bank_reserve": "lots"}, "bank_reserve"),
        ({"starting_money": -10_000}, "starting_money"),
        ({"box": [{**BOX[0], "colour": 3}] * 12}, "box"),
        ({"box": [{**BOX[0], "name": 3}] * 12}, "box"),
        ({"box": [{**BOX[0], "name": "x" * 1000}] * 12}, "box"),
        ({"box": [{**BOX[0], "name": "x" * 25}] * 12}, "box"),
        ({"box": [{**BOX[0], "colour": "c" * 17}] * 12}, "box"),
        ({"box": [BOX[0]] * 41}, "box"),
        ({"box": [{**BOX[0], "extra": 1}] * 12}, "box"),
        ({"box": "twelve"}, "box"),
        ({"combination_by": 1}, "combination_by"),
        ({"lap_confirm": "anyone"}, "lap_confirm"),
        ({"colour": 1}, "colour"),
    ],
)
def test_settings_of_the_wrong_type_are_refused_naming_the_field(data, field):
    with pytest.raises(SettingsError) as error:
        Settings.from_dict(data)
    assert str(error.value) == field and error.value.field == field


def test_settings_at_their_bounds_are_accepted():
    settings = Settings.from_dict(
        {
            "box": [{**BOX[0], "name": "x" * 24, "colour": "#12ab34"}] * 12,
            "bluff_deck": {"blank": 40},
            "bank_reserve": None,
        }
    )
    settings.validate(3)
    assert Settings.from_dict(settings.to_dict()) == settings
