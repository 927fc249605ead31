"""A phone seated in a live game (two seats without a phone beside it) that is then shown a
question the engine asks: the view and legal actions of a local game at that question, given to
the phone as the host's message would be (the page renders a message the same way, whoever computed
it). For checks of how a question looks, where playing the live game there would take minutes."""

from __future__ import annotations

from typing import Any

from test_phone_reveal import skip_opening

from tests.support.browser import SMALL_PHONE
from tests.support.web_driver import open_table, seat_without_phones, settle, start_game

SHOW = """async ([seat, view, legal]) => {
  const { store } = await import('/static/js/phone/phone-shared.js');
  const msg = structuredClone(store.state.msg);
  Object.assign(msg, { seat, view, legal_actions: legal });
  store.ui({ choice: null });
  store.set({ msg });
}"""


def seated_phone(browser, host, contexts: list, errors: list[str]):
    """A 360×640 touch phone in Dutch, seated as "Dee" in a started game; page errors go to ``errors``."""
    table = open_table(browser, host, contexts)
    seat_without_phones(table, ["Bob", "Cas"])
    ctx = browser.new_context(**SMALL_PHONE, locale="nl-NL")
    contexts.append(ctx)
    phone = ctx.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(f"{host.base}/j/{host.code}")
    phone.locator('[data-input="name"]').fill("Dee")
    phone.locator('[data-act="join"]').tap()
    phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    start_game(table)
    skip_opening(table)
    phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'", timeout=20_000)
    settle(phone)
    return phone


def show(phone, seat: int, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    """The phone renders ``seat``'s question: its view and legal actions, as the host sends them."""
    phone.evaluate(SHOW, [seat, view, legal])
    phone.locator("[data-decision] [data-act]").first.wait_for()
