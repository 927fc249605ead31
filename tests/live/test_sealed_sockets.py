"""Sealed messages on a real ``cashrun``: raw Engine.IO WebSockets that keep every frame they get, sealed
with the host's public key as a page seals them (``companion.seal.PageSeal``, /tmp/team/SEAL.md), beside
plain ones (scripts, bots) that keep working as before."""

from __future__ import annotations

import base64
import itertools
import json
import math
import re
import time
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
import websocket

from companion.door import upstream
from companion.seal import HostKey, PageSeal, Seal
from tests.support.cashrun import Cashrun
from tests.support.screen import Screen, readable

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

WAIT = 10.0
BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
BAD_SEAL = {"ok": False, "error": {"code": "bad_seal"}}
NAMES = ("Ann", "Bob", "Cas")


class Line:
    """A page's Engine.IO WebSocket, sealed (``credentials`` sealed for the host's key) or plain
    (``sealed=False``), or connecting with an ``auth`` made beforehand. ``frames`` keeps every
    Socket.IO frame the host sent after its open packet, as it came; ``events`` each event opened."""

    def __init__(
        self, server: Cashrun, credentials: dict[str, Any], sealed: bool = True, auth: dict[str, Any] | None = None
    ) -> None:
        self.seal: Seal | None = None
        if auth is None and sealed:
            assert server.host_key is not None
            fields, self.seal = PageSeal.new(server.host_key)
            auth = fields(credentials)
        self.auth = credentials if auth is None else auth
        self.ws = websocket.create_connection(
            f"ws://{server.netloc}/socket.io/?EIO=4&transport=websocket", timeout=WAIT
        )
        opening = self.ws.recv()
        assert isinstance(opening, str) and opening.startswith("0")
        self.ws.send("40" + json.dumps(self.auth))
        self.frames: list[str] = []
        self.events: list[tuple[str, Any]] = []
        self.answers: dict[int, Any] = {}
        self._ids = itertools.count(1)
        self.closed = False
        first = self._until(lambda: bool(self.frames))
        self.refusal = json.loads(first[-1][2:]) if first[-1].startswith("44") else None

    def opened(self, data: Any) -> Any:
        return data if self.seal is None else json.loads(self.seal.open(data))

    def _read(self, seconds: float) -> None:
        """The frames that come within ``seconds``."""
        self.ws.settimeout(seconds)
        try:
            frame = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            return
        except (websocket.WebSocketException, OSError):
            self.closed = True
            return
        assert isinstance(frame, str), "the host sends text frames only"
        if frame == "2":
            self.ws.send("3")
            return
        self.frames.append(frame)
        if frame.startswith("42"):
            name, data = json.loads(frame[2:])
            self.events.append((name, self.opened(data)))
        elif frame.startswith("43"):
            digits = re.match(r"\d+", frame[2:])
            assert digits is not None
            self.answers[int(digits.group())] = self.opened(json.loads(frame[2 + digits.end() :])[0])

    def _until(self, done: Callable[[], bool], wait: float = WAIT) -> list[str]:
        end = time.monotonic() + wait
        while not done():
            assert time.monotonic() < end and not self.closed, f"nothing came: {self.frames[-3:]}"
            self._read(0.2)
        return self.frames

    def settle(self, seconds: float = 0.5) -> None:
        """Read whatever comes for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.closed:
            self._read(0.1)

    def call(self, event: str, data: Any, plain: bool = False) -> Any:
        """``event`` with ``data`` (sealed on a sealed line, unless ``plain``: as it is); the answer, opened."""
        n = next(self._ids)
        payload = data if self.seal is None or plain else self.seal.seal_json(data)
        self.ws.send(f"42{n}{json.dumps([event, payload])}")
        self._until(lambda: n in self.answers)
        return self.answers.pop(n)

    def views(self) -> list[dict[str, Any]]:
        return [data for name, data in self.events if name == "view"]

    def latest(self, test: Callable[[dict[str, Any]], bool] = lambda _: True) -> dict[str, Any]:
        """The latest whole ``view`` once ``test`` holds for it."""
        self._until(lambda: bool(self.views()) and test(self.views()[-1]))
        return self.views()[-1]

    def close(self) -> None:
        self.ws.close()


def all_sealed(line: Line) -> None:
    """Every event and answer the host sent ``line`` is one base64 string, of the length its text gives."""
    assert line.seal is not None
    for frame in line.frames:
        if frame.startswith("40"):
            assert set(json.loads(frame[2:])) == {"sid"}  # Socket.IO's own: the socket's id
            continue
        if frame == "41":  # the namespace closed (after ``refused``): nothing in it
            continue
        assert frame.startswith(("42", "43")), frame
        parts = json.loads(re.sub(r"^4[23]\d*", "", frame))
        sealed = parts[-1]
        assert len(parts) == (2 if frame.startswith("42") else 1) and isinstance(sealed, str)
        assert BASE64.fullmatch(sealed), frame[:80]
        text = line.seal.open(sealed)
        assert len(sealed) == 4 * math.ceil((40 + len(text.encode())) / 3)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Cashrun]:
    running = Cashrun(tmp_path)
    yield running
    running.stop()


def a_game(server: Cashrun) -> tuple[list[Line], Line, str]:
    """A started game of three sealed phones (whole views) and a plain table screen (whole views);
    and the first phone's token."""
    screen = Line(server, {"table_key": server.key, "views": "whole"}, sealed=False)
    phones = [Line(server, {"views": "whole"}) for _ in NAMES]
    answers = [phone.call("join", {"code": server.code, "name": name}) for phone, name in zip(phones, NAMES)]
    assert screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    for phone in phones:
        phone.latest(lambda view: view["kind"] == "game")
    return phones, screen, answers[0]["token"]


def play(phones: list[Line], acts: int) -> None:
    """``acts`` acts, each by the phone whose view lists an action (its first)."""
    for n in range(acts):
        for phone in phones:
            phone.settle(0.2)
        phone = next(p for p in phones if p.views()[-1]["legal_actions"])
        assert phone.call("act", {"id": f"a{n}", "action": first_action(phone.views()[-1]["legal_actions"])})["ok"]


def first_action(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The first listed action, an amount's form taken at its least."""
    action = legal[0]
    return {k: v["min"] if isinstance(v, dict) and "min" in v else v for k, v in action.items()}


def export_of(server: Cashrun, game_id: str) -> bytes:
    with urllib.request.urlopen(f"{server.base}/export/{game_id}.json?key={server.key}", timeout=WAIT) as response:
        return response.read()


def test_a_sealed_phone_and_table_screen_see_what_plain_ones_with_the_same_credentials_see(server):
    sealed_screen = Line(server, {"table_key": server.key, "views": "whole"})
    updated = Line(server, {"table_key": server.key})  # updates, as the pages get them
    assert sealed_screen.refusal is None is updated.refusal
    phones, screen, token = a_game(server)
    ann = phones[0]
    play(phones, 4)
    for line in (*phones, screen, sealed_screen, updated):
        line.settle()
    assert sealed_screen.views()[-3:] == screen.views()[-3:]
    built = Screen()
    updates = [built.take(data) for name, data in updated.events if name == "update"]
    assert len(updates) > 4 and updates[-1] == readable(screen.views()[-1])
    assert sealed_screen.call("sync", {}) == {"ok": True} == screen.call("sync", {})
    again = Line(server, {"token": token, "views": "whole"})
    first = again.latest()
    ann.settle()
    assert ann.events[-1] == ("refused", {"code": "replaced"})  # ``refused`` sealed too
    assert first == ann.views()[-1]
    plain = Line(server, {"token": token, "views": "whole"}, sealed=False)
    assert plain.latest() == first
    for line in (sealed_screen, updated, ann, again):
        all_sealed(line)


def test_a_replayed_or_malformed_sealed_connect_is_refused_bad_seal_and_plain_ones_still_connect(server, tmp_path):
    refused = {"message": "refused", "data": {"code": "bad_seal"}}
    screen = Line(server, {"table_key": server.key})
    assert screen.refusal is None
    assert Line(server, {}, auth=screen.auth).refusal == refused  # a captured connect, replayed
    assert server.host_key is not None
    other, _ = PageSeal.new(HostKey.load(tmp_path / "another laptop").public_b64)
    fields, seal = PageSeal.new(server.host_key)
    fresh = fields({"table_key": server.key})
    garbled = base64.b64decode(fresh["box"])
    for auth in (
        other({"table_key": server.key}),
        {**fresh, "box": base64.b64encode(garbled[:-1] + bytes([garbled[-1] ^ 1])).decode()},
        {**fresh, "box": "not base64!"},
        {**fresh, "seal": fresh["seal"][:-1]},
        {**fresh, "seal": 17},
        {"seal": fresh["seal"], "box": seal.seal('["table_key"]')},
        {"seal": fresh["seal"]},
    ):
        assert Line(server, {}, auth=auth).refusal == refused, auth
    assert Line(server, {}, auth=fresh).refusal is None  # none of the failed ones spent its key
    assert Line(server, {"table_key": server.key}, sealed=False).refusal is None
    assert Line(server, {"table_key": "wrong"}).refusal == {"message": "refused", "data": {"code": "bad_key"}}


def test_a_sealed_socket_that_sends_plain_data_or_garbage_gets_bad_seal_and_nothing_changes(server):
    phones, screen, _ = a_game(server)
    ann = phones[0]
    game_id = ann.latest()["game_id"]
    acting = next(p for p in phones if p.views()[-1]["legal_actions"])
    act = {"id": "plain", "action": first_action(acting.views()[-1]["legal_actions"])}
    before, seen = export_of(server, game_id), len(screen.views())
    assert server.host_key is not None
    _, stranger = PageSeal.new(server.host_key)
    for data in (
        act,
        json.dumps(act),
        "not base64!",
        17,
        None,
        stranger.seal_json(act),
        ann.seal.seal("not json") if ann.seal else "",
    ):
        assert ann.call("act", data, plain=True) == BAD_SEAL, data
    screen.settle()
    assert export_of(server, game_id) == before and len(screen.views()) == seen
    assert ann.call("sync", {}) == {"ok": True}  # the socket still works, sealed
    assert acting.call("act", act)["ok"]
    all_sealed(ann)


def test_a_table_screen_exports_over_its_socket_and_a_phone_cannot(server):
    ann = a_game(server)[0][0]
    game_id = ann.latest()["game_id"]
    screen = Line(server, {"table_key": server.key})
    answer = screen.call("export", {"game_id": game_id})
    assert answer == {"ok": True, "name": f"cashrun-{game_id}.json", "json": export_of(server, game_id).decode()}
    assert screen.call("export", {"game_id": "nope"}) == {"ok": False, "error": {"code": "bad_game"}}
    assert screen.call("export", {}) == {"ok": False, "error": {"code": "malformed", "field": "game_id"}}
    assert ann.call("export", {"game_id": game_id}) == {"ok": False, "error": {"code": "not_table"}}
    all_sealed(screen)


def test_the_host_key_survives_a_restart(tmp_path):
    first = Cashrun(tmp_path)
    try:
        host_key = first.host_key
        assert host_key == HostKey.load(tmp_path).public_b64
        assert Line(first, {"table_key": first.key}).refusal is None
    finally:
        first.stop()
    second = Cashrun(tmp_path)
    try:
        assert second.host_key == host_key and second.key == first.key
        screen = Line(second, {"table_key": second.key, "views": "whole"})
        assert screen.latest()["table"]["code"] == second.code
    finally:
        second.stop()


def test_sealed_sockets_work_when_the_library_hooks_fall_back(tmp_path, monkeypatch):
    """Every event then goes through Socket.IO's ``emit`` and every message through Flask-SocketIO's
    handlers (``CASHRUN_HOOKS=off``): sealed all the same."""
    monkeypatch.setenv(upstream.OFF, "off")
    server = Cashrun(tmp_path)
    try:
        screen = Line(server, {"table_key": server.key, "views": "whole"})
        updated = Line(server, {"table_key": server.key})
        phone = Line(server, {})
        assert phone.call("join", {"code": server.code, "name": "Ann"})["ok"]
        assert phone.call("act", {"id": "x", "action": {"type": "leave"}}, plain=True) == BAD_SEAL
        assert [p["name"] for p in screen.latest(lambda v: bool(v["view"]["players"]))["view"]["players"]] == ["Ann"]
        updated.settle()
        for line in (screen, updated, phone):
            all_sealed(line)
    finally:
        server.stop()
