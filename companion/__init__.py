"""The Cash & Run host: Flask + Flask-SocketIO (threading mode, simple-websocket)."""
from __future__ import annotations

import os
import time
from pathlib import Path

from flask import Flask
from flask_socketio import SocketIO

import web

from .limits import BURST, MAX_FRAME_BYTES, RATE
from .timers import Clock, Scheduler

socketio = SocketIO()


def create_app(
    data_dir: Path,
    *,
    seed: str | None = None,
    clock: Clock | None = None,
    scheduler: Scheduler | None = None,
    rate: tuple[float, int] = (RATE, BURST),
    reveal_scale: float | None = None,
) -> Flask:
    """The host's Flask app with its Socket.IO server; games are saved in ``data_dir``.

    ``seed`` (or the environment variable ``CASHRUN_SEED``) fixes every new game's
    seed: for tests only, it makes the game's randomness predictable. ``clock`` and
    ``scheduler`` replace the real time in tests; ``rate`` is each socket's message
    rate and burst. ``reveal_scale`` (or ``CASHRUN_REVEAL_SCALE``) multiplies how long the
    table's stage shows each chance outcome before anyone may act on it; 0 turns that off,
    for tests and benches that do not watch the stage.
    """
    from . import events  # noqa: F401  (its decorators register the Socket.IO handlers)
    from .host import Host
    from .routes import pages
    from .store import Store
    from .timers import ThreadScheduler
    from .transport import TextPacket, Transport

    web_dir = Path(web.__file__).parent
    app = Flask(__name__, template_folder=web_dir / "templates", static_folder=web_dir / "static")
    app.register_blueprint(pages)
    socketio.init_app(app, async_mode="threading", async_handlers=False,
                      max_http_buffer_size=MAX_FRAME_BYTES, serializer=TextPacket)
    clock = clock or time.time
    app.extensions["cashrun"] = Host(
        Store(Path(data_dir) / "cashrun.sqlite3"),
        clock,
        scheduler or ThreadScheduler(clock),
        Transport(socketio.server),
        seed=seed if seed is not None else os.environ.get("CASHRUN_SEED"),
        rate=rate,
        reveal_scale=reveal_scale if reveal_scale is not None else float(os.environ.get("CASHRUN_REVEAL_SCALE", "1")),
    )
    return app
