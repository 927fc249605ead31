"""The door of every HTTP request, before Flask and Socket.IO see it.

- The Host header must name this laptop: an address ``cashrun`` printed, the address the
  request arrived at, loopback, or the machine's name. A page of another site whose name
  was pointed at the laptop (DNS rebinding) is refused.
- ``/socket.io/`` takes WebSocket upgrades only (the pages never poll), at most
  ``SOCKET_OPENS`` new ones per address; once upgraded, the socket may stay quiet for
  ``WEBSOCKET_IDLE`` seconds (Engine.IO pings every ``PING_INTERVAL``).
- Every page carries the security headers (``SECURITY_HEADERS``); the table screen and
  other keyed answers are never cached.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from flask import Response, request

if TYPE_CHECKING:
    from .guard import Guard
    from .network import Addresses

log = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "media-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
NO_STORE = ("pages.table_screen", "pages.qr_svg", "pages.qr_png", "pages.export")
"""Answers that carry or need the table key: never kept in a cache."""
SOCKET_PATH = "/socket.io/"
PING_INTERVAL = 5
PING_TIMEOUT = 10
WEBSOCKET_IDLE = PING_INTERVAL + PING_TIMEOUT
"""Seconds an upgraded socket may send nothing (a phone answers every ping)."""

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def host_name(header: str) -> str:
    """The name in a Host header, without the port, in lower case: ``[::1]:8000`` -> ``::1``."""
    name = header.strip().lower()
    if name.startswith("["):
        return name[1:].split("]", 1)[0]
    if name.count(":") == 1:
        name = name.split(":", 1)[0]
    return name.rstrip(".")


def own_names() -> set[str]:
    """This machine's names: loopback and what it calls itself (with ``.local`` for mDNS)."""
    names = {"localhost"}
    machine = socket.gethostname().lower().rstrip(".")
    if machine:
        names |= {machine, f"{machine}.local", machine.split(".")[0]}
    return names


def _loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class Gate:
    """WSGI middleware in front of the Socket.IO middleware and Flask."""

    def __init__(self, app: WSGIApp, guard: Guard, addresses: Callable[[], Addresses]) -> None:
        self.app = app
        self.guard = guard
        self.addresses = addresses
        self.names = own_names()
        self._printed: tuple[Addresses | None, set[str]] = (None, set())

    def allowed(self, environ: dict[str, Any]) -> bool:
        name = host_name(environ.get("HTTP_HOST", ""))
        if name in self.names or _loopback(name) or name in self._printed_names():
            return True
        sock = environ.get("werkzeug.socket")
        try:
            return sock is not None and name == sock.getsockname()[0].lower()
        except OSError:
            return False

    def _printed_names(self) -> set[str]:
        addresses = self.addresses()
        if self._printed[0] is not addresses:
            bases = [addresses.table_base, *addresses.join_bases]
            self._printed = (addresses, {(urlsplit(b).hostname or "").lower() for b in bases})
        return self._printed[1]

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        address = environ.get("REMOTE_ADDR", "")
        if not self.allowed(environ):
            log.warning(
                "refused a request from %s for the unknown host name %r", address, environ.get("HTTP_HOST", "")[:80]
            )
            return _refuse(start_response, "400 Bad Request", "Unknown host name.")
        if environ.get("PATH_INFO", "").startswith(SOCKET_PATH):
            if environ.get("HTTP_UPGRADE", "").lower() != "websocket" or "transport=websocket" not in environ.get(
                "QUERY_STRING", ""
            ):
                return _refuse(start_response, "400 Bad Request", "WebSocket only.")
            if not self.guard.open_socket(address):
                return _refuse(start_response, "429 Too Many Requests", "Too many new sockets.")
            sock = environ.get("werkzeug.socket")
            if sock is not None:
                sock.settimeout(WEBSOCKET_IDLE)
        return self.app(environ, start_response)


def _refuse(start_response: Callable[..., Any], status: str, text: str) -> list[bytes]:
    body = text.encode()
    start_response(
        status,
        [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body))), *SECURITY_HEADERS.items()],
    )
    return [body]


def add_headers(response: Response) -> Response:
    """Flask's ``after_request``: the security headers on every answer, no caching of keyed ones."""
    response.headers.update(SECURITY_HEADERS)
    if request.endpoint in NO_STORE:
        response.headers["Cache-Control"] = "no-store"
    return response
