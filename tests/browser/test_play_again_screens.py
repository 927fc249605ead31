"""Play again on one table screen: every table screen of the finished game goes to the new lobby.

Two table screens of one game, as a family has them: the laptop (1366×768) and the television
(1920×1080), both in English. The game is played to its end over a third socket of the table.
"""

from __future__ import annotations

from finished_game import NAMES, play_to_the_end
from web_host import TABLE, TV, start_host, stop_host

from tests.support.web_driver import settle, table_key

OVER = "() => document.querySelector('#app').dataset.phase === 'over'"
LOBBY = "() => document.querySelector('#app').dataset.kind === 'lobby'"


def test_play_again_takes_the_television_along(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=0)
    contexts = []
    try:
        screens = []
        for size in (TABLE["viewport"], TV):
            ctx = browser.new_context(viewport=size, locale="en-GB")
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(host.table_url)
            settle(page)
            screens.append(page)
        laptop, tv = screens
        play_to_the_end(host.base, table_key(host))
        for page in screens:
            page.wait_for_function(OVER)
        tv.screenshot(path=shots / "tv-before-play-again.png")

        laptop.locator('[data-act="do"][data-type="play_again"]').click()
        laptop.locator('[data-act="confirm-yes"]').click()
        for page in screens:
            page.wait_for_url(lambda url: "key=" in url and url != host.table_url)
            page.wait_for_function(LOBBY)
            settle(page)
        assert laptop.url == tv.url  # the same new lobby, not just away from the old one
        for page in screens:
            assert page.locator(".lp .pname").all_inner_texts() == NAMES
            assert page.locator('[data-out="code"]').inner_text()
        tv.screenshot(path=shots / "tv-after-play-again.png")
    finally:
        for ctx in contexts:
            ctx.close()
        stop_host(host)
