"""An opponent spins for a stake with the next link of its phone's hash chain; the deal waits for
the phones' start values; the check follows every link and opens every start value."""

from __future__ import annotations

import json
import random

import pytest

from engine import BANKER, Game, IllegalAction
from engine.fairness import Unfair, alone_draws, check
from engine.rng import derive, key_of, seed_hash
from engine.verify import verify
from tests.engine.enginekit import act, listed, one, phase, refused, roll_and_land, set_casinos, set_money, turn_to
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


def test_the_owner_spins_for_the_visitors_stake_with_the_next_link_of_its_chain():
    chains = phones(0, 1, 2)
    game = chained(chains)
    events = bet_at_roulette(game)
    assert [e["type"] for e in events] == ["bet"]  # nothing drawn yet
    assert phase(game) == "opponent_draw" and game.to_act() == [1]
    waiting = game.view(None)["waiting"]
    assert waiting["spinner"] == 1 and waiting["bettor"] == 0 and waiting["symbol"] == "roulette"
    assert game.legal_actions(1) == [{"type": "draw_for", "link": {"hex": 64}}]
    assert game.legal_actions(0) == [] and {"type": "draw_alone"} not in game.legal_actions(BANKER)
    assert refused(game, 1, {"type": "draw_for", "link": chains[1].head}).code == "bad_link"
    assert refused(game, 1, {"type": "draw_for", "link": chains[2].before(chains[2].head)}).code == "bad_link"
    assert refused(game, 1, {"type": "draw_for", "link": "ab"}).code == "malformed"
    assert refused(game, 0, {"type": "draw_for", "link": chains[1].before(chains[1].head)}).code == "not_your_turn"
    link = chains[1].before(chains[1].head)
    events = game.apply(1, {"type": "draw_for", "link": link})
    spins = [e for e in events if e["type"] == "spin"]
    key = key_of("spin-for-me", CLIENTS, STARTS)
    for spin in spins:
        [[k, n, value]] = spin["draws"]
        assert spin["by"] == 1 and spin["link"] == link and "alone" not in spin
        assert value == derive(key, k, n, link) == spin["number"]
    assert one(events, "game_result")["context"] == "casino"
    assert game.view(None)["players"][1]["chain"] == link  # the next tap gives the link before it
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_random"


def test_a_seat_without_a_phone_never_spins_the_next_player_with_one_does():
    game = chained(phones(0, 2))
    bet_at_roulette(game, owner=1)
    assert game.to_act() == [2] and game.view(None)["waiting"]["spinner"] == 2


def test_with_no_opponent_with_a_phone_the_laptop_draws_at_once_and_says_so():
    game = chained(phones(0))
    events = bet_at_roulette(game)
    assert phase(game) != "opponent_draw"
    assert all(e["alone"] is True and "by" not in e for e in events if e["type"] == "spin")


def test_the_host_draws_alone_after_the_timeout_and_only_the_host():
    game = chained(phones(0, 1, 2))
    bet_at_roulette(game)
    assert refused(game, 1, {"type": "draw_alone"}).code == "banker_only"
    assert refused(game, BANKER, {"type": "draw_alone", "x": 1}).code == "malformed"
    events = game.apply(BANKER, {"type": "draw_alone"})
    assert all(e["alone"] is True for e in events if e["type"] == "spin")
    assert refused(game, BANKER, {"type": "draw_alone"}).code == "not_legal_now"


def test_the_pot_and_grand_slam_wait_for_the_next_player_with_a_phone():
    game = chained(phones(0, 2))
    set_money(game, "pot", 300_000)
    roll_and_land(game, 0, space="win_pot", symbol="dice")
    game.apply(0, listed(game, 0, "play_pot")[0])
    assert phase(game) == "opponent_draw" and game.view(None)["waiting"]["spinner"] == 2
    assert game.view(None)["waiting"]["symbol"] == "dice"
    game.apply(BANKER, {"type": "draw_alone"})
    turn_to(game, 1)
    roll_and_land(game, 1, space="grand_slam")
    act(game, 1, "try_slam")
    waiting = game.view(None)["waiting"]
    assert phase(game) == "opponent_draw" and (waiting["spinner"], waiting["bettor"]) == (2, 1)


def test_a_new_phone_gives_its_seat_a_new_chain_which_no_undo_takes_back():
    chains = phones(0, 1, 2)
    game = chained(chains)
    other = PhoneChain("f" * 64, 8)
    assert refused(game, 1, {"type": "new_chain", "seat": 1, "head": other.head}).code == "banker_only"
    assert refused(game, BANKER, {"type": "new_chain", "seat": 1, "head": "xyz"}).code == "malformed"
    assert refused(game, BANKER, {"type": "new_chain", "seat": 7, "head": other.head}).code == "bad_choice"
    events = game.apply(BANKER, {"type": "new_chain", "seat": 1, "head": other.head})
    assert events == [{"type": "chain", "seat": 1, "head": other.head}]
    assert refused(game, BANKER, {"type": "undo"}).code == "undo_phone"
    bet_at_roulette(game)
    assert refused(game, 1, {"type": "draw_for", "link": chains[1].before(chains[1].head)}).code == "bad_link"
    game.apply(1, {"type": "draw_for", "link": other.before(other.head)})


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
            seat, action = BANKER, {"type": "draw_alone"}
        try:
            game.apply(seat, action)
        except IllegalAction:
            continue
    return json.loads(game.to_json())


def test_a_game_with_spinners_checks_out_and_a_changed_link_or_start_value_does_not():
    state = finished(1)
    linked = [e for e in state["log"] if "link" in e]
    assert linked and alone_draws(state)
    assert check(state) > 0 and verify(state) == (True, "ok")
    assert check(state, start_value=state["log"][0]["start_values"][0], seat=0)
    with pytest.raises(Unfair, match="own_start"):
        check(state, start_value="9" * 32, seat=0)
    event = linked[len(linked) // 2]
    event["link"] = seed_hash(event["link"])
    with pytest.raises(Unfair, match="chain"):
        check(state)
    state = finished(1)
    state["log"][0]["start_values"][0] = "9" * 32
    with pytest.raises(Unfair, match="start_values"):
        check(state)
