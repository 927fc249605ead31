"""Everybody Plays: each player draws; the highest is paid 500,000 by the bank, and the
lowest makes up what the bank lacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import flow, money
from .continuations import END_SPACE
from .randomisers import outcome, score
from .vocabulary import EVERYBODY_PRIZE, Phase, Seat, Symbol

if TYPE_CHECKING:
    from .state import GameState


def start(t: GameState, symbol: Symbol) -> None:
    _round(t, symbol, t.live_seats(), stage="top", first=None, winner=None)


def _round(
    t: GameState,
    symbol: Symbol,
    seats: list[Seat],
    stage: str,
    first: list[list[int]] | None,
    winner: Seat | None,
    shortfall: int = 0,
) -> None:
    t.emit("everybody_plays", symbol=symbol, seats=seats)
    t.set_phase(
        Phase.EVERYBODY_PLAYS,
        symbol=symbol,
        seats=seats,
        drawn=[],
        stage=stage,
        first=first,
        winner=winner,
        shortfall=shortfall,
    )


def to_draw(t: GameState) -> list[Seat]:
    pending = t.core.pending
    done = {seat for seat, _ in pending["drawn"]}
    return [s for s in pending["seats"] if s not in done]


def draw(t: GameState, seat: Seat) -> None:
    pending = t.core.pending
    result = outcome(t.rng, pending["symbol"], seat, t.events)
    pending["drawn"].append([seat, score(pending["symbol"], result)])
    if not to_draw(t):
        _resolve(t)


def _resolve(t: GameState) -> None:
    pending = t.core.pending
    symbol, scores = pending["symbol"], pending["drawn"]
    first = pending["first"] or scores
    if pending["stage"] == "top":
        best = max(s for _, s in scores)
        leaders = [seat for seat, s in scores if s == best]
        if len(leaders) > 1:
            if t.settings.everybody_ties == "replay":
                _round(t, symbol, leaders, "top", first, None)
                return
            t.emit("everybody_result", winner=None, lowest=None, scores=first)
            flow.end_space(t)
            return
        _pay_winner(t, symbol, leaders[0], first)
        return
    worst = min(s for _, s in scores)
    lowest = [seat for seat, s in scores if s == worst]
    if len(lowest) > 1:
        _round(t, symbol, lowest, "bottom", first, pending["winner"], pending["shortfall"])
        return
    _make_up(t, pending["winner"], lowest[0], first, pending["shortfall"])


def _pay_winner(t: GameState, symbol: Symbol, winner: Seat, first: list[list[int]]) -> None:
    """The bank pays what it can; if it is short, find the lowest score to pay the rest."""
    paid = EVERYBODY_PRIZE if t.can_bank_pay(EVERYBODY_PRIZE) else max(t.core.bank, 0)
    t.pay("bank", winner, paid, "everybody_plays")
    if paid == EVERYBODY_PRIZE:
        t.emit("everybody_result", winner=winner, lowest=None, scores=first)
        flow.end_space(t)
        return
    others = [[seat, s] for seat, s in first if seat != winner]
    worst = min(s for _, s in others)
    lowest = [seat for seat, s in others if s == worst]
    shortfall = EVERYBODY_PRIZE - paid
    if len(lowest) > 1:
        _round(t, symbol, lowest, "bottom", first, winner, shortfall)
    else:
        _make_up(t, winner, lowest[0], first, shortfall)


def _make_up(t: GameState, winner: Seat, lowest: Seat, first: list[list[int]], shortfall: int) -> None:
    t.emit("everybody_result", winner=winner, lowest=lowest, scores=first)
    money.charge(t, lowest, winner, shortfall, "everybody_plays", END_SPACE)
