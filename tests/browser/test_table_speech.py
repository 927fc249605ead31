"""Spoken results on the table screen (1366×768, Dutch): off by default, switched beside the sound.
Headless Chromium here has no voice at all (the test prints what it offers): the switch says so and
the game goes on without an error. With a Dutch voice (a stand-in for the browser's speech, which
records what it is asked to say) the outcomes are said once the stage has shown them."""

from __future__ import annotations

from i18n_files import NL
from web_host import TABLE, start_host, stop_host

from tests.support.web_driver import perform, settle, start_game

SPEECH = '.bar [data-act="speech"]'
A_VOICE = """(() => {
  const said = [];
  window.__said = said;
  const voices = [{ name: "Stand-in EN", lang: "en-GB" }, { name: "Stand-in NL", lang: "nl-NL" }];
  const synth = { getVoices: () => voices, speak: (u) => said.push({ text: u.text, lang: u.lang }), cancel: () => {},
    addEventListener: () => {} };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
})()"""


def game_of_three(page) -> None:
    for name in ("Opa", "Oma", "Kim"):
        perform(page, {"type": "add_player", "name": name}, pad=False)
    start_game(page)
    settle(page)


def test_without_a_voice_the_switch_says_so_and_nothing_breaks(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    errors: list[str] = []
    try:
        table = ctx.new_page()
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(host.table_url)
        settle(table)
        voices = table.evaluate(
            "() => new Promise((done) => { const list = () => speechSynthesis.getVoices().map((v) => `${v.name} (${v.lang})`);"
            " if (list().length) done(list()); speechSynthesis.onvoiceschanged = () => done(list());"
            " setTimeout(() => done(list()), 2000); })"
        )
        print(f"voices Chromium offers here: {voices or 'none'}")
        game_of_three(table)
        switch = table.locator(SPEECH)
        assert switch.get_attribute("aria-pressed") == "false"  # off by default
        if not voices:
            assert switch.get_attribute("title") == NL["table"]["speech_no_voice"]
        switch.click()
        assert table.locator(SPEECH).get_attribute("aria-pressed") == "true"
        box = table.locator(SPEECH).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        before = table.locator('[data-out="status"]').text_content()
        table.locator('[data-act="do"][data-type="roll"]').first.click()
        table.wait_for_function("(w) => document.querySelector('[data-out=\"status\"]')?.textContent !== w", arg=before)
        assert errors == []
    finally:
        ctx.close()
        stop_host(host)


def test_with_a_dutch_voice_the_outcomes_are_said(browser, tmp_path):
    host = start_host(tmp_path / "data", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    ctx.add_init_script(A_VOICE)
    try:
        table = ctx.new_page()
        table.goto(host.table_url)
        settle(table)
        game_of_three(table)
        assert table.evaluate("() => window.__said") == []  # off by default: nothing said
        table.locator(SPEECH).click()
        assert table.locator(SPEECH).get_attribute("title") == NL["table"]["speech_off"]
        table.locator('[data-act="do"][data-type="roll"]').first.click()
        table.wait_for_function("() => window.__said.length > 0")
        said = table.evaluate("() => window.__said")
        assert said[0]["lang"] == "nl-NL"
        a, b = (int(x) for x in said[0]["text"].split(" en "))
        assert 1 <= a <= 6 and 1 <= b <= 6
        spin = table.evaluate(
            "async () => { const m = await import('/static/js/table/speech.js'); window.__said.length = 0;"
            " m.speak([{ type: 'spin', number: 19 }, { type: 'card', rank: 'Q', suit: 'hearts' }, { type: 'turn' }, { type: 'die', value: 4 }]);"
            " return window.__said.map((s) => s.text); }"
        )
        assert spin == ["Rood, 19", "Harten vrouw", "4"]
    finally:
        ctx.close()
        stop_host(host)
