"""The checks an action passes before ``Game.apply`` performs it: a real seat, a known type, the
banker's own actions only from the banker, and a match with one of the seat's legal actions. A
refusal is an ``IllegalAction`` that says the closest reason, and nothing has changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import legal
from .errors import IllegalAction
from .rng import is_hash
from .strict import same
from .vocabulary import BANKER, BLUFF_PRICE, BUY_BACK_FEE, CASINO_PRICE, REASON_LENGTH, Phase, Seat

if TYPE_CHECKING:
    from .state import GameState

Action = dict[str, Any]

HOST_ONLY = frozenset({"draw_late", "new_chain"})
"""The host's own actions as the banker: a side whose link did not come in time forfeits the draw
(``opponent.late``), a new phone's chain replaces a lost one's. Never listed, never from a screen."""
BANKER_TYPES = (
    frozenset({"close_auction", "transfer", "move_casino", "give_bluff", "take_bluff", "move_pawn", "undo"}) | HOST_ONLY
)


def check_seat(t: GameState, seat: Any) -> None:
    if type(seat) is not int or not (seat == BANKER or 0 <= seat < len(t.core.players)):
        raise IllegalAction("bad_seat", seat=seat if isinstance(seat, int | str) else None)


def action_type(action: Any, known: frozenset[str]) -> str:
    """The action's type, one of ``known``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed")
    if action["type"] not in known:
        raise IllegalAction("unknown_action", type=action["type"][:40])
    kind: str = action["type"]
    return kind


def check_legal(t: GameState, seat: Seat, action: Action, listed: list[Action]) -> None:
    """``action`` is an instance of one of ``listed``, the seat's legal actions now."""
    kind = action["type"]
    alike = [a for a in listed if a["type"] == kind]
    if not alike:
        if seat != BANKER and seat not in legal.to_act(t):
            raise IllegalAction("not_your_turn", seat=seat)
        raise _why_not(t, seat, action)
    if (
        kind == "buy"
        and isinstance(action.get("casino"), int)
        and 0 <= action["casino"] < len(t.core.owner)
        and t.core.owner[action["casino"]] is not None
    ):
        raise IllegalAction("not_for_sale", casino=action["casino"])
    if any(template == action and _compare(template, action) is None for template in alike):
        return  # the usual case, found without building an error for every other template
    problems = [_compare(template, action) for template in alike]
    if None in problems:
        return
    raise min((p for p in problems if p), key=lambda p: p[0])[1]


def check_host_only(t: GameState, action: Action) -> None:
    """``draw_late`` while the game waits for the sides' links; ``new_chain`` for a seat and a hash."""
    want = {"draw_late": {"type"}, "new_chain": {"type", "seat", "head"}}[action["type"]]
    if set(action) != want:
        raise IllegalAction("malformed", field=sorted(set(action) ^ want)[0][:40])
    if action["type"] == "draw_late" and t.core.phase != Phase.OPPONENT_DRAW:
        raise IllegalAction("not_legal_now", phase=str(t.core.phase))
    if action["type"] == "new_chain":
        if type(action["seat"]) is not int or not 0 <= action["seat"] < len(t.core.players):
            raise IllegalAction("bad_choice", field="seat")
        if not is_hash(action["head"]):
            raise IllegalAction("malformed", field="head")


def _why_not(t: GameState, seat: Seat, action: Action) -> IllegalAction:
    kind = action["type"]
    phase = t.core.phase
    if kind == "buy" and phase == Phase.BUY_CASINO:
        return IllegalAction("not_enough_money", needed=CASINO_PRICE)
    if kind == "buy_bluff" and phase == Phase.BUY_BLUFF and t.core.pile:
        return IllegalAction("not_enough_money", needed=BLUFF_PRICE)
    if kind == "buy_back" and phase == Phase.BUY_BACK:
        if not t.casinos_of(seat):
            return IllegalAction("needs_casino")
        return IllegalAction("not_enough_money", needed=BUY_BACK_FEE)
    return IllegalAction("not_legal_now", phase=str(phase))


def _compare(template: Action, action: Action) -> tuple[int, IllegalAction] | None:
    """None when ``action`` is an instance of the listed ``template``; otherwise the
    problem, ranked: 0 when every choice matched and only the amount or reason is wrong,
    1 for a choice that is not this template's, 2 for missing or extra fields."""
    if set(template) != set(action):
        return 2, IllegalAction("malformed", field=sorted(set(template) ^ set(action))[0][:40])
    for key, want in template.items():
        got = action[key]
        if isinstance(want, dict) and "step" in want:
            if type(got) is not int:
                return 0, IllegalAction("malformed", field=key)
            if not want["min"] <= got <= want["max"]:
                return 0, IllegalAction("amount_out_of_range", min=want["min"], max=want["max"])
            if (got - want["min"]) % want["step"]:
                return 0, IllegalAction("amount_off_step", step=want["step"])
        elif isinstance(want, dict) and "hex" in want:
            if not is_hash(got):
                return 0, IllegalAction("malformed", field=key)
        elif isinstance(want, dict) and "text" in want:
            if not isinstance(got, str) or not got.strip() or len(got) > want["text"]:
                return 0, IllegalAction("bad_reason", max=REASON_LENGTH)
        elif not same(got, want):
            return 1, IllegalAction("bad_choice", field=key)
    return None
