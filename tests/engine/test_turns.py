"""Turns: two dice, the landing report, doubles, own casinos and the Cash & Run space."""

from tests.engine.enginekit import (
    act,
    dice,
    find,
    listed,
    new_game,
    one,
    phase,
    pub,
    roll_and_land,
    script,
    set_casinos,
    turn,
    types,
)


def test_a_roll_is_two_dice_then_the_player_reports_the_space():
    game = new_game()
    script(game, dice(2, 5))
    events = act(game, 0, "roll")
    assert one(events, "dice")["values"] == [2, 5]
    assert one(events, "dice")["seat"] == 0
    view = pub(game)
    assert view["phase"] == "land" and view["dice"] == [2, 5]
    kinds = {(a["space"], a.get("casino"), a.get("symbol")) for a in listed(game, 0, "land")}
    assert ("cash_and_run", None, None) in kinds and ("grand_slam", None, None) in kinds
    assert ("bluff", None, None) in kinds
    assert {c for s, c, _ in kinds if s == "casino"} == set(range(12))
    for space in ("win_pot", "everybody_plays", "buy_back"):
        assert {sym for s, _, sym in kinds if s == space} == {"roulette", "dice", "cards"}
    assert not listed(game, 0, "claim_lap")


def test_land_names_the_space_in_a_landed_event():
    game = new_game()
    events = roll_and_land(game, 0, space="win_pot", symbol="dice")
    landed = one(events, "landed")
    assert landed == {"type": "landed", "seat": 0, "space": "win_pot", "symbol": "dice"}
    assert phase(game) == "win_pot"


def test_without_a_double_the_turn_passes_in_seat_order():
    game = new_game()
    seen = []
    for _ in range(4):
        seen.append(turn(game))
        roll_and_land(game, turn(game), 3, 4, space="bluff")
        events = act(game, seen[-1], "decline")
        assert one(events, "turn")["seat"] == (seen[-1] + 1) % 3
    assert seen == [0, 1, 2, 0]
    assert pub(game)["turn_number"] == 5


def test_a_double_gives_another_roll_after_the_space():
    game = new_game()
    roll_and_land(game, 0, 4, 4, space="bluff")
    assert phase(game) == "buy_bluff"  # the space is played first
    events = act(game, 0, "decline")
    assert "turn" not in types(events)
    assert turn(game) == 0 and phase(game) == "roll"
    # the extra roll is not a turn start: no announcing or auctioning
    assert [a["type"] for a in game.legal_actions(0)] == ["roll"]
    # a second roll without a double passes the turn
    roll_and_land(game, 0, 1, 3, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 1


def test_landing_on_an_own_casino_rolls_again():
    game = new_game()
    set_casinos(game, {0: [0, 1]})
    events = roll_and_land(game, 0, 1, 2, space="casino", casino=0)
    assert "turn" not in types(events)
    assert turn(game) == 0 and phase(game) == "roll"
    assert [a["type"] for a in game.legal_actions(0)] == ["roll"]


def test_cash_and_run_space_lets_the_player_pick_any_other_space_which_then_resolves():
    game = new_game()
    set_casinos(game, {1: [4]}, free_others=False)
    roll_and_land(game, 0, space="cash_and_run")
    assert phase(game) == "choose_space"
    choices = listed(game, 0, "land")
    assert all(a["space"] != "cash_and_run" for a in choices)
    assert len(choices) == 12 + 1 + 3 + 3 + 1 + 3
    game.apply(0, find(game, 0, "land", space="casino", casino=4))
    assert phase(game) == "bet"
    assert pub(game)["waiting"]["casino"] == 4


def test_cash_and_run_space_to_a_free_casino_offers_it():
    game = new_game()
    set_casinos(game, {0: [0], 1: [1], 2: [2]}, free_others=True)
    roll_and_land(game, 0, space="cash_and_run")
    act(game, 0, "land", space="casino", casino=9)
    assert phase(game) == "buy_casino"
    assert listed(game, 0, "buy") == [{"type": "buy", "casino": 9}]


def test_only_the_current_player_is_waited_for():
    game = new_game()
    assert game.to_act() == [0]
    assert game.legal_actions(1) == [] and game.legal_actions(2) == []
    assert pub(game)["waiting"]["seats"] == [0]


def test_a_double_keeps_its_extra_roll_after_an_own_casino_roll():
    # ruling in docs/engine.md: the own casino's roll comes first, then the double's
    game = new_game()
    set_casinos(game, {0: [0, 1]})
    roll_and_land(game, 0, 3, 3, space="casino", casino=0)
    assert turn(game) == 0 and phase(game) == "roll"
    roll_and_land(game, 0, 1, 2, space="bluff")
    events = act(game, 0, "decline")
    assert "turn" not in types(events) and turn(game) == 0 and phase(game) == "roll"
    roll_and_land(game, 0, 1, 2, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 1


def test_two_own_casino_rolls_without_a_double_give_no_extra_roll():
    game = new_game()
    set_casinos(game, {0: [0, 1]})
    roll_and_land(game, 0, 1, 2, space="casino", casino=0)
    roll_and_land(game, 0, 2, 3, space="casino", casino=1)
    roll_and_land(game, 0, 1, 2, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 1
