"""The board: a family's map of its board, the pawns the engine follows on it, and the lap
that ends by itself."""

import json
import random

import pytest

from engine import BANKER, Game, Settings, SettingsError
from engine.verify import verify
from tests.engine.enginekit import (
    act,
    banker,
    card,
    dice,
    listed,
    new_game,
    one,
    phase,
    pub,
    refused,
    script,
    set_casinos,
    set_hand,
    turn,
    types,
)
from tests.engine.randomplay import pick_move

KINDS = [
    {"space": "bluff"},
    {"space": "win_pot", "symbol": "roulette"},
    {"space": "everybody_plays", "symbol": "dice"},
    {"space": "grand_slam"},
    {"space": "buy_back", "symbol": "cards"},
]


def board_spaces() -> list[dict]:
    """24 spaces: Cash & Run at 0 and 12, casino c at 2c + 1, the other kinds between
    (Bluff at 10 and 20, Grand Slam at 6 and 16)."""
    spaces = []
    for c in range(12):
        spaces.append({"space": "cash_and_run"} if c in (0, 6) else dict(KINDS[c % len(KINDS)]))
        spaces.append({"space": "casino", "casino": c})
    return spaces


def board(spaces=None) -> dict:
    return {"version": 1, "spaces": board_spaces() if spaces is None else spaces}


def placed_game(players: int = 3, **settings) -> Game:
    """A game on the board with every pawn placed on its first dealt casino."""
    game = Game.new([f"P{i}" for i in range(players)], settings=Settings(board=board(), **settings), seed="board")
    for seat in game.to_act():
        act(game, seat, "place_pawn", casino=listed(game, seat, "place_pawn")[0]["casino"])
    return game


def position(game: Game, seat: int) -> int:
    return pub(game)["players"][seat]["position"]


def put(game: Game, seat: int, at: int) -> None:
    banker(game, "move_pawn", seat=seat, at=at)
    assert position(game, seat) == at


# ---------------------------------------------------------------- the profile


@pytest.mark.parametrize(
    "change,problem",
    [
        (lambda s: s.__delitem__(3), "casino_missing"),
        (lambda s: s.__setitem__(2, {"space": "casino", "casino": 0}), "casino_twice"),
        (lambda s: [s.__setitem__(i, {"space": "bluff"}) for i in (0, 12)], "no_cash_and_run"),
        (lambda s: s.__setitem__(0, {"space": "jail"}), "unknown_kind"),
        (lambda s: s.__setitem__(0, {"space": "cash_and_run", "symbol": "dice"}), "symbol_not_here"),
        (lambda s: s.__setitem__(2, {"space": "win_pot"}), "fields"),
        (lambda s: s.__setitem__(2, {"space": "win_pot", "symbol": "chess"}), "unknown_symbol"),
        (lambda s: s.__setitem__(1, {"space": "casino", "casino": 12}), "unknown_casino"),
        (lambda s: s.__setitem__(1, {"space": "casino", "casino": True}), "unknown_casino"),
        (lambda s: s.__setitem__(0, "cash_and_run"), "unknown_kind"),
        (lambda s: s.__delitem__(slice(0, None)), "length"),
    ],
)
def test_a_board_that_cannot_work_is_refused_naming_the_field(change, problem):
    spaces = board_spaces()
    change(spaces)
    with pytest.raises(SettingsError) as error:
        Settings.from_dict({"board": board(spaces)})
    assert str(error.value) == "board" and error.value.detail["problem"] == problem
    with pytest.raises(ValueError, match="board"):
        Game.new(["a", "b", "c"], settings=Settings(board=board(spaces)), seed="x")


@pytest.mark.parametrize(
    "data,problem",
    [
        ({"spaces": board_spaces()}, "shape"),
        ({"version": 2, "spaces": board_spaces()}, "version"),
        ({"version": "1", "spaces": board_spaces()}, "version"),
        ([], "shape"),
    ],
)
def test_a_board_needs_its_version(data, problem):
    with pytest.raises(SettingsError) as error:
        Settings.from_dict({"board": data})
    assert error.value.detail["problem"] == problem


def test_a_board_follows_the_box():
    settings = Settings.from_dict({"board": board(), "lap_end": "exact", "nearest_tie": "behind"})
    assert Settings.from_dict(json.loads(json.dumps(settings.to_dict()))) == settings
    box = [{"name": f"C{i}", "colour": "red", "symbol": "dice"} for i in range(11)]
    with pytest.raises(SettingsError) as error:
        Settings.from_dict({"board": board(), "box": box})
    assert error.value.detail == {"problem": "unknown_casino", "at": 23}
    for name, value in (("lap_end", "close"), ("nearest_tie", 1)):
        with pytest.raises(SettingsError, match=name):
            Settings.from_dict({name: value})


# ---------------------------------------------------------------- the start


def test_each_player_starts_the_pawn_on_a_casino_of_their_own():
    game = Game.new(["A", "B", "C"], settings=Settings(board=board()), seed="board")
    view = pub(game)
    first = one(game.log, "first_player")["seat"]
    assert view["phase"] == "place_pawn" and game.to_act() == [0, 1, 2] and view["turn"] == first
    assert all(p["position"] is None for p in view["players"])
    for seat in range(3):
        assert [a["casino"] for a in listed(game, seat, "place_pawn")] == view["players"][seat]["casinos"]
    assert not [a for a in game.legal_actions(BANKER) if a["type"] != "undo"]
    other = pub(game)["players"][1]["casinos"][0]
    assert refused(game, 0, {"type": "place_pawn", "casino": other}).code == "bad_choice"
    casino = listed(game, 0, "place_pawn")[-1]["casino"]
    at = 2 * casino + 1
    assert act(game, 0, "place_pawn", casino=casino) == [{"type": "pawn_moved", "seat": 0, "at": at, "why": "start"}]
    assert position(game, 0) == at and game.to_act() == [1, 2]
    banker(game, "undo")
    assert position(game, 0) is None
    act(game, 0, "place_pawn", casino=casino)
    act(game, 2, "place_pawn", casino=listed(game, 2, "place_pawn")[0]["casino"])
    events = act(game, 1, "place_pawn", casino=listed(game, 1, "place_pawn")[0]["casino"])
    assert one(events, "turn") == {"type": "turn", "seat": first, "number": 1}
    assert phase(game) == "roll" and game.to_act() == [first]


def test_without_a_board_no_pawn_is_followed():
    game = new_game()
    assert all(p["position"] is None for p in pub(game)["players"])
    script(game, dice(2, 3))
    act(game, 0, "roll")
    assert "suggested" not in pub(game)["waiting"]
    assert all("at" not in a for a in listed(game, 0, "land"))
    assert not [a for a in game.legal_actions(BANKER) if a["type"] == "move_pawn"]


# ---------------------------------------------------------------- moving


def mover(at: int) -> tuple[Game, int]:
    """A game on the board whose current player's pawn stands on ``at``."""
    game = placed_game()
    seat = turn(game)
    put(game, seat, at)
    return game, seat


def roll_to(game: Game, a: int, b: int) -> dict:
    seat = turn(game)
    script(game, dice(a, b))
    act(game, seat, "roll")
    return pub(game)["waiting"]["suggested"]


def test_the_suggested_space_is_the_dice_total_ahead_and_listed_first():
    game, seat = mover(4)
    suggested = roll_to(game, 2, 3)
    assert suggested == {"space": "casino", "casino": 4, "at": 9}
    assert listed(game, seat, "land")[0] == {"type": "land", "space": "casino", "casino": 4, "at": 9}
    assert len(listed(game, seat, "land")) == 24
    events = act(game, seat, "land", at=9)
    assert one(events, "landed") == {"type": "landed", "seat": seat, "space": "casino", "casino": 4, "at": 9}
    assert position(game, seat) == 9


def test_the_pawn_wraps_round_the_board():
    game, seat = mover(21)
    assert roll_to(game, 1, 2)["at"] == 0
    put(game, seat, 23)
    assert pub(game)["waiting"]["suggested"]["at"] == 2, "the suggestion follows a corrected pawn"
    act(game, seat, "land", at=2)
    assert position(game, seat) == 2 and phase(game) == "win_pot"


def test_choosing_another_space_moves_the_pawn_there():
    game, seat = mover(3)
    roll_to(game, 1, 2)
    act(game, seat, "land", at=16)
    assert position(game, seat) == 16 and phase(game) == "grand_slam"


def test_a_named_space_off_the_dice_says_where_the_dice_led():
    game, seat = mover(4)
    roll_to(game, 2, 3)
    events = act(game, seat, "land", at=16)
    assert one(events, "landed") == {"type": "landed", "seat": seat, "space": "grand_slam", "at": 16, "dice_at": 9}
    game, seat = mover(9)
    roll_to(game, 1, 2)
    assert "dice_at" not in one(act(game, seat, "land", at=12), "landed"), "the suggested space"
    assert "dice_at" not in one(act(game, seat, "land", at=20), "landed"), "the free move has no dice"
    game = new_game()
    script(game, dice(2, 3))
    act(game, 0, "roll")
    assert "dice_at" not in one(act(game, 0, "land", space="grand_slam"), "landed"), "no board"


def test_the_cash_and_run_space_still_moves_the_pawn_anywhere():
    game, seat = mover(9)
    assert roll_to(game, 1, 2)["at"] == 12
    act(game, seat, "land", at=12)
    assert phase(game) == "choose_space"
    choices = listed(game, seat, "land")
    assert len(choices) == 22 and all(a["space"] != "cash_and_run" for a in choices)
    act(game, seat, "land", at=20)
    assert position(game, seat) == 20 and phase(game) == "buy_bluff"


def test_a_bankers_pawn_move_has_a_reason_and_can_be_undone():
    game = placed_game()
    before = position(game, 1)
    events = banker(game, "move_pawn", seat=1, at=5, reason="the pawn fell over")
    assert events == [{"type": "correction", "kind": "move_pawn", "reason": "the pawn fell over", "seat": 1, "at": 5}]
    assert position(game, 1) == 5
    assert (
        refused(game, BANKER, {"type": "move_pawn", "seat": 1, "at": 24, "reason": "x"}).code == "amount_out_of_range"
    )
    assert refused(game, BANKER, {"type": "move_pawn", "seat": 1, "at": 3}).code == "malformed"
    assert banker(game, "undo") == [{"type": "undone", "action": "move_pawn", "seat": BANKER, "bluff": [1, 1, 1]}]
    assert position(game, 1) == before


# ---------------------------------------------------------------- the lap


def runner(at: int, **settings) -> Game:
    """Seat 0 of four holds three roulette casinos, stands on ``at`` and starts the lap."""
    game = placed_game(4, **settings)
    while turn(game) != 0 or phase(game) != "roll":
        seat = turn(game)
        roll_to(game, 1, 2)
        act(game, seat, "land", at=20)
        act(game, seat, "decline")
    set_casinos(game, {0: [0, 3, 6]}, free_others=True)
    set_hand(game, 0, [])
    put(game, 0, at)
    script(game, card("3", "hearts"))
    act(game, 0, "announce", combination=[0, 3, 6])
    return game


@pytest.mark.parametrize(
    "at,tie,start",
    [
        (3, "ahead", 0),
        (9, "ahead", 12),
        (13, "ahead", 12),
        (23, "ahead", 0),
        (6, "ahead", 12),
        (6, "behind", 0),
        (18, "behind", 12),
        (18, "ahead", 0),
    ],
)
def test_a_lap_moves_the_pawn_to_the_nearest_cash_and_run_space(at, tie, start):
    game = runner(at, nearest_tie=tie)
    moved = [e for e in game.log if e["type"] == "pawn_moved"][-1]
    assert moved == {"type": "pawn_moved", "seat": 0, "at": start, "why": "lap"}
    me = pub(game)["players"][0]
    assert me["position"] == start and me["lap_from"] == start and me["lap_steps"] == 0


def pass_others(game: Game) -> None:
    while turn(game) != 0:
        seat = turn(game)
        roll_to(game, 1, 2)
        act(game, seat, "land", at=20)
        act(game, seat, "decline")


def lap_roll(game: Game, a: int, b: int, at: int | None = None) -> list[dict]:
    pass_others(game)
    suggested = roll_to(game, a, b)
    assert not listed(game, 0, "claim_lap")
    return act(game, 0, "land", at=suggested["at"] if at is None else at)


def test_the_lap_ends_by_itself_on_reaching_its_cash_and_run_space_after_a_full_round():
    game = runner(9)  # the lap starts on 12
    assert one(lap_roll(game, 6, 6), "nothing_happens")["why"] == "lap"  # on 0, another Cash & Run space
    assert pub(game)["players"][0]["lap_steps"] == 12
    assert one(lap_roll(game, 4, 3), "nothing_happens")["why"] == "lap"  # an own casino, on 7
    pass_others(game)
    assert roll_to(game, 3, 3)["at"] == 12, "a roll that passes the lap's space stops on it"
    events = act(game, 0, "land", at=12)
    assert types(events) == ["landed", "game_won"] and one(events, "game_won")["how"] == "lap"
    assert game.winner == 0 and pub(game)["players"][0]["lap_steps"] == 25


def test_by_setting_the_lap_needs_an_exact_landing():
    game = runner(9, lap_end="exact")
    lap_roll(game, 6, 6)  # on 0
    lap_roll(game, 4, 3)  # on 7, 19 spaces
    pass_others(game)
    assert roll_to(game, 3, 3)["at"] == 13, "past the lap's space: round again"
    act(game, 0, "land", at=13)
    assert not game.over and pub(game)["players"][0]["lap_steps"] == 25
    lap_roll(game, 4, 3)  # on 20, Bluff
    act(game, 0, "decline")
    lap_roll(game, 2, 2)  # on 0
    assert not game.over
    events = lap_roll(game, 6, 6)
    assert one(events, "game_won")["how"] == "lap" and pub(game)["players"][0]["position"] == 12


def test_no_lap_is_won_without_a_full_round():
    game = runner(9)
    events = lap_roll(game, 1, 2, at=12)
    assert "game_won" not in types(events) and one(events, "nothing_happens")["why"] == "lap"
    assert pub(game)["players"][0]["lap_steps"] == 3 and pub(game)["players"][0]["on_lap"]


def test_a_lost_lap_forgets_its_count():
    game = runner(9)
    banker(game, "move_casino", casino=6, to=2)
    me = pub(game)["players"][0]
    assert not me["on_lap"] and me["lap_from"] is None and me["lap_steps"] is None and me["position"] == 12


def test_a_lap_of_a_full_round_wins_and_the_game_restores():
    game = runner(9)
    twin = Game.from_json(game.to_json())
    assert twin.view(None) == game.view(None) and twin.legal_actions(0) == game.legal_actions(0)
    lap_roll(game, 6, 6)
    lap_roll(game, 6, 6)
    assert game.over and game.winner == 0


def test_a_game_on_a_board_verifies():
    plan = random.Random(7)
    game = Game.new(["A", "B", "C", "D"], settings=Settings(board=board()), seed="verify-board")
    while not game.over:
        game.apply(*pick_move(game, plan))
    state = json.loads(game.to_json())
    assert state["log"][0]["settings"]["board"] == board()
    assert verify(state) == (True, "ok")


def test_a_save_of_another_format_is_refused():
    state = json.loads(placed_game().to_json())
    state["format"] = 2  # before the client seeds
    with pytest.raises(ValueError, match="format"):
        Game.from_json(state)
