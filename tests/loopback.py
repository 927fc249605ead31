"""A free port on 127.0.0.1, for the tests and benches that start a real server."""
from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
