"""The winning combination, the Cash & Run announcement, the final lap and its end."""

import pytest

from engine import BANKER
from tests.engine.enginekit import (
    act,
    banker,
    card,
    dice,
    die,
    listed,
    new_game,
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

ROULETTES = [0, 3, 6, 9]
BLUES = [0, 1, 2]


@pytest.mark.parametrize(
    "players,size",
    [
        (3, {"symbol": 4, "colour": None}),
        (4, {"symbol": 3, "colour": 3}),
        (5, {"symbol": 3, "colour": 3}),
        (6, {"symbol": 3, "colour": 3}),
    ],
)
def test_the_combination_depends_on_the_number_of_players(players, size):
    assert pub(new_game(players, first=None))["combination_size"] == size


def combos(game, seat=0):
    return sorted(a["combination"] for a in listed(game, seat, "announce"))


def test_three_players_need_four_of_one_symbol():
    game = new_game(3)
    set_casinos(game, {0: [*ROULETTES[:3], 1, 2]}, free_others=True)  # 3 roulette, 3 blue
    assert combos(game) == []
    set_casinos(game, {0: ROULETTES}, free_others=True)
    assert combos(game) == [ROULETTES]


def test_four_to_six_players_need_three_of_a_symbol_or_of_a_colour():
    game = new_game(4)
    set_casinos(game, {0: [0, 3, 6]}, free_others=True)
    assert combos(game) == [[0, 3, 6]]
    set_casinos(game, {0: BLUES}, free_others=True)
    assert combos(game) == [BLUES]
    set_casinos(game, {0: [0, 1, 5]}, free_others=True)
    assert combos(game) == []


def four_players_one_out(combination_by):
    game = new_game(4, combination_by=combination_by)
    set_casinos(game, {3: [], 2: [1]}, free_others=True)
    turn_to(game, 3)
    set_money(game, 3, 0)
    roll_and_land(game, 3, space="casino", casino=1)
    assert pub(game)["players"][3]["out"]
    turn_to(game, 0)
    set_casinos(game, {0: [0, 3, 6]})
    return game


def test_combination_sized_by_the_players_at_the_start_by_default():
    game = four_players_one_out("start")
    assert pub(game)["combination_size"] == {"symbol": 3, "colour": 3}
    assert combos(game) == [[0, 3, 6]]


def test_combination_sized_by_the_players_still_playing_by_setting():
    game = four_players_one_out("playing")
    assert pub(game)["combination_size"] == {"symbol": 4, "colour": None}
    assert combos(game) == []


def holder(players=4, **settings):
    game = new_game(players, **settings)
    set_casinos(game, {0: [0, 3, 6, 1]}, free_others=True)
    return game


def test_announcing_with_a_spade_ends_the_turn_without_a_lap():
    game = holder()
    script(game, card("A", "spades"))
    events = act(game, 0, "announce", combination=[0, 3, 6])
    assert one(events, "announced") == {"type": "announced", "seat": 0, "combination": [0, 3, 6]}
    assert one(events, "card")["suit"] == "spades"
    assert "lap_started" not in types(events)
    assert turn(game) == 1 and not pub(game)["players"][0]["on_lap"]
    turn_to(game, 0)
    assert combos(game) == [[0, 3, 6]]  # may try again next turn


@pytest.mark.parametrize("suit", ["hearts", "diamonds", "clubs"])
def test_announcing_with_another_suit_starts_the_lap_and_passes_the_turn(suit):
    game = holder()
    script(game, card("3", suit))
    events = act(game, 0, "announce", combination=[0, 3, 6])
    assert one(events, "lap_started") == {"type": "lap_started", "seat": 0, "combination": [0, 3, 6]}
    player = pub(game)["players"][0]
    assert player["on_lap"] is True and player["lap_combination"] == [0, 3, 6]
    assert turn(game) == 1


def runner(players=4):
    game = holder(players)
    script(game, card("3", "hearts"))
    act(game, 0, "announce", combination=[0, 3, 6])
    turn_to(game, 0)
    return game


def test_no_announcing_on_a_lap_or_after_a_double():
    game = runner()
    assert not listed(game, 0, "announce")
    game = holder()
    roll_and_land(game, 0, 6, 6, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 0 and not listed(game, 0, "announce")


def test_on_a_lap_a_double_does_not_roll_again():
    game = runner()
    roll_and_land(game, 0, 3, 3, space="bluff")
    act(game, 0, "decline")
    assert turn(game) == 1


def test_on_a_lap_an_own_casino_does_nothing():
    game = runner()
    events = roll_and_land(game, 0, space="casino", casino=1)
    assert one(events, "nothing_happens") == {"type": "nothing_happens", "seat": 0, "why": "lap"}
    assert turn(game) == 1


def test_on_a_lap_the_cash_and_run_space_does_nothing():
    game = runner()
    events = roll_and_land(game, 0, space="cash_and_run")
    assert one(events, "nothing_happens")["why"] == "lap"
    assert turn(game) == 1 and phase(game) == "roll"


def test_on_a_lap_auctions_only_with_no_money():
    game = runner()
    assert not listed(game, 0, "auction")
    assert refused(game, 0, {"type": "auction", "casino": 1}).code == "not_legal_now"
    set_money(game, 0, 0)
    assert sorted(a["casino"] for a in listed(game, 0, "auction")) == [0, 1, 3, 6]


def claimed(players=4, **settings):
    """Seat 0 is on the lap, has rolled and claims the lap is done."""
    game = holder(players, **settings)
    script(game, card("3", "hearts"))
    act(game, 0, "announce", combination=[0, 3, 6])
    turn_to(game, 0)
    script(game, dice(2, 5))
    act(game, 0, "roll")
    before = pub(game)
    events = act(game, 0, "claim_lap")
    assert events == [{"type": "lap_claimed", "seat": 0}]
    return game, before


def test_a_claimed_lap_waits_for_the_banker_and_is_shown_to_the_table():
    game, _ = claimed()
    view = pub(game)
    assert view["phase"] == "lap_claim" and view["waiting"] == {"seat": 0, "seats": []}
    assert game.to_act() == [BANKER]
    assert all(game.legal_actions(s) == [] for s in range(4))
    assert [a for a in game.legal_actions(BANKER) if a["type"] != "undo"] == [
        {"type": "confirm_lap"},
        {"type": "reject_lap"},
    ]
    assert refused(game, 1, {"type": "confirm_lap"}).code == "not_your_turn"
    assert refused(game, 0, {"type": "confirm_lap"}).code == "not_your_turn"


def test_the_banker_confirms_the_claim_and_the_runner_wins():
    game, _ = claimed()
    events = banker(game, "confirm_lap")
    assert types(events) == ["lap_confirmed", "game_won"]
    assert one(events, "lap_confirmed") == {"type": "lap_confirmed", "seat": 0, "by": BANKER}
    won = one(events, "game_won")
    assert won["seat"] == 0 and won["how"] == "lap" and won["seed"] == "fixed"
    assert game.over and game.winner == 0
    view = pub(game)
    assert view["over"] and view["winner"] == 0 and view["seed"] == "fixed" and view["phase"] == "over"
    assert game.to_act() == [] and all(game.legal_actions(s) == [] for s in (BANKER, 0, 1, 2, 3))
    for seat, action in [
        (0, {"type": "roll"}),
        (1, {"type": "roll"}),
        (BANKER, {"type": "undo"}),
        (BANKER, {"type": "transfer", "from": "bank", "to": 0, "amount": 10_000, "reason": "x"}),
    ]:
        assert refused(game, seat, action).code == "game_over"


def test_a_rejected_claim_changes_nothing():
    game, before = claimed()
    events = banker(game, "reject_lap")
    assert events == [{"type": "lap_rejected", "seat": 0, "by": BANKER}]
    after = pub(game)
    strip = lambda view: {k: v for k, v in view.items() if k not in ("log", "log_start")}
    assert strip(after) == strip(before)
    assert not game.over and phase(game) == "land" and after["players"][0]["on_lap"]
    act(game, 0, "land", space="bluff")
    assert phase(game) == "buy_bluff"


def test_by_setting_any_other_player_may_confirm_or_reject():
    game, _ = claimed(lap_confirm="players")
    assert game.to_act() == [1, 2, 3] and pub(game)["waiting"]["seats"] == [1, 2, 3]
    assert game.legal_actions(2) == [{"type": "confirm_lap"}, {"type": "reject_lap"}]
    assert game.legal_actions(0) == []
    assert refused(game, 0, {"type": "confirm_lap"}).code == "not_your_turn"
    assert one(act(game, 2, "reject_lap"), "lap_rejected")["by"] == 2
    act(game, 0, "claim_lap")
    assert {"type": "confirm_lap"} in game.legal_actions(BANKER)
    events = act(game, 3, "confirm_lap")
    assert one(events, "lap_confirmed")["by"] == 3 and game.winner == 0


def test_a_claim_is_only_for_a_runner_and_needs_no_roll_of_its_own():
    game = holder()
    script(game, dice(2, 5))
    act(game, 0, "roll")
    assert not listed(game, 0, "claim_lap")
    assert refused(game, 0, {"type": "claim_lap"}).code == "not_legal_now"
    assert refused(game, 0, {"type": "finish_lap"}).code == "unknown_action"


def test_the_lap_is_lost_when_a_buy_back_takes_a_combination_casino():
    game = runner()
    set_hand(game, 0, [])
    turn_to(game, 1)
    set_casinos(game, {1: [2]})
    roll_and_land(game, 1, space="buy_back", symbol="dice")
    script(game, die(2))
    events = act(game, 1, "buy_back", casino=3, game="parity", pick="even")
    assert one(events, "lap_lost") == {"type": "lap_lost", "seat": 0, "casino": 3}
    player = pub(game)["players"][0]
    assert player["on_lap"] is False and player["lap_combination"] is None
    assert sorted(player["casinos"]) == [0, 1, 6]  # the rest stays with the player


def test_losing_a_casino_outside_the_combination_keeps_the_lap():
    game = runner()
    events = banker(game, "move_casino", casino=1, to="bank")
    assert "lap_lost" not in types(events)
    assert pub(game)["players"][0]["on_lap"] is True


def test_the_lap_is_lost_when_the_banker_moves_a_combination_casino():
    game = runner()
    events = banker(game, "move_casino", casino=6, to=2)
    assert one(events, "lap_lost") == {"type": "lap_lost", "seat": 0, "casino": 6}
    assert not pub(game)["players"][0]["on_lap"]


def test_the_lap_is_lost_when_a_forced_sale_takes_a_combination_casino():
    game = runner()
    set_hand(game, 0, [])
    set_money(game, 0, 0)
    turn_to(game, 1)
    roll_and_land(game, 1, space="casino", casino=6)
    script(game, spin(1))
    events = act(game, 1, "bet", game="colour", pick="red", amount=100_000)
    assert one(events, "auction_started")["casino"] == 6
    act(game, 2, "pass_bid")
    act(game, 3, "pass_bid")
    events = act(game, 1, "pass_bid")
    assert one(events, "lap_lost") == {"type": "lap_lost", "seat": 0, "casino": 6}


def test_a_lost_lap_may_be_started_again_with_a_new_combination():
    game = runner()
    banker(game, "move_casino", casino=6, to="bank")
    assert combos(game) == []
    banker(game, "move_casino", casino=9, to=0)
    assert combos(game) == [[0, 3, 9]]
