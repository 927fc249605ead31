"""A player's pawn: the colour of the physical pawn (unique at the table) and an emoji.

Chosen at join; kept with the lobby, so saves and restarts keep it. A seat without a phone
has none. The views carry it as ``players[i].pawn = {colour, emoji}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..common.errors import Refusal

if TYPE_CHECKING:
    from collections.abc import Collection

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
"""The pawn colours a player can pick, in the order offered (the first free one is the default)."""
EMOJI = ("🦊", "🐢", "🦁", "🐙", "🐸", "🦄", "🐝", "🐧", "🚀", "🎩", "🍀", "⭐")


def checked_pawn(data: Any, taken: set[str]) -> dict[str, str]:
    """A pawn the page sent, or Refusal: ``bad_pawn`` (``field``) or ``pawn_taken`` (``colour``)."""
    if not isinstance(data, dict) or set(data) != {"colour", "emoji"}:
        raise Refusal("bad_pawn", field="pawn")
    colour, emoji = data["colour"], data["emoji"]
    if colour not in COLOURS:
        raise Refusal("bad_pawn", field="colour")
    if emoji not in EMOJI:
        raise Refusal("bad_pawn", field="emoji")
    if colour in taken:
        raise Refusal("pawn_taken", colour=colour)
    return {"colour": colour, "emoji": emoji}


def default_pawn(taken: set[str], signs: Collection[str] = frozenset()) -> dict[str, str]:
    """The first free colour and the first sign nobody has, for a phone that did not choose:
    players who pick nothing still tell their pawns apart by more than colour."""
    return {"colour": next(c for c in COLOURS if c not in taken), "emoji": first_free_sign(signs)}


def first_free_sign(signs: Collection[str]) -> str:
    return next((e for e in EMOJI if e not in signs), EMOJI[0])


def offer(taken: set[str], signs: Collection[str] = frozenset()) -> dict[str, Any]:
    """What a joining phone may pick from: every colour and sign, the colours taken (refused) and
    the signs in use (allowed, but not offered first)."""
    return {
        "colours": list(COLOURS),
        "emoji": list(EMOJI),
        "taken": [c for c in COLOURS if c in taken],
        "signs_taken": [e for e in EMOJI if e in signs],
    }


def with_pawns(view: dict[str, Any], pawns: list[dict[str, str] | None]) -> dict[str, Any]:
    """The view with each phone player's pawn in ``players[i].pawn`` (changed in place)."""
    for player in view["players"]:
        pawn = pawns[player["seat"]]
        if pawn is not None:
            player["pawn"] = pawn
    return view
