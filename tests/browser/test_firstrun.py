"""The first start: until the first phone has joined, the lobby on the table screen says what to
check when a phone cannot open the page, for the laptop's system; the drawer shows the version."""

from __future__ import annotations

from i18n_files import WORDS
from web_host import PHONE, TABLE

from companion import __version__
from tests.support.web_driver import drawer_to, perform, settle

HELP = "section.firstrun"


def as_system(ctx, system: str) -> None:
    """Show the table screen as if the host ran on ``system``: the page's ``data-system`` is set
    before its modules run (the host's choice itself is tested in tests/host/test_system.py)."""
    ctx.add_init_script(
        "new MutationObserver((_, seen) => { if (document.body) {"
        f" document.body.dataset.system = '{system}'; seen.disconnect(); }} }})"
        ".observe(document, { childList: true, subtree: true });"
    )


def help_texts(page) -> list[str]:
    return [li.text_content() for li in page.locator(f"{HELP} li").all()]


def expected(lang: str, system: str, port: str) -> list[str]:
    first = WORDS[lang]["firstrun"]
    firewall = first["firewall"][system].replace("{port}", port)
    return [
        f"{first['firewall_title']} {firewall}",
        f"{first['wifi_title']} {first['wifi']}",
        f"{first['guest_title']} {first['guest']}",
    ]


def test_the_help_is_shown_until_the_first_phone_joins(browser, host, shots):
    port = host.netloc.rsplit(":", 1)[1]
    # Table screen at 1366x768 (TABLE), no touch: Windows and macOS in English, the real host (Linux) in Dutch.
    for system in ("windows", "macos"):
        ctx = browser.new_context(**TABLE, locale="en-GB")
        as_system(ctx, system)
        page = ctx.new_page()
        page.goto(host.table_url)
        settle(page)
        assert page.locator(f"{HELP} h2").text_content() == WORDS["en"]["firstrun"]["title"]
        assert page.locator(HELP).get_attribute("data-firstrun") == system
        assert help_texts(page) == expected("en", system, port)
        page.screenshot(path=shots / f"table-lobby-help-{system}-en.png")
        ctx.close()

    table_ctx = browser.new_context(**TABLE, locale="nl-NL")
    table = table_ctx.new_page()
    table.goto(host.table_url)
    settle(table)
    assert table.locator(HELP).get_attribute("data-firstrun") == "linux"
    assert help_texts(table) == expected("nl", "linux", port)
    assert table.locator(HELP).is_visible()
    table.screenshot(path=shots / "table-lobby-help-linux-nl.png")
    # The banker's drawer names the version.
    drawer_to(table, False, True)
    assert table.locator('[data-out="version"]').inner_text() == WORDS["nl"]["about"]["version"].replace(
        "{version}", __version__
    )
    table.keyboard.press("Escape")  # the drawer closes with Esc
    table.locator("#drawer").wait_for(state="detached")

    # A seat the banker adds for a player without a phone is not a phone: the help stays.
    perform(table, {"type": "add_player", "name": "Opa"})
    table.wait_for_function("() => document.querySelectorAll('.lp').length === 1")
    assert table.locator(HELP).is_visible()

    # A phone (390x844, touch, English) joins: the help goes away.
    phone_ctx = browser.new_context(**PHONE, locale="en-GB")
    phone = phone_ctx.new_page()
    phone.goto(f"{host.base}/j/{host.code}")
    phone.locator('[data-input="name"]').fill("Ann")
    phone.locator('[data-act="join"]').click()
    settle(phone)
    table.wait_for_function("() => document.querySelectorAll('.lp').length === 2")
    assert table.locator(HELP).count() == 0
    table.screenshot(path=shots / "table-lobby-phone-joined-nl.png")
    phone_ctx.close()
    table_ctx.close()
