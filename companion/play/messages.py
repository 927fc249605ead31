"""What each socket is told after a change: one place decides who sees what.

A message is two parts (docs/protocol.md, "Updates"): ``public``, the same for every socket
of the table (the lobby or ``game.view(None)``, who is connected, the auction's and a stake's draw's countdowns), and
``own``: a phone's kind, seat, legal actions and ``you`` (its own bluff cards), a watcher's
kind, a table screen's kind, the banker's actions and the table's extras. The whole message
is ``updates.join(public, own)`` (docs/protocol.md, "The view message"). Each part is a copy
as sent (``Sockets.made``: it shares what did not change with the last copy): the engine
changes some of its lists in place, and the host compares what it sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from engine import BANKER, Game

from . import tonight
from .countdown import DRAW_SECONDS
from .pawns import with_pawns
from .symbols import coded

if TYPE_CHECKING:
    from ..saving.logtimes import LogTimes
    from ..wire.sockets import Sockets
    from .claims import Claims
    from .countdown import Countdown
    from .lobby import Lobby
    from .pause import Pause
    from .reveal import Reveal


class Source(Protocol):
    """What the messages are made of: a table (``companion.play.table.LiveTable``)."""

    id: str
    code: str
    key: str
    game: Game | None
    lobby: Lobby
    tokens: dict[str, str]
    sockets: Sockets
    claims: Claims
    auction_countdown: Countdown
    draw_countdown: Countdown
    reveal: Reveal
    pause: Pause
    log_times: LogTimes

    def host_actions(self) -> list[dict[str, Any]]: ...

    def auction_seconds(self) -> float | None: ...

    def join_urls(self) -> list[str]: ...

    def wall(self) -> float: ...

    def saving(self) -> dict[str, str] | None: ...


PUBLIC, TABLE = "public", "table"
"""The keys of the public part and of the table screens' own part in ``Sockets.made``."""


def public(table: Source) -> dict[str, Any]:
    """What every socket of the table gets alike."""
    game = table.game
    players = table.lobby.players
    view = lobby_view(table) if game is None else with_pawns(game.view(None), table.lobby.pawns())
    return table.sockets.made(
        PUBLIC,
        {
            "game_id": table.id,
            "view": view,
            "connected": [p.pid in table.sockets.phones for p in players],
            "auction": table.auction_countdown.state(table.auction_seconds()),
            "draw": table.draw_countdown.state(DRAW_SECONDS),
            "paused": table.pause.on,
            "tonight": tonight.board(table.lobby, game),
        },
    )


def phone_own(table: Source, pid: str) -> dict[str, Any]:
    """A phone's own part: its seat, its legal actions and its own bluff cards (``you``)."""
    seat = table.lobby.seat_of(pid)
    if table.game is None:
        player = table.lobby.players[seat]
        return {
            "kind": "lobby",
            "seat": seat,
            "legal_actions": table.lobby.phone_actions(),
            "you": {
                "seat": seat,
                "client_seed": player.client_seed,
                "start_commit": player.start_commit,
                "chain": player.chain,
                "revealed": player.start_value is not None,
            },
        }
    return table.sockets.made(
        ("phone", pid),
        {
            "kind": "game",
            "seat": seat,
            "legal_actions": [] if table.pause.on else table.game.legal_actions(seat),
            "you": coded(table.game.view(seat)["you"]),
        },
    )


WATCHER: dict[str, Any] = {"kind": "watch", "seat": None, "legal_actions": []}
"""A watching phone's own part: no actions, nothing of the table screen's own."""


def lobby_view(table: Source) -> dict[str, Any]:
    return table.lobby.view(table.code, set(table.tokens.values()), set(table.sockets.phones))


def table_own(table: Source) -> dict[str, Any]:
    """The table screen's own part: the banker's and the host's actions and the table's extras."""
    phones = set(table.tokens.values())
    players = table.lobby.players
    game = table.game
    if game is None:
        kind, actions, phoneless, log_times = "lobby", table.lobby.table_actions(), {}, []
    else:
        kind = "game"
        actions = [] if table.pause.on else game.legal_actions(BANKER)
        phoneless = {
            str(seat): [] if table.pause.on else game.legal_actions(seat)
            for seat, p in enumerate(players)
            if p.pid not in phones
        }
        view = game.view(None)
        log_times = table.log_times.window(view["log_start"], len(view["log"]))
    wall = table.wall()
    joins = table.join_urls()
    return table.sockets.made(
        TABLE,
        {
            "kind": kind,
            "seat": None,
            "legal_actions": actions + table.host_actions(),
            "reveal": table.reveal.state(wall),
            "table": {
                "code": table.code,
                "join_url": joins[0] if joins else None,
                "join_urls": joins,
                "qr_svg": f"/qr.svg?code={table.code}",
                "qr_png": f"/qr.png?code={table.code}",
                "phones": [p.pid in phones for p in players],
                "phoneless": phoneless,
                "claims": table.claims.shown(table.lobby.seat_of),
                "claims_guessed": table.claims.guessed(),
                "log_times": log_times,
                "board": None if game is None else table.lobby.settings["board"],
                "saving": table.saving(),
                "now": wall,
            },
        },
    )
