"""An opponent spins for a stake with the next link of its phone's hash chain; the deal waits for
the phones' start values; the check follows every link and opens every start value."""

from __future__ import annotations

import json
import random

import pytest

from engine import BANKER, Game, IllegalAction
from engine.fairness import Unfair, check, forfeits
from engine.rng import derive, key_of, seed_hash
from engine.verify import main as main_verify
from engine.verify import verify
from tests.engine.enginekit import (
    act,
    listed,
    one,
    phase,
    refused,
    roll_and_land,
    set_casinos,
    set_hand,
    set_money,
    turn_to,
)
from tests.engine.randomplay import PhoneChain, chains_for, pick_move

ROULETTE, DICE = 0, 1
CLIENTS = ["0123456789abcdef0123456789abcdef", None, "fedcba9876543210fedcba9876543210"]
STARTS = ["11111111111111111111111111111111", None, "33333333333333333333333333333333"]
COMMITS = [seed_hash(STARTS[0]), seed_hash("22222222222222222222222222222222"), seed_hash(STARTS[2])]


def phones(*seats: int) -> list[PhoneChain | None]:
    return [PhoneChain(f"{seat:064x}", 16) if seat in seats else None for seat in range(3)]


def chained(chains: list[PhoneChain | None], **settings) -> Game:
    game = Game.new(
        ["P0", "P1", "P2"],
        seed="spin-for-me",
        client_seeds=CLIENTS,
        start_commits=COMMITS,
        start_values=STARTS,
        chains=[c and c.head for c in chains],
    )
    turn_to(game, 0)
    return game


def bet_at_roulette(game: Game, owner: int = 1) -> list[dict]:
    """Seat 0 visits ``owner``'s roulette casino and bets red."""
    set_casinos(game, {0: [3], owner: [ROULETTE], 3 - owner: [5]})
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    return act(game, 0, "bet", game="colour", pick="red", amount=100_000)


def link_of(game: Game, chains: list[PhoneChain | None], seat: int) -> dict:
    """The seat's ``draw_for``: the link before the head its chain stood at when the draw began."""
    waiting = game.view(None)["waiting"]
    head = waiting["heads"][waiting["sides"].index(seat)]
    chain = chains[seat]
    assert chain is not None
    return {"type": "draw_for", "link": chain.before(head)}


def test_a_roulette_stake_takes_a_link_from_each_side_and_the_owner_spins():
    chains = phones(0, 1, 2)
    game = chained(chains)
    events = bet_at_roulette(game)
    assert [e["type"] for e in events] == ["bet"]  # nothing drawn yet
    waiting = game.view(None)["waiting"]
    assert phase(game) == "opponent_draw" and sorted(game.to_act()) == [0, 1]
    assert (waiting["spinner"], waiting["bettor"], waiting["other"], waiting["sides"]) == (1, 0, 1, [0, 1])
    assert game.legal_actions(1) == game.legal_actions(0) == [{"type": "draw_for", "link": {"hex": 64}}]
    assert game.legal_actions(2) == [] and game.legal_actions(BANKER) == []  # no correction while a draw waits
    assert refused(game, 1, {"type": "draw_for", "link": chains[1].head}).code == "bad_link"
    assert refused(game, 1, {"type": "draw_for", "link": chains[2].before(chains[2].head)}).code == "bad_link"
    assert refused(game, 1, {"type": "draw_for", "link": "ab"}).code == "malformed"
    assert refused(game, 2, {"type": "draw_for", "link": "a" * 64}).code == "not_your_turn"
    mine = link_of(game, chains, 0)
    assert game.apply(0, mine) == [] and game.to_act() == [1]
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"
    theirs = link_of(game, chains, 1)
    events = game.apply(1, theirs)
    key = key_of("spin-for-me", CLIENTS, STARTS)
    spins = [e for e in events if e["type"] == "spin"]
    for spin in spins:
        [[k, n, value]] = spin["draws"]
        assert spin["for"] == "duel" and spin["links"] == [[0, mine["link"]], [1, theirs["link"]]]
        assert value == derive(key, k, n, f"{mine['link']}:{theirs['link']}") == spin["number"]
    assert one(events, "game_result")["context"] == "casino"
    assert [p["chain"] for p in game.view(None)["players"]][:2] == [mine["link"], theirs["link"]]


def test_the_player_rolls_the_die_himself_and_the_owners_phone_gives_its_link_without_a_tap():
    game = chained(phones(0, 1, 2))
    set_casinos(game, {0: [3], 1: [DICE], 2: [5]})
    roll_and_land(game, 0, space="casino", casino=DICE)
    game.apply(0, {**listed(game, 0, "bet")[0], "amount": 100_000})
    waiting = game.view(None)["waiting"]
    assert (waiting["spinner"], waiting["sides"], waiting["symbol"]) == (0, [0, 1], "dice")


def test_a_seat_without_a_phone_gives_no_link_and_the_next_player_with_one_stands_in():
    game = chained(phones(0, 2))
    bet_at_roulette(game, owner=1)
    waiting = game.view(None)["waiting"]
    assert (waiting["spinner"], waiting["sides"]) == (2, [0, 2])


def test_with_no_side_with_a_phone_the_laptop_draws_at_once_and_says_so():
    game = chained(phones())
    events = bet_at_roulette(game)
    assert phase(game) != "opponent_draw"
    assert all(e["alone"] is True and "links" not in e for e in events if e["type"] == "spin")


def test_a_side_that_does_not_give_its_link_forfeits_and_only_the_host_says_so():
    chains = phones(0, 1, 2)
    game = chained(chains)
    bet_at_roulette(game)
    assert refused(game, 1, {"type": "draw_late"}).code == "banker_only"
    assert refused(game, BANKER, {"type": "draw_late", "x": 1}).code == "malformed"
    given = link_of(game, chains, 0)
    game.apply(0, given)
    draws = game.view(None)
    events = game.apply(BANKER, {"type": "draw_late"})
    forfeit = {"type": "forfeit", "seat": 1, "bettor": 0, "for": "duel", "links": [[0, given["link"]]]}
    assert one(events, "forfeit") == forfeit
    assert one(events, "game_result")["winner"] == 0 and not [e for e in events if e["type"] == "spin"]
    assert game.view(None)["phase"] != "opponent_draw" and draws["phase"] == "opponent_draw"
    assert refused(game, BANKER, {"type": "draw_late"}).code == "not_legal_now"


def test_a_bettor_that_does_not_give_its_link_loses_the_bet_without_a_bluff():
    chains = phones(0, 1, 2)
    game = chained(chains)
    set_money(game, 0, 1_000_000)
    bet_at_roulette(game)
    game.apply(1, link_of(game, chains, 1))
    events = game.apply(BANKER, {"type": "draw_late"})
    assert one(events, "forfeit")["seat"] == 0 and one(events, "game_result")["loser"] == 0
    assert phase(game) != "bluff_offer"


def test_the_pot_and_grand_slam_are_played_by_the_player_with_the_next_phone_as_the_other_side():
    chains = phones(0, 2)
    game = chained(chains)
    set_money(game, "pot", 300_000)
    roll_and_land(game, 0, space="win_pot", symbol="dice")
    game.apply(0, listed(game, 0, "play_pot")[0])
    waiting = game.view(None)["waiting"]
    assert phase(game) == "opponent_draw" and (waiting["spinner"], waiting["sides"]) == (0, [0, 2])
    game.apply(2, link_of(game, chains, 2))
    events = game.apply(BANKER, {"type": "draw_late"})
    assert one(events, "pot_game")["won"] is False
    turn_to(game, 1)
    roll_and_land(game, 1, space="grand_slam")
    act(game, 1, "try_slam")
    waiting = game.view(None)["waiting"]
    assert phase(game) == "opponent_draw" and (waiting["spinner"], waiting["bettor"], waiting["sides"]) == (
        None,
        1,
        [2],
    )
    events = game.apply(BANKER, {"type": "draw_late"})
    assert one(events, "grand_slam_step")["won"] is True  # the other side's phone gave nothing: the player wins


def test_a_new_phone_gives_its_seat_a_new_chain_which_no_undo_takes_back():
    chains = phones(0, 1, 2)
    game = chained(chains)
    other = PhoneChain("f" * 64, 8)
    assert refused(game, 1, {"type": "new_chain", "seat": 1, "head": other.head}).code == "banker_only"
    assert refused(game, BANKER, {"type": "new_chain", "seat": 1, "head": "xyz"}).code == "malformed"
    assert refused(game, BANKER, {"type": "new_chain", "seat": 7, "head": other.head}).code == "bad_choice"
    assert refused(game, BANKER, {"type": "new_chain", "seat": 1, "head": chains[2].head}).code == "chain_used"
    events = game.apply(BANKER, {"type": "new_chain", "seat": 1, "head": other.head})
    assert events == [{"type": "chain", "seat": 1, "head": other.head}]
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_phone"
    bet_at_roulette(game)
    assert refused(game, 1, {"type": "draw_for", "link": chains[1].before(chains[1].head)}).code == "bad_link"
    game.apply(1, {"type": "draw_for", "link": other.before(other.head)})


def test_a_chain_brought_while_a_draw_waits_serves_only_the_draws_after_it():
    """Attack 1: the owner claims his seat with a chain whose first link he chose; it is not used
    for the draw that waits, which still needs the lost phone's link (or forfeits)."""
    chains = phones(0, 1, 2)
    game = chained(chains)
    bet_at_roulette(game)
    game.apply(0, link_of(game, chains, 0))
    chosen = PhoneChain("e" * 64, 8)
    assert game.apply(BANKER, {"type": "new_chain", "seat": 1, "head": chosen.head}) == []
    assert refused(game, 1, {"type": "draw_for", "link": chosen.before(chosen.head)}).code == "bad_link"
    events = game.apply(BANKER, {"type": "draw_late"})
    assert [e["type"] for e in events][:3] == ["forfeit", "chain", "game_result"]
    assert one(events, "chain") == {"type": "chain", "seat": 1, "head": chosen.head}
    assert game.view(None)["players"][1]["chain"] == chosen.head


def test_a_start_value_must_open_its_commit():
    with pytest.raises(ValueError, match="start_values"):
        Game.new(["A", "B", "C"], start_commits=COMMITS, start_values=[STARTS[2], None, None])
    with pytest.raises(ValueError, match="start_values"):
        Game.new(["A", "B", "C"], start_values=STARTS)
    with pytest.raises(ValueError, match="chains"):
        Game.new(["A", "B", "C"], chains=["ab", None, None])


def test_the_deal_depends_on_every_start_value_so_nobody_knows_it_before_the_last_is_sent():
    """The laptop's owner knows the seed, the client seeds and the commits, not the values."""
    deals = set()
    for last in ("33333333333333333333333333333333", "44444444444444444444444444444444"):
        starts, commits = [STARTS[0], None, last], [COMMITS[0], None, seed_hash(last)]
        game = Game.new(["A", "B", "C"], seed="s", client_seeds=CLIENTS, start_commits=commits, start_values=starts)
        deals.add(json.dumps([e for e in game.log if e["type"] in ("dealt", "dice")]))
    assert len(deals) == 2


def finished(seed: int) -> dict:
    plan = random.Random(seed)
    chains = chains_for(plan, 4, phones=0.75)
    starts = [f"{plan.getrandbits(128):032x}" if c else None for c in chains]
    game = Game.new(
        list("ABCD"),
        seed=f"chained-{seed}",
        client_seeds=[None] * 4,
        start_commits=[s and seed_hash(s) for s in starts],
        start_values=starts,
        chains=[c and c.head for c in chains],
    )
    while not game.over:
        seat, action = pick_move(game, plan, banker_rate=0.03, chains=chains)
        if plan.random() < 0.1 and game.legal_actions(seat) and action["type"] == "draw_for":
            seat, action = BANKER, {"type": "draw_late"}
        try:
            game.apply(seat, action)
        except IllegalAction:
            continue
    return json.loads(game.to_json())


def test_a_game_with_spinners_checks_out_and_a_changed_link_or_start_value_does_not():
    state = finished(1)
    linked = [e for e in state["log"] if "links" in e]
    assert linked and forfeits(state)
    assert check(state) > 0 and verify(state) == (True, "ok")
    assert check(state, start_value=state["log"][0]["start_values"][0], seat=0)
    with pytest.raises(Unfair, match="own_start"):
        check(state, start_value="9" * 32, seat=0)
    event = linked[len(linked) // 2]
    event["links"][0][1] = seed_hash(event["links"][0][1])
    with pytest.raises(Unfair, match="chain"):
        check(state)
    state = finished(1)
    state["log"][0]["start_values"][0] = "9" * 32
    with pytest.raises(Unfair, match="start_values"):
        check(state)


def tampered(kind: str) -> dict:
    """A finished game's export with one of the three tamperings only a replay used to catch (in game
    6 two seats have no phone, so some draws are the laptop's alone)."""
    state = finished(6)
    log = state["log"]
    if kind == "tuck_n":
        tuck = next(e for e in log if e["type"] == "tuck")
        tuck["draws"][0][1] -= 1
    elif kind == "link_replaced":
        event = next(e for e in log if e.get("links") and e["type"] == "die")
        del event["links"]
        key = key_of(state["seed"], state["client_seeds"], state["start_values"])
        [[k, n, _]] = event["draws"]
        value = derive(key, k, n)  # the laptop's value alone, shown as it says
        event["draws"][0][2], event["value"] = value, value + 1
    else:
        event = next(e for e in log if e.get("alone"))
        del event["alone"]
    return state


@pytest.mark.parametrize("kind", ["tuck_n", "link_replaced", "alone_removed"])
def test_the_three_tamperings_fail_the_check_as_well_as_the_replay(kind):
    state = tampered(kind)
    with pytest.raises(Unfair) as failed:
        check(state)
    assert failed.value.code == ("shown" if kind == "tuck_n" else "chain")
    assert verify(state)[0] is False


def test_verify_takes_the_phones_start_value_as_the_page_does(tmp_path, capsys):
    state = finished(1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state))
    own = state["log"][0]["start_values"][0]
    assert main_verify([str(path), "--seat", "0", "--start-value", own]) == 0
    assert main_verify([str(path), "--seat", "0", "--start-value", "9" * 32]) == 1
    assert "own_start" in capsys.readouterr().out


def test_no_undo_of_continue_slam_or_accept_bluff_while_their_draw_waits():
    """Issue 47: the laptop may know the outcome once a link arrived; the action that began the
    draw (here Grand Slam's next step, and a replay after an accepted bluff) cannot be taken back."""
    chains = phones(0, 1, 2)
    game = chained(chains)
    for _ in range(40):  # Grand Slam until its first step is won
        roll_and_land(game, 0, space="grand_slam")
        act(game, 0, "try_slam")
        game.apply(1, link_of(game, chains, 1))
        game.apply(0, link_of(game, chains, 0))
        if phase(game) == "grand_slam_step":
            break
        turn_to(game, 0)
    act(game, 0, "continue_slam")
    assert phase(game) == "opponent_draw"
    game.apply(1, link_of(game, chains, 1))
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"
    assert game.legal_actions(BANKER) == []
    game = chained(chains := phones(0, 1, 2))
    set_hand(game, 0, ["roulette"])
    set_hand(game, 1, [])  # only the visitor can offer a card
    set_casinos(game, {0: [3], 1: [ROULETTE], 2: [5]})
    roll_and_land(game, 0, space="casino", casino=ROULETTE)
    for _ in range(40):  # bet until the visitor loses and may offer its card
        act(game, 0, "bet", game="colour", pick="red", amount=100_000)
        game.apply(0, link_of(game, chains, 0))
        game.apply(1, link_of(game, chains, 1))
        if phase(game) == "bluff_offer":
            break
        turn_to(game, 0)
        roll_and_land(game, 0, space="casino", casino=ROULETTE)
    assert phase(game) == "bluff_offer"
    act(game, 0, "offer_bluff", card=game.view(0)["you"]["bluff_cards"][0]["id"])
    act(game, 1, "accept_bluff")
    assert phase(game) == "opponent_draw"
    assert refused(game, BANKER, {"type": "undo"}).code in ("undo_random", "undo_hidden")
    assert game.legal_actions(BANKER) == []
