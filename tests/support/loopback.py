"""A free port on 127.0.0.1, and the command line of a real server on it, for the tests and
benches that start one."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serving(port: int, data_dir: object) -> list[str]:
    """``cashrun``'s arguments for a server on 127.0.0.1:``port`` with ``data_dir``, no browser."""
    return ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir), "--no-browser"]


def connect_from(source: str, port: int) -> socket.socket:
    """A TCP connection to 127.0.0.1:port from the loopback address ``source``: to the host
    it is another phone. Linux answers on every 127.x address; where only 127.0.0.1 is
    loopback (macOS), that is used instead.

    Its small writes go at once (``TCP_NODELAY``), as a browser's WebSocket does and as
    websocket-client sets on a socket it opens itself (not on one handed to it). Without it a
    message sent just after a pong waited for the host to acknowledge the pong (Linux delays
    that by up to 40 ms)."""
    sock = socket.socket()
    try:
        sock.bind((source, 0))
    except OSError:
        sock.close()
        sock = socket.socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.connect(("127.0.0.1", port))
    return sock
