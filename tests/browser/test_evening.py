"""An evening, not one game, on the laptop's table screen (1366×768, Dutch): the short game chosen
in the lobby's house rules, the pizza break from the bar and back, and the evening's scoreboard on
the end screen and in the next lobby after Play again."""

from __future__ import annotations

from finished_game import NAMES, play_to_the_end
from i18n_files import NL
from web_host import TABLE, start_host, stop_host

from tests.support.web_driver import perform, settle, start_game, table_key

GAME = "() => document.querySelector('#app').dataset.kind === 'game'"
OVER = "() => document.querySelector('#app').dataset.phase === 'over'"
LOBBY = "() => document.querySelector('#app').dataset.kind === 'lobby'"


def test_a_short_game_the_break_and_the_scoreboard(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    try:
        table = ctx.new_page()
        table.goto(host.table_url)
        settle(table)
        assert table.locator('[data-out="tonight"]').count() == 0  # no win yet tonight

        # The short game: one casino fewer, chosen in the house rules.
        table.locator("details.settings > summary").click()
        table.locator('select[data-set="combination"]').select_option("short")
        table.locator('[data-act="save-settings"]').click()
        table.wait_for_function(
            "() => [...document.querySelectorAll('select[data-set=\"combination\"] option')]"
            ".some((o) => o.selected && o.value === 'short')"
        )
        for name in ("Opa", "Oma", "Kim", "Sam"):
            perform(table, {"type": "add_player", "name": name}, pad=False)
        start_game(table)
        settle(table)
        assert table.locator(".need-mark").first.inner_text().endswith("/2")  # four players, short: two of a kind

        # The pizza break: from the bar, every clock stands still, the standings show, then play on.
        table.locator('.bar [data-act="pause-game"]').click()
        table.wait_for_selector('[data-screen="pause"]')
        assert table.locator('[data-screen="pause"] h1').text_content() == NL["pause"]["title"]
        assert table.locator('[data-out="standings"] li').count() == 4
        box = table.locator('[data-act="resume-game"]').bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        table.screenshot(path=shots / "table-break.png")
        table.locator('[data-act="resume-game"]').click()
        table.wait_for_selector('[data-screen="pause"]', state="detached")
        table.wait_for_selector(".game-grid")
    finally:
        ctx.close()
        stop_host(host)

    # A whole game to its end, then Play again: the scoreboard on the end screen and in the lobby.
    host = start_host(tmp_path / "data2", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    try:
        table = ctx.new_page()
        table.goto(host.table_url)
        settle(table)
        play_to_the_end(host.base, table_key(host))
        table.wait_for_function(OVER)
        board = table.locator('[data-out="tonight"]')
        board.wait_for()
        assert board.locator("h2").text_content() == NL["tonight"]["title"]
        counts = board.locator("li").all_text_contents()
        assert len(counts) == len(NAMES) and counts[0].endswith(NL["tonight"]["wins"]["one"].format(n=1))
        winner = counts[0].removesuffix(NL["tonight"]["wins"]["one"].format(n=1))
        assert winner in NAMES
        table.screenshot(path=shots / "table-end-tonight.png")
        table.locator('[data-act="do"][data-type="play_again"]').click()
        table.locator('[data-act="confirm-yes"]').click()
        table.wait_for_url(lambda url: "key=" in url and url != host.table_url)
        table.wait_for_function(LOBBY)
        settle(table)
        # the scoreboard's module loads when the lobby first needs it, after the page's reload
        table.wait_for_function(
            "(n) => document.querySelectorAll('[data-out=\\'tonight\\'] li').length === n", arg=len(counts)
        )
        assert table.locator('[data-out="tonight"] li').all_text_contents() == counts
        table.screenshot(path=shots / "table-lobby-tonight.png")
    finally:
        ctx.close()
        stop_host(host)
