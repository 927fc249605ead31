"""Browser tests: a live `cashrun` host and Debian's chromium driven by Playwright.

Chromium is never downloaded: the tests use /usr/bin/chromium (installed by `.ci/run`).
Without it (or without Playwright) the tests skip on a developer's machine and fail in CI.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from drops import summary as drop_figures
from web_host import ARGS, CHROMIUM, SHOTS, SPIN_TIMEOUTS, Requests, start_host, stop_host


def pytest_terminal_summary(terminalreporter) -> None:
    """How often an opponent's spin timed out in these tests (each a phone that did not tap in 8 s)."""
    if SPIN_TIMEOUTS:
        terminalreporter.write_line(
            f"opponent's spins that timed out: {sum(SPIN_TIMEOUTS.values())} in {len(SPIN_TIMEOUTS)} hosts"
        )
    for line in drop_figures():  # test_drops.py, test_drop_soak.py
        terminalreporter.write_line(line)


def _missing(why: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run in CI: {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        _missing(f"no chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def host(tmp_path):
    h = start_host(tmp_path / "data")
    try:
        yield h
    finally:
        stop_host(h)


@pytest.fixture
def shots(request):
    folder = SHOTS / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def requests_seen():
    return Requests()
