"""What reconnects may cost: new sockets of addresses that hold no seat share one budget of the
host (the phones of the players and the laptop do not spend it), and one seat token connects at
most so often."""

from __future__ import annotations

import pytest
from socketio.exceptions import ConnectionRefusedError as Refused

from companion.door.gate import Gate
from companion.door.limits import SEAT_CONNECTS, SOCKET_OPENS, STRANGER_OPENS


def upgrade(host, address: str) -> str:
    status: list[str] = []
    gate = Gate(lambda environ, start: [b""], host.guard, lambda: host.addresses)
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


def test_strangers_share_a_budget_of_new_sockets_and_the_players_do_not_spend_it(host, clock):
    rate, burst = STRANGER_OPENS
    assert SOCKET_OPENS[1] < burst  # one address alone cannot spend it
    host.guard.trust("10.0.0.99")  # a phone that holds a seat
    codes = [upgrade(host, f"10.0.1.{n}") for n in range(burst + 5)]
    assert codes == ["passed"] * burst + ["429 Too Many Requests"] * 5
    assert upgrade(host, "10.0.0.99") == "passed"
    assert upgrade(host, "127.0.0.1") == "passed"
    clock.advance(1.5 / rate)
    assert upgrade(host, "10.0.2.1") == "passed"


def test_one_seat_token_connects_so_often_and_then_is_refused_rate_limited(host, clock, started):
    rate, burst = SEAT_CONNECTS
    token = started[1].token
    for n in range(burst):
        host.connect(f"again-{n}", {"token": token}, "10.0.3.1")
        host.disconnect(f"again-{n}")
    with pytest.raises(Refused) as refused:
        host.connect("again-x", {"token": token}, "10.0.3.2")  # from another address as well
    assert refused.value.error_args == {"message": "refused", "data": {"code": "rate_limited"}}
    host.connect("other-seat", {"token": started[2].token}, "10.0.3.1")  # another seat is not held up
    clock.advance(1.5 / rate)
    host.connect("again-y", {"token": token}, "10.0.3.1")
