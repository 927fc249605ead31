"""Socket.IO events: who sends each one and who hears the answer (docs/protocol.md).

``connect`` and ``disconnect`` are Flask-SocketIO's handlers, run in a Flask request context
(the socket's address). Every other event is a message a page sends many times a game: it is
registered on the python-socketio server itself (``register``), with its host bound, so no
request context is built for it (Flask-SocketIO builds one per event, its URL match and
session included: about a tenth of a millisecond of each act). Where that hook is not found
(``companion.door.upstream``'s ``plain_handlers``), they are Flask-SocketIO's handlers too.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from flask import current_app, request

from .app import socketio

if TYPE_CHECKING:
    from collections.abc import Callable

    import socketio as python_socketio

    from .host import Host

    Handler = Callable[[Host, str, Any], dict[str, Any]]
    """A message's handler: the host, the socket's id and the message's data."""

MESSAGES: dict[str, Handler] = {}
"""Each message's handler by its event name (``on_join`` for ``join``)."""


def message(handler: Handler) -> Handler:
    """A page's message: registered by ``register``."""
    MESSAGES[handler.__name__.removeprefix("on_")] = handler
    return handler


def register(server: python_socketio.Server, host: Host, plain: bool = True) -> None:
    """Every message's handler on ``server``, answering for ``host``: on python-socketio's server
    itself (``plain``), or through Flask-SocketIO, each in a request context. A sealed socket's
    answer is sealed here (its message is opened in ``Host.handle``, after its rate is checked)."""
    for event, handler in MESSAGES.items():
        if plain:
            server.on(event, partial(_answer, handler, host))
        else:
            socketio.on_event(event, partial(_in_context, handler, host))


def _answer(handler: Handler, host: Host, sid: str, data: Any = None) -> dict[str, Any] | str:
    """The handler's answer: as it is, or sealed for a sealed socket (its seal taken first: a
    handler may close the socket, and the answer still goes out sealed)."""
    seal = host.seal_of(sid)
    answer = handler(host, sid, data)
    return answer if seal is None else seal.seal_json(answer)


def _in_context(handler: Handler, host: Host, data: Any = None) -> dict[str, Any] | str:
    return _answer(handler, host, _sid(), data)


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


@message
def on_join(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A phone without a seat sends ``{code, name, pawn?, client_seed?}``; it hears ``{ok, seat,
    token}``, and everyone at that table hears a new ``view``."""
    return host.handle(sid, host.join, data)


@message
def on_peek(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A phone at the join address sends ``{code}``; it hears ``{ok, status, seed_hash}`` and, for
    an open lobby, the pawns it may pick."""
    return host.handle(sid, host.peek, data)


@message
def on_watch(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A phone without a seat sends ``{code}`` of a game that has started; it hears ``{ok}`` and
    then the public ``view`` after every change, with no secrets and nothing of the table screen."""
    return host.handle(sid, host.watch, data)


@message
def on_claim(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A phone sends a claim code ``{code, client_seed?}``; it hears ``{ok, seat, token}`` and takes
    the seat; the seat's old socket hears ``refused {code: "claimed"}``."""
    return host.handle(sid, host.claim, data)


@message
def on_seed(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A seated phone in a lobby sends ``{client_seed, start_commit?, chain?}``, its randomness for this lobby's game
    (after Play again); it hears ``{ok}`` and everyone at the table a new ``view``."""
    return host.handle(sid, host.seed, data)


@message
def on_start_value(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A seated phone reveals ``{start_value}`` once the banker started (its answer to the lock,
    sent without a tap); it hears ``{ok}``, and the game starts when the last committed value is in."""
    return host.handle(sid, host.start_value, data)


@message
def on_fair(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A seated or watching phone asks for the finished game's export ``{}``; only it hears
    ``{ok, game_id, export}`` (the engine's ``to_json`` as text), for the check in the page."""
    return host.handle(sid, host.fair, data)


@message
def on_act(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A seated phone or the table screen sends ``{id, action, as?}``; after the action is
    saved everyone at the table hears a ``view``, and the sender hears ``{ok, events}``
    or ``{ok: false, error}``."""
    return host.handle(sid, host.act, data)


@message
def on_sync(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """A socket that missed an update sends ``{}``; it hears its whole message as an
    ``update`` (a ``view`` if it asked for whole views), then ``{ok}``."""
    return host.handle(sid, host.sync, data)


@message
def on_export(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """The table screen asks for a saved game ``{game_id}``; only it hears ``{ok, name, json}``
    (the export route's file, over the sealed socket rather than with the key in an address)."""
    return host.handle(sid, host.export, data)


@message
def on_games(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """The table screen asks for the saved games; only it hears the list."""
    return host.handle(sid, host.games, data)


@message
def on_resume(host: Host, sid: str, data: Any = None) -> dict[str, Any]:
    """The table screen picks a saved game ``{game}``; only it hears ``{ok, table_key}``."""
    return host.handle(sid, host.resume, data)
