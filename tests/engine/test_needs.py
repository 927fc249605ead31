"""'What do I still need?': every player's nearest winning combinations and the casinos that would
complete them, in the public view, counted from public state only.

The default box: casino ``i`` has the symbol ``(roulette, dice, cards)[i % 3]`` and the colour
``(blue, red, green, yellow)[i // 3]``.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import Game, Settings, SettingsError
from engine.needs import nearest
from engine.settings import DEFAULT_BOX, CasinoSpec
from tests.engine.enginekit import new_game, set_casinos
from tests.engine.randomplay import pick_move
from tests.engine.test_secrecy import other_hidden_state

SYMBOL_GROUPS = {"roulette": [0, 3, 6, 9], "dice": [1, 4, 7, 10], "cards": [2, 5, 8, 11]}
COLOUR_GROUPS = {"blue": [0, 1, 2], "red": [3, 4, 5], "green": [6, 7, 8], "yellow": [9, 10, 11]}


def needs(game: Game, seat: int) -> list[dict]:
    return game.view(None)["players"][seat]["needs"]


def test_the_box_groups_are_as_this_file_says():
    for symbol, ids in SYMBOL_GROUPS.items():
        assert [DEFAULT_BOX[i].symbol for i in ids] == [symbol] * 4
    for colour, ids in COLOUR_GROUPS.items():
        assert [DEFAULT_BOX[i].colour for i in ids] == [colour] * 3


@pytest.mark.parametrize("symbol", list(SYMBOL_GROUPS))
def test_three_players_need_four_of_one_symbol_and_no_colour_counts(symbol):
    game = new_game(3, first=None)
    ids = SYMBOL_GROUPS[symbol]
    set_casinos(game, {0: ids[:3]}, free_others=True)
    assert needs(game, 0)[0] == {
        "kind": "symbol",
        "of": symbol,
        "have": 3,
        "size": 4,
        "missing": 1,
        "casinos": [ids[3]],
    }
    assert all(n["kind"] == "symbol" and n["size"] == 4 for seat in range(3) for n in needs(game, seat))
    set_casinos(game, {0: ids})
    assert needs(game, 0)[0]["missing"] == 0 and needs(game, 0)[0]["casinos"] == []


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize(
    ("kind", "of"), [("symbol", s) for s in SYMBOL_GROUPS] + [("colour", c) for c in COLOUR_GROUPS]
)
def test_four_to_six_players_need_three_of_one_symbol_or_one_colour(players, kind, of):
    game = new_game(players, first=None)
    ids = (SYMBOL_GROUPS if kind == "symbol" else COLOUR_GROUPS)[of]
    set_casinos(game, {0: ids[:2]}, free_others=True)
    first = needs(game, 0)[0]
    assert first == {"kind": kind, "of": of, "have": 2, "size": 3, "missing": 1, "casinos": ids[2:]}
    assert all(n["missing"] == 2 for n in needs(game, 0)[1:])
    set_casinos(game, {0: ids[:3]})
    assert needs(game, 0)[0] == {"kind": kind, "of": of, "have": 3, "size": 3, "missing": 0, "casinos": ids[3:]}


def test_a_rivals_casinos_are_listed_and_the_players_own_are_not():
    """'1 more blue casino, or 2 dice casinos': Atlantic City (blue) is another player's and still
    completes the set (win it by ruining its owner)."""
    game = new_game(4, first=None)
    set_casinos(game, {0: [0, 1], 1: [2, 7]}, free_others=True)
    assert [(n["of"], n["missing"], n["casinos"]) for n in needs(game, 0)] == [
        ("blue", 1, [2]),
        ("roulette", 2, [3, 6, 9]),
        ("dice", 2, [4, 7, 10]),
    ]


def test_a_set_the_box_cannot_make_is_never_offered():
    """A family's box with only two pink casinos: no 'pink' set for four players; and a three-player
    table whose box has three of a symbol at most offers only the colour-less rule's other symbols."""
    box = list(DEFAULT_BOX)
    box[0] = CasinoSpec(name="Roze", colour="pink", symbol="roulette")
    box[1] = CasinoSpec(name="Roze 2", colour="pink", symbol="dice")
    game = new_game(4, first=None, box=tuple(box))
    set_casinos(game, {0: [0, 1]}, free_others=True)
    assert "pink" not in [n["of"] for n in needs(game, 0)]
    for size in ({"symbol": 4, "colour": None}, {"symbol": 3, "colour": 3}):
        listed = nearest(box[:9], [None] * 9, 0, size)
        assert all(n["size"] <= 3 or n["kind"] == "symbol" for n in listed)
        assert all(
            len([c for c in box[:9] if c.symbol == n["of"]]) >= n["size"] for n in listed if n["kind"] == "symbol"
        )
    assert nearest(box[:9], [None] * 9, 0, {"symbol": 4, "colour": None}) == []


def test_the_nearest_come_first_and_at_most_three():
    game = new_game(5, first=None)
    set_casinos(game, {0: [0, 1, 3]}, free_others=True)
    listed = needs(game, 0)
    assert [(n["of"], n["missing"]) for n in listed] == [("roulette", 1), ("blue", 1), ("dice", 2)]


def test_every_player_still_in_has_needs():
    game = new_game(6, first=None)
    view = game.view(None)
    assert all(p["needs"] and p["needs"][0]["missing"] <= 2 for p in view["players"])


def from_public_view(view: dict, seat: int) -> list[dict]:
    """The same count made from nothing but what the table screen receives."""
    box = [CasinoSpec(name=c["name"], colour=c["colour"], symbol=c["symbol"]) for c in view["casinos"]]
    owners = [c["owner"] for c in view["casinos"]]
    if view["players"][seat]["out"]:
        return []
    return nearest(box, owners, seat, view["combination_size"])


@pytest.mark.parametrize("seed", range(6))
def test_needs_depend_on_public_state_only(seed):
    """Two games alike in every public input and action but with other hidden draws (the bluff
    pile, where a turned card goes back; every challenge is accepted here, so no card is turned
    over) give the same needs at every step; and the needs are exactly what the public view alone
    yields."""
    plan = random.Random(seed)
    players = 3 + seed % 4
    names = [f"p{i}" for i in range(players)]
    args = {"settings": Settings(combination_by=plan.choice(["start", "playing"])), "seed": f"needs-{seed}"}
    game = Game.new(names, **args)
    with other_hidden_state():
        twin = Game.new(names, **args)
    assert (
        json.dumps(game.view(0)["you"]) != json.dumps(twin.view(0)["you"])
        or json.loads(game.to_json())["core"]["pile"] != json.loads(twin.to_json())["core"]["pile"]
    )
    changed = 0
    for _ in range(300):
        if game.over:
            break
        before = [p["needs"] for p in game.view(None)["players"]]
        seat, action = pick_move(game, plan, banker_rate=0.1)
        if action["type"] == "challenge_bluff":
            action = next(a for a in game.legal_actions(seat) if a["type"] == "accept_bluff")
        events, twin_events = game.apply(seat, action), twin.apply(seat, action)
        if [e.get("symbol") for e in events if e["type"] == "bluff_challenged"] != [
            e.get("symbol") for e in twin_events if e["type"] == "bluff_challenged"
        ]:
            break
        view = game.view(None)
        assert [p["needs"] for p in view["players"]] == [p["needs"] for p in twin.view(None)["players"]]
        for s in range(players):
            assert view["players"][s]["needs"] == from_public_view(view, s)
            assert game.view(s)["players"][s]["needs"] == view["players"][s]["needs"]
        changed += [p["needs"] for p in view["players"]] != before
    assert changed, "no step changed anybody's needs: the comparison saw nothing"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_short_game_asks_one_casino_fewer_and_the_needs_follow(players):
    """The weeknight's house rule: three of a symbol with three players, two of a symbol or of a
    colour with four to six; a player holding that many may announce Cash & Run."""
    game = new_game(players, combination="short")
    size = 3 if players == 3 else 2
    assert game.view(None)["combination_size"] == {"symbol": size, "colour": None if players == 3 else size}
    ids = SYMBOL_GROUPS["dice"][:size]
    set_casinos(game, {0: ids}, free_others=True)
    assert needs(game, 0)[0] == {
        "kind": "symbol",
        "of": "dice",
        "have": size,
        "size": size,
        "missing": 0,
        "casinos": SYMBOL_GROUPS["dice"][size:],
    }
    assert any(a["type"] == "announce" for a in game.legal_actions(0))
    box_game = new_game(players)
    set_casinos(box_game, {0: ids}, free_others=True)
    assert needs(box_game, 0)[0]["missing"] == 1
    assert not any(a["type"] == "announce" for a in box_game.legal_actions(0))


def test_the_short_game_setting_takes_only_its_two_values():
    with pytest.raises(SettingsError):
        Settings(combination="shorter").check_types()
    Settings(combination="short").validate(3)
