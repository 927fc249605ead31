"""The table screen's stage tells the story: banners that end when the next reveal starts,
Everybody Plays with every card, a landing on another space than the dice said, the caption of a
past turn gone, the Skip button beside the wheel, an auction sale as one history line, the words
of every event. The games and their table screen are `story_table.py`'s; each test names its sizes
and languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from board_editor import board_24
from fit_check import check_table
from i18n_files import EN, NL
from story_table import SETTINGS, StoryTable, plan
from web_host import TABLE, TV, start_host, stop_host

from engine import Settings
from tests.support.game_plan import NAMES
from tests.support.web_driver import drawer_to, seat_without_phones, settle, shoot, start_game

if TYPE_CHECKING:
    from tests.support.planner import Planner

# Records, each time the stage starts to play an outcome, whether a banner was up; and, from each
# banner's first frame for half a second, whether it ever overlapped the card's rank.
WATCH = """() => {
  window.__plays = []; window.__rankCovered = [];
  const stage = document.querySelector('.stage');
  new MutationObserver(() => {
    if (stage.dataset.playing) window.__plays.push(!!document.querySelector('.moment:not([hidden])'));
  }).observe(stage, { attributes: true, attributeFilter: ['data-playing'] });
  const moment = document.querySelector('.moment');
  new MutationObserver(() => {
    if (moment.hidden) return;
    const until = performance.now() + 500;
    let covered = false;
    const look = () => {
      const c = document.querySelector('.stage [data-card="corner"]').getBoundingClientRect();
      const m = moment.getBoundingClientRect();
      if (c.width && !(m.right <= c.left || m.left >= c.right || m.bottom <= c.top || m.top >= c.bottom)) covered = true;
      if (performance.now() < until) requestAnimationFrame(look); else window.__rankCovered.push([moment.dataset.kind, covered]);
    };
    look();
  }).observe(moment, { attributes: true, attributeFilter: ['hidden'] });
}"""


def everybody_plays(p: Planner) -> int:
    """The next player lands on Everybody Plays (cards) and every player draws; returns the lander."""
    seat = p.until_turn_start()
    p.do(seat, {"type": "roll"})
    p.do(seat, p.find(seat, "land", space="everybody_plays", symbol="cards"), "everybody")
    for _ in range(12):
        if p.view["phase"] != "everybody_plays":
            break
        p.do(p.game.to_act()[0], {"type": "draw"}, "drawn")
    return seat


def test_banners_end_when_a_reveal_starts_and_everybody_plays_shows_the_cards(browser, tmp_path, shots):
    """1366×768 in English: an Everybody Plays with cards, the next turns' rolls, an auction; the
    caption checked at every turn start."""
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        table = StoryTable(browser, host, SETTINGS)
        page = table.page
        page.evaluate(WATCH)
        p = plan(SETTINGS)
        everybody_plays(p)
        p.until_turn_start()
        p.do(p.actor(), {"type": "roll"}, "next_roll")
        p.auction()
        p.until_turn_start()
        shown: dict[str, Any] = {}

        def check(seat, action, tag):
            view = table.mirror.view(None)
            if view["phase"] == "roll" and view["waiting"].get("start") and view["turn_number"] > 1:
                # A new turn: the last turn's caption is gone.
                assert table.caption() == "", (view["turn_number"], table.caption())
            if tag == "drawn" and view["phase"] != "everybody_plays":
                moment = page.locator('.moment[data-kind="everybody_result"]')
                moment.wait_for()
                page.wait_for_function("() => document.querySelector('.moment').getAnimations().length === 0")
                result = next(e for e in reversed(view["log"]) if e["type"] == "everybody_result")
                first = [e for e in view["log"] if e["type"] == "card"][-len(NAMES) :]
                for e in first:
                    draw = moment.locator(f'.draws[data-round="first"] .draw[data-seat="{e["seat"]}"]')
                    assert (
                        draw.locator(".face").inner_text()
                        == EN["rank"][e["rank"]]
                        + {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}[e["suit"]]
                    )
                    assert NAMES[e["seat"]] in draw.inner_text()
                assert moment.locator(".draw.top").get_attribute("data-seat") == str(result["winner"])
                assert "★" in moment.locator(".draw.top").inner_text()
                # A screen reader hears the prize as a sentence, not two names and an amount.
                prize = next(e for e in reversed(view["log"]) if e["type"] == "paid" and e["to"] == result["winner"])
                assert prize["from"] == "bank", prize
                said = EN["show"]["money_moved"].format_map(
                    {"from": EN["place"]["bank"], "amount": f"{prize['amount']:,}", "to": NAMES[result["winner"]]}
                )
                assert moment.locator(".moved li").first.aria_snapshot() == f"- listitem: {said}"
                shown["everybody"] = moment.inner_text()
                # The fade-in watched to its end before the window changes size for the shots.
                page.wait_for_function("() => window.__rankCovered.some(([kind]) => kind === 'everybody_result')")
                shoot(page, shots / "everybody-plays.png")
            if tag == "auction":
                # The sale is one line of the history: above the bids, only the sale.
                lines = page.locator(".history li").evaluate_all("els => els.map(e => e.dataset.ev)")
                newer = lines[: next(i for i, ev in enumerate(lines) if ev in ("bid", "bid_passed"))]
                assert newer.count("auction_closed") == 1 and not {"paid", "casino_moved"} & set(newer), lines[:8]

        table.play(p.steps, check)
        assert shown["everybody"]
        plays = page.evaluate("window.__plays")
        assert plays and not any(plays), plays  # no reveal started under a banner
        covered = page.evaluate("window.__rankCovered")
        assert ["everybody_result", False] in covered and not any(c for _, c in covered), covered
        assert not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)


SIX = [f"{first} Wilhelmina van der B"[:24] for first in ("Ann", "Bob", "Cas", "Dee", "Eve", "Fay")]
"""Six players, each name as long as the host takes."""


def test_everybody_plays_with_six_long_names(browser, tmp_path, shots):
    """1366×768 in Dutch, six players with 24-character names: every card in the banner, the banner
    inside the stage, no name cut, no frame of its fade-in over the card's rank."""
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        table = StoryTable(browser, host, SETTINGS, names=SIX, locale="nl-NL")
        page = table.page
        page.evaluate(WATCH)
        p = plan(SETTINGS, SIX)
        everybody_plays(p)
        table.play(p.steps)
        moment = page.locator('.moment[data-kind="everybody_result"]')
        moment.wait_for()
        assert page.evaluate("document.documentElement.lang") == "nl"
        assert moment.locator('.draws[data-round="first"] .draw').count() == 6
        assert moment.locator(".draw .card-face").count() >= 6
        m, s = moment.bounding_box(), page.locator(".stage").bounding_box()
        assert m["y"] >= s["y"] and m["y"] + m["height"] <= s["y"] + s["height"] + 0.5, (m, s)
        # Nothing spills out of the banner; a long name is whole, wrapped between its words (three
        # lines at most), and keeps its title.
        assert moment.evaluate("(m) => m.scrollHeight <= m.clientHeight + 1 && m.scrollWidth <= m.clientWidth + 1")
        names = moment.locator('.draws[data-round="first"] .who > span:last-child')
        assert names.evaluate_all("els => els.map((e) => e.title)") == SIX
        assert names.evaluate_all(
            "els => els.every((e) => e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis'"
            " && e.getBoundingClientRect().height <= 3.5 * parseFloat(getComputedStyle(e).lineHeight))"
        )
        page.wait_for_function("() => window.__rankCovered.length > 0")
        assert page.evaluate("window.__rankCovered") == [["everybody_result", False]]
        page.wait_for_function("() => document.querySelector('.moment').getAnimations().length === 0")
        page.screenshot(path=shots / "everybody-six-nl.png")
        # The next seat's pad opens a chooser below the stage while the banner is still up: the
        # stage gets shorter and the banner stays inside it (its money lines give way), over nothing.
        page.locator('.phoneless [data-act="open"]').first.click()
        page.locator(".phoneless .chooser").wait_for()
        assert not moment.is_hidden()
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        m, s = moment.bounding_box(), page.locator(".stage").bounding_box()
        assert m["y"] >= s["y"] and m["y"] + m["height"] <= s["y"] + s["height"] + 0.5, (m, s)
        assert moment.evaluate("(m) => m.scrollHeight <= m.clientHeight + 1"), moment.evaluate(
            "(m) => [m.scrollHeight, m.clientHeight, m.className]"
        )
        page.screenshot(path=shots / "everybody-six-nl-pad-open.png")
        check_table(page, "Everybody Plays' banner with the next pad's chooser open at 1366x768")
        assert not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)


WHEEL_FREE = """() => {
  const stage = document.querySelector('.stage');
  stage.dataset.focus = 'spin'; stage.dataset.reveal = '1';
  const w = document.querySelector('.stage .wheel').getBoundingClientRect();
  const skip = document.querySelector('.stage .skip').getBoundingClientRect();
  const bad = [];
  for (let i = 0; i <= 20; i++) for (let j = 0; j <= 20; j++) {
    const x = w.left + w.width * i / 20, y = w.top + w.height * j / 20;
    const hit = document.elementFromPoint(Math.min(x, innerWidth - 1), Math.min(y, innerHeight - 1));
    if (hit && hit.closest('.skip')) bad.push([x, y]);
  }
  const apart = skip.right <= w.left || skip.left >= w.right || skip.bottom <= w.top || skip.top >= w.bottom;
  // A tap anywhere skips: the stage's cover shows the pointer, and the stage's elements keep their own cursor.
  const cursors = [getComputedStyle(stage, '::after').cursor, getComputedStyle(document.querySelector('.stage .wheel')).cursor];
  return { bad, apart, skip: skip.width > 0, cursors };
}"""


def test_a_named_landing_is_said_and_skip_stays_off_the_wheel(browser, tmp_path, shots):
    """With a 24-space board, 1366×768 in English then 1920×1080 in Dutch: a player names another
    space than the dice led to; the stage and the history say both. The Skip button beside the
    wheel at both sizes, with and without the board."""
    host = start_host(tmp_path / "data", reveal_scale=1)
    try:
        board = board_24()
        settings = Settings(board=board, auction_seconds=120)
        table = StoryTable(browser, host, settings, board=board)
        page = table.page
        p = plan(settings)
        while p.view["phase"] == "place_pawn":
            p.board_step()
        seat = p.until_turn_start(step=p.board_step)
        p.do(seat, {"type": "roll"})
        suggested = p.view["waiting"]["suggested"]["at"]
        named = next(
            a for a in p.legal(seat) if a["type"] == "land" and a["space"] == "win_pot" and a["at"] != suggested
        )
        p.do(seat, named, "named")
        table.play(p.steps)

        def said(words: dict) -> str:
            where = f"{words['space']['win_pot']} ({words['symbol'][named['symbol']]})"
            return words["ev"]["landed_named"].format(
                seat=NAMES[seat], where=where, space_no=named["at"] + 1, dice_no=suggested + 1
            )

        def short(words: dict) -> str:
            return words["show"]["named_short"].format(space_no=named["at"] + 1, dice_no=suggested + 1)

        landed = page.locator('.history li[data-ev="landed"] span').first
        assert landed.inner_text() == said(EN)
        assert page.locator('.moment[data-kind="landed_named"] .moment-title').inner_text() == said(EN)
        page.wait_for_function("() => document.querySelector('.moment').getAnimations().length === 0")
        shoot(page, shots / "named-landing.png")
        page.locator(".moment").click()  # a tap ends the banner; the stage's caption keeps it
        page.locator(".moment").wait_for(state="hidden")
        page.locator('[data-out="stage"]').wait_for(state="visible")
        assert table.caption() == short(EN)
        shoot(page, shots / "named-landing-caption.png")
        for size in (TABLE["viewport"], TV):
            page.set_viewport_size(size)
            got = page.evaluate(WHEEL_FREE)
            assert got["skip"] and got["apart"] and not got["bad"] and got["cursors"] == ["pointer", "auto"], (
                size,
                got,
            )
        page.locator('.bar [data-act="lang"]').click()
        page.wait_for_function("() => document.documentElement.lang === 'nl'")
        page.set_viewport_size(TV)
        page.locator('.history li[data-ev="landed"]').first.wait_for()
        assert page.locator('.history li[data-ev="landed"] span').first.inner_text() == said(NL)
        assert table.caption() == short(NL)
        got = page.evaluate(WHEEL_FREE)
        assert got["skip"] and got["apart"] and not got["bad"], got
        assert not table.errors, table.errors
        table.ctx.close()

        # Without a board (a wider wheel), 1366×768 in English.
        plain = browser.new_context(**TABLE, locale="en-GB")
        page = plain.new_page()
        page.goto(host.table_url)
        settle(page)
        drawer_to(page, False, True)
        page.locator('#drawer [data-act="do"][data-type="new_game"]').click()
        page.locator('[data-act="confirm-yes"]').click()
        page.wait_for_url(lambda url: url != host.table_url)
        settle(page)
        seat_without_phones(page, NAMES)
        start_game(page)
        page.locator(".stage .wheel").wait_for(state="attached")
        got = page.evaluate(WHEEL_FREE)
        assert got["skip"] and got["apart"] and not got["bad"], got
        plain.close()
    finally:
        stop_host(host)


WORDS = """async ([lang, events, view]) => {
  const i18n = await import("/static/js/core/i18n.js");
  await i18n.setLang(lang);
  const { eventText, quiet } = await import("/static/js/core/words.js");
  return events.map((e) => [e.type, quiet(e) ? null : eventText(e, view)]);
}"""


def test_the_words_follow_the_engines_events(browser, host):
    """The words of events the engine made (no viewport of interest; English and Dutch): a landing
    on another space than the dice said, one on the space they said, an auction sale."""
    board = board_24()
    p = plan(Settings(board=board, auction_seconds=120))
    while p.view["phase"] == "place_pawn":
        p.board_step()
    seat = p.until_turn_start(step=p.board_step)
    p.do(seat, {"type": "roll"})
    suggested = p.view["waiting"]["suggested"]["at"]
    after, _ = p.try_(seat, p.legal(seat)[0])
    followed = next(e for e in after.view(None)["log"][::-1] if e["type"] == "landed")
    named = next(a for a in p.legal(seat) if a["type"] == "land" and a["at"] != suggested and a["space"] == "casino")
    landed = next(e for e in p.do(seat, named) if e["type"] == "landed")
    assert landed["dice_at"] == suggested and "dice_at" not in followed

    sale = plan(SETTINGS)
    sale.auction()
    log = sale.game.view(None)["log"]
    closed = log[max(i for i, e in enumerate(log) if e["type"] == "auction_closed") :]

    ctx = browser.new_context(**TABLE)
    page = ctx.new_page()
    page.goto(host.table_url)
    settle(page)
    view = p.view
    casino = next(c["name"] for c in view["casinos"] if c["id"] == named["casino"])
    for lang, words in (("en", EN), ("nl", NL)):
        got = dict(page.evaluate(WORDS, [lang, [landed], view]))
        assert got["landed"] == words["ev"]["landed_named"].format(
            seat=NAMES[seat], where=casino, space_no=named["at"] + 1, dice_no=suggested + 1
        )
        plain = page.evaluate(WORDS, [lang, [followed], after.view(None)])[0][1]
        dice_said = words["ev"]["landed_named"].split("; ")[1].split("{")[0]
        assert plain.startswith(NAMES[seat]) and "{" not in plain and dice_said not in plain
        said = [(kind, text) for kind, text in page.evaluate(WORDS, [lang, closed, sale.view]) if text is not None]
        sold = [kind for kind, _ in said if kind in ("auction_closed", "paid", "casino_moved")]
        assert sold == ["auction_closed"], said  # one line for the sale
        # A creditor who buys with the debt owed to him: the line says how much of the price that was.
        credit = {
            **next(e for e in closed if e["type"] == "auction_closed"),
            "price": 300_000,
            "credit": 200_000,
            "buyer": 1,
        }
        text = page.evaluate(WORDS, [lang, [credit], sale.view])[0][1]
        sep = "," if lang == "en" else "."
        name = next(c["name"] for c in sale.view["casinos"] if c["id"] == credit["casino"])
        assert text == words["ev"]["auction_sold_credit"].format(
            casino=name, buyer=NAMES[1], price=f"300{sep}000", credit=f"200{sep}000"
        ), text
    ctx.close()
