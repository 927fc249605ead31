"""Who the game waits for, and every action each seat may take now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import auction, board, everybody, lap, opponent
from .bets import BUY_BACK_GAME, CASINO_GAMES, WIN_POT_GAME, bet_fields, picks
from .vocabulary import BANKER, BLUFF_PRICE, BUY_BACK_FEE, CASINO_PRICE, GRAND_SLAM_LADDER, SYMBOLS, Phase, Seat, Space

if TYPE_CHECKING:
    from .state import GameState

Action = dict[str, Any]


def to_act(t: GameState) -> list[Seat]:
    phase, pending = t.core.phase, t.core.pending
    if phase == Phase.OVER:
        return []
    if phase == Phase.AUCTION:
        return auction.waiting(t)
    if phase == Phase.EVERYBODY_PLAYS:
        return everybody.to_draw(t)
    if phase == Phase.BLUFF_OFFER:
        return [pending["loser"]]
    if phase == Phase.BLUFF_RESPONSE:
        return [pending["winner"]]
    if phase in (Phase.BUY_BACK_CLAIM, Phase.SELL):
        return [pending["seat"]]
    if phase == Phase.LAP_CLAIM:
        return lap.confirmers(t) or [BANKER]
    if phase == Phase.PLACE_PAWN:
        return [s for s in t.live_seats() if t.player(s)["position"] is None]
    if phase == Phase.OPPONENT_DRAW:
        return opponent.owing(t)
    return [t.core.turn]


def lap_answers() -> list[Action]:
    """What the banker (and, by setting, the other players) may answer to a runner's claim."""
    return [{"type": "confirm_lap"}, {"type": "reject_lap"}]


def land_actions(t: GameState, with_cash_and_run: bool) -> list[Action]:
    """One ``land`` per space of the board, the suggested one first; without a board, one per
    space kind and per casino."""
    if t.settings.board is not None:
        suggested = board.suggestion(t)
        return board.land_actions(t, suggested["at"] if suggested else None, with_cash_and_run)
    actions: list[Action] = [{"type": "land", "space": Space.CASH_AND_RUN.value}] if with_cash_and_run else []
    actions += [{"type": "land", "space": Space.CASINO.value, "casino": c} for c in range(len(t.core.owner))]
    actions.append({"type": "land", "space": Space.BLUFF.value})
    actions += [{"type": "land", "space": Space.WIN_POT.value, "symbol": s} for s in SYMBOLS]
    actions += [{"type": "land", "space": Space.EVERYBODY_PLAYS.value, "symbol": s} for s in SYMBOLS]
    actions.append({"type": "land", "space": Space.GRAND_SLAM.value})
    actions += [{"type": "land", "space": Space.BUY_BACK.value, "symbol": s} for s in SYMBOLS]
    return actions


def _amount(low: int, high: int, step: int) -> dict[str, int]:
    return {"min": low, "max": high - high % step, "step": step}


def _roll(t: GameState, seat: Seat) -> list[Action]:
    actions: list[Action] = [{"type": "roll"}]
    if not t.core.pending.get("start"):
        return actions
    player = t.player(seat)
    if player["lap"] is None:
        actions += [{"type": "announce", "combination": c} for c in lap.combinations_of(t, seat)]
    if player["lap"] is None or player["money"] == 0:
        actions += [{"type": "auction", "casino": c} for c in t.casinos_of(seat)]
    return actions


def _bet(t: GameState, seat: Seat) -> list[Action]:
    money = t.player(seat)["money"]
    unit = t.settings.unit
    symbol = t.settings.box[t.core.pending["casino"]].symbol
    return [
        {"type": "bet", **bet_fields(game, pick), "amount": _amount(unit, money, unit)}
        for game in CASINO_GAMES[symbol]
        for pick in picks(game)
    ]


def _buy_bluff(t: GameState, seat: Seat) -> list[Action]:
    buy = [{"type": "buy_bluff"}] if t.player(seat)["money"] >= BLUFF_PRICE and t.core.pile else []
    return [*buy, {"type": "decline"}]


def _buy_back(t: GameState, seat: Seat) -> list[Action]:
    actions: list[Action] = []
    if t.casinos_of(seat) and t.player(seat)["money"] >= BUY_BACK_FEE:
        game = BUY_BACK_GAME[t.core.pending["symbol"]]
        for casino, owner in enumerate(t.core.owner):
            if owner is not None and owner != seat:
                actions += [{"type": "buy_back", "casino": casino, **bet_fields(game, pick)} for pick in picks(game)]
    return [*actions, {"type": "decline"}]


def _auction(t: GameState, seat: Seat) -> list[Action]:
    low, high = auction.min_bid(t), auction.max_bid(t, seat)
    bids = [{"type": "bid", "amount": _amount(low, high, t.settings.unit)}] if high >= low else []
    return [*bids, {"type": "pass_bid"}]


def for_seat(t: GameState, seat: Seat) -> list[Action]:
    """The actions of a player the game waits for (empty for anyone else)."""
    if seat not in to_act(t):
        return []
    phase, pending, player = t.core.phase, t.core.pending, t.player(seat)
    if phase == Phase.ROLL:
        return _roll(t, seat)
    if phase == Phase.LAND:
        claim = [{"type": "claim_lap"}] if player["lap"] is not None and t.settings.board is None else []
        return land_actions(t, True) + claim
    if phase == Phase.CHOOSE_SPACE:
        return land_actions(t, False)
    if phase == Phase.BUY_CASINO:
        free = t.core.owner[pending["casino"]] is None
        buy = [{"type": "buy", "casino": pending["casino"]}] if free and player["money"] >= CASINO_PRICE else []
        return [*buy, {"type": "decline"}]
    if phase == Phase.BET:
        return _bet(t, seat)
    if phase == Phase.BLUFF_OFFER:
        return [{"type": "offer_bluff", "card": c} for c in player["bluff"]] + [{"type": "accept_loss"}]
    if phase == Phase.BLUFF_RESPONSE:
        return [{"type": "accept_bluff"}, {"type": "challenge_bluff"}]
    if phase == Phase.BUY_BLUFF:
        return _buy_bluff(t, seat)
    if phase == Phase.RETURN_BLUFF:
        return [{"type": "return_bluff", "card": c} for c in player["bluff"]]
    if phase == Phase.LAP_CLAIM:
        return lap_answers()
    if phase == Phase.PLACE_PAWN:
        return [{"type": "place_pawn", "casino": c} for c in t.casinos_of(seat)]
    if phase == Phase.OPPONENT_DRAW:
        return [{"type": "draw_for", "link": {"hex": 64}}] if seat in opponent.owing(t) else []
    if phase == Phase.WIN_POT:
        game = WIN_POT_GAME[pending["symbol"]]
        return [{"type": "play_pot", **bet_fields(game, pick)} for pick in picks(game)]
    if phase == Phase.EVERYBODY_PLAYS:
        return [{"type": "draw"}]
    if phase == Phase.GRAND_SLAM:
        ladder = [{"type": "try_slam"}] if t.can_bank_pay(GRAND_SLAM_LADDER[0]) else []
        return [{"type": "collect"}, *ladder]
    if phase == Phase.GRAND_SLAM_STEP:
        step = pending["step"]
        more = [{"type": "continue_slam"}] if t.can_bank_pay(GRAND_SLAM_LADDER[step]) else []
        return [{"type": "stop_slam"}, *more]
    if phase == Phase.BUY_BACK:
        return _buy_back(t, seat)
    if phase == Phase.BUY_BACK_CLAIM:
        return [{"type": "take_casino", "casino": c} for c in t.casinos_of(pending["source"])]
    if phase == Phase.SELL:
        return [{"type": "sell", "casino": c} for c in t.casinos_of(seat)]
    return _auction(t, seat)
