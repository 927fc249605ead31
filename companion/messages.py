"""What each socket is told after a change: one place decides who sees what.

A phone gets ``game.view(seat)`` (its own bluff cards in ``you``) and its own legal
actions; a table screen gets ``game.view(None)``, the banker's actions and the table's
extras. In the lobby both get the lobby. See docs/protocol.md, "The view message".
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import BANKER

from .pawns import with_pawns

if TYPE_CHECKING:
    from .table import Table


def connected(table: Table) -> list[bool]:
    """Per seat: its phone is connected now."""
    return [p.pid in table.phones for p in table.lobby.players]


def for_phone(table: Table, pid: str, connected: list[bool]) -> dict[str, Any]:
    seat = table.lobby.seat_of(pid)
    if table.game is None:
        view = {**lobby_view(table), "you": {"seat": seat}}
        return {"kind": "lobby", "game_id": table.id, "seat": seat, "view": view,
                "legal_actions": table.lobby.phone_actions(), "connected": connected}
    view = with_pawns(table.game.view(seat), table.lobby.pawns())
    return {"kind": "game", "game_id": table.id, "seat": seat, "view": view,
            "legal_actions": table.game.legal_actions(seat), "connected": connected,
            "auction": table.countdown.state(table.auction_seconds())}


def public_view(table: Table) -> dict[str, Any]:
    """``game.view(None)`` with the players' pawns: what the table screen and watchers see."""
    assert table.game is not None
    return with_pawns(table.game.view(None), table.lobby.pawns())


def for_watcher(table: Table, connected: list[bool], public: dict[str, Any] | None = None) -> dict[str, Any]:
    """A watching phone's message: the public view, no actions, nothing of the table screen's own."""
    return {"kind": "watch", "game_id": table.id, "seat": None,
            "view": public if public is not None else public_view(table),
            "legal_actions": [], "connected": connected,
            "auction": table.countdown.state(table.auction_seconds())}


def lobby_view(table: Table) -> dict[str, Any]:
    return table.lobby.view(table.code, set(table.tokens.values()), set(table.phones))


def for_table(table: Table, connected: list[bool], public: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table screen's message; ``public`` is ``game.view(None)`` when already built."""
    phones = set(table.tokens.values())
    players = table.lobby.players
    game = table.game
    if game is None:
        kind, view, actions, phoneless, log_times = "lobby", lobby_view(table), table.lobby.table_actions(), {}, []
    else:
        kind = "game"
        view = public if public is not None else public_view(table)
        actions = game.legal_actions(BANKER)
        phoneless = {str(seat): game.legal_actions(seat) for seat, p in enumerate(players) if p.pid not in phones}
        log_times = table.log_times.window(view["log_start"], len(view["log"]))
    now, wall = table.s.clock(), table.s.wall()
    joins = [f"{base}/j/{table.code}" for base in table.s.addresses.join_bases]
    return {
        "kind": kind, "game_id": table.id, "seat": None, "view": view,
        "legal_actions": actions + table.host_actions(), "connected": connected,
        "auction": table.countdown.state(table.auction_seconds()),
        "reveal": table.reveal.state(wall),
        "table": {
            "code": table.code, "join_url": joins[0] if joins else None, "join_urls": joins,
            "qr_svg": f"/qr.svg?key={table.key}", "qr_png": f"/qr.png?key={table.key}",
            "phones": [p.pid in phones for p in players],
            "phoneless": phoneless,
            "claims": {str(table.lobby.seat_of(pid)): {"code": c.code, "expires": wall + c.expires - now}
                       for pid, c in table.claims.items() if c.expires >= now},
            "log_times": log_times,
            "board": None if game is None else table.lobby.settings["board"],
            "now": wall,
        },
    }
