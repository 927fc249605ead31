"""The table screen on a shared screen: fixed texts, questions before what cannot be undone,
covered claim codes, the banker's drawer by keyboard, and the screen kept awake.

Every test here shows the table screen at 1366×768 (``TABLE``), no touch, in English unless it says otherwise.
"""

from __future__ import annotations

from i18n_files import EN, NL
from web_host import TABLE

from tests.support.web_driver import drawer_to, seat_without_phones, settle, start_game

WORDS = """async (lang) => {
  const i18n = await import("/static/js/core/i18n.js");
  await i18n.setLang(lang);
  const { eventText, quiet } = await import("/static/js/core/words.js");
  const view = { players: [{ seat: 0, name: "Ann" }, { seat: 1, name: "Bob" }, { seat: 2, name: "Cas" }],
                 casinos: [{ id: 3, name: "Cairo" }] };
  return {
    bank: eventText({ type: "everybody_result", winner: 1, lowest: null, scores: [[0, 3], [1, 9]] }, view),
    nobody: eventText({ type: "everybody_result", winner: null, lowest: null, scores: [] }, view),
    lowest: eventText({ type: "everybody_result", winner: 1, lowest: 2, scores: [] }, view),
    bought: eventText({ type: "casino_bought", seat: 0, casino: 3, price: 100000 }, view),
    purchase: [
      { type: "casino_bought", seat: 0, casino: 3, price: 100000 },
      { type: "casino_moved", casino: 3, from: "bank", to: 0, why: "bought" },
      { type: "paid", from: 0, to: "pot", amount: 100000, why: "casino" },
    ].filter((e) => !quiet(e)).length,
  };
}"""


def table_page(browser, host, script: str | None = None):
    ctx = browser.new_context(**TABLE, locale="en-GB")
    if script:
        ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(host.table_url)
    settle(page)
    return ctx, page


def test_fixed_texts_in_both_languages(browser, host):
    ctx, page = table_page(browser, host)
    for lang, words in (("en", EN), ("nl", NL)):
        got = page.evaluate(WORDS, lang)
        assert got["bank"] == words["ev"]["everybody_bank"].replace("{winner}", "Bob")
        assert got["nobody"] == words["ev"]["everybody_nobody"]
        assert "{" not in got["lowest"] and "Cas" in got["lowest"]
        assert got["bought"].startswith("Ann") and "Cairo" in got["bought"] and "100" in got["bought"]
        assert got["purchase"] == 1  # one purchase, one history line
    ctx.close()


def test_questions_before_what_cannot_be_undone_and_the_drawer_by_keyboard(browser, host, shots):
    ctx, page = table_page(browser, host)
    seat_without_phones(page, ["Ann", "Bob", "Cas"])

    # Removing a player asks first; Esc and "no" keep the player.
    page.locator('[data-act="remove"][data-seat="2"]').click()
    dialog = page.locator('[role="alertdialog"]')
    assert EN["show"]["confirm_remove_player"].replace("{name}", "Cas") == dialog.locator(".confirm-text").inner_text()
    assert page.evaluate("document.activeElement.dataset.act") == "confirm-no"
    page.screenshot(path=shots / "confirm-remove.png")
    page.keyboard.press("Escape")
    assert dialog.count() == 0 and page.locator(".lp").count() == 3
    page.locator('[data-act="remove"][data-seat="2"]').click()
    page.locator('[data-act="confirm-yes"]').click()
    page.wait_for_function("() => document.querySelectorAll('.lp').length === 2")

    # The drawer takes the focus, closes with Esc and gives the focus back.
    drawer_to(page, False, True)
    assert page.evaluate("!!document.activeElement.closest('#drawer')")
    page.keyboard.press("Escape")
    assert page.locator("#drawer").count() == 0
    assert page.evaluate("document.activeElement.matches('.bar [data-act=\"drawer\"]')")

    # A new game asks first; "no" stays at this table.
    drawer_to(page, False, True)
    page.locator('#drawer [data-act="do"][data-type="new_game"]').click()
    assert page.locator('[data-confirm="new_game"]').count() == 1
    page.locator('[data-act="confirm-no"]').click()
    assert page.locator('[role="alertdialog"]').count() == 0
    assert page.evaluate("location.href") == host.table_url
    ctx.close()


STUB = """window.__wake = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: async (kind) => { window.__wake.push(kind);
    window.__lock = { released: false, release: async () => {}, addEventListener() {} };
    return window.__lock; } } });"""

NO_WAKE_LOCK = """Object.defineProperty(navigator, "wakeLock", { configurable: true, value: undefined });"""


def start_without_phones(page) -> None:
    seat_without_phones(page, ["Ann", "Bob", "Cas"])
    start_game(page)


def test_the_screen_stays_awake_during_a_game(browser, host):
    ctx, page = table_page(browser, host, STUB)
    assert page.evaluate("window.__wake") == []  # not in the lobby
    start_without_phones(page)
    page.wait_for_function("() => window.__wake.length > 0")
    assert page.evaluate("window.__wake") == ["screen"]
    # The browser drops the lock when the page is hidden; visible again, the page takes it again.
    page.evaluate("window.__lock.released = true; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__wake.length === 2")
    ctx.close()


def test_without_the_wake_lock_api_a_playing_video_keeps_the_screen_on(browser, host):
    """A television on the LAN address is not a secure context: no navigator.wakeLock there."""
    ctx, page = table_page(browser, host, NO_WAKE_LOCK)
    start_without_phones(page)
    page.locator(".bar .brand").click()  # any tap lets the page play
    page.wait_for_function("() => { const v = document.querySelector('video.awake'); return v && !v.paused; }")
    ctx.close()


MOMENTS = """async () => {
  const { Stage } = await import("/static/js/table/stage.js");
  const { mount, tell } = await import("/static/js/table/story.js");
  const stage = new Stage();
  document.querySelector("#app").prepend(stage.el);
  mount(stage);
  const players = [{ seat: 0, name: "Ann" }, { seat: 1, name: "Bob" }, { seat: 2, name: "Cas" }];
  const result = { type: "everybody_result", winner: 1, lowest: 2, scores: [[0, 1], [1, 11], [2, 0]] };
  const paid = { type: "paid", from: "bank", to: 1, amount: 500000, why: "everybody_plays" };
  const log = [{ type: "landed", seat: 0, space: "everybody_plays", symbol: "cards" },
    { type: "everybody_plays", symbol: "cards", seats: [0, 1, 2] },
    { type: "card", rank: "3", suit: "spades", seat: 0, draw: 1 }, { type: "card", rank: "K", suit: "hearts", seat: 1, draw: 2 },
    { type: "card", rank: "2", suit: "diamonds", seat: 2, draw: 3 }, result, paid];
  const view = { players, casinos: [], log, log_start: 0 };
  stage.feed(view);
  const shown = () => { const m = document.querySelector('.moment');
    return { hidden: m.hidden, kind: m.dataset.kind, title: m.querySelector('.moment-title')?.textContent,
             draws: [...m.querySelectorAll('.draw')].map((d) => d.textContent), top: m.querySelector('.draw.top')?.textContent ?? null,
             rungs: [...m.querySelectorAll('.rung')].map((r) => `${r.dataset.step}:${r.className.replace('rung', '').trim()}`),
             moved: [...m.querySelectorAll('.moved li')].map((l) => [l.querySelector('.sr')?.textContent,
               [...l.children].filter((c) => c.getAttribute('aria-hidden') === 'true').map((c) => c.textContent).join('')]) }; };
  tell([result, paid], view);
  const everybody = shown();
  // With the wheel: each number in its colour; a tie replayed is a row of its own.
  const spins = [{ type: "landed", seat: 1, space: "everybody_plays", symbol: "roulette" },
    { type: "everybody_plays", symbol: "roulette", seats: [0, 1, 2] },
    { type: "spin", number: 17, seat: 0, draw: 5 }, { type: "spin", number: 17, seat: 1, draw: 6 }, { type: "spin", number: 0, seat: 2, draw: 7 },
    { type: "everybody_plays", symbol: "roulette", seats: [0, 1] },
    { type: "spin", number: 3, seat: 0, draw: 8 }, { type: "spin", number: 30, seat: 1, draw: 9 }];
  const tie = { type: "everybody_result", winner: 1, lowest: null, scores: [[0, 17], [1, 17], [2, 0]] };
  tell([tie], { ...view, log: [...spins, tie] });
  const wheel = { ...shown(), rows: [...document.querySelectorAll('.moment .draws')].map((r) => r.dataset.round),
    colours: [...document.querySelectorAll('.moment .face')].map((f) => f.className.split(' ').pop()) };
  // A bluff card believed, the game played again: the replay's result is the banner.
  tell([{ type: "bluff_accepted", seat: 0, by: 1 }, { type: "game_result", winner: 0, loser: 1, context: "casino" }], view);
  const replay = shown();
  tell([{ type: "die", value: 4, seat: 0, draw: 1 }, { type: "grand_slam_step", seat: 0, step: 2, won: false, amount: 0 }], view);
  const slam = shown();
  tell([{ type: "turn", seat: 1, number: 3 }], view);  // not a big moment: the last banner stays
  const after = shown();
  // The next outcome starts to play: the banner ends at its first frame.
  stage.feed({ ...view, log: [...log, { type: "dice", values: [2, 5], seat: 1, draw: 4 }] });
  return { everybody, wheel, replay, slam, after, playing: stage.el.dataset.playing, then: shown() };
}"""


def test_big_moments_get_a_banner_with_the_money_that_moved(browser, host, shots):
    """The banners of story.js on a stage of their own (1366×768, English)."""
    ctx, page = table_page(browser, host)
    got = page.evaluate(MOMENTS)
    everybody, slam = got["everybody"], got["slam"]
    assert not everybody["hidden"] and everybody["kind"] == "everybody_result"
    assert (
        everybody["draws"] == ["3♠Ann", "K♥Bob★", "2♦Cas"] and everybody["top"] == "K♥Bob★"
    )  # the cards, not the scores
    # Seen as names and an arrow, heard as a sentence.
    assert everybody["moved"] == [["the bank pays 500,000 to Bob", "the bank→Bob500,000"]]
    wheel = got["wheel"]
    assert wheel["draws"] == ["17Ann", "17Bob★", "0Cas", "3Ann", "30Bob★"] and wheel["rows"] == ["first", "again"]
    assert wheel["colours"] == ["black", "black", "green", "red", "red"]
    assert got["replay"]["kind"] == "game_result" and got["replay"]["title"].startswith("Ann")
    assert slam["kind"] == "grand_slam_step" and slam["rungs"] == ["3:", "2:lost", "1:won"]  # the ladder, top first
    assert got["after"]["kind"] == "grand_slam_step" and not got["after"]["hidden"]
    assert got["playing"] == "dice" and got["then"]["hidden"]
    page.screenshot(path=shots / "moment-grand-slam.png")
    ctx.close()


def test_sound_can_be_switched_off_and_the_page_remembers(browser, host):
    ctx, page = table_page(browser, host)
    start_without_phones(page)
    button = page.locator('.bar [data-act="sound"]')
    assert button.get_attribute("aria-pressed") == "true"
    button.click()
    assert page.evaluate("localStorage.getItem('cashrun.sound')") == "off"
    page.reload()
    settle(page)
    assert page.locator('.bar [data-act="sound"]').get_attribute("aria-pressed") == "false"
    ctx.close()
