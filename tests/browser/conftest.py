"""Browser tests: a live `cashrun` host and Debian's chromium driven by Playwright.

Chromium is never downloaded: the tests use /usr/bin/chromium (installed by `.ci/run`).
Without it (or without Playwright) the tests skip on a developer's machine and fail in CI.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from drops import FIGURES as DROPS
from web_host import ARGS, CHROMIUM, SHOTS, SPIN_TIMEOUTS, Requests, start_host, stop_host

from tests.figures import KEY, STASH, Figures


def pytest_sessionfinish(session: pytest.Session) -> None:
    """How often an opponent's spin timed out in these tests (each a phone that did not tap in 8 s) and
    how long the phones took to catch up after a drop (test_drops.py, test_drop_soak.py), for the
    session's summary (tests/conftest.py); a pytest-xdist worker hands them to the controller."""
    mine = Figures(dict(SPIN_TIMEOUTS), {name: list(xs) for name, xs in DROPS.items()})
    worker = getattr(session.config, "workeroutput", None)
    if worker is not None:
        worker[KEY] = mine.data()
    else:
        session.config.stash[STASH].add(mine.data())


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
def host(request, tmp_path):
    """A host without the reveal clock, unless the test is marked ``reveal_clock`` (it checks what
    waits for the table's stage)."""
    h = start_host(tmp_path / "data", reveal_scale=1 if request.node.get_closest_marker("reveal_clock") else 0)
    try:
        yield h
    finally:
        stop_host(h)


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    """One host for the tests that only run the pages' modules (no game, no join, no act): to them it
    serves files, so they share it."""
    h = start_host(tmp_path_factory.mktemp("served") / "data")
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
