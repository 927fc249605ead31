"""The table screen says in words, in English and in Dutch, what the host reports: claim codes
being guessed (in the banker's drawer) and saving that stopped (the data file cannot be written)."""

from __future__ import annotations

import subprocess
from typing import TYPE_CHECKING

import pytest
import socketio
from i18n_files import EN, NL
from web_host import start_host, stop_host

from tests.support.web_driver import drawer_to, open_table, perform

if TYPE_CHECKING:
    from pathlib import Path


def immutable(path: Path, on: bool) -> bool:
    """``chattr +i`` (or ``-i``): False where that cannot be done (not root, no such flag)."""
    try:
        return subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True).returncode == 0
    except OSError:
        return False


def test_the_table_says_when_claim_codes_are_guessed_and_when_saving_stopped(browser, tmp_path):
    """At 1366x768 (no touch), one table screen in English and one in Dutch."""
    data = tmp_path / "data"
    host = start_host(data)
    contexts: list = []
    guesser = socketio.Client(reconnection=False)
    try:
        en = open_table(browser, host, contexts, locale="en-GB")
        nl = open_table(browser, host, contexts, locale="nl-NL")
        perform(en, {"type": "add_player", "name": "Dan"}, pad=False)
        for page in (en, nl):
            drawer_to(page, False, True)
        en.locator('#drawer [data-act="claim"][data-seat="0"]').click()
        en.locator('[data-out="claim-0"]').wait_for()
        guesser.connect(host.base, transports=["websocket"], wait_timeout=10)
        assert guesser.call("claim", {"code": "0000 0000"}, timeout=10)["error"]["code"] == "bad_claim"
        for page, words in ((en, EN), (nl, NL)):
            said = page.locator('[data-out="claims-guessed"]')
            said.wait_for()
            assert said.inner_text() == words["table"]["claims_guessed"]["one"].replace("{n}", "1")
            assert said.get_attribute("role") == "alert"
            page.keyboard.press("Escape")  # the drawer closes
        db = data / "cashrun.sqlite3"
        if not immutable(db, True):
            pytest.skip("chattr +i needs root and a file system that has the flag")
        try:
            perform(en, {"type": "add_player", "name": "Eve"}, pad=False)  # saved in the log; the file refuses
            for page, words in ((en, EN), (nl, NL)):
                banner = page.locator('[data-banner="saving"]')
                banner.wait_for()
                assert banner.inner_text() == words["table"]["saving_stopped"].replace("{file}", str(db))
                assert banner.get_attribute("role") == "alert"
        finally:
            assert immutable(db, False)
        perform(en, {"type": "add_player", "name": "Fay"}, pad=False)  # saving works again
        for page in (en, nl):
            page.locator('[data-banner="saving"]').wait_for(state="detached")
    finally:
        if guesser.connected:
            guesser.disconnect()
        for ctx in contexts:
            ctx.close()
        stop_host(host)
