"""Socket.IO events: who sends each one and who hears the answer (docs/protocol.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import current_app, request

from .app import socketio

if TYPE_CHECKING:
    from .host import Host


def _host() -> Host:
    return current_app.extensions["cashrun"]


def _sid() -> str:
    """The socket of the event being handled: Flask-SocketIO sets ``request.sid`` on each event's request."""
    return request.sid  # type: ignore[attr-defined]


@socketio.on("connect")
def on_connect(auth: Any = None) -> None:
    """Any page connects. A table screen (``auth.table_key``) and a phone with a token
    (``auth.token``) get their ``view`` at once; a wrong key or token is refused with
    ``connect_error`` data ``{code}``, heard only by that socket."""
    _host().connect(_sid(), auth, request.remote_addr or "")


@socketio.on("disconnect")
def on_disconnect(reason: Any = None) -> None:
    """The socket is gone. Every other socket of its table hears a ``view`` in which that
    seat is no longer connected."""
    _host().disconnect(_sid())


@socketio.on("join")
def on_join(data: Any = None) -> dict[str, Any]:
    """A phone without a seat sends ``{code, name, pawn?, client_seed?}``; it hears ``{ok, seat,
    token}``, and everyone at that table hears a new ``view``."""
    host = _host()
    return host.handle(_sid(), host.join, data)


@socketio.on("peek")
def on_peek(data: Any = None) -> dict[str, Any]:
    """A phone at the join address sends ``{code}``; it hears ``{ok, status, seed_hash}`` and, for
    an open lobby, the pawns it may pick."""
    host = _host()
    return host.handle(_sid(), host.peek, data)


@socketio.on("watch")
def on_watch(data: Any = None) -> dict[str, Any]:
    """A phone without a seat sends ``{code}`` of a game that has started; it hears ``{ok}`` and
    then the public ``view`` after every change, with no secrets and nothing of the table screen."""
    host = _host()
    return host.handle(_sid(), host.watch, data)


@socketio.on("claim")
def on_claim(data: Any = None) -> dict[str, Any]:
    """A phone sends a claim code ``{code, client_seed?}``; it hears ``{ok, seat, token}`` and takes
    the seat; the seat's old socket hears ``refused {code: "claimed"}``."""
    host = _host()
    return host.handle(_sid(), host.claim, data)


@socketio.on("seed")
def on_seed(data: Any = None) -> dict[str, Any]:
    """A seated phone in a lobby sends ``{client_seed, start_commit?, chain?}``, its randomness for this lobby's game
    (after Play again); it hears ``{ok}`` and everyone at the table a new ``view``."""
    host = _host()
    return host.handle(_sid(), host.seed, data)


@socketio.on("start_value")
def on_start_value(data: Any = None) -> dict[str, Any]:
    """A seated phone reveals ``{start_value}`` once the banker started (its answer to the lock,
    sent without a tap); it hears ``{ok}``, and the game starts when the last committed value is in."""
    host = _host()
    return host.handle(_sid(), host.start_value, data)


@socketio.on("fair")
def on_fair(data: Any = None) -> dict[str, Any]:
    """A seated or watching phone asks for the finished game's export ``{}``; only it hears
    ``{ok, game_id, export}`` (the engine's ``to_json`` as text), for the check in the page."""
    host = _host()
    return host.handle(_sid(), host.fair, data)


@socketio.on("act")
def on_act(data: Any = None) -> dict[str, Any]:
    """A seated phone or the table screen sends ``{id, action, as?}``; after the action is
    saved everyone at the table hears a ``view``, and the sender hears ``{ok, events}``
    or ``{ok: false, error}``."""
    host = _host()
    return host.handle(_sid(), host.act, data)


@socketio.on("sync")
def on_sync(data: Any = None) -> dict[str, Any]:
    """A socket that missed an update sends ``{}``; it hears its whole message as an
    ``update`` (a ``view`` if it asked for whole views), then ``{ok}``."""
    host = _host()
    return host.handle(_sid(), host.sync, data)


@socketio.on("games")
def on_games(data: Any = None) -> dict[str, Any]:
    """The table screen asks for the saved games; only it hears the list."""
    host = _host()
    return host.handle(_sid(), host.games, data)


@socketio.on("resume")
def on_resume(data: Any = None) -> dict[str, Any]:
    """The table screen picks a saved game ``{game}``; only it hears ``{ok, table_key}``."""
    host = _host()
    return host.handle(_sid(), host.resume, data)
