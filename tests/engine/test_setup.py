"""Set-up: players, starting money, bluff cards, casinos, and who starts."""

import pytest

from engine import Game, Settings
from tests.engine.enginekit import hand, new_game, of_type, pub


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_starts_with_money_one_bluff_card_and_two_casinos(players):
    game = new_game(players, first=None)
    view = pub(game)
    assert len(view["players"]) == players
    owned = []
    for seat, player in enumerate(view["players"]):
        assert player["money"] == 2_000_000
        assert player["bluff_count"] == 1
        assert len(hand(game, seat)) == 1
        assert len(player["casinos"]) == 2
        assert player["out"] is False and player["on_lap"] is False
        owned += player["casinos"]
        for casino in player["casinos"]:
            assert view["casinos"][casino]["owner"] == seat
    assert len(set(owned)) == 2 * players
    free = [c for c in view["casinos"] if c["owner"] is None]
    assert len(free) == 12 - 2 * players
    assert view["pot"] == 0
    assert view["bank"] == 20_000_000
    dealt = of_type(game.log, "dealt")
    assert [(e["seat"], e["casinos"], e["bluff_count"]) for e in dealt] == [
        (seat, sorted(view["players"][seat]["casinos"]), 1) for seat in range(players)
    ]


def test_one_casino_each_by_setting():
    game = new_game(4, first=None, starting_casinos=1)
    for player in pub(game)["players"]:
        assert len(player["casinos"]) == 1
        assert player["money"] == 2_000_000
    assert sum(c["owner"] is None for c in pub(game)["casinos"]) == 8


def test_the_deal_is_the_seeds_and_differs_between_seeds():
    deal = lambda seed: [p["casinos"] for p in pub(Game.new(["a", "b", "c"], seed=seed))["players"]]
    assert deal("one") == deal("one")
    assert any(deal("one") != deal(f"other-{i}") for i in range(5))


@pytest.mark.parametrize("players", [1, 2, 7, 8])
def test_fewer_than_three_or_more_than_six_players_are_refused(players):
    with pytest.raises(ValueError):
        Game.new([f"p{i}" for i in range(players)], settings=Settings(), seed="fixed")


def test_blank_names_are_refused():
    with pytest.raises(ValueError):
        Game.new(["a", " ", "c"], seed="fixed")


def _order_rounds(log):
    """The starting-order dice, split into rounds by the order_tie events."""
    rounds, current = [], []
    for event in log:
        if event["type"] == "dice":
            current.append(event)
        elif event["type"] == "order_tie":
            rounds.append((current, event["seats"]))
            current = []
        elif event["type"] == "first_player":
            rounds.append((current, None))
            return rounds, event["seat"]
    raise AssertionError("no first_player event")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_highest_two_dice_total_starts_and_tied_leaders_roll_again(players):
    ties_seen = 0
    for i in range(40):
        game = Game.new([f"p{s}" for s in range(players)], seed=f"tie-{i}")
        rounds, first = _order_rounds(game.log)
        rolling = list(range(players))
        for rolls, tied in rounds:
            assert [e["seat"] for e in rolls] == rolling
            assert all(len(e["values"]) == 2 and all(1 <= v <= 6 for v in e["values"]) for e in rolls)
            totals = {e["seat"]: sum(e["values"]) for e in rolls}
            best = max(totals.values())
            leaders = [s for s in rolling if totals[s] == best]
            if tied is None:
                assert leaders == [first]
            else:
                assert len(leaders) > 1 and tied == leaders
                ties_seen += 1
                rolling = leaders
        view = pub(game)
        assert view["turn"] == first and view["phase"] == "roll" and view["turn_number"] == 1
        assert game.to_act() == [first]
        assert view["order"][0] == first
    assert ties_seen, "no seed gave a tie: the roll-off was not exercised"


def test_a_roll_off_only_involves_the_tied_leaders():
    # seed "tie-12" with five players (no client seeds): seats 0 and 3 tie, the others sit out
    game = Game.new([f"p{s}" for s in range(5)], seed="tie-12")
    rounds, _ = _order_rounds(game.log)
    assert len(rounds) >= 2
    _first_rolls, tied = rounds[0]
    assert 4 not in tied
    assert [e["seat"] for e in rounds[1][0]] == tied


@pytest.mark.parametrize(
    "bad",
    [
        {"starting_casinos": 3},
        {"starting_casinos": 0},
        {"starting_money": 15_000},
        {"unit": 30_000},
        {"bluff_deck": {"blank": 2}},
        {"combination_by": "never"},
        {"everybody_ties": "split"},
    ],
)
def test_settings_that_cannot_work_are_refused(bad):
    with pytest.raises(ValueError):
        Game.new(["a", "b", "c"], settings=Settings(**bad), seed="fixed")
