"""A module a page loads later fails to load once, as when the laptop is out of reach a moment:
the page asks again a little later and carries on, with no script error. The phone's screens with
a seat (phone 360x640, touch, English), the table's board editor and the table's fairness check at
the end of a game (1366x768, English)."""

from __future__ import annotations

import re

from finished_game import play_to_the_end
from web_host import TABLE, start_host, stop_host

from tests.support.browser import SMALL_PHONE
from tests.support.web_driver import fair_result, settle, table_key


def fail_first(ctx, name: str) -> list[str]:
    """The first request for the module `name` fails as a dropped network does; the list fills
    with every address asked for it."""
    asked: list[str] = []

    def handle(route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    ctx.route(re.compile(rf"/static/js/\w+/{re.escape(name)}(\?.*)?$"), handle)
    return asked


def errors_of(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_the_phone_gets_its_seat_screens_after_a_failed_load(browser, host):
    ctx = browser.new_context(**SMALL_PHONE, locale="en-GB")
    asked = fail_first(ctx, "phone-play.js")
    page = ctx.new_page()
    errors = errors_of(page)
    page.goto(f"{host.base}/j/{host.code}")
    page.locator('[data-input="name"]').fill("Ann")
    page.locator('[data-act="join"]').click()
    page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'", timeout=10_000)
    assert len(asked) == 2 and asked[1].endswith("phone-play.js?try=1"), asked
    assert errors == []
    ctx.close()


def test_the_board_editor_opens_after_a_failed_load(browser, host):
    ctx = browser.new_context(**TABLE, locale="en-GB")
    asked = fail_first(ctx, "board-editor.js")
    page = ctx.new_page()
    errors = errors_of(page)
    page.goto(host.table_url)
    settle(page)
    page.locator('[data-details="boardOpen"] summary').click()
    page.locator(".board-sheet").wait_for(timeout=10_000)
    assert len(asked) == 2 and asked[1].endswith("board-editor.js?try=1"), asked
    assert errors == []
    ctx.close()


def test_the_table_checks_the_draws_after_a_failed_load_of_the_check(browser, tmp_path):
    host = start_host(tmp_path / "data", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="en-GB")
    try:
        asked = fail_first(ctx, "fair-check.js")
        page = ctx.new_page()
        errors = errors_of(page)
        page.goto(host.table_url)
        settle(page)
        play_to_the_end(host.base, table_key(host))
        state, words = fair_result(page)
        assert state == "ok", words  # every draw checked, not "could not run the check"
        assert len(asked) == 2 and asked[1].endswith("fair-check.js?try=1"), asked
        assert errors == []
    finally:
        ctx.close()
        stop_host(host)
