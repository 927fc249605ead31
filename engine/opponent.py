"""A stake's draw takes a value from the phone of each side of the bet (docs/fairness.md).

The draw of a game that settles money or a casino (a casino game and its replay after an accepted
bluff, Buy Back, the pot's game, a Grand Slam step) has two sides: the player who plays (the
``bettor``) and the ``other`` side: the casino's owner, or for the pot's game and Grand Slam the
next player after the bettor who has a phone. Each side with a phone gives the next link of its
hash chain, fixed by the head it gave before the draw began; the draw is derived with both. The
one who acts by the rulebook (the ``spinner``: the player rolls the die and draws the card himself,
an opponent spins a casino's roulette) gives it with a tap, the other side's phone without one.

Whoever can already work out the outcome (the laptop's owner knows the key and his own phone's
links) has one choice left: to give his link or not. A side whose link is not in when the host's
time runs out (``draw_late``) forfeits: a bettor loses the bet, the other side loses the game to
the bettor; no value is drawn and the ``forfeit`` event names the seat. So not giving never helps
the one who does not give. When no side has a phone, the laptop draws alone (``alone: true``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from .errors import IllegalAction
from .randomisers import outcome
from .rng import seed_hash
from .vocabulary import Phase, Seat, Symbol

if TYPE_CHECKING:
    from .state import GameState

DrawnFor = Literal["duel", "pot", "slam"]
"""The game whose draw waits for the phones: a duel's (``duel.played``), the pot's
(``spaces.pot_played``) or a Grand Slam step's (``spaces.slam_played``)."""
Drawn = tuple[DrawnFor, dict[str, Any], Any, Seat | None]
"""What a waited-for draw gives back: the game it was for, its fields, the outcome (None after a
forfeit) and the seat that forfeited (None when the draw was made)."""


def has_phone(t: GameState, seat: Seat | None) -> bool:
    return seat is not None and t.core.chains[seat] is not None and not t.player(seat)["out"]


def next_with_phone(t: GameState, bettor: Seat) -> Seat | None:
    """The next seat after the bettor in seat order that has a phone (the other side of the pot's
    game and Grand Slam, which the bank or the pot pays); None when no other seat has one."""
    seats = len(t.core.players)
    return next((s for s in ((bettor + step) % seats for step in range(1, seats)) if has_phone(t, s)), None)


def draw_or_wait(
    t: GameState,
    bettor: Seat,
    owner: Seat | None,
    symbol: Symbol,
    then: DrawnFor,
    game: dict[str, Any],
    spun: bool = False,
) -> Any | None:
    """The outcome at once, by the laptop alone, when neither side has a phone; otherwise None, and
    the game waits for the sides' links (phase ``opponent_draw``) with ``then`` and ``game`` kept.

    The other side: the ``owner`` (a casino's) when it has a phone, else the next player after the
    bettor who has one. ``spun``: an opponent acts (a casino's roulette): the other side taps when
    it has a phone, otherwise the bettor does. The heads the links must open are fixed now: a chain
    a new phone brings later serves only the draws that begin after it."""
    other = owner if has_phone(t, owner) and owner != bettor else next_with_phone(t, bettor)
    sides = [s for s in (bettor, other) if s is not None and has_phone(t, s)]
    if not sides:
        return outcome(t.rng, symbol, bettor, t.events, {"for": then, "alone": True})
    spinner = other if spun and other is not None and other in sides else bettor if bettor in sides else None
    t.set_phase(
        Phase.OPPONENT_DRAW,
        spinner=spinner,
        bettor=bettor,
        other=other,
        symbol=symbol,
        then=then,
        game=game,
        sides=sides,
        heads=[t.core.chains[s] for s in sides],
        links=[None] * len(sides),
    )
    return None


def owing(t: GameState) -> list[Seat]:
    """The sides whose link the waiting draw still needs."""
    pending = t.core.pending
    return [s for s, link in zip(pending["sides"], pending["links"]) if link is None]


def give(t: GameState, seat: Seat, link: str) -> Drawn | None:
    """A side's link: it must hash to the head its chain stood at when the draw began, and then
    becomes the seat's chain (a chain a new phone brought meanwhile comes after the draw). The
    draw, once every side's link is in; None before."""
    pending = t.core.pending
    at = pending["sides"].index(seat)
    head = pending["heads"][at]
    if seed_hash(link) != head:
        raise IllegalAction("bad_link")
    pending["links"][at] = link
    t.core.chains[seat] = link
    if owing(t):
        return None
    links = [[s, link_] for s, link_ in zip(pending["sides"], pending["links"])]
    marks = {"for": pending["then"], "links": links}
    result = outcome(t.rng, pending["symbol"], pending["bettor"], t.events, marks)
    _new_chains(t, pending)
    return pending["then"], pending["game"], result, None


def late(t: GameState) -> Drawn:
    """The host's time for the links ran out: the bettor forfeits if its link is missing, else the
    other side does. Nothing is drawn; the ``forfeit`` event names the seat, and carries the links
    the other sides gave (their chains have moved on)."""
    pending = t.core.pending
    missing = owing(t)
    seat = pending["bettor"] if pending["bettor"] in missing else missing[0]
    given = [[s, link] for s, link in zip(pending["sides"], pending["links"]) if link is not None]
    t.emit("forfeit", seat=seat, bettor=pending["bettor"], **{"for": pending["then"]}, links=given)
    _new_chains(t, pending)
    return pending["then"], pending["game"], None, seat


def new_chain(t: GameState, seat: Seat, head: str, seen: set[str]) -> None:
    """A new phone took the seat: its chain replaces the lost phone's for the draws that begin from
    now on (while a draw waits for the seat's link, once that draw is made or forfeited). ``seen``:
    every head and link the game has shown, none of which a new chain may reuse (a seat cannot
    borrow links someone else gave or will give)."""
    pending = t.core.pending
    later = pending.get("chains_after", []) if t.core.phase == Phase.OPPONENT_DRAW else []
    if head in seen or any(h == head for _, h in later):
        raise IllegalAction("chain_used")
    if t.core.phase == Phase.OPPONENT_DRAW and seat in pending["sides"]:
        pending["chains_after"] = [*later, [seat, head]]
        return
    t.core.chains[seat] = head
    t.emit("chain", seat=seat, head=head)


def _new_chains(t: GameState, pending: dict[str, Any]) -> None:
    """The chains new phones brought while the draw waited, in the order they came."""
    for seat, head in pending.get("chains_after", []):
        t.core.chains[seat] = head
        t.emit("chain", seat=seat, head=head)
