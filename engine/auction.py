"""Auctions: bids from 100,000 up, the seller does not bid, a creditor bids with what
is owed to him, and the bank buys an unwanted casino for 50,000."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import money
from .continuations import TURN_START, continue_with
from .vocabulary import BANK_BUYS_FOR, MIN_BID, Phase, Seat

if TYPE_CHECKING:
    from .state import GameState


def start(t: GameState, casino: int, seller: Seat, forced: bool) -> None:
    creditor = t.core.debt["creditor"] if forced and t.core.debt else None
    t.set_phase(
        Phase.AUCTION, casino=casino, seller=seller, creditor=creditor, forced=forced, high=0, bidder=None, passed=[]
    )
    t.emit("auction_started", casino=casino, seller=seller, creditor=creditor, forced=forced)
    _close_if_done(t)


def min_bid(t: GameState) -> int:
    high: int = t.core.pending["high"]
    return max(MIN_BID, high + t.settings.unit)


def max_bid(t: GameState, seat: Seat) -> int:
    """A bidder's money, plus the debt owed to the creditor of a forced sale."""
    pending = t.core.pending
    credit = t.core.debt["amount"] if pending["forced"] and seat == pending["creditor"] and t.core.debt else 0
    return t.player(seat)["money"] + credit


def waiting(t: GameState) -> list[Seat]:
    """Bidders still in who could still outbid the highest bid."""
    pending = t.core.pending
    floor = min_bid(t)
    return [
        s
        for s in t.live_seats()
        if s != pending["seller"] and s != pending["bidder"] and s not in pending["passed"] and max_bid(t, s) >= floor
    ]


def bid(t: GameState, seat: Seat, amount: int) -> None:
    t.core.pending["high"] = amount
    t.core.pending["bidder"] = seat
    t.emit("bid", seat=seat, amount=amount)
    _close_if_done(t)


def pass_bid(t: GameState, seat: Seat) -> None:
    t.core.pending["passed"].append(seat)
    t.emit("bid_passed", seat=seat)
    _close_if_done(t)


def _close_if_done(t: GameState) -> None:
    if not waiting(t):
        close(t)


def close(t: GameState) -> None:
    """Sell to the highest bidder, or to the bank; then pay the debt or go on with the turn."""
    pending = t.core.pending
    casino, seller, buyer, price = pending["casino"], pending["seller"], pending["bidder"], pending["high"]
    if buyer is None:
        price = BANK_BUYS_FOR if t.can_bank_pay(BANK_BUYS_FOR) else max(t.core.bank, 0)
        t.emit("auction_closed", casino=casino, buyer="bank", price=price, credit=0)
        t.pay("bank", seller, price, "auction")
        t.set_owner(casino, None, "auction")
    else:
        credit = 0
        if pending["forced"] and buyer == pending["creditor"] and t.core.debt:
            credit = min(price, t.core.debt["amount"])
            t.core.debt["amount"] -= credit
        t.emit("auction_closed", casino=casino, buyer=buyer, price=price, credit=credit)
        t.pay(buyer, seller, price - credit, "auction")
        t.set_owner(casino, buyer, "auction")
    if pending["forced"]:
        money.raise_money(t)
    else:
        continue_with(t, TURN_START)
