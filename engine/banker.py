"""The banker's corrections: money, casinos and bluff cards moved by hand, each with a reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import auction
from .legal import lap_answers
from .vocabulary import MAX_BLUFF_CARDS, REASON_LENGTH, UNLIMITED_BANK_TRANSFER, Phase, Place, Seat

if TYPE_CHECKING:
    from .state import GameState

REASON = {"text": REASON_LENGTH}
_BLOCKED = {
    Phase.BET,
    Phase.AUCTION,
    Phase.SELL,
    Phase.BLUFF_OFFER,
    Phase.BLUFF_RESPONSE,
    Phase.RETURN_BLUFF,
    Phase.BUY_BACK_CLAIM,
    Phase.LAP_CLAIM,
    Phase.PLACE_PAWN,
    Phase.OPPONENT_DRAW,
    Phase.OVER,
}
"""While these settle, a correction could take money or a card the rules already count on (and
while a draw waits for the phones, the laptop may already know its outcome)."""


def corrections_allowed(t: GameState) -> bool:
    return t.core.phase not in _BLOCKED and t.core.debt is None


def legal(t: GameState) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    if t.core.phase == Phase.AUCTION:
        actions.append({"type": "close_auction"})
    if t.core.phase == Phase.LAP_CLAIM:
        actions += lap_answers()
    if not corrections_allowed(t):
        return actions
    seats = t.live_seats()
    places: list[Place] = ["bank", "pot", *seats]
    unit = t.settings.unit
    for source in places:
        most = UNLIMITED_BANK_TRANSFER if source == "bank" and t.bank_unlimited else t.balance(source)
        most -= most % unit
        if most < unit:
            continue
        for target in places:
            if target != source:
                actions.append(
                    {
                        "type": "transfer",
                        "from": source,
                        "to": target,
                        "amount": {"min": unit, "max": most, "step": unit},
                        "reason": REASON,
                    }
                )
    in_play = t.core.pending.get("casino")
    owners: list[Place] = ["bank", *seats]
    for casino, owner in enumerate(t.core.owner):
        if casino == in_play:
            continue
        for target in owners:
            if target != ("bank" if owner is None else owner):
                actions.append({"type": "move_casino", "casino": casino, "to": target, "reason": REASON})
    for seat in seats:
        hand = t.player(seat)["bluff"]
        if t.core.pile and len(hand) < MAX_BLUFF_CARDS:
            actions.append({"type": "give_bluff", "seat": seat, "reason": REASON})
        if hand:
            actions.append({"type": "take_bluff", "seat": seat, "reason": REASON})
    if t.settings.board is not None:
        last = len(t.settings.board["spaces"]) - 1
        actions += [
            {"type": "move_pawn", "seat": seat, "at": {"min": 0, "max": last, "step": 1}, "reason": REASON}
            for seat in seats
        ]
    return actions


def transfer(t: GameState, action: dict[str, Any]) -> None:
    t.emit(
        "correction",
        kind="transfer",
        reason=action["reason"],
        **{"from": action["from"], "to": action["to"], "amount": action["amount"]},
    )
    t.pay(action["from"], action["to"], action["amount"], "correction")


def move_casino(t: GameState, action: dict[str, Any]) -> None:
    target = action["to"]
    t.emit("correction", kind="move_casino", reason=action["reason"], casino=action["casino"], to=target)
    t.set_owner(action["casino"], None if target == "bank" else target, "correction")


def give_bluff(t: GameState, action: dict[str, Any]) -> None:
    t.emit("correction", kind="give_bluff", reason=action["reason"], seat=action["seat"])
    t.draw_bluff(action["seat"])


def take_bluff(t: GameState, action: dict[str, Any]) -> None:
    """The newest card of the hand goes under the pile, unseen."""
    seat: Seat = action["seat"]
    t.emit("correction", kind="take_bluff", reason=action["reason"], seat=seat)
    t.bluff_to_pile(seat, t.player(seat)["bluff"][-1])


def move_pawn(t: GameState, action: dict[str, Any]) -> None:
    """The pawn is put on that space. A lap's count of spaces moved stays as it is; a
    suggestion waiting to be confirmed follows the pawn (``board.suggestion``)."""
    seat: Seat = action["seat"]
    t.emit("correction", kind="move_pawn", reason=action["reason"], seat=seat, at=action["at"])
    t.player(seat)["position"] = action["at"]


def close_auction(t: GameState, action: dict[str, Any]) -> None:
    auction.close(t)
