"""Fixtures for the host tests: an app on a fake clock, a table screen and phones (test clients)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pytest
from hostkit import SEED, Client, FakeClock, fake_app, join

if TYPE_CHECKING:
    from pathlib import Path

    from companion.host import Host
    from companion.play.table import LiveTable

NAMES = ["Ann", "Bob", "Cas", "Dee"]


@pytest.fixture(autouse=True)
def host_log_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    """``caplog`` hears the host's log lines: once a host was set up in this process (``logs.setup``), the
    host's loggers stop at their own console handler, and a test's ``caplog`` would see nothing."""
    monkeypatch.setattr(logging.getLogger("companion"), "propagate", True)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(tmp_path: Path, clock: FakeClock) -> Any:
    """Reveals are off here; ``test_reveal.py`` turns them on."""
    return fake_app(tmp_path, clock, seed=SEED, reveal_scale=0)


@pytest.fixture
def host(app: Any) -> Host:
    return app.extensions["cashrun"]


@pytest.fixture
def table(host: Host) -> LiveTable:
    return host.new_table()


@pytest.fixture
def screen(app: Any, table: LiveTable) -> Client:
    return Client(app, {"table_key": table.key})


@pytest.fixture
def phones(app: Any, table: LiveTable, screen: Client) -> list[Client]:
    return [join(app, table, name) for name in NAMES]


@pytest.fixture
def started(screen: Client, phones: list[Client]) -> list[Client]:
    answer = screen.act({"type": "start"})
    assert answer["ok"], answer
    for phone in phones:
        phone.drain()
    screen.drain()
    return phones
