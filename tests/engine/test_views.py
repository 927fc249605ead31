"""Views: the public table view, each player's own cards, and no secret anywhere else."""

import hashlib
import json

from engine import BANKER, Game
from tests.engine.enginekit import (
    act,
    banker,
    card,
    dice,
    hand,
    new_game,
    one,
    pub,
    roll_and_land,
    script,
    set_casinos,
    set_hand,
    spin,
    turn_to,
)

PLAYER_FIELDS = {"seat", "name", "money", "casinos", "bluff_count", "out", "on_lap", "lap_combination"}
CASINO_FIELDS = {"id", "name", "colour", "symbol", "owner"}
VIEW_FIELDS = {
    "players",
    "pot",
    "bank",
    "casinos",
    "turn",
    "turn_number",
    "order",
    "phase",
    "waiting",
    "dice",
    "combination_size",
    "log",
    "log_start",
    "seed_hash",
    "seed",
    "over",
    "winner",
    "money_history",
}


def test_the_public_view_has_the_documented_fields():
    game = new_game()
    view = game.view(None)
    assert set(view) >= VIEW_FIELDS
    assert "you" not in view
    assert [p["seat"] for p in view["players"]] == [0, 1, 2]
    assert [p["name"] for p in view["players"]] == ["P0", "P1", "P2"]
    for player in view["players"]:
        assert set(player) >= PLAYER_FIELDS
        assert isinstance(player["bluff_count"], int) and player["lap_combination"] is None
    assert [c["id"] for c in view["casinos"]] == list(range(12))
    for casino in view["casinos"]:
        assert set(casino) >= CASINO_FIELDS
        assert casino["symbol"] in ("roulette", "dice", "cards")
    assert [(c["name"], c["colour"]) for c in view["casinos"][:4]] == [
        ("Montreal", "blue"),
        ("Las Vegas", "blue"),
        ("Atlantic City", "blue"),
        ("Cairo", "red"),
    ]
    assert view["turn"] == 0 and view["order"] == [0, 1, 2] and view["phase"] == "roll"
    assert view["waiting"]["seats"] == [0]
    assert view["dice"] is None and view["over"] is False and view["winner"] is None
    assert view["seed"] is None and view["seed_hash"] == hashlib.sha256(b"fixed").hexdigest()
    assert view["log_start"] + len(view["log"]) == len(game.log)
    assert view["log"] == game.log[view["log_start"] :]
    json.dumps(view)  # JSON-ready


def test_the_order_starts_with_the_current_player():
    game = new_game()
    roll_and_land(game, 0, space="bluff")
    act(game, 0, "decline")
    assert pub(game)["order"] == [1, 2, 0]


def test_an_unlimited_bank_shows_as_null():
    assert pub(new_game(bank_reserve=None))["bank"] is None
    assert pub(new_game())["bank"] == 20_000_000


def test_a_seats_view_adds_its_own_bluff_cards_only():
    game = new_game()
    ids = set_hand(game, 1, ["dice", "blank"])
    view = game.view(1)
    assert view["you"] == {
        "seat": 1,
        "bluff_cards": [{"id": ids[0], "symbol": "dice"}, {"id": ids[1], "symbol": "blank"}],
    }
    assert {k: v for k, v in view.items() if k != "you"} == game.view(None)
    assert game.view(2)["you"]["seat"] == 2
    assert all(c["id"] not in ids for c in game.view(2)["you"]["bluff_cards"])
    assert "you" not in game.view(BANKER)


def _relabelled(game, seat):
    """The same game with ``seat``'s cards showing other symbols and the pile in another order
    (saved and loaded)."""
    state = json.loads(game.to_json())
    core = state["core"]
    for held in core["players"][seat]["bluff"]:
        core["cards"][held] = {"blank": "dice", "dice": "cards", "cards": "roulette", "roulette": "blank"}[
            core["cards"][held]
        ]
    core["pile"] = core["pile"][::-1]
    return Game.from_json(json.dumps(state))


def _assert_secret(game, seat):
    other = _relabelled(game, seat)
    assert other.view(seat)["you"] != game.view(seat)["you"]
    assert other.view(None) == game.view(None)
    for s in game.seats:
        if s != seat:
            assert other.view(s) == game.view(s)


def test_no_view_but_the_owners_depends_on_a_hands_symbols_or_the_piles_order():
    game = new_game()
    set_hand(game, 0, ["roulette", "dice"])
    _assert_secret(game, 0)
    _assert_secret(game, 1)
    # with a card face down before the winner
    set_casinos(game, {1: [0]})
    roll_and_land(game, 0, space="casino", casino=0)
    script(game, spin(2))
    act(game, 0, "bet", game="colour", pick="red", amount=10_000)
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    assert pub(game)["phase"] == "bluff_response"
    _assert_secret(game, 0)


def _play_bluffs(deck):
    """One script of play with bluffing; only the bluff deck's make-up differs."""
    game = new_game(bluff_deck={deck: 24})
    set_casinos(game, {0: [3], 1: [0], 2: [6]})
    banker(game, "give_bluff", seat=0)
    roll_and_land(game, 0, space="casino", casino=0)
    script(game, spin(2))
    act(game, 0, "bet", game="colour", pick="red", amount=10_000)
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    script(game, spin(4))
    act(game, 1, "accept_bluff")
    act(game, 0, "accept_loss")
    roll_and_land(game, 1, space="bluff")
    act(game, 1, "buy_bluff")
    roll_and_land(game, 2, space="bluff")
    act(game, 2, "buy_bluff")
    banker(game, "take_bluff", seat=2)
    banker(game, "give_bluff", seat=2)
    banker(game, "give_bluff", seat=2)
    roll_and_land(game, 0, space="bluff")
    act(game, 0, "buy_bluff")
    roll_and_land(game, 1, space="bluff")
    act(game, 1, "decline")
    roll_and_land(game, 2, space="bluff")
    act(game, 2, "buy_bluff")
    act(game, 2, "return_bluff", card=hand(game, 2)[1]["id"])
    return game


def test_the_log_holds_no_card_id_or_symbol_of_a_hand():
    blank, dice_deck = _play_bluffs("blank"), _play_bluffs("dice")
    assert [c["symbol"] for c in hand(blank, 2)] == ["blank"] * 3
    assert [c["symbol"] for c in hand(dice_deck, 2)] == ["dice"] * 3
    strip = lambda log: [e for e in log if e["type"] != "game_started"]
    assert strip(blank.log) == strip(dice_deck.log)
    assert blank.view(1) == {**blank.view(None), "you": blank.view(1)["you"]}
    for event in blank.log:
        assert not {"card", "swap", "offered", "bluff_cards", "cards"} & set(event), event


def test_a_challenged_cards_symbol_becomes_public():
    game = new_game(bluff_deck={"cards": 24})
    set_casinos(game, {1: [0]})
    roll_and_land(game, 0, space="casino", casino=0)
    script(game, spin(2))
    act(game, 0, "bet", game="colour", pick="red", amount=10_000)
    act(game, 0, "offer_bluff", card=hand(game, 0)[0]["id"])
    events = act(game, 1, "challenge_bluff")
    assert one(events, "bluff_challenged")["symbol"] == "cards"
    assert one(pub(game)["log"], "bluff_challenged")["valid"] is False


def test_the_seed_is_revealed_only_when_the_game_is_over():
    game = new_game(4)
    set_casinos(game, {0: [1, 4, 7]})
    script(game, card("2", "hearts"))
    act(game, 0, "announce", combination=[1, 4, 7])
    assert pub(game)["seed"] is None
    assert all(e.get("seed") is None for e in game.log if e["type"] != "game_won")
    turn_to(game, 0)
    script(game, dice(1, 2))
    act(game, 0, "roll")
    act(game, 0, "claim_lap")
    banker(game, "confirm_lap")
    view = pub(game)
    assert view["seed"] == "fixed" and hashlib.sha256(view["seed"].encode()).hexdigest() == view["seed_hash"]
    assert view["money_history"] and view["money_history"][-1][1] == [p["money"] for p in view["players"]]
