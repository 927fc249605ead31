"""``cashrun`` as a real process for the tests and the benches: started with the serving
arguments of ``tests/support/loopback.py``, its banner read once, its output kept, stopped."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from companion.translations import LANGS, say
from tests.support.loopback import free_port, serving

if TYPE_CHECKING:
    from collections.abc import Callable

ROOT = Path(__file__).resolve().parents[2]
START_WAIT = 20.0
"""Seconds for a start on a busy machine; a build that unpacks itself first is given more."""
STOP_WAIT = 30.0
PRINT_WAIT = 5.0
TABLE_URL = re.compile(r"(https?://[^/\s]+)/table[?#]key=([\w-]+)(?:&k=([\w-]+))?")
"""The table screen's address as ``cashrun`` prints it: ``/table?key=KEY`` or ``/table#key=KEY&k=HOSTKEY``."""
JOIN_CODE = re.compile(r"/j/([A-Z]{4})\b")
STOP_LINES = {say(lang, "stop") for lang in LANGS}
"""The banner's last line, in each language."""


@dataclass(frozen=True)
class Banner:
    """What ``cashrun`` prints at its start: the table screen's address and the join code."""

    table_url: str
    base: str
    """The address the host serves at, without a path."""
    key: str
    """The table key (the banker's)."""
    host_key: str | None
    """The host's public key (``k`` in the table URL's fragment) when it prints one."""
    code: str

    @classmethod
    def read(cls, lines: list[str]) -> Banner | None:
        """The banner in ``lines``, or None until both the table URL and the join code are in them."""
        table = next((m for line in lines if (m := TABLE_URL.search(line))), None)
        join = next((m for line in lines if (m := JOIN_CODE.search(line))), None)
        if table is None or join is None:
            return None
        return cls(table.group(0), table.group(1), table.group(2), table.group(3), join.group(1))


def launch(
    data_dir: Path | None,
    port: int,
    *,
    seed: str | None = None,
    reveal_scale: float = 0,
    env: dict[str, str] | None = None,
    program: list[str] | None = None,
) -> subprocess.Popen[str]:
    """``cashrun`` on 127.0.0.1:``port`` with its output (stdout and stderr) on one text pipe.

    ``reveal_scale`` stretches the reveal clock (0: off, the default of the live tests and the
    benches; 1: the real one). ``program`` is another build of ``cashrun`` (an installed wheel,
    the single file): it runs without this checkout on its path, so it serves only what it holds
    itself. ``env`` is added to the environment last."""
    variables = {
        **os.environ,
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "CASHRUN_REVEAL_SCALE": str(reveal_scale),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    if seed is not None:
        variables["CASHRUN_SEED"] = seed
    if program is not None:
        del variables["PYTHONPATH"]
    return subprocess.Popen(
        [*(program or [sys.executable, "-m", "companion.cli"]), *serving(port, data_dir)],
        cwd=ROOT,
        env={**variables, **(env or {})},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def stop(proc: subprocess.Popen[str], wait: float = STOP_WAIT) -> None:
    """Stop a ``cashrun`` as the system does at shutdown: SIGTERM, then wait (a kill after ``wait``).

    Not SIGKILL first: the single file runs as two processes (PyInstaller's bootloader and Python);
    the bootloader passes SIGTERM on and removes the unpacked files afterwards, while a killed
    bootloader would leave Python running and the files behind."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(STOP_WAIT)


class Cashrun:
    """A running ``cashrun`` and its banner; ``lines`` keeps every line it printed (read on a
    thread, so the pipe never fills). The banner is read to its last line, so every line the
    start printed is in ``lines`` when the constructor returns.

    ``proc``: a build already started with arguments of its own (the packaging tests start one
    with none, as a double-click does), its output on one text pipe; the other options are then
    unused and ``port`` is the one it serves on."""

    def __init__(
        self,
        data_dir: Path | None = None,
        port: int | None = None,
        *,
        seed: str | None = None,
        reveal_scale: float = 0,
        env: dict[str, str] | None = None,
        program: list[str] | None = None,
        proc: subprocess.Popen[str] | None = None,
        wait: float = START_WAIT,
    ) -> None:
        self.port = port or free_port()
        self.started = time.perf_counter()
        self.proc = proc or launch(data_dir, self.port, seed=seed, reveal_scale=reveal_scale, env=env, program=program)
        self.lines: list[str] = []
        self.first_line: float | None = None
        """When the first line came (``perf_counter``)."""
        self._ended = False
        self._printed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.banner = self._read_banner(wait)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self._printed:
                self.first_line = self.first_line or time.perf_counter()
                self.lines.append(line.strip())
                self._printed.notify_all()
        with self._printed:
            self._ended = True
            self._printed.notify_all()

    def _read_banner(self, wait: float) -> Banner:
        with self._printed:
            self._printed.wait_for(lambda: self._ended or bool(STOP_LINES.intersection(self.lines)), wait)
            banner = Banner.read(self.lines)
        if banner is None or self._ended:
            self.kill()
            raise RuntimeError("cashrun did not start:\n" + "\n".join(self.lines))
        return banner

    def printed(self, test: Callable[[str], bool], wait: float = PRINT_WAIT) -> bool:
        """Whether a line it printed passes ``test``, waiting up to ``wait`` seconds for one (its
        output is read on a thread: a line printed just now may not be in ``lines`` yet)."""
        with self._printed:
            return self._printed.wait_for(lambda: any(test(line) for line in self.lines), wait)

    @property
    def table_url(self) -> str:
        return self.banner.table_url

    @property
    def base(self) -> str:
        return self.banner.base

    @property
    def netloc(self) -> str:
        return urlparse(self.banner.base).netloc

    @property
    def key(self) -> str:
        return self.banner.key

    @property
    def host_key(self) -> str | None:
        return self.banner.host_key

    @property
    def code(self) -> str:
        return self.banner.code

    def stop(self, wait: float = STOP_WAIT) -> None:
        """Stop it as the system does at shutdown (``stop``)."""
        stop(self.proc, wait)

    def kill(self) -> None:
        """SIGKILL on POSIX: a crash, for the tests of what a restart finds."""
        self.proc.kill()
        self.proc.wait(STOP_WAIT)
