"""The roulette wheel on the table screen: a zero is shown, then the wheel is spun again."""

from __future__ import annotations

from i18n_files import EN
from web_host import TABLE

from tests.support.web_driver import settle

FEED = """async () => {
  const { Stage, ORDER } = await import("/static/js/table/stage.js");
  const stage = new Stage();
  stage.el.id = "wheel-under-test";
  document.body.prepend(stage.el);
  const players = [{ seat: 0, name: "Ann" }];
  stage.feed({ players, log: [], log_start: 0 });
  stage.feed({ players, log_start: 0, log: [
    { type: "spin", number: 0, seat: 0, draw: 7 },
    { type: "spin", number: 17, seat: 0, draw: 8 },
  ] });
  window.wheelUnderTest = { stage, ORDER };
}"""

POINTER_NUMBER = """() => {
  const { stage, ORDER } = window.wheelUnderTest;
  const turn = -stage.angle / (360 / ORDER.length);
  return ORDER[((Math.round(turn) % ORDER.length) + ORDER.length) % ORDER.length];
}"""


def test_a_zero_is_shown_then_spun_again(browser, served, shots):
    ctx = browser.new_context(**TABLE, locale="en-GB")
    page = ctx.new_page()
    page.goto(served.table_url)
    settle(page)
    page.evaluate(FEED)
    wheel = page.locator("#wheel-under-test")
    page.wait_for_function("() => document.querySelector('#wheel-under-test').dataset.zero === '1'", timeout=10_000)
    assert wheel.locator('[data-out="stage"]').inner_text() == EN["table"]["zero_again"]
    assert page.evaluate(POINTER_NUMBER) == 0
    page.screenshot(path=shots / "wheel-zero.png")
    page.wait_for_function("() => window.wheelUnderTest.stage.idle", timeout=15_000)
    assert page.evaluate(POINTER_NUMBER) == 17
    expected = EN["table"]["last_number"].replace("{number}", "17").replace("{colour}", EN["colour"]["black"])
    assert wheel.locator('[data-out="stage"]').inner_text() == expected
    ctx.close()
