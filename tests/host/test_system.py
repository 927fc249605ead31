"""The table screen names the laptop's system (for the first-start help) and the version."""

from __future__ import annotations

import platform

import pytest

from companion import __version__


@pytest.mark.parametrize(
    "name, shown", [("Windows", "windows"), ("Darwin", "macos"), ("Linux", "linux"), ("FreeBSD", "linux")]
)
def test_the_table_screen_names_the_system_and_the_version(app, table, monkeypatch, name, shown):
    monkeypatch.setattr(platform, "system", lambda: name)
    page = app.test_client().get("/table").get_data(as_text=True)
    assert f'data-system="{shown}"' in page
    assert f'data-version="{__version__}"' in page
