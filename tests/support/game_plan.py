"""The browser tests' scripted games, worked out on a local engine (``planner.Planner``).

``plan_game``, ``plan_phone_game`` and ``plan_board_game`` return a ``Planner`` whose ``steps``
the test plays; ``with_spins`` gives each step with the opponents' taps that follow it. The local
game starts with what the game's start holds of the phones (``started_fair``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import BANKER, Game, Settings
from tests.support.planner import Planner

if TYPE_CHECKING:
    from tests.engine.randomplay import PhoneChain

NAMES = ["Ann", "Bob", "Cas"]


Step = tuple[int, dict[str, Any], "str | None"]


def with_spins(steps: list[Step]) -> list[tuple[int, dict[str, Any], str | None, list[Step]]]:
    """Each step that is not an opponent's tap, with the taps that follow it (its stake's draws)."""
    out: list[tuple[int, dict[str, Any], str | None, list[Step]]] = []
    for step in steps:
        if step[1]["type"] == "draw_for":
            out[-1][3].append(step)
        else:
            out.append((*step, []))
    return out


def plan_board_game(
    seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain], turns: int = 3
) -> Planner:
    """With a board: the pawns placed, a few turns, then a lap that ends by itself and wins."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    while p.view["phase"] == "place_pawn":
        p.board_step()
    # The banker puts a knocked pawn on space 1 (the first space: `at` 0).
    move = next(a for a in p.legal(BANKER) if a["type"] == "move_pawn" and a["seat"] == 0)
    at = 0 if p.view["players"][0]["position"] != 0 else 1
    p.do(BANKER, dict(move, at=at, reason="Knocked over"), "pawn_moved")
    while p.view["turn_number"] < turns:
        p.board_step()
    runner = p.runner = p.until_turn_start(step=p.board_step)
    p.start_lap(runner, p.give_combination(runner), step=p.board_step)
    for _ in range(400):
        if p.game.over:
            break
        p.board_step()
    assert p.game.over and p.game.winner == runner, "the lap did not end by itself"
    p.steps[-1] = (*p.steps[-1][:2], "won")
    return p


def plan_game(seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain]) -> Planner:
    """The steps for the host's seed and what the phones added (``fair``: read from the game's
    start; ``chains``: their hash chains, from their local storage)."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    # 1. a casino bought
    seat = p.until_turn_start()
    p.do(seat, {"type": "roll"})
    free = next(c for c in p.view["casinos"] if c["owner"] is None)
    p.do(seat, p.find(seat, "land", space="casino", casino=free["id"]), "landed_free")
    p.do(seat, p.find(seat, "buy"), "bought")
    # 2. a casino game lost, a bluff accepted
    seat = p.until_turn_start()
    p.losing_visit(seat, "accept_bluff", "bluff_accepted")
    # 3. another lost, a bluff challenged
    seat = p.until_bluff_holder(6)
    # The banker deals one more card, so this player picks which card to lay down.
    p.do(BANKER, {"type": "give_bluff", "seat": seat, "reason": "Found under the board"}, "bluff_given")
    p.losing_visit(seat, "challenge_bluff", "bluff_challenged")
    # 4. an auction
    p.auction()
    # 5. a bankruptcy
    p.bankruptcy()
    # 6. a Cash & Run lap and the win
    p.lap_and_win()
    return p


def plan_phone_game(
    seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain], phone: int = 0
) -> Planner:
    """A lean game around one phone (the others play quiet turns): the phone rolls, lands on
    another's casino, loses its game and offers a bluff card, which the owner believes; it bids in
    an auction another player starts; then it runs the lap, claims it, the banker confirms, it wins.
    ``fair``: what the phones added at the start; ``chains``: their hash chains (the phone spins
    for the others' stakes)."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    for _ in range(8):
        p.until_turn_start(phone)
        try:
            p.losing_visit(phone, "accept_bluff", "bluff_accepted")
            break
        except AssertionError:  # no bet here loses: the turn goes on quietly
            p.filler_step()
    else:
        raise AssertionError("the phone never lost a casino game")
    for _ in range(20):
        seat = p.until_turn_start()
        own = p.find(seat, "auction") if seat != phone else None
        if own is not None:
            break
        p.filler_step()
    else:
        raise AssertionError("nobody else started an auction")
    p.do(seat, own, "auction_started")
    bid = p.find(phone, "bid")
    p.do(phone, dict(bid, amount=bid["amount"]["min"] + 50_000), "auction_bid")
    while p.view["phase"] == "auction":
        s = p.actor()
        p.do(s, {"type": "close_auction"} if s == BANKER else {"type": "pass_bid"})
    p.lap_and_win()
    assert p.runner == phone
    return p
