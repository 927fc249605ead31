"""What a family sees of the things only a few want (issue 49): the lobby folds the seed's
fingerprint under "Fair play?" (one tap opens it; the table screen keeps it for its check all the
same); a phone under 700 px tall, whose space buttons have no room for what each space does,
offers it folded under the landing question; the end screen's record to save is a 44 px control
named in words, without "JSON"."""

from __future__ import annotations

import pytest
from i18n_files import WORDS
from phone_given import seated_phone, show
from targets import measure
from test_phone_lap_landing import lap_landing
from web_host import SEED

from engine.rng import seed_hash
from tests.support.browser import LANDSCAPE, PORTRAIT
from tests.support.extremes import RICH, WORST
from tests.support.web_driver import open_table, seat_without_phones, settle, start_game

BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.width, r.height]; }"


def test_the_lobby_folds_the_fingerprint_and_the_table_keeps_it(browser, host):
    contexts: list = []
    try:
        table = open_table(browser, host, contexts, locale="nl-NL")
        code = table.locator('[data-out="seed-hash"]')
        assert not code.is_visible()  # folded: the family sees "Fair play?" only
        summary = table.locator('[data-out="fingerprint"] summary')
        assert summary.inner_text() == WORDS["nl"]["fair"]["lobby_open"]
        width, height = table.evaluate(BOX, '[data-out="fingerprint"] summary')
        assert width >= 44 and height >= 44, (width, height)
        summary.click()
        assert code.is_visible()
        assert code.get_attribute("data-hash") == seed_hash(SEED) and code.inner_text() == seed_hash(SEED)[:16]
        kept = table.evaluate("() => Object.entries(localStorage).filter(([k]) => k.includes('fair'))")
        assert any(seed_hash(SEED) in v for _, v in kept), kept  # kept for the check at the end, folded or not
    finally:
        for c in contexts:
            c.close()


@pytest.mark.reveal_clock  # seated_phone: the banker skips the opening rolls on the stage
def test_a_short_phone_offers_what_each_space_does(browser, host, shots):
    contexts: list = []
    errors: list[str] = []
    try:
        phone = seated_phone(browser, host, contexts, errors)
        show(phone, *lap_landing())
        guide = phone.locator('[data-out="space-guide"]')
        for size in (PORTRAIT, LANDSCAPE):
            phone.set_viewport_size(size)
            assert phone.locator(".f-space .opt-sub").first.is_hidden()  # no room on the buttons
            assert guide.locator("summary").is_visible()
            assert not guide.locator("dd").first.is_visible()
        guide.locator("summary").tap()
        does = guide.locator("dd").all_inner_texts()
        assert WORDS["nl"]["space_does"]["grand_slam"] in does and len(does) == 7, does
        phone.screenshot(path=shots / "space-guide-nl-landscape.png", full_page=True)
        assert not measure(phone)["small"]
        phone.set_viewport_size({"width": 390, "height": 844})  # tall enough: the buttons say it
        assert phone.locator(".f-space .opt-sub").first.is_visible() and guide.is_hidden()
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()


def test_the_end_screen_saves_the_record_with_a_44_px_control_in_words(browser, host):
    contexts: list = []
    try:
        table = open_table(browser, host, contexts, locale="nl-NL")
        seat_without_phones(table, ["Ann", "Bob", "Cas"])
        start_game(table)
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''")
        settle(table)
        table.evaluate(WORST, {"n": 3, "rich": RICH, "over": True})
        table.locator(".check summary").click()
        save = table.locator('[data-out="export"]')
        text = save.inner_text()
        assert text == WORDS["nl"]["end"]["export"] and "JSON" not in text
        width, height = table.evaluate(BOX, '[data-out="export"]')
        assert width >= 44 and height >= 44, (width, height)
    finally:
        for c in contexts:
            c.close()
