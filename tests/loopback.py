"""A free port on 127.0.0.1, for the tests and benches that start a real server."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def connect_from(source: str, port: int) -> socket.socket:
    """A TCP connection to 127.0.0.1:port from the loopback address ``source``: to the host
    it is another phone. Linux answers on every 127.x address; where only 127.0.0.1 is
    loopback (macOS), that is used instead."""
    sock = socket.socket()
    try:
        sock.bind((source, 0))
    except OSError:
        sock.close()
        sock = socket.socket()
    sock.connect(("127.0.0.1", port))
    return sock
