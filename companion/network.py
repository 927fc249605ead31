"""The laptop's addresses and the HTTP server that phones reach."""
from __future__ import annotations

import ipaddress
import socket
from typing import Any

import ifaddr
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

_VIRTUAL = ("docker", "br-", "veth", "virbr", "vbox", "vmnet", "vethernet", "utun", "tun", "tap", "zt")
"""Interface names of containers, virtual machines and VPNs: shown last."""


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


class NoDelayHandler(WSGIRequestHandler):
    """Werkzeug's request handler with Nagle's algorithm off on each accepted socket.

    Without it a small view waits for the previous one's ACK and the fan-out stalls
    (DESIGN.md, "Measured"). ``StreamRequestHandler.setup`` sets ``TCP_NODELAY``.
    """

    disable_nagle_algorithm = True

    def connection_dropped(self, error: BaseException, environ: Any = None) -> None:
        """A WebSocket ends this way (simple-websocket raises ConnectionError): stop reading
        the socket, or Werkzeug parses the closing frame as a new request and logs a 400."""
        self.close_connection = True


def serve(host: str, port: int, app: Any) -> BaseWSGIServer:
    """A threaded server bound now (port 0 picks a free one); ``serve_forever`` starts it.

    The socket is bound here so a busy port raises ``OSError`` (Werkzeug would print its
    own English message and exit).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.create_server((host, port), family=family)
    try:
        return make_server(host, port, app, threaded=True, request_handler=NoDelayHandler,
                           fd=listener.fileno())
    finally:
        listener.close()  # Werkzeug keeps its own duplicate of the socket
