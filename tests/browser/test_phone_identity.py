"""The phone as a person holds it at the table: a pawn picked at join, the turn felt (vibration,
title, chime switch, a screen kept awake), leaving only after a yes, and watching after the start.

Phones: 360x640, touch, Dutch or English as named in each context."""

from __future__ import annotations

import re

from i18n_files import EN, NL
from web_host import ARGS, CHROMIUM

from tests.support.browser import SMALL_PHONE
from tests.support.web_driver import Frames, open_table, perform, secrets, settle, start_game

# navigator.vibrate recorded, so the test sees each call (Chromium on a desktop has none to feel).
VIBRATE = "window.vibrations = []; navigator.vibrate = (p) => { window.vibrations.push(p); return true; };"
PLAIN_HTTP = """Object.defineProperty(navigator, "wakeLock", { configurable: true, value: undefined });"""
"""A phone opens the laptop's LAN address over plain HTTP: no Wake Lock API there (127.0.0.1 has one)."""


def phone(browser, host, locale: str = "en-GB"):
    ctx = browser.new_context(**SMALL_PHONE, locale=locale)
    ctx.add_init_script(VIBRATE)
    ctx.add_init_script(PLAIN_HTTP)
    page = ctx.new_page()
    page.goto(f"{host.base}/j/{host.code}")
    return ctx, page


def pick_pawn(page, colour: str, emoji: str) -> None:
    page.locator(f'[data-act="pawn-colour"][data-colour="{colour}"]').click()
    page.locator(f'[data-act="pawn-emoji"][data-emoji="{emoji}"]').click()


def join(page, name: str) -> None:
    page.locator('[data-input="name"]').fill(name)
    page.locator('[data-act="join"]').click()
    page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    settle(page)


def test_pawns_are_unique_and_shown_on_the_phone(browser, host, shots):
    contexts = []
    try:
        (ctx_b, bob), (ctx_a, ann) = phone(browser, host), phone(browser, host, "nl-NL")
        contexts += [ctx_a, ctx_b]
        # Bob's page offers green before Ann takes it: the host refuses it in words, the page greys it out.
        bob.locator('[data-act="pawn-colour"][data-colour="green"]').wait_for()
        pick_pawn(bob, "green", "🐢")
        pick_pawn(ann, "green", "🐸")
        ann.screenshot(path=shots / "phone-join-pawn-nl.png")
        join(ann, "Annemarie van der Berg-Oosterhuis"[:24])
        bob.locator('[data-input="name"]').fill("Bob")
        bob.locator('[data-act="join"]').click()
        bob.wait_for_function(
            "(t) => document.querySelector('.problem')?.textContent === t", arg=EN["error"]["pawn_taken"]
        )
        green = bob.locator('[data-act="pawn-colour"][data-colour="green"]')
        bob.wait_for_function("(b) => b.disabled", arg=green.element_handle())
        assert EN["pawn"]["taken"] in green.inner_text()
        assert bob.locator('[data-act="pawn-colour"][aria-pressed="true"]').get_attribute("data-colour") == "red"
        bob.screenshot(path=shots / "phone-join-pawn-taken-en.png")
        join(bob, "Bob")
        me = ann.locator(".player.me")
        assert "pawn-green" in me.get_attribute("class") and "🐸" in me.inner_text()
        # A long name wraps rather than being cut short.
        assert me.locator(".pname").evaluate("e => e.scrollWidth <= e.clientWidth && e.textContent.length === 24")
        assert "pawn-red" in bob.locator(".player.me").get_attribute("class")
        ann.screenshot(path=shots / "phone-lobby-pawn-nl.png")
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_table_screen_shows_each_pawn(browser, host):
    contexts = []
    try:
        ctx, ann = phone(browser, host)
        contexts.append(ctx)
        pick_pawn(ann, "purple", "🦄")
        join(ann, "Ann")
        table = open_table(browser, host, contexts)
        panel = table.locator('.lp[data-seat="0"]')
        panel.wait_for()
        assert "pawn-purple" in panel.get_attribute("class") and "🦄" in panel.inner_text()
    finally:
        for c in contexts:
            c.close()


def test_turn_felt_leaving_asks_and_watching(browser, host, shots):
    contexts = []
    try:
        table = open_table(browser, host, contexts)
        phones = []
        for name, locale in (("Ann", "nl-NL"), ("Bob", "en-GB"), ("Cas", "en-GB"), ("Dee", "en-GB")):
            ctx, page = phone(browser, host, locale)
            contexts.append(ctx)
            page.locator('[data-act="pawn-colour"]').first.wait_for()
            join(page, name)
            phones.append(page)
        # "Leave the table" asks first; "Stay" keeps the seat, "Yes" gives it up.
        dee = phones.pop()
        dee.locator('[data-act="leave-ask"]').click()
        dee.locator('[data-act="leave-no"]').click()
        assert dee.locator('[data-act="leave-yes"]').count() == 0
        dee.locator('[data-act="leave-ask"]').click()
        dee.screenshot(path=shots / "phone-leave-confirm-en.png")
        dee.locator('[data-act="leave-yes"]').click()
        dee.locator('[data-act="join"]').wait_for()
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 3")

        start_game(table)  # the phones see the game once the stage has shown the opening rolls
        for page in phones:
            page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
            settle(page)
        turn = next(p for p in phones if p.locator("[data-decision]").count())
        others = [p for p in phones if p is not turn]
        lang = turn.evaluate("document.documentElement.lang")
        assert turn.title().startswith((NL if lang == "nl" else EN)["turn"]["title"])
        assert turn.evaluate("window.vibrations.length") == 1
        for p in others:
            assert not p.title().startswith("▶") and p.evaluate("window.vibrations.length") == 0

        # Keep-awake: after the first touch a tiny muted video loops while the game runs.
        turn.locator(".me").tap()
        video = turn.locator("video.awake")
        video.wait_for(state="attached")
        turn.wait_for_function(
            "() => { const v = document.querySelector('video.awake'); return v && !v.paused && v.readyState >= 2; }"
        )
        t0 = turn.evaluate("document.querySelector('video.awake').currentTime")
        turn.wait_for_timeout(1500)
        state = turn.evaluate(
            "(() => { const v = document.querySelector('video.awake');"
            " return {paused: v.paused, muted: v.muted, loop: v.loop, t: v.currentTime, src: v.currentSrc}; })()"
        )
        print(
            f"\nkeep-awake video: {state['src'].rsplit('/', 1)[-1]} playing={not state['paused']} muted={state['muted']}"
            f" loop={state['loop']} time {t0:.2f} -> {state['t']:.2f} s"
        )
        assert not state["paused"] and state["muted"] and state["t"] != t0

        # The chime can be switched off, and stays off.
        turn.locator('[data-act="chime"]').click()
        assert turn.locator('[data-act="chime"]').get_attribute("aria-pressed") == "false"
        assert turn.evaluate("localStorage.getItem('cashrun.chime')") == "off"

        # Still its turn after the roll: no second buzz. Then Grand Slam's 100,000 ends the turn.
        perform(turn, {"type": "roll"})
        assert turn.evaluate("window.vibrations.length") == 1
        turn.locator('.chooser[data-type="land"]').wait_for()  # once the table's stage has shown the dice
        perform(turn, {"type": "land", "space": "grand_slam"})
        perform(turn, {"type": "collect"})
        table.wait_for_function("() => document.querySelector('#app').dataset.phase === 'roll'")
        nxt = next(p for p in phones if p.locator("[data-decision]").count())
        if nxt is not turn:  # a double rolls again
            nxt.wait_for_function("() => document.title.startsWith('▶')")
            assert nxt.evaluate("window.vibrations.length") == 1 and not turn.title().startswith("▶")

        # After the start the join address offers to watch: the public view, no secret.
        wctx, watcher = phone(browser, host)
        contexts.append(wctx)
        frames = Frames(watcher, host)
        watcher.locator('[data-out="started"]').wait_for()
        assert watcher.locator('[data-input="name"]').count() == 0
        assert watcher.locator('[data-out="started"]').inner_text() == EN["watch"]["started"]
        watcher.locator('[data-act="watch"]').click()
        watcher.locator('[data-screen="watch"]').wait_for()
        assert watcher.locator('[data-screen="watch"] .others li').count() == 3
        watcher.screenshot(path=shots / "phone-watch-en.png", full_page=True)
        watcher.reload()  # a reload watches again
        watcher.locator('[data-screen="watch"]').wait_for()
        assert frames.views and all(
            v["kind"] == "watch" and secrets(v) == [] and "table" not in v and "you" not in v["view"]
            for v in frames.views
        )
        assert watcher.title() == "Cash & Run"
        # A screen reader on the watching phone hears what happens, once the table has shown it.
        nxt.locator('[data-act="do"][data-type="roll"]').wait_for()
        perform(nxt, {"type": "roll"})
        watcher.get_by_role("status").filter(has_text=re.compile(r" rolls \d \+ \d = \d+")).wait_for()
        watcher.locator('[data-act="leave-ask"]').click()
        watcher.locator('[data-act="leave-yes"]').click()
        watcher.locator('[data-act="watch"]').wait_for()
    finally:
        for ctx in contexts:
            ctx.close()


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "media-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


def test_the_phone_works_under_the_hosts_content_security_policy(browser, host):
    """The policy the host branch sends on every page, added here to each answer: nothing is blocked
    that the phone needs (joining, the game, the keep-awake video)."""
    # Answers fulfilled by the test count as another network to Chromium, which then refuses the
    # socket to 127.0.0.1: a browser of its own without that check.
    own = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*ARGS, "--disable-features=LocalNetworkAccessChecks"]
    )
    ctx = own.new_context(**SMALL_PHONE)
    ctx.add_init_script(
        "window.blocked = []; document.addEventListener('securitypolicyviolation',"
        " (e) => window.blocked.push(e.violatedDirective + ' ' + e.blockedURI));"
    )

    def with_policy(route):
        answer = route.fetch()
        route.fulfill(response=answer, headers={**answer.headers, "content-security-policy": CSP})

    ctx.route("**/*", with_policy)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{host.base}/j/{host.code}")
        page.locator('[data-act="pawn-colour"]').first.wait_for()
        join(page, "Ann")
        assert page.locator(".player.me").count() == 1
        # The shared icon sprite's style attribute (web/templates/_sprite.html) is the one thing blocked.
        blocked = [b for b in page.evaluate("window.blocked") if b != "style-src-attr inline"]
        assert not blocked and not errors, (blocked, errors)
    finally:
        own.close()


# On the join page (no seat: the game's modules not loaded yet), the turn's signals armed as a seat
# arms them, and the AudioContexts' nodes counted (not the offline context's: it draws the notes).
ARM = """async () => {
  window.__made = { osc: 0, gain: 0, buf: 0 };
  const count = (name, key) => {
    const own = BaseAudioContext.prototype[name];
    BaseAudioContext.prototype[name] = function (...args) {
      if (this instanceof AudioContext) window.__made[key] += 1;
      return own.apply(this, args);
    };
  };
  count('createOscillator', 'osc'); count('createGain', 'gain'); count('createBufferSource', 'buf');
  const render = OfflineAudioContext.prototype.startRendering;
  OfflineAudioContext.prototype.startRendering = function () {
    return render.call(this).then((b) => { window.__tone = b; return b; });
  };
  (await import('/static/js/phone/turn.js')).armTurnSignals();
}"""
# A turn comes (the phone waits for nothing, then for its player): what the chime made, and the tone drawn.
TURN = """async () => {
  const { feelTurn } = await import('/static/js/phone/turn.js');
  const view = { over: false, log: [] };
  window.__made = { osc: 0, gain: 0, buf: 0 };
  feelTurn({ kind: 'game', view, legal_actions: [] });
  feelTurn({ kind: 'game', view, legal_actions: [{ type: 'roll' }] });
  const b = window.__tone, data = b.getChannelData(0);
  let peak = 0;
  for (const x of data) peak = Math.max(peak, Math.abs(x));
  return { made: window.__made, length: b.length, rate: b.sampleRate, peak };
}"""


def test_a_turns_chime_plays_notes_drawn_once(browser, host):
    """A 360x640 phone (English) on the join page: after the first touch the chime's two notes are
    rendered once into a buffer (off the main thread); the update that brings a turn then starts that
    buffer, one node, and builds no oscillator or gain."""
    ctx = browser.new_context(**SMALL_PHONE, locale="en-GB")
    try:
        page = ctx.new_page()
        page.goto(f"{host.base}/j/{host.code}")
        page.locator('[data-input="name"]').wait_for()
        page.evaluate(ARM)
        page.locator("h1").tap()  # the first touch: sound unlocked, the notes drawn in a task after it
        page.wait_for_function("() => !!window.__tone")
        got = page.evaluate(TURN)
        assert got["made"] == {"osc": 0, "gain": 0, "buf": 1}, got
        assert got["length"] == -(-got["rate"] * 48 // 100) and 0.24 < got["peak"] < 0.26, got
    finally:
        ctx.close()
