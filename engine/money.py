"""Debts: pay in cash what you can, auction casinos for the rest, or go bankrupt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import auction, lap
from .continuations import continue_with
from .vocabulary import Phase, Seat, Then

if TYPE_CHECKING:
    from .state import GameState


def charge(
    t: GameState, debtor: Seat, creditor: Seat, amount: int, why: str, then: Then, first: int | None = None
) -> None:
    """``debtor`` owes ``creditor``; a forced sale starts with ``first`` if the debtor owns it.
    What the debtor pays at once is ``paid`` for ``why``; what the auctions raise later, as ``debt``."""
    cash = min(t.player(debtor)["money"], amount)
    t.pay(debtor, creditor, cash, why)
    rest = amount - cash
    if rest == 0:
        continue_with(t, then)
        return
    t.core.debt = {"debtor": debtor, "creditor": creditor, "amount": rest, "first": first, "then": then}
    t.emit("debt", debtor=debtor, creditor=creditor, amount=rest)
    raise_money(t)


def need_cash(t: GameState, seat: Seat, amount: int, then: Then) -> None:
    """``seat`` must sell casinos until holding ``amount`` (a visitor without a stake)."""
    t.core.debt = {"debtor": seat, "creditor": None, "amount": amount, "first": None, "then": then}
    raise_money(t)


def raise_money(t: GameState) -> None:
    """Settle what the debtor can, then auction the next casino, or end in bankruptcy."""
    debt = t.core.debt
    assert debt is not None
    debtor, creditor = debt["debtor"], debt["creditor"]
    money = t.player(debtor)["money"]
    if creditor is None:
        if money >= debt["amount"]:
            debt["amount"] = 0
    else:
        paid = min(money, debt["amount"])
        t.pay(debtor, creditor, paid, "debt")
        debt["amount"] -= paid
    if debt["amount"] == 0:
        t.core.debt = None
        continue_with(t, debt["then"])
        return
    owned = t.casinos_of(debtor)
    if not owned:
        t.core.debt = None
        bankrupt(t, debtor, debt["amount"] if creditor is not None else 0)
        continue_with(t, debt["then"])
    elif debt["first"] in owned or len(owned) == 1:
        casino = debt["first"] if debt["first"] in owned else owned[0]
        debt["first"] = None
        auction.start(t, casino, debtor, forced=True)
    else:
        t.set_phase(Phase.SELL, seat=debtor)


def bankrupt(t: GameState, seat: Seat, cancelled: int) -> None:
    """Out of the game: the rest of the debt is cancelled, the bluff cards go under the pile."""
    player = t.player(seat)
    for card in list(player["bluff"]):
        t.bluff_to_pile(seat, card)
    player["out"] = True
    player["position"] = None
    t.end_lap(seat)
    t.emit("bankrupt", seat=seat, cancelled=cancelled)
    _check_last_player(t)
    if t.settings.combination_by == "playing" and not t.core.over:
        lap.recheck(t)


def _check_last_player(t: GameState) -> None:
    """The one player left in the game wins it."""
    seats = t.live_seats()
    if len(seats) == 1 and not t.core.over:
        lap.win(t, seats[0], "last_player")
