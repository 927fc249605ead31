"""Games between two players: a visit to another's casino and Buy Back, with the
bluff cards the loser may play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import continuations, flow, money, opponent
from .bets import MULTIPLIER, Pick, wins
from .vocabulary import BUY_BACK_FEE, Phase, Seat, Symbol

if TYPE_CHECKING:
    from .state import GameState


def enter_bet(t: GameState, casino: int) -> None:
    """The visitor chooses a bet, or first sells casinos for a stake."""
    visitor = t.core.turn
    if t.player(visitor)["money"] < t.settings.unit:
        money.need_cash(t, visitor, t.settings.unit, continuations.bet(casino))
        return
    continuations.wait_for_bet(t, casino)


def bet(t: GameState, visitor: Seat, game: str, pick: Pick, amount: int) -> None:
    casino = t.core.pending["casino"]
    owner = t.core.owner[casino]
    assert owner is not None
    symbol: Symbol = t.settings.box[casino].symbol
    t.emit("bet", seat=visitor, owner=owner, casino=casino, game=game, pick=pick, amount=amount)
    _play(
        t,
        {
            "context": "casino",
            "casino": casino,
            "symbol": symbol,
            "challenger": visitor,
            "owner": owner,
            "game": game,
            "pick": pick,
            "amount": amount,
            "bluffs": True,
        },
    )


def buy_back(t: GameState, challenger: Seat, casino: int, game: str, pick: Pick) -> None:
    owner = t.core.owner[casino]
    assert owner is not None
    symbol: Symbol = t.core.pending["symbol"]
    t.pay(challenger, "pot", BUY_BACK_FEE, "buy_back")
    t.emit("buy_back", seat=challenger, owner=owner, casino=casino, game=game, pick=pick)
    _play(
        t,
        {
            "context": "buy_back",
            "casino": casino,
            "symbol": symbol,
            "challenger": challenger,
            "owner": owner,
            "game": game,
            "pick": pick,
            "amount": 0,
            "bluffs": True,
        },
    )


def _play(t: GameState, game: dict[str, Any]) -> None:
    """The draw for the challenger's stake, with a link from each side's phone: at a casino's
    roulette an opponent spins, otherwise the challenger rolls or draws himself."""
    spun = game["context"] == "casino" and game["symbol"] == "roulette"
    result = opponent.draw_or_wait(t, game["challenger"], game["owner"], game["symbol"], "duel", game, spun)
    if result is not None:
        played(t, game, result)


def played(t: GameState, game: dict[str, Any], result: Any, forfeit: Seat | None = None) -> None:
    """The outcome is drawn, or a side forfeited (``opponent.late``: it loses, without a bluff);
    the loser may then bluff."""
    won = (
        wins(game["symbol"], game["game"], game.get("pick"), result)
        if forfeit is None
        else forfeit != game["challenger"]
    )
    game["winner"], game["loser"] = (game["challenger"], game["owner"]) if won else (game["owner"], game["challenger"])
    if forfeit is not None:
        game["bluffs"] = False
    t.emit("game_result", winner=game["winner"], loser=game["loser"], context=game["context"])
    _after_result(t, game)


def _after_result(t: GameState, game: dict[str, Any]) -> None:
    if game["bluffs"] and t.player(game["loser"])["bluff"]:
        t.set_phase(Phase.BLUFF_OFFER, **game)
    else:
        _settle(t, game)


def offer_bluff(t: GameState, seat: Seat, card: int) -> None:
    game = dict(t.core.pending, offered=card)
    t.set_phase(Phase.BLUFF_RESPONSE, **game)
    t.emit("bluff_offered", seat=seat, to=game["winner"])


def accept_loss(t: GameState, seat: Seat) -> None:
    t.emit("loss_accepted", seat=seat)
    _settle(t, dict(t.core.pending))


def accept_bluff(t: GameState, seat: Seat) -> None:
    """The card goes under the pile unseen and the game is played again at the same stake."""
    game = dict(t.core.pending)
    t.bluff_to_pile(game["loser"], game.pop("offered"))
    t.emit("bluff_accepted", seat=game["loser"], by=seat)
    _play(t, game)


def challenge_bluff(t: GameState, seat: Seat) -> None:
    """The card is turned over: a true card wins the game for the bluffer; no more bluffs.
    Everyone has seen it, so it goes into the pile at a hidden place."""
    game = dict(t.core.pending)
    card = game.pop("offered")
    symbol = t.core.cards[card]
    valid = symbol == game["symbol"]
    t.emit("bluff_challenged", seat=game["loser"], by=seat, symbol=symbol, played=game["symbol"], valid=valid)
    t.seen_bluff_to_pile(game["loser"], card)
    game["bluffs"] = False
    if valid:
        game["winner"], game["loser"] = game["loser"], game["winner"]
        t.emit("game_result", winner=game["winner"], loser=game["loser"], context=game["context"])
    _settle(t, game)


def _settle(t: GameState, game: dict[str, Any]) -> None:
    challenger, owner, casino = game["challenger"], game["owner"], game["casino"]
    challenger_won = game["winner"] == challenger
    if game["context"] == "casino":
        if challenger_won:
            payout = game["amount"] * MULTIPLIER[(game["symbol"], game["game"])]
            money.charge(t, owner, challenger, payout, "payout", continuations.END_SPACE, first=casino)
        else:
            money.charge(t, challenger, owner, game["amount"], "stake", continuations.END_SPACE)
        return
    if challenger_won:
        t.set_owner(casino, challenger, "buy_back")
        flow.end_space(t)
        return
    claimable = t.casinos_of(challenger)
    if len(claimable) == 1:
        t.set_owner(claimable[0], owner, "buy_back")
        flow.end_space(t)
    elif not claimable:
        flow.end_space(t)
    else:
        t.set_phase(Phase.BUY_BACK_CLAIM, seat=owner, source=challenger)


def take_casino(t: GameState, seat: Seat, casino: int) -> None:
    t.set_owner(casino, seat, "buy_back")
    flow.end_space(t)
