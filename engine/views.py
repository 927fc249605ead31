"""What each seat may see. The only place that decides who sees what: a bluff card's
symbol goes to its holder's ``you`` and nowhere else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import board, flow, lap, legal, needs
from .rng import seed_hash
from .vocabulary import BANKER, Seat

if TYPE_CHECKING:
    from .state import GameState

LOG_TAIL = 60
"""How many of the newest events a view carries; the rest is in ``Game.log``."""
_SECRET_PENDING = {"offered"}


def public(t: GameState, log: list[dict[str, Any]]) -> dict[str, Any]:
    core, box = t.core, t.settings.box
    players = [
        {
            "seat": seat,
            "name": p["name"],
            "money": p["money"],
            "casinos": t.casinos_of(seat),
            "bluff_count": len(p["bluff"]),
            "out": p["out"],
            "on_lap": p["lap"] is not None,
            "lap_combination": p["lap"],
            "position": p["position"],
            "lap_from": p["lap_from"],
            "lap_steps": p["lap_steps"],
            "chain": t.core.chains[seat],
            "needs": needs.of_seat(t, seat),
        }
        for seat, p in enumerate(core.players)
    ]
    casinos = [
        {"id": i, "name": c.name, "colour": c.colour, "symbol": c.symbol, "owner": core.owner[i]}
        for i, c in enumerate(box)
    ]
    waiting = {k: v for k, v in core.pending.items() if k not in _SECRET_PENDING}
    suggested = board.suggestion(t)
    if suggested is not None:
        waiting["suggested"] = suggested
    if "offered" in core.pending:
        waiting["card_offered"] = True
    waiting["seats"] = [s for s in legal.to_act(t) if s != BANKER]
    start = max(0, len(log) - LOG_TAIL)
    return {
        "players": players,
        "pot": core.pot,
        "bank": None if t.bank_unlimited else core.bank,
        "casinos": casinos,
        "turn": core.turn,
        "turn_number": core.turn_number,
        "order": flow.playing_order(t),
        "phase": str(core.phase),
        "waiting": waiting,
        "debt": None if core.debt is None else {k: core.debt[k] for k in ("debtor", "creditor", "amount")},
        "dice": core.dice,
        "extra_rolls": core.extra_rolls,
        "combination_size": lap.combination_size(t),
        "unit": t.settings.unit,
        "log": log[start:],
        "log_start": start,
        "seed_hash": seed_hash(t.rng.seed),
        "seed": t.rng.seed if core.over else None,
        "over": core.over,
        "winner": core.winner,
        "money_history": t.money_history if core.over else [],
    }


def private(t: GameState, seat: Seat) -> dict[str, Any]:
    cards = t.player(seat)["bluff"]
    return {"seat": seat, "bluff_cards": [{"id": c, "symbol": t.core.cards[c]} for c in cards]}
