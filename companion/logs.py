"""The console of ``cashrun``: one short line per problem, and not many of them.

A hostile phone can make the host log on every packet (a malformed frame, a half-sent
request). Tracebacks would bury the table address the banker needs; so every record is
cut to one line, and past a burst of twenty only ten lines a minute are printed, each
saying how many were left out before it.
"""

from __future__ import annotations

import logging
import time

from .door.limits import TokenBucket

LINES = (1 / 6, 20)
"""Log lines a second, at once: ten a minute after a burst of twenty."""
MAX_LINE = 300
HOST_LOGGERS = ("companion", "werkzeug")
SOCKET_LOGGER = "companion.socketio"
"""Engine.IO and Socket.IO log here (``create_app`` passes it to them)."""


class OneLine(logging.Filter):
    """Turns each record into one line (a traceback becomes its last line) and drops floods."""

    def __init__(self) -> None:
        super().__init__()
        self.bucket = TokenBucket(time.monotonic, *LINES)
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.bucket.take():
            self.dropped += 1
            return False
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text = f"{text} ({type(error).__name__}: {error})"
        text = " ".join(text.split())[:MAX_LINE]
        if self.dropped:
            text = f"{text} [{self.dropped} similar lines left out]"
            self.dropped = 0
        record.msg, record.args, record.exc_info, record.exc_text, record.stack_info = text, None, None, None, None
        return True


def setup() -> None:
    """Send the host's log records, one line each and rate-limited, to the console (once per process)."""
    root = logging.getLogger(HOST_LOGGERS[0])
    if any(isinstance(f, OneLine) for h in root.handlers for f in h.filters):
        return
    handler = logging.StreamHandler()
    handler.addFilter(OneLine())
    handler.setFormatter(logging.Formatter("cashrun: %(message)s"))
    for name in HOST_LOGGERS:
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.propagate = False
    logging.getLogger(HOST_LOGGERS[0]).setLevel(logging.WARNING)
    logging.getLogger(SOCKET_LOGGER).setLevel(logging.ERROR)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
