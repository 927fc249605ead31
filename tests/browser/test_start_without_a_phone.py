"""The start in the browser (issues 25 and 47): the phones reveal their start values by themselves
when the banker starts; a phone that went away is named on the table's lobby after about five
seconds, and the banker starts without it: its seat leaves the game. The laptop's screen (1366×768)
in English, the phones at 390×844 (touch), one in Dutch."""

from __future__ import annotations

from i18n_files import WORDS
from web_host import PHONE, TABLE, start_host, stop_host

from tests.support.web_driver import Frames, confirm_if_asked, joined_phone, kept_entries, new_page, settle

GAME = "() => document.querySelector('#app').dataset.kind === 'game'"


def test_a_phone_that_went_away_is_named_and_the_banker_starts_without_it(browser, tmp_path, shots):
    host = start_host(tmp_path / "data")
    contexts = []
    try:
        table = new_page(browser, contexts, **TABLE, locale="en-GB")
        frames = Frames(table, host)
        table.goto(host.table_url)
        settle(table)
        phones = [
            joined_phone(browser, host, name, contexts, **PHONE, locale=locale)
            for name, locale in (("Ann", "en-GB"), ("Bob", "nl-NL"), ("Cas", "en-GB"), ("Dee", "en-GB"))
        ]
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 4")
        kept = kept_entries(phones)
        # Cas's phone goes away (asleep, out of the Wi-Fi) before the banker starts.
        phones[2].context.close()
        contexts.remove(phones[2].context)
        table.locator('[data-act="do"][data-type="start"]').click()
        confirm_if_asked(table)
        said = "(w) => document.querySelector('[data-out=\"starting\"]')?.textContent === w"
        table.wait_for_function(said, arg=WORDS["en"]["lobby"]["starting"]["one"].format(names="Cas"), timeout=4_000)
        for page, lang in ((phones[0], "en"), (phones[1], "nl"), (phones[3], "en")):
            page.wait_for_function(
                "(w) => document.querySelector('[data-out=\"lobby-lead\"]')?.textContent === w",
                arg=WORDS[lang]["lobby"]["starting_phone"],
            )
            assert page.locator('[data-act="open"][data-type="rename"], [data-act="leave-ask"]').count() == 0
        # The seats are final: no move, no remove, no add, no settings.
        assert (
            table.locator(
                '[data-act="move"]:enabled, [data-act="remove"], [data-type="add_player"], '
                '[data-type="unlock"], [data-act="save-settings"]'
            ).count()
            == 0
        )
        table.wait_for_function(
            said, arg=WORDS["en"]["lobby"]["starting_late"]["one"].format(names="Cas"), timeout=10_000
        )
        without = table.locator('[data-act="do"][data-type="start_without"]')
        assert without.inner_text() == WORDS["en"]["act"]["start_without"]
        box = without.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        table.screenshot(path=shots / "table-start-without.png")
        without.click()
        confirm_if_asked(table)
        table.wait_for_function(GAME)
        for page in (phones[0], phones[1], phones[3]):
            page.wait_for_function(GAME)
        start = next(v["view"]["log"][0] for v in frames.views if v.get("kind") == "game")
        playing = [kept[0], kept[1], kept[3]]  # Cas left the game with its seat
        assert start["players"] == ["Ann", "Bob", "Dee"]
        assert start["start_values"] == [k["start_value"] for k in playing]
        assert start["start_commits"] == [k["start_commit"] for k in playing]
        assert start["chains"] == [k["chain"] for k in playing]
    finally:
        for ctx in contexts:
            ctx.close()
        stop_host(host)
