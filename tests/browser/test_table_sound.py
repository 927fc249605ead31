"""The table's sounds are made ready at the first tap or key on the screen, while the sound is on:
making a browser's audio takes tens of milliseconds, which the frame of the first moment that
sounds would otherwise wait for, and a browser lets it sound only after a tap. Switched off, the
audio stops running."""

from __future__ import annotations

from web_host import TABLE, start_host, stop_host

from tests.support.web_driver import settle

SPY = """(() => {
  const Real = window.AudioContext;
  window.made = [];  // the event each audio context was made in (null: outside any)
  window.audios = [];
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.made.push(window.event ? window.event.type : null); window.audios.push(this); }
  };
})();"""

SWITCH = "(on) => import('/static/js/core/sounds.js').then((m) => m.setSound(on))"
STATE = "(state) => window.audios[0].state === state"

SOUND_OFF = "localStorage.setItem('cashrun.sound', 'off')"


def test_the_audio_is_made_at_the_first_tap_and_not_while_the_sound_is_off(browser, tmp_path):
    """At 1366x768 (no touch), in English: a screen with the sound on, then one with it off."""
    host = start_host(tmp_path / "data")
    try:
        for on in (True, False):
            ctx = browser.new_context(**TABLE, locale="en-GB")
            ctx.add_init_script(SPY)
            if not on:
                ctx.add_init_script(SOUND_OFF)
            page = ctx.new_page()
            page.goto(host.table_url)
            settle(page)
            assert page.evaluate("window.made") == []
            page.locator(".bar .brand").click()
            page.locator(".bar .brand").click()  # a second tap and a sound make no other
            page.evaluate("import('/static/js/core/sounds.js').then((m) => m.play('banner'))")
            assert page.evaluate("window.made") == (["pointerdown"] if on else [])
            if on:  # switched off, the audio stops running; on again, it runs
                page.evaluate(SWITCH, False)
                page.wait_for_function(STATE, arg="suspended")
                page.evaluate(SWITCH, True)
                page.wait_for_function(STATE, arg="running")
            ctx.close()
    finally:
        stop_host(host)
