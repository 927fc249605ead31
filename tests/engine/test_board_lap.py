"""The lap on a board, second pass: the dice count alone ends it, and the suggested space
follows every correction, the lap's end and an undo (issue 19's reproductions)."""

import pytest

from engine import Game, Settings
from tests.engine.enginekit import act, banker, one, pub, types
from tests.engine.test_board import board, board_spaces, lap_roll, pass_others, put, roll_to, runner

MODES = ("reach", "exact")


def lap_state(game: Game) -> tuple[int, int | None, int | None, bool]:
    me = pub(game)["players"][0]
    return me["position"], me["lap_from"], me["lap_steps"], me["on_lap"]


def counted_23(mode: str) -> Game:
    """The first reproduction: seat 0 starts the lap standing on 12, then lands on 0 and on
    11 (23 counted, casino 5 for sale, declined)."""
    game = runner(12, lap_end=mode)
    lap_roll(game, 6, 6)
    lap_roll(game, 5, 6)
    act(game, 0, "decline")
    assert lap_state(game) == (11, 12, 23, True)
    return game


def test_a_lap_started_on_a_cash_and_run_space_leaves_the_pawn_there_unmoved():
    game = runner(12)
    started = game.log[[e["type"] for e in game.log].index("lap_started") :]
    assert "pawn_moved" not in types(started)
    assert lap_state(game) == (12, 12, 0, True)


def test_exact_naming_the_laps_space_past_it_does_not_win():
    game = counted_23("exact")
    pass_others(game)
    assert roll_to(game, 3, 3)["at"] == 17, "29 counted: past the lap's space"
    events = act(game, 0, "land", at=12)
    assert one(events, "landed") == {"type": "landed", "seat": 0, "space": "cash_and_run", "at": 12, "dice_at": 17}
    assert "game_won" not in types(events) and one(events, "nothing_happens")["why"] == "lap"
    assert lap_state(game) == (12, 12, 29, True) and not game.over


def test_exact_a_roll_past_the_laps_space_goes_round_again_until_the_count_is_whole_rounds():
    game = counted_23("exact")
    for a, b in ((3, 3), (6, 6), (2, 1)):  # 29 on casino 8, 41 on casino 2, 44 on Buy Back (8)
        assert "game_won" not in types(lap_roll(game, a, b))
        act(game, 0, "decline")
    pass_others(game)
    assert roll_to(game, 2, 2)["at"] == 12, "48 counted: two whole rounds"
    events = act(game, 0, "land", at=12)
    assert one(events, "game_won")["how"] == "lap" and lap_state(game)[2] == 48


@pytest.mark.parametrize("mode", MODES)
def test_the_dice_win_the_lap_whichever_space_is_named(mode):
    """Reach: 23 + 6 passes the lap's space. Exact: 12 + 12 brings the pawn back onto it."""
    game = counted_23("reach") if mode == "reach" else runner(12, lap_end="exact")
    if mode == "exact":
        lap_roll(game, 6, 6)
    pass_others(game)
    suggested = roll_to(game, 3, 3) if mode == "reach" else roll_to(game, 6, 6)
    assert suggested == {"space": "cash_and_run", "at": 12}
    events = act(game, 0, "land", at=5)
    assert one(events, "landed")["dice_at"] == 12
    assert types(events)[-1] == "game_won" and game.winner == 0 and lap_state(game)[0] == 5


@pytest.mark.parametrize("mode", MODES)
def test_naming_the_laps_space_short_of_a_full_round_does_not_win(mode):
    game = runner(12, lap_end=mode)
    lap_roll(game, 6, 6)  # 12, on 0
    events = lap_roll(game, 1, 2, at=12)
    assert "game_won" not in types(events) and lap_state(game) == (12, 12, 15, True)


def on_8_with_20_counted(mode: str) -> Game:
    """The second reproduction: seat 0 starts the lap on 12, lands on 0 and then on 8 (20 counted)."""
    game = runner(12, lap_end=mode)
    lap_roll(game, 6, 6)
    lap_roll(game, 4, 4)
    act(game, 0, "decline")  # Buy Back on 8
    assert lap_state(game) == (8, 12, 20, True)
    pass_others(game)
    return game


def suggested_at(game: Game) -> int:
    return pub(game)["waiting"]["suggested"]["at"]


def test_reach_the_suggestion_follows_a_correction_that_ends_the_lap_and_its_undo():
    game = on_8_with_20_counted("reach")
    assert roll_to(game, 3, 3)["at"] == 12
    banker(game, "move_casino", casino=6, to=2)
    assert not lap_state(game)[3] and suggested_at(game) == 14, "off the lap the dice lead to 14"
    assert game.legal_actions(0)[0]["at"] == 14
    banker(game, "undo")
    assert lap_state(game)[3] and suggested_at(game) == 12
    banker(game, "move_casino", casino=3, to="bank")
    events = act(game, 0, "land", at=14)
    assert "dice_at" not in one(events, "landed") and "game_won" not in types(events)


def test_exact_the_suggestion_follows_the_count_a_moved_pawn_and_the_laps_end():
    game = on_8_with_20_counted("exact")
    assert roll_to(game, 2, 2)["at"] == 12, "24 counted: exactly one round"
    put(game, 0, 9)
    assert suggested_at(game) == 12, "the count decides, not where the pawn was put"
    banker(game, "move_casino", casino=0, to=1)
    assert not lap_state(game)[3] and suggested_at(game) == 13
    banker(game, "undo")
    assert suggested_at(game) == 12
    banker(game, "undo")
    assert lap_state(game) == (8, 12, 20, True) and suggested_at(game) == 12


@pytest.mark.parametrize("mode", MODES)
def test_a_suggestion_of_a_lap_that_ended_never_opens_the_free_move_off_the_dice(mode):
    """Reach: the stale suggestion (12) would have landed on a Cash & Run space off the lap."""
    game = on_8_with_20_counted(mode)
    roll_to(game, 3, 3)
    banker(game, "move_casino", casino=6, to=2)
    events = act(game, 0, "land", at=suggested_at(game))
    assert one(events, "landed")["at"] == 14 and pub(game)["phase"] != "choose_space"


def test_settings_keep_their_own_copy_of_the_board():
    spaces = board_spaces()
    mine = board(spaces)
    settings = Settings(board=mine)
    game = Game.new(["A", "B", "C"], settings=settings, seed="copy")
    spaces[0] = {"space": "bluff"}
    mine["version"] = 7
    assert game.settings.board == board() and settings.board == board()
