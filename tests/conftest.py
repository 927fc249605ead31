"""Every test is marked by its folder (engine, host, live, browser, packaging), so one group runs
alone: ``python -m pytest -m "engine or host"`` is the inner loop (README, "Run the tests")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterable

FOLDERS = ("engine", "host", "live", "browser", "packaging")
HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: Iterable[pytest.Item]) -> None:
    for item in items:
        folder = Path(item.path).relative_to(HERE).parts[0]
        if folder in FOLDERS:
            item.add_marker(getattr(pytest.mark, folder))
