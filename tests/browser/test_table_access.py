"""Everyone at the table plays (issue 26): a player without a phone bids on the television in
time, the banker gives the auction more time or pauses it, How to play before the first game,
the table with the keyboard alone, and axe-core on the pages the extremes game does not walk
through. Six players; the table at 1920×1080 and 1366×768, no touch, English, light theme,
reduced motion (each test says its sizes)."""

from __future__ import annotations

import re

from access_kit import ONE_WITHOUT_PHONE, in_view, start_auction, start_six, table_message
from axe_check import check as axe_check
from fit_check import check_table
from web_host import PHONE

from tests.support.extremes import SIZES, resize
from tests.support.web_driver import settle


def open_table(browser, host, size: str, **options):
    ctx = browser.new_context(
        viewport=SIZES[size], locale="en-GB", color_scheme="light", reduced_motion="reduce", **options
    )
    page = ctx.new_page()
    page.goto(host.table_url)
    settle(page)
    return ctx, page


def test_a_player_without_a_phone_bids_in_one_tap_with_the_pad_whole_in_view(browser, host, shots):
    ctx, page = open_table(browser, host, "1920x1080")
    start_six(page)
    _seller, bidders = start_auction(page)
    # Five bidders without a phone: a line each, every button whole in view.
    for size in ("1920x1080", "1366x768"):
        resize(page, SIZES[size])
        page.screenshot(path=shots / f"auction-five-pads-{size}.png")
        check_table(page, f"the auction with five bidders without a phone at {size}")
        seen = in_view(page, '.phoneless, .phoneless button, [data-out="countdown"]')
        assert len(seen) == 4 * len(bidders) + 1 and all(s["whole"] for s in seen), seen
    resize(page, SIZES["1920x1080"])
    grandma = bidders[0]
    page.evaluate(ONE_WITHOUT_PHONE, grandma)
    pad = f'.phoneless[data-seat="{grandma}"]'
    page.locator(f'{pad} [data-act="bid-now"]').wait_for()
    for size in ("1920x1080", "1366x768"):
        resize(page, SIZES[size])
        page.screenshot(path=shots / f"auction-pad-{size}.png")
        check_table(page, f"the auction with one seat without a phone at {size}")
        seen = in_view(page, f'{pad}, {pad} button, [data-out="countdown"], [data-out="high-bid"]')
        assert len(seen) == 6 and all(s["whole"] for s in seen), seen
        # Another amount: the pad opens, its buttons and the countdown stay whole in view.
        page.locator(f'{pad} [data-act="open"][data-type="bid"]').click()
        page.locator(f'{pad} .chooser[data-type="bid"]').wait_for()
        page.screenshot(path=shots / f"auction-pad-other-{size}.png")
        check_table(page, f"the auction's pad for another amount at {size}")
        seen = in_view(page, f'{pad}, {pad} button, [data-out="countdown"], [data-out="high-bid"]')
        assert all(s["whole"] for s in seen), seen
        page.locator(f'{pad} [data-act="cancel"]').click()
    # One tap: the lowest bid.
    low = next(a for a in table_message(page)["table"]["phoneless"][str(grandma)] if a["type"] == "bid")["amount"][
        "min"
    ]
    page.locator(f'{pad} [data-act="bid-now"]').click()
    page.wait_for_function(
        "(s) => { const v = document.querySelector('[data-out=\"high-bid\"]'); return v && v.textContent.includes(s); }",
        arg=f"{low:,}",
    )
    view = table_message(page)["view"]
    assert view["waiting"]["bidder"] == grandma and view["waiting"]["high"] == low
    ctx.close()


def test_the_banker_pauses_the_auction_and_gives_more_time_on_the_stage(browser, host, shots):
    ctx, page = open_table(browser, host, "1920x1080")
    start_six(page)
    start_auction(page)
    countdown = page.locator('[data-out="countdown"]')
    page.locator('.auction-clock [data-type="auction_pause"]').click()
    page.locator('.auction-clock [data-type="auction_resume"]').wait_for()
    assert table_message(page)["auction"]["paused"] is True
    assert countdown.inner_text().startswith("Paused")
    left = table_message(page)["auction"]["remaining"]
    page.locator('.auction-clock [data-type="auction_more_time"]').click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-out=\"countdown\"]').textContent.replace(/\\s/g, ' ').includes(`${n} s`)",
        arg=int(-(-(left + 10) // 1)),
    )
    page.screenshot(path=shots / "auction-paused.png")
    check_table(page, "the auction paused, 1920x1080")
    page.locator('.auction-clock [data-type="auction_resume"]').click()
    page.locator('.auction-clock [data-type="auction_pause"]').wait_for()
    assert table_message(page)["auction"]["paused"] is False
    ctx.close()


def test_how_to_play_before_the_first_game_in_both_languages(browser, host, shots):
    """The lobby offers the game in six cards, read with the keyboard alone; Skip closes them at any card."""
    ctx, page = open_table(browser, host, "1366x768")
    for lang in ("en", "nl"):
        page.locator('[data-act="howto-open"]').focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog")
        dialog.wait_for()
        titles = []
        for n in range(6):
            titles.append(dialog.get_by_role("heading").inner_text())
            assert page.evaluate("() => document.activeElement.closest('[role=dialog]') !== null")
            page.screenshot(path=shots / f"howto-{lang}-{n + 1}.png")
            check_table(page, f"how to play, card {n + 1}, {lang}")
            last = n == 5
            button = dialog.locator('[data-act="howto-close"].primary' if last else '[data-act="howto-next"]')
            button.focus()
            page.keyboard.press("Enter")
        assert len(set(titles)) == 6 and page.get_by_role("dialog").count() == 0
        # Skip at the second card.
        page.locator('[data-act="howto-open"]').click()
        page.locator('[data-act="howto-next"]').click()
        page.get_by_role("button", name={"en": "Skip", "nl": "Overslaan"}[lang]).click()
        assert page.get_by_role("dialog").count() == 0
        page.locator('.bar [data-act="lang"]').click()
        page.wait_for_function("() => document.documentElement.lang === 'nl'") if lang == "en" else None
    ctx.close()


TAB_TO = """(name) => { const el = document.activeElement;
  const said = el ? (el.getAttribute('aria-label') || el.innerText || '').trim().replace(/\\s+/g, ' ') : '';
  return said === name || said.startsWith(name + ' '); }"""


def tab_to(page, name: str, presses: int = 80) -> None:
    """The Tab key until the control named `name` has the focus, then Enter: the keyboard alone."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(TAB_TO, name):
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"the Tab key never reached «{name}»")


def test_the_table_with_the_keyboard_alone_in_the_game_and_the_auction(browser, host, shots):
    """Six seats without a phone, 1366×768: a whole turn (roll, the space, Grand Slam) and an
    auction (offer, the lowest bid, the banker's pause, more time and resume), Tab and Enter only."""
    ctx, page = open_table(browser, host, "1366x768")
    start_six(page)
    first = table_message(page)["view"]["turn"]
    tab_to(page, "Roll the dice")
    page.wait_for_function(
        "() => document.querySelector('#app').dataset.reveal === '' && document.querySelector('.phoneless .chooser')"
    )
    tab_to(page, "6 Grand Slam")
    tab_to(page, "My pawn is on: Grand Slam")
    tab_to(page, "Take 100,000")
    page.wait_for_function(
        "(s) => document.querySelector('#app').dataset.reveal === ''"
        " && document.querySelector(`.phoneless[data-seat]:not([data-seat='${s}']) [data-type=auction]`)",
        arg=first,
    )
    seller = table_message(page)["view"]["turn"]
    assert seller != first or table_message(page)["view"]["phase"] == "roll"
    tab_to(page, "Auction a casino")
    page.locator(".phoneless .chooser").wait_for()
    casino = table_message(page)["table"]["phoneless"][str(seller)]
    name = next(
        c["name"]
        for c in table_message(page)["view"]["casinos"]
        if c["id"] == next(a for a in casino if a["type"] == "auction")["casino"]
    )
    tab_to(page, name)
    tab_to(page, f"Auction {name}")
    page.locator(".stage.auction").wait_for()
    tab_to(page, "Pause the clock")
    page.locator('[data-type="auction_resume"]').wait_for()
    tab_to(page, "More time")
    tab_to(page, "Bid 100,000")
    page.wait_for_function("() => /100,000/.test(document.querySelector('[data-out=\"high-bid\"]').textContent)")
    tab_to(page, "Start the clock again")
    page.locator('[data-type="auction_pause"]').wait_for()
    page.screenshot(path=shots / "keyboard-auction.png")
    assert (
        table_message(page)["auction"]["paused"] is False and table_message(page)["view"]["waiting"]["high"] == 100_000
    )
    ctx.close()


def test_axe_finds_nothing_on_the_pages_outside_the_game(browser, host):
    """axe-core on what the extremes game does not walk through: the phone's join and claim pages
    (390×844, touch, both languages), How to play and a paused auction on the table (1366×768)."""
    phone_ctx = browser.new_context(**PHONE, locale="en-GB")
    phone = phone_ctx.new_page()
    for url in (f"{host.base}/j/{host.code}", f"{host.base}/c/123456"):
        phone.goto(url)
        phone.get_by_role("heading", level=1).first.wait_for()
        for lang in ("en", "nl"):
            axe_check(phone, f"{url} {lang}")
            phone.get_by_role("button", name=re.compile(r"^(NL|EN) ")).click()
            phone.wait_for_function("(l) => document.documentElement.lang !== l", arg=lang)
    phone_ctx.close()
    ctx, page = open_table(browser, host, "1366x768")
    page.locator('[data-act="howto-open"]').click()
    axe_check(page, "how to play")
    page.keyboard.press("Escape")
    start_six(page)
    start_auction(page)
    page.locator('.auction-clock [data-type="auction_pause"]').click()
    page.locator('.auction-clock [data-type="auction_resume"]').wait_for()
    # The buttons were disabled while the pause was sent; the pages keep their nodes now, so they
    # fade back in (a CSS transition) rather than being drawn anew: axe reads the settled colours.
    page.wait_for_function("() => !document.getAnimations().some((a) => a instanceof CSSTransition)")
    axe_check(page, "a paused auction")
    ctx.close()
