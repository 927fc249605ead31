"""The server's connection caps, counted as connections arrive: unfinished requests per
address, open ones per address and in all, and the reserve kept for phones that hold a seat."""

from __future__ import annotations

import socket

import pytest

from companion.door import network
from companion.door.limits import BAN_SECONDS
from companion.door.network import MAX_CONNECTIONS, MAX_PER_ADDRESS, MAX_UNFINISHED, RESERVED


@pytest.fixture
def server(app):
    seated = {"10.1.0.9"}
    running = network.serve("127.0.0.1", 0, app, trusted=seated.__contains__)
    yield running
    running.server_close()


def arrive(server, address: str) -> socket.socket | None:
    request = socket.socket()
    if server.verify_request(request, (address, 40000)):
        return request
    request.close()
    return None


def test_an_address_has_at_most_six_unfinished_requests(server):
    waiting = [arrive(server, "10.1.0.1") for _ in range(MAX_UNFINISHED)]
    assert all(waiting) and arrive(server, "10.1.0.1") is None
    assert arrive(server, "10.1.0.2") is not None  # another address is not held up
    server.finished(waiting[0])  # its headers arrived: a place for a new request
    assert arrive(server, "10.1.0.1") is not None and arrive(server, "10.1.0.1") is None
    server.shutdown_request(waiting[1])
    assert arrive(server, "10.1.0.1") is not None


def test_the_laptop_itself_has_no_per_address_cap(server):
    assert all(arrive(server, "127.0.0.1") for _ in range(MAX_PER_ADDRESS + MAX_UNFINISHED))


def test_an_address_has_at_most_its_share_of_open_connections(server):
    for _ in range(MAX_PER_ADDRESS):
        server.finished(arrive(server, "10.1.0.3"))
    assert arrive(server, "10.1.0.3") is None
    assert server.open_connections("10.1.0.3") == MAX_PER_ADDRESS


def test_the_last_connections_are_kept_for_addresses_that_hold_a_seat(server):
    strangers = [f"10.2.0.{n}" for n in range(1, 60)]
    opened = 0
    for address in strangers:
        for _ in range(MAX_PER_ADDRESS):
            request = arrive(server, address)
            if request is None:
                break
            server.finished(request)
            opened += 1
    assert opened == MAX_CONNECTIONS - RESERVED
    assert arrive(server, "10.3.0.1") is None  # a new stranger waits for room
    seated = [arrive(server, "10.1.0.9") for _ in range(MAX_UNFINISHED)]
    assert all(seated)  # the seated phone's address comes back at once


def test_holding_a_seat_or_a_table_makes_an_address_trusted(app, table, screen):
    from hostkit import Client, join

    host = app.extensions["cashrun"]
    assert host.guard.trusted("127.0.0.1")  # the table screen's
    assert not host.guard.trusted("10.4.0.1")
    phone = Client(app, address="10.4.0.1")
    assert phone.emit("join", {"code": table.code, "name": "Ann"})["ok"]
    assert host.guard.trusted("10.4.0.1")
    assert join(app, table, "Bob").connected


def test_an_address_closed_for_flooding_is_refused_at_once_for_a_while(app, clock):
    host = app.extensions["cashrun"]
    running = network.serve("127.0.0.1", 0, app, banned=host.guard.banned)
    try:
        host.guard.ban("10.5.0.1")
        assert arrive(running, "10.5.0.1") is None
        assert arrive(running, "10.5.0.2") is not None and arrive(running, "127.0.0.1") is not None
        clock.advance(BAN_SECONDS)
        assert arrive(running, "10.5.0.1") is not None
    finally:
        running.server_close()
