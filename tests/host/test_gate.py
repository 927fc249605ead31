"""The door of every HTTP request: the Host allow-list, WebSocket only, the security headers."""

from __future__ import annotations

import pytest

from companion.door.gate import CONTENT_SECURITY_POLICY, Gate, host_name
from companion.door.limits import SOCKET_OPENS
from companion.door.network import Addresses

SOCKET = "/socket.io/?EIO=4&transport=websocket"


@pytest.fixture
def http(app, host):
    host.services.addresses = Addresses("http://127.0.0.1:8000", ["http://192.168.1.20:8000"])
    return app.test_client()


@pytest.mark.parametrize(
    "header, name",
    [
        ("192.168.1.20:8000", "192.168.1.20"),
        ("[::1]:8000", "::1"),
        ("LAPTOP.local.", "laptop.local"),
        ("localhost", "localhost"),
        ("[fe80::1%eth0]", "fe80::1%eth0"),
    ],
)
def test_host_names(header, name):
    assert host_name(header) == name


@pytest.mark.parametrize("header", ["evil.example:8000", "192.168.1.21:8000", "cashrun.attacker.net", ""])
def test_a_foreign_host_name_is_refused_on_every_path(http, table, header):
    for path in ("/", f"/table?key={table.key}", "/static/js/core/net.js", SOCKET):
        response = http.get(path, headers={"Host": header, "Upgrade": "websocket", "Connection": "Upgrade"})
        assert response.status_code == 400, path


@pytest.mark.parametrize("header", ["192.168.1.20:8000", "127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.1.1"])
def test_the_laptops_own_names_are_accepted(http, header):
    assert http.get("/", headers={"Host": header}).status_code == 200


def test_the_machine_name_is_accepted(http):
    import socket

    name = socket.gethostname()
    assert http.get("/", headers={"Host": f"{name}:8000"}).status_code == 200
    assert http.get("/", headers={"Host": f"{name}.local:8000"}).status_code == 200


def test_polling_is_refused(http):
    for path in ("/socket.io/?EIO=4&transport=polling", "/socket.io/?EIO=4", SOCKET):
        response = http.get(path)  # without an Upgrade header even transport=websocket is refused
        assert response.status_code == 400 and response.get_data() == b"WebSocket only."


def test_every_page_carries_the_security_headers(http, table):
    for path in (
        "/",
        "/j/ABCD",
        f"/table?key={table.key}",
        "/static/js/core/net.js",
        f"/qr.svg?key={table.key}",
        "/table?key=wrong",
        "/nope",
    ):
        headers = http.get(path).headers
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
    assert http.get(f"/table?key={table.key}").headers["Cache-Control"] == "no-store"
    assert http.get(f"/export/{table.id}.json?key={table.key}").headers["Cache-Control"] == "no-store"
    assert "no-store" not in http.get("/static/js/core/net.js").headers.get("Cache-Control", "")


def test_new_sockets_of_one_address_are_limited(host):
    _, burst = SOCKET_OPENS
    passed: list[str] = []
    gate = Gate(
        lambda environ, start: passed.append(environ["REMOTE_ADDR"]) or [b""], host.guard, lambda: host.addresses
    )

    def upgrade(address: str) -> str:
        status: list[str] = []
        gate(
            {
                "REMOTE_ADDR": address,
                "HTTP_HOST": "127.0.0.1:8000",
                "PATH_INFO": "/socket.io/",
                "QUERY_STRING": "EIO=4&transport=websocket",
                "HTTP_UPGRADE": "websocket",
            },
            lambda code, headers: status.append(code),
        )
        return status[0] if status else "passed"

    codes = [upgrade("192.168.1.66") for _ in range(burst + 3)]
    assert codes == ["passed"] * burst + ["429 Too Many Requests"] * 3
    assert upgrade("192.168.1.67") == "passed"
    assert passed == ["192.168.1.66"] * burst + ["192.168.1.67"]
