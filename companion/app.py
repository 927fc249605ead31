"""The host's Flask app with its Socket.IO server (threading mode, simple-websocket): ``create_app``."""

from __future__ import annotations

import logging
import os
import platform
import time
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Flask
from flask_socketio import SocketIO

import web

from . import __version__
from .door.limits import BURST, MAX_FRAME_BYTES, RATE

if TYPE_CHECKING:
    from .common.timers import Clock, Scheduler, Wall

socketio = SocketIO()

SYSTEMS = {"Windows": "windows", "Darwin": "macos"}


def laptop_system() -> str:
    """Which system the laptop runs, for the table screen's first-start help on its firewall:
    ``windows``, ``macos`` or ``linux``; any other system gets the Linux help (ask the firewall, if any)."""
    return SYSTEMS.get(platform.system(), "linux")


def create_app(
    data_dir: Path,
    *,
    seed: str | None = None,
    clock: Clock | None = None,
    wall: Wall | None = None,
    scheduler: Scheduler | None = None,
    rate: tuple[float, int] = (RATE, BURST),
    reveal_scale: float | None = None,
) -> Flask:
    """The host's Flask app with its Socket.IO server; games are saved in ``data_dir``.

    ``seed`` (or the environment variable ``CASHRUN_SEED``) fixes every new game's
    seed: for tests only, it makes the game's randomness predictable. ``clock`` (monotonic,
    for every duration), ``wall`` (for times people read) and ``scheduler`` replace the real
    time in tests; ``rate`` is each socket's message rate and burst. ``reveal_scale`` (or
    ``CASHRUN_REVEAL_SCALE``) multiplies how long the table's stage shows each chance outcome
    before anyone may act on it; 0 turns that off, for tests and benches that do not watch the stage.
    """
    from . import handlers
    from .common.timers import ThreadScheduler
    from .door import upstream
    from .door.gate import PING_INTERVAL, PING_TIMEOUT, Gate, add_headers
    from .door.packets import PacketDoor
    from .host import Host
    from .logs import SOCKET_LOGGER
    from .routes import pages
    from .saving.database import Database
    from .seal import HostKey
    from .wire.transport import TextPacket, Transport

    web_dir = Path(web.__file__).parent
    app = Flask(__name__, template_folder=web_dir / "templates", static_folder=web_dir / "static")
    app.register_blueprint(pages)
    app.after_request(add_headers)
    key = HostKey.load(Path(data_dir))
    app.context_processor(lambda: {"version": __version__, "system": laptop_system(), "host_key": key.public_b64})
    socket_log = logging.getLogger(SOCKET_LOGGER)
    socketio.init_app(
        app,
        async_mode="threading",
        async_handlers=False,
        transports=["websocket"],
        ping_interval=PING_INTERVAL,
        ping_timeout=PING_TIMEOUT,
        max_http_buffer_size=MAX_FRAME_BYTES,
        serializer=TextPacket,
        logger=socket_log,
        engineio_logger=socket_log,
    )
    hooks = upstream.check(socketio.server)
    clock = clock or time.monotonic
    transport = Transport(socketio.server, hooks)
    host = app.extensions["cashrun"] = Host(
        Database(Path(data_dir) / "cashrun.sqlite3"),
        clock,
        wall or time.time,
        scheduler or ThreadScheduler(clock),
        transport,
        key,
        seed=seed if seed is not None else os.environ.get("CASHRUN_SEED"),
        rate=rate,
        reveal_scale=reveal_scale if reveal_scale is not None else float(os.environ.get("CASHRUN_REVEAL_SCALE", "1")),
    )
    handlers.register(socketio.server, host, plain="plain_handlers" in hooks)
    transport.door = PacketDoor(socketio.server, host.guard, frozenset(handlers.MESSAGES), hooks)
    app.wsgi_app = Gate(app.wsgi_app, host.guard, lambda: host.addresses)  # type: ignore[method-assign]
    return app
