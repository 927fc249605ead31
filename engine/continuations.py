"""What a turn goes on with once a debt or an auction is settled.

A debt (``money``) keeps its continuation, a ``Then``, in the game's state until the forced
sales have paid it. Going on needs only the turn steps of ``flow``, never the rule that made
the debt, so the one loop left among the rules' modules is their own: a debt starts a forced
sale (``auction``), whose close returns to the debt (``money.raise_money``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .flow import end_space, next_turn
from .vocabulary import Phase, Then

if TYPE_CHECKING:
    from .state import GameState

END_SPACE: Then = {"step": "end_space"}
TURN_START: Then = {"step": "turn_start"}


def bet(casino: int) -> Then:
    """The visitor of ``casino`` sells casinos for a stake first, then bets."""
    return {"step": "bet", "casino": casino}


def wait_for_bet(t: GameState, casino: int) -> None:
    """The visitor holds a stake: the game waits for the bet in ``casino``."""
    t.set_phase(Phase.BET, casino=casino, owner=t.core.owner[casino])


def continue_with(t: GameState, then: Then) -> None:
    """Go on with the turn once a debt or an auction is settled. A ``bet`` goes on only with the
    stake in hand: ``money.need_cash`` settles once the visitor holds it, or ends in bankruptcy."""
    if t.core.over:
        return
    if t.player(t.core.turn)["out"]:
        next_turn(t)
    elif then["step"] == "turn_start":
        t.set_phase(Phase.ROLL, start=True)
    elif then["step"] == "bet":
        wait_for_bet(t, then["casino"])
    else:
        end_space(t)
