"""The Socket.IO events: every page message is registered, and none builds a Flask request context."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.app import socketio
from companion.handlers import MESSAGES

if TYPE_CHECKING:
    import pytest
    from hostkit import Client

PAGE_MESSAGES = {
    "join",
    "peek",
    "watch",
    "claim",
    "seed",
    "start_value",
    "fair",
    "act",
    "sync",
    "games",
    "resume",
    "export",
}
"""The messages docs/protocol.md names."""


def test_every_message_is_registered_and_the_door_lets_it_in(app: Any) -> None:
    assert set(MESSAGES) == PAGE_MESSAGES
    assert set(socketio.server.handlers["/"]) == {"connect", "disconnect", *PAGE_MESSAGES}
    assert app.extensions["cashrun"].services.transport.door.events == PAGE_MESSAGES


def test_a_message_builds_no_request_context(
    app: Any, screen: Client, started: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flask-SocketIO builds a request context for each event it handles (its URL match and
    session); the messages are python-socketio's own handlers, so an act builds none."""
    built: list[dict[str, Any]] = []
    real = type(app).request_context

    def counted(self: Any, environ: dict[str, Any]) -> Any:
        built.append(environ)
        return real(self, environ)

    monkeypatch.setattr(type(app), "request_context", counted)
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].act({"type": "roll"})["ok"]
    assert screen.act({"type": "roll"})["ok"] is False
    assert started[seat].emit("sync", {})["ok"]
    assert built == []
