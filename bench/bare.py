"""A bare python-socketio server for ``bench/latency.py``: the floor the host is measured against.

    python bench/bare.py PORT MESSAGE_FILE [threading|gevent|eventlet]

Serves until its parent process is gone. Each client joins the room its ``auth`` names;
an ``act {room}`` broadcasts the message in MESSAGE_FILE to that room and answers ``{ok}``.
Nothing of the host sits above python-socketio; it pings its clients as often as the host
does (``companion.door.gate``), so both do the same Engine.IO work beside the acts.
``threading`` (the host's mode) runs on the same Werkzeug server and request handler as the
host (TCP_NODELAY on each connection);
``gevent`` and ``eventlet`` on their own WSGI servers, with TCP_NODELAY set on the listening
socket (Linux hands it on to each connection).
"""

from __future__ import annotations

import sys

MODE = sys.argv[3] if len(sys.argv) > 3 else "threading"
if MODE == "gevent":
    from gevent import monkey

    monkey.patch_all()
elif MODE == "eventlet":
    import eventlet

    eventlet.monkey_patch()

import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import socketio

ROOT = Path(__file__).resolve().parents[1]


def orphaned(parent: int) -> None:
    """Ends this process once the bench that started it is gone, however it ended."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def listener(port: int) -> socket.socket:
    sock = socket.create_server(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def main() -> None:
    port, message = int(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text())
    sys.path.insert(0, str(ROOT))
    from companion.door.gate import PING_INTERVAL, PING_TIMEOUT

    # The host's pings (every 5 s, not Engine.IO's 25): each is a frame each way on every socket.
    sio = socketio.Server(async_mode=MODE, ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT)
    threading.Thread(target=orphaned, args=(os.getppid(),), daemon=True).start()

    @sio.on("connect")
    def connect(sid: str, environ: dict[str, Any], auth: dict[str, Any]) -> None:
        sio.enter_room(sid, auth["room"])

    @sio.on("act")
    def act(sid: str, data: dict[str, Any]) -> dict[str, Any]:
        sio.emit("view", message, to=data["room"])
        return {"ok": True}

    app = socketio.WSGIApp(sio)
    if MODE == "gevent":
        from gevent.pywsgi import WSGIServer

        WSGIServer(listener(port), app, log=None).serve_forever()
    elif MODE == "eventlet":
        import eventlet.wsgi

        eventlet.wsgi.server(listener(port), app, log_output=False)
    else:
        from werkzeug.serving import make_server

        from companion.door.network import NoDelayHandler

        make_server("127.0.0.1", port, app, threaded=True, request_handler=NoDelayHandler).serve_forever()


if __name__ == "__main__":
    main()
