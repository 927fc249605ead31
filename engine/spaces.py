"""Landing on a space, and the spaces a player settles alone: a free casino, Bluff,
Win the Pot and Grand Slam."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import board, duel, everybody, flow, lap, opponent
from .bets import Pick, wins
from .vocabulary import (
    BLUFF_PRICE,
    CASINO_PRICE,
    GRAND_SLAM_COLLECT,
    GRAND_SLAM_LADDER,
    MAX_BLUFF_CARDS,
    Phase,
    Seat,
    Space,
    Symbol,
)

if TYPE_CHECKING:
    from .state import GameState


def land(t: GameState, seat: Seat, action: dict[str, Any]) -> None:
    space = action["space"]
    where: dict[str, Any] = {k: action[k] for k in ("casino", "symbol", "at") if k in action}
    suggested = board.suggestion(t)
    if suggested is not None and action["at"] != suggested["at"]:
        where["dice_at"] = suggested["at"]
    t.emit("landed", seat=seat, space=space, **where)
    if "at" in action and board.arrive(t, seat, action["at"]):
        lap.win(t, seat, "lap")
        return
    on_lap = t.player(seat)["lap"] is not None
    if space == Space.CASH_AND_RUN:
        if on_lap:
            flow.nothing_happens(t, "lap")
        else:
            t.set_phase(Phase.CHOOSE_SPACE)
    elif space == Space.CASINO:
        _casino(t, seat, action["casino"], on_lap)
    elif space == Space.BLUFF:
        t.set_phase(Phase.BUY_BLUFF)
    elif space == Space.WIN_POT:
        t.set_phase(Phase.WIN_POT, symbol=action["symbol"])
    elif space == Space.EVERYBODY_PLAYS:
        everybody.start(t, action["symbol"])
    elif space == Space.GRAND_SLAM:
        if t.can_bank_pay(GRAND_SLAM_COLLECT):
            t.set_phase(Phase.GRAND_SLAM)
        else:
            flow.nothing_happens(t, "bank_empty")
    else:
        t.set_phase(Phase.BUY_BACK, symbol=action["symbol"])


def _casino(t: GameState, seat: Seat, casino: int, on_lap: bool) -> None:
    owner = t.core.owner[casino]
    if owner is None:
        t.set_phase(Phase.BUY_CASINO, casino=casino)
    elif owner != seat:
        duel.enter_bet(t, casino)
    elif on_lap:
        flow.nothing_happens(t, "lap")
    else:
        flow.roll_again(t, "own_casino")


def buy_casino(t: GameState, seat: Seat, casino: int) -> None:
    t.pay(seat, "pot", CASINO_PRICE, "casino")
    t.set_owner(casino, seat, "bought")
    t.emit("casino_bought", seat=seat, casino=casino, price=CASINO_PRICE)
    flow.end_space(t)


def decline(t: GameState, seat: Seat) -> None:
    t.emit("declined", seat=seat, phase=t.core.phase)
    flow.end_space(t)


def buy_bluff(t: GameState, seat: Seat) -> None:
    """The top card of the pile; a player who then holds four gives any one of them back."""
    t.pay(seat, "pot", BLUFF_PRICE, "bluff")
    t.draw_bluff(seat)
    t.emit("bluff_bought", seat=seat)
    if len(t.player(seat)["bluff"]) > MAX_BLUFF_CARDS:
        t.set_phase(Phase.RETURN_BLUFF)
    else:
        flow.end_space(t)


def return_bluff(t: GameState, seat: Seat, card: int) -> None:
    """The card goes back under the pile, face down."""
    t.bluff_to_pile(seat, card)
    t.emit("bluff_returned", seat=seat)
    flow.end_space(t)


def play_pot(t: GameState, seat: Seat, game: str, pick: Pick) -> None:
    """The player plays for the pot himself; the next player with a phone gives the other link."""
    symbol = t.core.pending["symbol"]
    played = {"seat": seat, "symbol": symbol, "game": game, "pick": pick}
    result = opponent.draw_or_wait(t, seat, None, symbol, "pot", played)
    if result is not None:
        pot_played(t, played, result)


def pot_played(t: GameState, played: dict[str, Any], result: Any, forfeit: Seat | None = None) -> None:
    """``forfeit``: a side's link did not come (``opponent.late``): the player loses if it was his."""
    seat = played["seat"]
    won = wins(played["symbol"], played["game"], played["pick"], result) if forfeit is None else forfeit != seat
    amount = t.core.pot if won else 0
    t.emit("pot_game", seat=seat, won=won, amount=amount)
    t.pay("pot", seat, amount, "pot")
    flow.end_space(t)


def collect(t: GameState, seat: Seat) -> None:
    _bank_pays(t, seat, GRAND_SLAM_COLLECT)


SLAM_STEPS: tuple[tuple[Symbol, str, str], ...] = (
    ("dice", "parity", "even"),
    ("cards", "colour", "red"),
    ("roulette", "parity", "odd"),
)
"""Grand Slam's ladder: each step's randomiser, game and pick."""


def slam_step(t: GameState, seat: Seat, step: int) -> None:
    """Play ladder step ``step`` (1 to 3) himself; the next player with a phone gives the other link."""
    played = {"seat": seat, "step": step}
    result = opponent.draw_or_wait(t, seat, None, SLAM_STEPS[step - 1][0], "slam", played)
    if result is not None:
        slam_played(t, played, result)


def slam_played(t: GameState, played: dict[str, Any], result: Any, forfeit: Seat | None = None) -> None:
    """A failure ends the turn with nothing; ``forfeit`` as in ``pot_played``."""
    seat, step = played["seat"], played["step"]
    symbol, game, pick = SLAM_STEPS[step - 1]
    won = wins(symbol, game, pick, result) if forfeit is None else forfeit != seat
    amount = GRAND_SLAM_LADDER[step - 1]
    t.emit("grand_slam_step", seat=seat, step=step, won=won, amount=amount if won else 0)
    if not won:
        flow.next_turn(t)
    elif step == len(SLAM_STEPS):
        stop_slam(t, seat, step)
    else:
        t.set_phase(Phase.GRAND_SLAM_STEP, step=step)


def stop_slam(t: GameState, seat: Seat, step: int) -> None:
    _bank_pays(t, seat, GRAND_SLAM_LADDER[step - 1])


def _bank_pays(t: GameState, seat: Seat, amount: int) -> None:
    """Grand Slam's money: what the bank holds of it; a bank a correction emptied says so."""
    if t.bank_unlimited or t.core.bank > 0:
        t.pay("bank", seat, amount, "grand_slam")
        flow.end_space(t)
    else:
        flow.nothing_happens(t, "bank_empty")
