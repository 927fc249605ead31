"""Every test is marked by its folder (engine, host, live, browser, packaging), so one group runs
alone: ``python -m pytest -m "engine or host"`` is the inner loop (README, "Run the tests").

The tests run in four pytest-xdist workers (pyproject's ``addopts``). What must stay in one process
is one ``xdist_group``: the packaging tests (one build of the wheel and the single file for all of
them, and one Wine cache) and the WebKit drops (one WebKitWebDriver for the module)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.figures import KEY, STASH, Figures

if TYPE_CHECKING:
    from collections.abc import Iterable

FOLDERS = ("engine", "host", "live", "browser", "packaging")
HERE = Path(__file__).parent
GROUPS = {"packaging": "packaging", "browser/test_drops.py::test_a_webkit_phone": "webkit drops"}
"""Tests (by the start of their id under tests/) that share a process: what they share is costly
to make twice, or cannot be shared between processes."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: Iterable[pytest.Item]) -> None:
    """Before pytest-xdist's own (which reads ``xdist_group`` into the test's id): a hook of a
    conftest loaded before the worker's plugin would run after it, and no group would hold."""
    for item in items:
        folder = Path(item.path).relative_to(HERE).parts[0]
        if folder in FOLDERS:
            item.add_marker(getattr(pytest.mark, folder))
        where = Path(item.path).relative_to(HERE).as_posix() + "::" + item.name
        group = next((g for start, g in GROUPS.items() if where.startswith(start)), None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


def pytest_configure(config: pytest.Config) -> None:
    config.stash[STASH] = Figures()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """pytest-xdist's controller: a worker ended; add up the figures it gathered."""
    config: pytest.Config = node.config
    config.stash[STASH].add(getattr(node, "workeroutput", {}).get(KEY, {}))


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    for line in config.stash[STASH].lines():
        terminalreporter.write_line(line)
