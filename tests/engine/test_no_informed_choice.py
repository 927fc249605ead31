"""No informed choice (issue 47): the laptop's owner knows the key and may hold any one phone. At
each stake's draw of random games, with the owner at every seat, every option he has (give his
link, stay silent past the timeout, bring a chain he chose, undo, correct) reaches the outcome of
giving his link, or a forfeit that is bad for him; a seat that is not a side of the draw reaches
nothing else at all. The other phones are honest: each gives its link as the draw begins."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BANKER, Game, IllegalAction
from engine.rng import seed_hash
from tests.engine.randomplay import PhoneChain, chains_for, pick_move
from tests.support.phonefair import link_for

RESULTS = ("game_result", "pot_game", "grand_slam_step")


def result(events: list[dict[str, Any]]) -> tuple[Any, ...]:
    """What the draw decided: who won the duel, or whether the player won the pot or the step."""
    event = next(e for e in events if e["type"] in RESULTS)
    return (event["type"], event.get("winner"), event.get("won"))


def good_for(seat: int, waiting: dict[str, Any], decided: tuple[Any, ...]) -> bool:
    """Whether the result is good for ``seat``: it won the duel, it played and won, or it was the
    other side of a pot's game or Grand Slam step the player lost."""
    kind, winner, won = decided
    if kind == "game_result":
        return bool(winner == seat)
    return bool(won == (waiting["bettor"] == seat))


def others_give(game: Game, chains: dict[int, PhoneChain], owner: int | None) -> list[dict[str, Any]]:
    """The honest sides give their links (every side but ``owner``); the events."""
    events: list[dict[str, Any]] = []
    honest = {s: c for s, c in chains.items() if s != owner}
    while (tap := link_for(game.view(None), honest)) is not None:
        events += game.apply(*tap)
    return events


def copy_of(game: Game) -> Game:
    return Game.from_json(game.to_json())


def options(game: Game, chains: dict[int, PhoneChain], owner: int) -> set[tuple[Any, ...]]:
    """Every result the owner at seat ``owner`` reaches from this waiting draw, each option on a
    copy; asserts on the way that undo and corrections are refused and a chosen chain's link too."""
    waiting = game.view(None)["waiting"]
    assert game.legal_actions(BANKER) == []  # no correction and no undo while a draw waits
    try:
        copy_of(game).apply(BANKER, {"type": "undo"})
        raise AssertionError("an undo while a draw waits")
    except IllegalAction as error:
        assert error.code in ("undo_random", "undo_hidden", "undo_phone", "nothing_to_undo")
    reached = set()
    side = owner in waiting["sides"]
    mine = chains[owner].before(waiting["heads"][waiting["sides"].index(owner)]) if side else None
    # Give the link, first or last.
    for first in (True, False):
        copy = copy_of(game)
        events = copy.apply(owner, {"type": "draw_for", "link": mine}) if side and first else []
        events += others_give(copy, chains, owner)
        if side and not first:
            events += copy.apply(owner, {"type": "draw_for", "link": mine})
        if copy.view(None)["phase"] == "opponent_draw":
            events += copy.apply(BANKER, {"type": "draw_late"})
        reached.add(result(events))
    # Stay silent past the timeout.
    copy = copy_of(game)
    events = others_give(copy, chains, owner)
    if copy.view(None)["phase"] == "opponent_draw":
        events += copy.apply(BANKER, {"type": "draw_late"})
    reached.add(result(events))
    # Bring a chain he chose (a claim of his seat), then give its first link, or the old one.
    chosen = PhoneChain(seed_hash(f"chosen-{owner}-{game.view(None)['turn_number']}"), 4)
    for give_old in (False, True):
        copy = copy_of(game)
        copy.apply(BANKER, {"type": "new_chain", "seat": owner, "head": chosen.head})
        events = others_give(copy, chains, owner)
        if side and copy.view(None)["phase"] == "opponent_draw":
            try:
                events += copy.apply(
                    owner, {"type": "draw_for", "link": mine if give_old else chosen.before(chosen.head)}
                )
                assert give_old, "a chosen chain's link served a draw that began before it"
            except IllegalAction as error:
                assert error.code == "bad_link" and not give_old
        if copy.view(None)["phase"] == "opponent_draw":
            events += copy.apply(BANKER, {"type": "draw_late"})
        reached.add(result(events))
    return reached


def honest(game: Game, chains: dict[int, PhoneChain]) -> tuple[Any, ...]:
    copy = copy_of(game)
    events = others_give(copy, chains, None)
    return result(events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), seats=st.integers(3, 5))
def test_at_every_waiting_draw_the_owner_at_any_seat_has_no_better_outcome_to_choose(seed: int, seats: int) -> None:
    rnd = random.Random(seed)
    phone_chains = chains_for(rnd, seats, phones=0.85)
    chains = {s: c for s, c in enumerate(phone_chains) if c is not None}
    starts = [f"{rnd.getrandbits(128):032x}" if c else None for c in phone_chains]
    game = Game.new(
        [f"P{s}" for s in range(seats)],
        seed=f"owner-{seed}",
        client_seeds=[f"{rnd.getrandbits(128):032x}" if c else None for c in phone_chains],
        start_commits=[v and seed_hash(v) for v in starts],
        start_values=starts,
        chains=[c and c.head for c in phone_chains],
    )
    checked = 0
    for _ in range(3000):
        if game.over or checked >= 4:
            break
        view = game.view(None)
        if view["phase"] == "opponent_draw":
            waiting = view["waiting"]
            fair = honest(game, chains)
            for owner in range(seats):
                if owner not in chains:
                    continue
                reached = options(game, chains, owner)
                assert fair in reached
                if owner not in waiting["sides"]:
                    assert reached == {fair}, f"seat {owner}, no side, reached {reached}"
                    continue
                assert len(reached) <= 2, reached
                for other in reached - {fair}:
                    assert not good_for(owner, waiting, other), f"seat {owner} reached a better {other}"
            checked += 1
            others_give(game, chains, None)
            continue
        seat, action = pick_move(game, rnd, banker_rate=0.02, chains=phone_chains)
        try:
            game.apply(seat, action)
        except IllegalAction:
            continue
