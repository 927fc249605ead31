"""The library hooks (``companion.door.upstream``): each finds what it needs in the installed
Flask-SocketIO, python-socketio, python-engineio and simple-websocket, and a test fails by the
hook's name when a release moves it; each check sees such a move; the host logs once which hook
fell back and why; no other module of the host touches the libraries' private parts."""

from __future__ import annotations

import ast
import logging
import queue
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import socketio
from flask import Flask
from flask_socketio import SocketIO

from companion.app import create_app
from companion.door import upstream
from companion.door.upstream import HOOKS, Hook

if TYPE_CHECKING:
    from collections.abc import Callable

ROOT = Path(__file__).resolve().parents[2]


def fresh_server() -> Any:
    """A python-socketio server as the host builds it, before the door takes its hooks."""
    return SocketIO(Flask(__name__), async_mode="threading", transports=["websocket"]).server


@pytest.mark.parametrize("hook", HOOKS, ids=[hook.name for hook in HOOKS])
def test_each_hook_finds_what_it_needs_in_the_installed_libraries(hook: Hook):
    why = hook.check(fresh_server())
    assert why is None, f"the library hook {hook.name} no longer fits: {why} (see companion/door/upstream.py)"


BREAKS: dict[str, Callable[[pytest.MonkeyPatch, Any], None]] = {
    "door_websocket": lambda patch, server: patch.setitem(server.eio._async, "websocket", object),
    "frame_queue": lambda patch, server: patch.setitem(server.eio._async, "queue", queue.LifoQueue),
    "decode": lambda patch, server: patch.delattr(socketio.Server, "_handle_eio_message"),
    "send_eio_packet": lambda patch, server: patch.delattr(socketio.Server, "_send_eio_packet"),
    "plain_handlers": lambda patch, server: patch.setattr(server, "handlers", None),
    "text_packets": lambda patch, server: patch.delattr(socketio.packet.Packet, "uses_binary_events"),
}
"""A move upstream that each hook's check must see."""


def test_every_hook_has_a_move_to_see():
    assert set(BREAKS) == {hook.name for hook in HOOKS}


@pytest.mark.parametrize("hook", HOOKS, ids=[hook.name for hook in HOOKS])
def test_each_check_sees_its_hook_moved_and_the_host_falls_back_saying_so_once(
    hook: Hook, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    server = fresh_server()
    BREAKS[hook.name](monkeypatch, server)
    caplog.set_level(logging.WARNING, logger=upstream.__name__)
    assert hook.check(server) is not None
    hooks = upstream.check(server, off=False)
    fallen = {h.name for h in HOOKS} - hooks.usable
    assert hook.name in fallen
    assert fallen <= {hook.name, *(h.name for h in HOOKS if hook.name in h.needs)}
    lines = [r.getMessage() for r in caplog.records if r.name == upstream.__name__]
    assert len(lines) == len(fallen)
    assert any(line.startswith(f"the library hook {hook.name} falls back to {hook.fallback} (") for line in lines)


def test_a_hook_whose_check_raises_falls_back(monkeypatch: pytest.MonkeyPatch):
    def trips(server: Any) -> str | None:
        raise AttributeError("moved")

    monkeypatch.setattr(upstream, "HOOKS", (Hook("tripping", "the public path", trips),))
    assert "tripping" not in upstream.check(fresh_server(), off=False)


def test_the_host_starts_with_every_hook_and_logs_none(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING, logger=upstream.__name__)
    create_app(tmp_path)
    assert not [r for r in caplog.records if r.name == upstream.__name__]


def test_off_makes_every_hook_fall_back(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(upstream.OFF, "off")
    assert upstream.check(fresh_server()).usable == frozenset()


PRIVATE = ("_async", "_handle_eio_message", "_send_eio_packet", "_websocket_wsgi", "__self__", "eio_sid_from_sid")
"""The libraries' private parts the host has used: only ``upstream`` may name them."""
LIBRARIES = ("engineio", "socketio", "flask_socketio", "simple_websocket")


def test_no_other_host_module_touches_the_libraries_private_parts():
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if path.name == "upstream.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in PRIVATE, f"{path.relative_to(ROOT)}:{node.lineno} uses {node.attr}"
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in LIBRARIES:
                parts = [*node.module.split("."), *(a.name for a in node.names)]
                assert not any(p.startswith("_") for p in parts), f"{path.relative_to(ROOT)}:{node.lineno}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in LIBRARIES:
                        assert not any(p.startswith("_") for p in alias.name.split(".")), path
