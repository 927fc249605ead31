"""``cashrun`` as a real process and real Socket.IO clients, for the live tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import socketio

from tests.loopback import serving
from tests.screen import Screen, readable

ROOT = Path(__file__).resolve().parents[2]
WAIT = 10.0
NAMES = ["Ann", "Bob", "Cas", "Dee"]


def command() -> list[str]:
    """The installed ``cashrun``, or the same entry point from the source tree."""
    installed = shutil.which("cashrun")
    return [installed] if installed else [sys.executable, "-m", "companion.cli"]


def start(port: int, data_dir: Path, program: list[str] | None = None) -> subprocess.Popen:
    """``cashrun`` on 127.0.0.1:port with its output (stdout and stderr) on one pipe.

    ``program`` is another build of ``cashrun`` (an installed wheel, the single file): it runs
    without this checkout on its path, so it serves only what it holds itself."""
    # Reveals off: the live tests act at once; tests/host/test_reveal.py covers the reveal clock.
    env = {
        **os.environ,
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "CASHRUN_REVEAL_SCALE": "0",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    if program is not None:
        del env["PYTHONPATH"]
    return subprocess.Popen(
        [*(program or command()), *serving(port, data_dir)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


class Server:
    """A running ``cashrun``; ``lines`` keeps every line it printed (read on a thread, so the pipe never fills).

    ``proc``: a build already started with arguments of its own (the packaging tests start one
    with none, as a double-click does), its output on one text pipe; ``data_dir`` is then unused."""

    def __init__(
        self,
        port: int,
        data_dir: Path | None,
        program: list[str] | None = None,
        wait: float = WAIT,
        proc: subprocess.Popen | None = None,
    ) -> None:
        self.proc = proc or start(port, data_dir, program)
        self.url = f"http://127.0.0.1:{port}"
        self.lines: list[str] = []
        deadline = time.monotonic() + wait
        while not any("Stop with Ctrl+C" in line for line in self.lines):
            assert time.monotonic() < deadline and self.proc.poll() is None, self.lines
            self.lines.append(self.proc.stdout.readline().strip())
        threading.Thread(target=self._read, daemon=True).start()
        self.table_url = next(line.split(": ", 1)[1] for line in self.lines if line.startswith("Table screen"))
        self.key = self.table_url.split("key=")[1]
        self.code = next(line for line in self.lines if line.startswith("Phones join at")).split("join code ")[1][:4]

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.strip())

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL on POSIX
        self.proc.wait(WAIT)


class Peer:
    """A real Socket.IO client that keeps every whole message it has: from ``view`` (with
    ``auth.views = "whole"``) or built from its updates, as a page does. One that never
    comes (``drop`` throws the next away) is asked for again with ``sync``."""

    def __init__(self, url: str, auth: dict[str, Any]) -> None:
        self.sio = socketio.Client(reconnection=True, reconnection_delay=0.1, reconnection_delay_max=0.3)
        self.views: list[dict[str, Any]] = []
        self.refused: list[Any] = []
        self.changed = threading.Condition()
        self.auth = auth
        self.screen = Screen()
        self.synced = 0
        self.drop = False
        self.sio.on("view", self._view)
        self.sio.on("update", self._update)
        self.sio.on("refused", self.refused.append)
        self.sio.connect(url, auth=lambda: self.auth, transports=["websocket"], wait_timeout=WAIT)

    def _view(self, data: dict[str, Any]) -> None:
        with self.changed:
            self.views.append(readable(data))
            self.changed.notify_all()

    def _update(self, data: dict[str, Any]) -> None:
        with self.changed:
            if self.drop:
                self.drop = False
            elif (message := self.screen.take(data)) is not None:
                self.views.append(message)
                self.changed.notify_all()
            if self.screen.behind:  # python-socketio may run the one before it a moment later
                threading.Timer(0.5, self._catch_up).start()

    def _catch_up(self) -> None:
        with self.changed:
            behind = self.screen.behind
        if behind and self.sio.connected:
            self.synced += 1
            self.sio.emit("sync", {}, callback=lambda *answer: None)  # the host answers every message

    def wait_views(self, count: int) -> dict[str, Any]:
        return self.wait_for(lambda view: len(self.views) >= count)

    def wait_for(self, test: Any) -> dict[str, Any]:
        """The latest view once ``test(latest)`` holds."""
        with self.changed:
            assert self.changed.wait_for(lambda: bool(self.views) and test(self.views[-1]), WAIT), "no such view"
            return self.views[-1]

    def call(self, event: str, data: Any) -> Any:
        return self.sio.call(event, data, timeout=WAIT)


def lobby_of_three(running: Server) -> tuple[Peer, list[Peer]]:
    """The table screen and three phones joined to the lobby ``cashrun`` opened."""
    table = Peer(running.url, {"table_key": running.key})
    phones = [Peer(running.url, {}) for _ in NAMES[:3]]
    for phone, name in zip(phones, NAMES):
        assert phone.call("join", {"code": running.code, "name": name})["ok"]
    return table, phones
