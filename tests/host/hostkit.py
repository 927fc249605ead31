"""Test helpers for the host: a fake clock and scheduler, a keeping test client, random play."""

from __future__ import annotations

import itertools
from functools import partial
from typing import TYPE_CHECKING, Any
from unittest import mock

from flask.testing import EnvironBuilder
from flask_socketio import test_client

from companion.app import create_app, socketio
from companion.common.timers import Timer
from tests.engine.randomplay import concrete
from tests.support.screen import Screen, readable

if TYPE_CHECKING:
    import random
    from collections.abc import Callable
    from pathlib import Path

    from companion.play.table import LiveTable

SEED = "host-tests"
"""Every game of the host tests starts from this seed (``create_app(seed=...)``)."""


class FakeClock:
    """``clock()`` is the monotonic time and ``wall()`` the wall clock; ``advance`` moves both and
    runs every call that fell due, ``step`` moves the wall clock alone (a clock jump)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now
        self.wall_offset = 0.0
        self.timers: list[Timer] = []

    def __call__(self) -> float:
        return self.now

    def wall(self) -> float:
        return self.now + self.wall_offset

    def step(self, seconds: float) -> None:
        self.wall_offset += seconds

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        timer = Timer(when, fn)
        self.timers.append(timer)
        return timer

    def pending(self) -> list[Timer]:
        return [t for t in self.timers if not t.cancelled]

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while True:
            due = sorted((t for t in self.pending() if t.when <= end), key=lambda t: t.when)
            if not due:
                break
            timer = due[0]
            timer.cancelled = True
            self.now = max(self.now, timer.when)
            timer.fn()
        self.now = end


class Client:
    """A Socket.IO test client that keeps every message it heard; ``address`` is its peer address.

    It gets updates, as the pages do, and keeps each as the whole ``view`` message it makes
    (the updates themselves are in ``updates``); ``auth={"views": "whole"}`` asks for whole views.
    """

    def __init__(self, app: Any, auth: dict[str, Any] | None = None, address: str = "127.0.0.1") -> None:
        with mock.patch.object(
            test_client,
            "EnvironBuilder",
            partial(
                EnvironBuilder,
                environ_base={
                    "REMOTE_ADDR": address,
                },
            ),
        ):
            self.raw = socketio.test_client(app, auth=auth)
        self.heard: list[tuple[str, Any]] = []
        self.updates: list[Any] = []
        self.screen = Screen()
        self.latest: dict[str, Any] | None = None
        self.token: str | None = None
        self._ids = itertools.count()

    @property
    def connected(self) -> bool:
        return self.raw.is_connected()

    def emit(self, name: str, data: Any = None) -> Any:
        return self.raw.emit(name, data, callback=True)

    def act(self, action: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return self.emit("act", {"id": f"a{next(self._ids)}", "action": action, **extra})

    def drain(self, name: str | None = None) -> list[Any]:
        """The messages heard since the last drain (of one name, if given)."""
        queue, self.raw.queue = self.raw.queue, []
        new = [self._whole(m["name"], m["args"][0] if m["args"] else None) for m in queue]
        self.heard += new
        for event, data in new:
            if event == "view":
                self.latest = data
        return [data for event, data in new if name is None or event == name]

    def _whole(self, event: str, data: Any) -> tuple[str, Any]:
        """An ``update`` as the whole message it makes, a whole ``view`` with its cards named; every
        other message as it is."""
        if event == "view":
            return event, readable(data)
        if event != "update":
            return event, data
        self.updates.append(data)
        message = self.screen.take(data)
        assert message is not None, f"an update that does not follow the last one: {data}"
        return "view", message

    def view(self) -> dict[str, Any]:
        self.drain()
        assert self.latest is not None
        return self.latest


def fake_app(data_dir: Path, clock: FakeClock, **options: Any) -> Any:
    """The host's app on the fake clock (monotonic, wall and scheduler)."""
    return create_app(data_dir, clock=clock, wall=clock.wall, scheduler=clock, **options)


def join(app: Any, table: LiveTable, name: str) -> Client:
    phone = Client(app)
    answer = phone.emit("join", {"code": table.code, "name": name})
    assert answer["ok"], answer
    phone.token = answer["token"]
    return phone


def play(
    screen: Client,
    phones: list[Client],
    steps: int,
    rng: random.Random,
    clock: FakeClock,
    avoid: tuple[str, ...] = ("announce", "auction", "claim_lap"),
) -> list[dict[str, Any]]:
    """Random legal actions of the seats the game waits for, one each 0.2 s of the fake clock.

    Returns the accepted answers.
    """
    answers = []
    for _ in range(steps):
        clock.advance(0.2)
        table_view = screen.view()
        if table_view["view"]["over"]:
            break
        seats = table_view["view"]["waiting"]["seats"]
        if not seats:
            break
        seat = rng.choice(seats)
        message = phones[seat].view()
        choices = [a for a in message["legal_actions"] if a["type"] not in avoid] or message["legal_actions"]
        answer = phones[seat].act(concrete(rng.choice(choices), rng))
        assert answer["ok"], answer
        answers.append(answer)
    return answers


def card_paths(data: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every place in a message that holds bluff cards (a ``bluff_cards`` list or a card dict)."""
    found: list[tuple[str, Any]] = []
    if isinstance(data, dict):
        if set(data) == {"id", "symbol"}:
            found.append((path, data))
        for key, value in data.items():
            if key == "bluff_cards" and isinstance(value, list):
                found.append((f"{path}.{key}", value))
            found += card_paths(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += card_paths(value, f"{path}[{index}]")
    return found
