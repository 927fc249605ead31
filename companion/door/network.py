"""The laptop's addresses and the HTTP server that phones reach."""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ifaddr
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)

_VIRTUAL = ("docker", "br-", "veth", "virbr", "vbox", "vmnet", "vethernet", "utun", "tun", "tap", "zt")
"""Interface names of containers, virtual machines and VPNs: shown last."""


@dataclass(slots=True)
class Addresses:
    """Where the laptop's browser and the phones reach the host (no trailing slash)."""

    table_base: str = "http://127.0.0.1:8000"
    join_bases: list[str] = field(default_factory=lambda: ["http://127.0.0.1:8000"])


def lan_addresses() -> list[str]:
    """IPv4 addresses phones on the same network may reach, the likeliest first.

    Loopback and link-local addresses are left out. Private addresses of physical
    interfaces come first, then other private ones, then the rest.
    """
    found: dict[str, tuple[int, int]] = {}
    for adapter in ifaddr.get_adapters():
        name = (adapter.nice_name or adapter.name or "").lower()
        virtual = name.startswith(_VIRTUAL)
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            address = ipaddress.IPv4Address(ip.ip)
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            rank = (virtual, not address.is_private)
            found.setdefault(str(address), rank)
    return sorted(found, key=lambda a: (found[a], _private_order(a)))


def _private_order(address: str) -> int:
    """Home routers hand out 192.168.x.x most often, then 10.x, then 172.16-31.x."""
    for order, prefix in enumerate(("192.168.", "10.", "172.")):
        if address.startswith(prefix):
            return order
    return 3


MAX_CONNECTIONS = 200
"""Open connections in all: below macOS's default limit of 256 open files."""
RESERVED = 40
"""Of ``MAX_CONNECTIONS``, kept for addresses that hold a seat or a table screen (``trusted``):
a phone that drops comes back even when strangers have filled the rest."""
MAX_PER_ADDRESS = 24
"""Open connections of one address: a page loads with a few at once, a phone keeps one."""
MAX_UNFINISHED = 6
"""New connections of one address whose first request line and headers have not arrived yet
(a browser opens at most six at once)."""
LAPTOP = frozenset({"127.0.0.1", "::1"})
"""The laptop's own browser (the table screen): no phone on the Wi-Fi has this address, so
it has no per-address cap and may use the reserve."""
HEADER_SECONDS = 2.0
"""A request's line and headers must arrive whole within this, or the connection is closed."""
REQUEST_SECONDS = 5.0
"""Each read or write of a connection waits at most this long."""


class Deadlines:
    """Closes the connections whose request has not arrived whole in time (one thread)."""

    def __init__(self) -> None:
        self._due: dict[socket.socket, float] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def watch(self, conn: socket.socket, seconds: float) -> None:
        with self._lock:
            self._due[conn] = time.monotonic() + seconds
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cashrun-deadlines", daemon=True)
                self._thread.start()

    def release(self, conn: socket.socket) -> None:
        with self._lock:
            self._due.pop(conn, None)

    def _run(self) -> None:
        while True:
            time.sleep(0.5)
            now = time.monotonic()
            with self._lock:
                late = [conn for conn, due in self._due.items() if due <= now]
                for conn in late:
                    del self._due[conn]
            for conn in late:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)  # its thread's read returns at once


class NoDelayHandler(WSGIRequestHandler):
    """Werkzeug's request handler with Nagle's algorithm off on each accepted socket, and a
    deadline for each request to arrive.

    Without ``TCP_NODELAY`` a small view waits for the previous one's ACK and the fan-out
    stalls (DESIGN.md, "Measured"); ``StreamRequestHandler.setup`` sets it. Each read and
    write waits at most ``timeout`` seconds, and each request's line and headers together at
    most ``HEADER_SECONDS`` (a request sent a byte at a time is cut off too, and so is a
    kept-alive connection that sends no next request).
    """

    disable_nagle_algorithm = True
    timeout = REQUEST_SECONDS

    def handle_one_request(self) -> None:
        if isinstance(self.server, Server):
            self.server.deadlines.watch(self.connection, HEADER_SECONDS)
        super().handle_one_request()

    def parse_request(self) -> bool:
        parsed = super().parse_request()
        if isinstance(self.server, Server):
            self.server.deadlines.release(self.connection)
            self.server.finished(self.connection)
        return parsed

    def finish(self) -> None:
        if isinstance(self.server, Server):
            self.server.deadlines.release(self.connection)
        super().finish()

    def connection_dropped(self, error: BaseException, environ: Any = None) -> None:
        """A WebSocket ends this way (simple-websocket raises ConnectionError): stop reading
        the socket, or Werkzeug parses the closing frame as a new request and logs a 400."""
        self.close_connection = True


class Server(ThreadedWSGIServer):
    """Werkzeug's threaded server that refuses a connection at once, before a thread is
    made for it, when its address or the host already has too many open or unfinished.

    The last ``RESERVED`` places are only for addresses ``trusted`` says hold a seat or a
    table screen, and for the laptop itself. At the moment a connection arrives nothing but
    its address is known (a phone's token travels inside the Socket.IO connection, after the
    request), so the address is what decides; strangers' half-sent requests cannot take
    those places.
    """

    def __init__(
        self,
        *args: Any,
        trusted: Callable[[str], bool] | None = None,
        banned: Callable[[str], bool] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.deadlines = Deadlines()
        self.trusted = trusted or (lambda address: False)
        self.banned = banned or (lambda address: False)
        self._open: dict[Any, str] = {}
        self._per_address: dict[str, int] = {}
        self._waiting: set[Any] = set()
        """Connections whose request line and headers have not arrived yet."""
        self._unfinished: dict[str, int] = {}
        self._count_lock = threading.Lock()

    def verify_request(self, request: Any, client_address: Any) -> bool:
        address = client_address[0] if isinstance(client_address, tuple) else str(client_address)
        laptop = address in LAPTOP
        if not laptop and self.banned(address):
            return False  # closed for flooding a moment ago: no thread, no log line
        room = MAX_CONNECTIONS if laptop or self.trusted(address) else MAX_CONNECTIONS - RESERVED
        with self._count_lock:
            crowded = (
                self._per_address.get(address, 0) >= MAX_PER_ADDRESS
                or self._unfinished.get(address, 0) >= MAX_UNFINISHED
            )
            if len(self._open) >= room or (crowded and not laptop):
                log.warning("refused a connection from %s: too many open", address)
                return False
            self._open[request] = address
            _count(self._per_address, address, 1)
            self._waiting.add(request)
            _count(self._unfinished, address, 1)
        return True

    def finished(self, request: Any) -> None:
        """The first request's line and headers arrived."""
        with self._count_lock:
            if request in self._waiting:
                self._waiting.discard(request)
                _count(self._unfinished, self._open[request], -1)

    def shutdown_request(self, request: Any) -> None:
        with self._count_lock:
            address = self._open.pop(request, None)
            if address is not None:
                _count(self._per_address, address, -1)
                if request in self._waiting:
                    self._waiting.discard(request)
                    _count(self._unfinished, address, -1)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One logged line instead of socketserver's traceback on stderr."""
        log.error("a request from %s failed", client_address, exc_info=True)

    def open_connections(self, address: str | None = None) -> int:
        with self._count_lock:
            return len(self._open) if address is None else self._per_address.get(address, 0)


def _count(counts: dict[str, int], address: str, step: int) -> None:
    left = counts.get(address, 0) + step
    if left > 0:
        counts[address] = left
    else:
        counts.pop(address, None)


def serve(
    host: str,
    port: int,
    app: Any,
    trusted: Callable[[str], bool] | None = None,
    banned: Callable[[str], bool] | None = None,
) -> Server:
    """A threaded server bound now (port 0 picks a free one); ``serve_forever`` starts it.

    The socket is bound here so a busy port raises ``OSError`` (Werkzeug would print its
    own English message and exit). ``trusted`` tells the addresses that may use the reserved
    connections, ``banned`` those whose connections are refused for now.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.create_server((host, port), family=family)
    try:
        return Server(host, port, app, handler=NoDelayHandler, fd=listener.fileno(), trusted=trusted, banned=banned)
    finally:
        listener.close()  # Werkzeug keeps its own duplicate of the socket
