"""The Linux single file built by packaging/build_single_file.py starts without this checkout
or any Python, serves the pages and plays a three-player game over Socket.IO."""

from __future__ import annotations

import os
import pty
import random
import socket
import subprocess
import time
from typing import TYPE_CHECKING

import pytest
from served import check_pages

from companion import __version__
from companion.cli import DEFAULT_PORT
from companion.translations import say
from tests.live.test_live import play
from tests.support.cashrun import Cashrun, stop
from tests.support.client import Peer

if TYPE_CHECKING:
    from pathlib import Path

START_WAIT = 60.0
"""Seconds for the first start: the single file unpacks itself first (seconds on a busy machine)."""

pytestmark = pytest.mark.packaging


def test_the_single_file_serves_the_pages_and_plays(single_file: Path, tmp_path, monkeypatch):
    unpacked = tmp_path / "tmp"
    unpacked.mkdir()
    monkeypatch.setenv("TMPDIR", str(unpacked))  # where the single file unpacks itself
    assert single_file.name.startswith(f"cashrun-{__version__}-")
    version = subprocess.run([str(single_file), "--version"], check=True, capture_output=True, text=True)
    assert version.stdout.strip() == f"cashrun {__version__}"

    server = Cashrun(tmp_path / "data", program=[str(single_file)], wait=START_WAIT)
    peers: list[Peer] = []
    try:
        check_pages(server)
        table = Peer(server.base, {"table_key": server.key})
        peers.append(table)
        phones: list[Peer] = []
        for name in ("Ann", "Bob", "Cas"):
            phone = Peer(server.base, {})
            peers.append(phone)
            answer = phone.call("join", {"code": server.code, "name": name})
            assert answer["ok"], answer
            phones.append(phone)
        assert table.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
        started = table.wait_for(lambda m: m["kind"] == "game")
        assert [p["name"] for p in started["view"]["players"]] == ["Ann", "Bob", "Cas"]
        for seat, phone in enumerate(phones):
            assert phone.wait_for(lambda m: m["kind"] == "game")["view"]["you"]["seat"] == seat
        acked: list = []
        play(table, phones, 15, random.Random(3), acked)
        assert acked, "no action was accepted"
    finally:
        for peer in peers:
            peer.sio.disconnect()
        server.stop()
    assert list(unpacked.iterdir()) == [], "the unpacked files were left behind"


def test_a_double_click_that_cannot_start_keeps_its_window_open(single_file: Path, tmp_path):
    """No arguments, a terminal, the default port taken: the reason stays until Enter is pressed."""
    with socket.socket() as taken:
        try:
            taken.bind(("0.0.0.0", DEFAULT_PORT))
            taken.listen()
        except OSError:
            pass  # taken already: the start fails all the same
        screen, terminal = pty.openpty()
        env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "LANG": "en_GB.UTF-8"}
        proc = subprocess.Popen(
            [str(single_file)], stdin=terminal, stdout=terminal, stderr=terminal, env=env, cwd=tmp_path
        )
        os.close(terminal)
        try:
            shown = b""
            deadline = time.monotonic() + START_WAIT
            while say("en", "press_enter").encode() not in shown:
                assert time.monotonic() < deadline and proc.poll() is None, shown
                shown += os.read(screen, 4096)
            assert f":{DEFAULT_PORT}".encode() in shown
            os.write(screen, b"\n")
            assert proc.wait(START_WAIT) == 1
        finally:
            if proc.poll() is None:
                stop(proc)
            os.close(screen)


def test_it_opens_the_table_screen_in_the_browser_with_the_systems_libraries(single_file: Path, tmp_path):
    """Without --no-browser it starts the browser (``$BROWSER``, as ``webbrowser`` reads it) at
    the table screen, and the browser does not get the single file's unpacked libraries."""
    opened = tmp_path / "opened"
    browser = f"/bin/sh -c 'echo \"$0 [$LD_LIBRARY_PATH]\" > {opened}' %s"
    env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "BROWSER": browser, "LD_LIBRARY_PATH": "/opt/mine"}
    proc = subprocess.Popen(
        [str(single_file), "--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + START_WAIT
        while not opened.exists() or not opened.read_text():
            assert time.monotonic() < deadline and proc.poll() is None, "no browser was started"
            time.sleep(0.1)
        url, libraries = opened.read_text().split()
        assert url.startswith("http://127.0.0.1:") and ("/table?key=" in url or "/table#key=" in url)
        assert libraries == "[/opt/mine]"
    finally:
        stop(proc)


def test_a_double_click_on_a_linux_desktop_opens_a_terminal(single_file: Path, tmp_path):
    """No arguments, no terminal, a desktop: it starts itself again in the desktop's terminal."""
    seen = tmp_path / "terminal"
    fake = tmp_path / "bin" / "x-terminal-emulator"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\necho "$@" > {seen}\n')
    fake.chmod(0o755)
    env = {
        "PATH": f"{fake.parent}:{os.environ['PATH']}",
        "DISPLAY": ":9",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
        "LANG": "C.UTF-8",
    }
    proc = subprocess.run(
        [str(single_file)], stdin=subprocess.DEVNULL, capture_output=True, env=env, cwd=tmp_path, timeout=START_WAIT
    )
    assert proc.returncode == 0 and proc.stdout == b"", proc
    deadline = time.monotonic() + START_WAIT
    while not seen.exists() or not seen.read_text():
        assert time.monotonic() < deadline, "no terminal was started"
        time.sleep(0.1)
    assert seen.read_text().split() == ["-e", str(single_file)]
    assert not (tmp_path / "cashrun").exists(), "it served from the window-less start"
