"""An opponent spins the wheel for a player's stake, as the box's rules have a player do.

The draw of a game that settles a player's stake (a casino game, Buy Back, the pot's game, a
Grand Slam step) waits for an opponent's phone: its tap gives the next link of the hash chain
whose head the phone gave when it took its seat, and the draw is derived with that link. The
laptop, which knows every seed, learns the outcome only when the tap arrives; the spinner, whose
links were fixed in advance, cannot choose it either, and does not place the bet. When no
opponent has a phone, or the spinner does not answer in time, the laptop draws alone, and the
draw says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from .errors import IllegalAction
from .randomisers import Spinner, outcome
from .rng import seed_hash
from .vocabulary import Phase, Seat, Symbol

if TYPE_CHECKING:
    from .table import Table

DrawnFor = Literal["duel", "pot", "slam"]
"""The game whose draw waits for an opponent's tap: a duel's (``duel.played``), the pot's
(``spaces.pot_played``) or a Grand Slam step's (``spaces.slam_played``)."""
Drawn = tuple[DrawnFor, dict[str, Any], Any]
"""What a waited-for draw gives back: the game it was for, its fields, the outcome."""


def spinner_for(t: Table, bettor: Seat, preferred: Seat | None) -> Seat | None:
    """The owner (``preferred``) if its seat has a phone and plays; else the next seat after the
    bettor in seat order that has; None when no other seat has a phone."""
    chains, seats = t.core.chains, len(t.core.players)

    def can_spin(seat: Seat | None) -> bool:
        return seat is not None and seat != bettor and chains[seat] is not None and not t.player(seat)["out"]

    if can_spin(preferred):
        return preferred
    return next((s for s in ((bettor + step) % seats for step in range(1, seats)) if can_spin(s)), None)


def draw_or_wait(
    t: Table, bettor: Seat, preferred: Seat | None, symbol: Symbol, then: DrawnFor, game: dict[str, Any]
) -> Any | None:
    """The outcome at once, by the laptop alone, when no opponent has a phone; otherwise None, and
    the game waits for the spinner (phase ``opponent_draw``) with ``then`` and ``game`` kept."""
    spinner = spinner_for(t, bettor, preferred)
    if spinner is None:
        return outcome(t.rng, symbol, bettor, t.events, {"alone": True})
    t.set_phase(Phase.OPPONENT_DRAW, spinner=spinner, bettor=bettor, symbol=symbol, then=then, game=game)
    return None


def drawn(t: Table, link: str | None) -> Drawn:
    """The waited-for draw: with the spinner's ``link``, which must hash to its chain's head (and
    then becomes it), or by the laptop alone (``None``: the spinner did not answer in time)."""
    pending = t.core.pending
    spinner: Spinner = {"alone": True}
    if link is not None:
        seat = pending["spinner"]
        if seed_hash(link) != t.core.chains[seat]:
            raise IllegalAction("bad_link")
        t.core.chains[seat] = link
        spinner = {"by": seat, "link": link}
    result = outcome(t.rng, pending["symbol"], pending["bettor"], t.events, spinner)
    return pending["then"], pending["game"], result


def new_chain(t: Table, seat: Seat, head: str) -> None:
    """A new phone took the seat: its chain replaces the lost phone's."""
    t.core.chains[seat] = head
    t.emit("chain", seat=seat, head=head)
