"""Random games on random boards, with the banker correcting and undoing: the suggested space
is always where the dice count leads, and a lap is won by the count alone.

The test follows every pawn and lap from the events only (its own bookkeeping, undone with
the game) and works the expectation out itself, never by asking the engine's own rule.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BANKER, Game, Settings
from tests.engine.randomplay import concrete, random_board

STEPS = 1000
Pawn = list[Any]
"""``[position, lap_from, lap_steps]`` of one seat."""


class Pawns:
    """Every placed pawn's space and lap, from the events; one state per applied action."""

    def __init__(self) -> None:
        self.states: list[dict[int, Pawn]] = [{}]

    @property
    def now(self) -> dict[int, Pawn]:
        return self.states[-1]

    def observe(self, before: dict, action: dict, events: list[dict]) -> None:
        if action["type"] == "undo":
            self.states.pop()
            return
        pawns = {seat: list(pawn) for seat, pawn in self.now.items()}
        total = sum(before["dice"] or ())
        for event in events:
            kind, seat = event["type"], event.get("seat")
            if kind == "pawn_moved" and event["why"] == "start":
                pawns[seat] = [event["at"], None, None]
            elif kind == "lap_started":
                pawns[seat][1:] = [pawns[seat][0], 0]
            elif kind == "pawn_moved":
                pawns[seat] = [event["at"], event["at"], 0]
            elif kind == "landed":
                if pawns[seat][2] is not None:
                    pawns[seat][2] += total
                pawns[seat][0] = event["at"]
            elif kind == "correction" and event["kind"] == "move_pawn":
                pawns[seat][0] = event["at"]
            elif kind == "lap_lost":
                pawns[seat][1:] = [None, None]
            elif kind == "bankrupt":
                pawns[seat] = [None, None, None]
        self.states.append(pawns)


def ends_lap(pawn: Pawn, total: int, size: int, mode: str) -> bool:
    if pawn[2] is None:
        return False
    count = pawn[2] + total
    return count >= size and (mode == "reach" or count % size == 0)


def dice_space(pawn: Pawn, total: int, size: int, mode: str) -> int:
    return pawn[1] if ends_lap(pawn, total, size, mode) else (pawn[0] + total) % size


def combination_moves(game: Game, plan: random.Random) -> list[dict]:
    """The corrections that give one seat all four casinos of one symbol, so that laps start often."""
    seat = plan.choice(list(game.seats))
    symbol = plan.choice(["roulette", "dice", "cards"])
    return [
        {"type": "move_casino", "casino": c["id"], "to": seat, "reason": "arranged"}
        for c in game.view(None)["casinos"]
        if c["symbol"] == symbol and c["owner"] != seat
    ]


def pick(game: Game, plan: random.Random) -> tuple[int, dict]:
    """Now and then the banker (more often while the game waits for a landing), each kind of
    correction as likely as the others; an announcement when one is offered; a landing on
    the suggested space half the time."""
    if plan.random() < (0.2 if game.view(None)["phase"] == "land" else 0.05):
        corrections = [a for a in game.legal_actions(BANKER) if a["type"] not in ("confirm_lap", "reject_lap")]
        if corrections:
            kind = plan.choice(sorted({a["type"] for a in corrections}))
            return BANKER, concrete(plan.choice([a for a in corrections if a["type"] == kind]), plan)
    seat = plan.choice(game.to_act())
    actions = game.legal_actions(seat)
    announce = [a for a in actions if a["type"] == "announce"]
    if announce and plan.random() < 0.7:
        return seat, concrete(plan.choice(announce), plan)
    if actions[0]["type"] == "land" and plan.random() < 0.5:
        return seat, actions[0]
    return seat, concrete(plan.choice(actions), plan)


def check_landing(before: dict, pawn: Pawn, events: list[dict], size: int, mode: str) -> None:
    """A landing after a roll: ``dice_at`` only off the dice's space; a win exactly when the count ends the lap."""
    total = sum(before["dice"])
    expected = dice_space(pawn, total, size, mode)
    landed = next(e for e in events if e["type"] == "landed")
    assert landed.get("dice_at", landed["at"]) == expected
    assert "dice_at" not in landed or landed["at"] != expected
    won = any(e["type"] == "game_won" and e["how"] == "lap" for e in events)
    assert won == ends_lap(pawn, total, size, mode), (pawn, total, size, mode)


def check_suggestion(game: Game, pawns: dict[int, Pawn], spaces: list[dict], mode: str) -> None:
    view = game.view(None)
    for seat, pawn in pawns.items():
        player = view["players"][seat]
        assert [player["position"], player["lap_from"], player["lap_steps"]] == pawn, (seat, pawn)
    if view["phase"] != "land":
        return
    turn = view["turn"]
    at = dice_space(pawns[turn], sum(view["dice"]), len(spaces), mode)
    assert view["waiting"]["suggested"] == {**spaces[at], "at": at}
    assert game.legal_actions(turn)[0] == {"type": "land", **spaces[at], "at": at}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), mode=st.sampled_from(["reach", "exact"]))
def test_the_suggestion_is_where_the_dice_count_leads_after_every_action(seed: int, players: int, mode: str) -> None:
    plan = random.Random(seed)
    board = random_board(plan, 12)
    spaces, size = board["spaces"], len(board["spaces"])
    rules = Settings(board=board, lap_end=mode, nearest_tie=plan.choice(("ahead", "behind")))
    game = Game.new([f"P{i}" for i in range(players)], settings=rules, seed=f"suggest-{seed}")
    pawns = Pawns()
    arranged = False
    for _ in range(STEPS):
        if game.over:
            break
        before = game.view(None)
        if before["phase"] == "roll" and not arranged:
            arranged = True
            for correction in combination_moves(game, plan):
                pawns.observe(before, correction, game.apply(BANKER, correction))
            continue
        seat, action = pick(game, plan)
        events = game.apply(seat, action)
        if before["phase"] == "land" and action["type"] == "land":
            check_landing(before, pawns.now[seat], events, size, mode)
        pawns.observe(before, action, events)
        if not game.over:
            check_suggestion(game, pawns.now, spaces, mode)
