"""A player who cannot see the screen plays a whole turn on the phone with a screen reader's
means only: Playwright's roles and accessible names (get_by_role, aria_snapshot), never a class or
a data attribute. The turn alert is spoken (role alert); what happened is said in a live region
(role status) once the table's stage has shown it, never before. The phone: 390×844 with touch,
English; the table screen 1366×768 without reduced motion, so its reveals take their time."""

from __future__ import annotations

import re
import time

from web_host import PHONE, TABLE, start_host, stop_host

from tests.support.web_driver import seat_without_phones, settle, start_game

NAMES = ["Ann", "Bob", "Cas"]
ROLLING = (
    "() => document.querySelector('#app').dataset.reveal === '1' && !!document.querySelector('.stage .die.rolling')"
)
"""The table's stage still rolls its dice: their faces are not shown yet."""
SPOKEN = """(words) => [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
  .filter((e) => e.getAttribute('aria-live') !== 'off' && e.textContent.includes(words)).length"""
"""How many live regions (what a screen reader reads out when it changes) hold these words."""


def statuses(page) -> list[str]:
    return [s.inner_text() for s in page.get_by_role("status").all()]


def claim(table, phone, base: str, seat: int) -> None:
    """The banker's claim code for `seat`, typed on the phone's claim page (the setup, not the turn)."""
    table.get_by_role("button", name="Banker").click()
    table.get_by_role("button", name=f"Code for {NAMES[seat]}").click()
    table.get_by_role("button", name=f"Show the code for {NAMES[seat]}").click()
    shown = table.get_by_text(re.compile(rf"{NAMES[seat]}: \d{{4}} \d{{4}}")).inner_text()
    code = re.search(r"\d{4} \d{4}", shown).group().replace(" ", "")
    table.get_by_role("button", name="Close the banker's menu").click()
    phone.goto(f"{base}/c/{code}")
    phone.get_by_role("button", name=re.compile("Take")).click()


def test_a_whole_turn_by_roles_and_names(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=1)
    tctx = browser.new_context(**TABLE, locale="en-GB")
    pctx = browser.new_context(**PHONE, locale="en-GB")
    try:
        table = tctx.new_page()
        table.goto(host.table_url)
        settle(table)
        seat_without_phones(table, NAMES)
        start_game(table)
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=20_000)
        seat = table.evaluate(
            "async () => (await import('/static/js/table/table-shared.js')).store.state.msg.view.turn"
        )
        phone = pctx.new_page()
        claim(table, phone, host.base, seat)

        # The turn alert is spoken.
        alert = phone.get_by_role("alert")
        alert.wait_for()
        assert alert.inner_text() == "Your move!"
        print("\n" + phone.get_by_role("main").aria_snapshot())

        # Roll: the dice are on the table's stage; the phone says nothing of them until the reveal ends.
        phone.get_by_role("button", name="Roll the dice", exact=True).click()
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
        dice = table.evaluate(
            "async () => (await import('/static/js/table/table-shared.js')).store.state.msg.view.dice"
        )
        said = f"{NAMES[seat]} rolls {dice[0]} + {dice[1]}"
        # The phone may hear it once the table's dice have stopped (their faces shown), not while they roll.
        samples = 0
        while table.evaluate(ROLLING):
            assert not any(said in s for s in statuses(phone)), statuses(phone)
            samples += 1
            time.sleep(0.1)
        assert samples, "the table's dice were never seen rolling"
        phone.wait_for_function(
            "(s) => [...document.querySelectorAll('[role=status]')].some((e) => e.textContent.includes(s))", arg=said
        )
        # And said once: the page's own line of what happened last is not a live region of its own.
        spoken = phone.evaluate(SPOKEN, said)
        assert spoken == 1, spoken

        # Where the pawn landed: a space by its number and name, then the button that says the choice.
        land = phone.get_by_role("button", name=re.compile(r"^6 Grand Slam"))
        land.click()
        print(phone.get_by_role("main").aria_snapshot())
        phone.get_by_role("button", name=re.compile(r"Grand Slam$")).last.click()

        # Grand Slam: take 100,000; the turn ends and the phone says so.
        take = phone.get_by_role("button", name="Take 100,000")
        take.click()
        phone.wait_for_function(
            "() => [...document.querySelectorAll('[role=status]')].some((e) => /100,000/.test(e.textContent))"
        )
        if dice[0] != dice[1]:  # a double plays again: the alert stays
            phone.wait_for_function(
                "() => !document.querySelector('[role=alert]') || !document.querySelector('[role=alert]').textContent"
            )
        print(phone.get_by_role("main").aria_snapshot())
    finally:
        tctx.close()
        pctx.close()
        stop_host(host)
