"""The table screen's stage tells the story: the lap's finale with the banker's answers on the stage,
banners that end when the next reveal starts, Everybody Plays with every card, a landing on another
space than the dice said, the caption of a past turn gone, the Skip button beside the wheel, an
auction sale as one history line.

Every game here is played by seats without phones on the table screen, through the page's own
socket (`send`, as the table's controls do), the steps worked out on a local engine with the
host's seed (`game_plan.Planner`). The table screen runs with reduced motion (it shows each outcome
when the host's clock ends), no touch, light theme; each test names its sizes and languages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from board_editor import board_24
from fit_check import check_table
from game_plan import NAMES, Planner
from web_driver import log_end, seat_without_phones, settle, shoot, start_game, wait_log
from web_host import SEED, TABLE, TV, start_host, stop_host

from engine import BANKER, Game, Settings

I18N = Path(__file__).resolve().parents[2] / "web" / "static" / "i18n"
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
NL = json.loads((I18N / "nl.json").read_text(encoding="utf-8"))
SETTINGS = Settings(auction_seconds=120)

SEND = """async ([action, as]) => {
  const { send } = await import("/static/js/table-shared.js");
  const ans = await send(action, as);
  return ans && ans.ok ? null : JSON.stringify(ans);
}"""

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


class Table:
    """The table screen of a game played by seats without phones, and its mirror engine."""

    def __init__(
        self, browser, host, settings: Settings, board: dict | None = None, names: list[str] = NAMES, **options: Any
    ) -> None:
        self.ctx = browser.new_context(
            **{**TABLE, "locale": "en-GB", "color_scheme": "light", "reduced_motion": "reduce", **options}
        )
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(host.table_url)
        settle(self.page)
        seat_without_phones(self.page, names)
        self.send(
            BANKER,
            {
                "type": "set_settings",
                "settings": {
                    "auction_seconds": settings.auction_seconds,
                    "lap_confirm": settings.lap_confirm,
                    "board": board,
                },
            },
        )
        start_game(self.page)
        self.mirror = Game.new(names, settings=settings, seed=SEED)
        self.idle()

    def send(self, seat: int, action: dict[str, Any]) -> None:
        self.page.wait_for_function("() => document.querySelector('#app').dataset.reveal !== '1'")
        problem = self.page.evaluate(SEND, [action, None if seat == BANKER else seat])
        assert problem is None, (action, problem)

    def idle(self) -> None:
        """The reveal over, the table caught up with the mirror, the stage still."""
        wait_log(self.page, log_end(self.mirror.view(None)))
        self.page.wait_for_function(
            "() => document.querySelector('#app').dataset.reveal === ''"
            " && !document.querySelector('.stage[data-playing]')"
        )

    def play(self, steps, check=lambda seat, action, tag: None) -> None:
        """Each planned step through the page; ``check`` after each one."""
        for seat, action, tag in steps:
            self.send(seat, action)
            self.mirror.apply(seat, action)
            self.idle()
            check(seat, action, tag)

    def caption(self) -> str:
        return self.page.locator('[data-out="stage"]').inner_text()


def plan(settings: Settings, names: list[str] = NAMES) -> Planner:
    return Planner(Game.new(names, settings=settings, seed=SEED))


def on_top(page, selector: str) -> bool:
    """The element's middle is itself (or inside it) at elementFromPoint, and inside the window."""
    return page.evaluate(
        """(sel) => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
        && !!document.elementFromPoint(x, y)?.closest(sel); }""",
        selector,
    )


def status_lines(page) -> float:
    return page.evaluate("""() => { const s = document.querySelector('[data-out="status"]');
      const st = getComputedStyle(s);
      return (s.clientHeight - parseFloat(st.paddingTop) - parseFloat(st.paddingBottom)) / parseFloat(st.lineHeight); }""")


LONG = ["Grootmoeder Wilhelmina B", *NAMES[1:]]
"""The runner's name as long as the host takes (24 characters)."""


def test_the_banker_confirms_the_lap_on_the_stage(browser, tmp_path, shots):
    """1366×768 in English, then 1920×1080 in Dutch: the lap's start takes the stage, the claim
    shows the runner, the set and two large answers; reject, claim again, confirm: the game ends."""
    host = start_host(tmp_path / "data")
    try:
        table = Table(browser, host, SETTINGS, names=LONG)
        page = table.page
        p = plan(SETTINGS, LONG)
        runner = 0
        combination = p.give_combination(runner)
        p.start_lap(runner, combination)
        start = len(p.steps)
        for _ in range(60):
            if p.view["turn"] == runner and p.view["phase"] == "land":
                break
            p.filler_step()
        p.do(runner, {"type": "claim_lap"}, "claimed")

        def check(seat, action, tag):
            if tag == "lap_started":
                moment = page.locator('.moment[data-kind="lap_started"]')
                moment.wait_for()
                page.wait_for_function("() => document.querySelector('.moment').getAnimations().length === 0")
                # The lap's start takes the whole stage: the runner, the card that started it, the set.
                m, s = moment.bounding_box(), page.locator(".stage").bounding_box()
                assert m["height"] > 0.85 * s["height"] and m["width"] > 0.9 * s["width"], (m, s)
                assert LONG[runner] in moment.inner_text()
                assert moment.locator(".grand-card .card-face").count() == 1
                assert (
                    sorted(
                        int(c)
                        for c in moment.locator("[data-casino]").evaluate_all("els => els.map(e => e.dataset.casino)")
                    )
                    == combination
                )
                shoot(page, shots / "lap-started.png")

        table.play(p.steps[:start], check)
        table.play(p.steps[start:])

        def finale(words: dict) -> None:
            stage = page.locator(".stage.finale")
            stage.wait_for()
            claim, status = words["show"]["finale_claim"], words["wait"]["lap_claim_banker"]
            assert stage.locator('[data-out="runner"]').inner_text() == LONG[runner]
            assert claim in stage.inner_text()
            assert (
                sorted(
                    int(c) for c in stage.locator("[data-casino]").evaluate_all("els => els.map(e => e.dataset.casino)")
                )
                == combination
            )
            assert page.locator('[data-out="status"]').inner_text() == status
            assert status_lines(page) <= 2.01  # two lines at most
            assert page.locator("#drawer").count() == 0 and page.locator(".moment:not([hidden])").count() == 0
            for answer in ("confirm_lap", "reject_lap"):
                sel = f'.stage.finale [data-act="do"][data-type="{answer}"]'
                assert on_top(page, sel), answer  # large, in the window and covered by nothing
                box = page.locator(sel).bounding_box()
                assert box["height"] >= 48, box
                assert page.locator(sel).inner_text() == words["act"][answer]

        finale(EN)
        shoot(page, shots / "finale.png")
        # The drawer keeps the two answers too.
        page.locator('.bar [data-act="drawer"]').click()
        assert page.locator('#drawer [data-type="confirm_lap"], #drawer [data-type="reject_lap"]').count() == 2
        page.locator('#drawer .drawer-head [data-act="drawer"]').click()

        page.locator('.stage.finale [data-type="reject_lap"]').click()
        table.mirror.apply(BANKER, {"type": "reject_lap"})
        table.idle()
        assert page.locator(".history li span").first.inner_text() == EN["ev"]["lap_rejected"].format(
            by="The banker", seat=LONG[runner]
        )  # the banker in words, not "Seat 0"
        assert page.locator(".stage.finale").count() == 0 and page.locator(".stage").count() == 1
        table.play([(runner, {"type": "claim_lap"}, None)])

        page.locator('.bar [data-act="lang"]').click()
        page.wait_for_function("() => document.documentElement.lang === 'nl'")
        page.set_viewport_size(TV)
        finale(NL)
        page.screenshot(path=shots / "finale-nl-1920x1080.png")
        page.locator('.stage.finale [data-type="confirm_lap"]').click()
        table.mirror.apply(BANKER, {"type": "confirm_lap"})
        assert table.mirror.over and table.mirror.winner == runner
        page.locator('[data-out="winner"]').wait_for()
        assert LONG[runner] in page.locator('[data-out="winner"]').inner_text()
        assert not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)


def test_with_players_confirming_the_stage_names_them(browser, tmp_path, shots):
    """1366×768 in English, dark theme, ``lap_confirm: "players"``: the claim names the other players
    who may confirm too; the banker's answers stay on the stage; a seat without a phone confirms."""
    host = start_host(tmp_path / "data")
    try:
        settings = Settings(auction_seconds=120, lap_confirm="players")
        table = Table(browser, host, settings, color_scheme="dark")
        page = table.page
        p = plan(settings)
        runner = 0
        p.start_lap(runner, p.give_combination(runner))
        for _ in range(60):
            if p.view["turn"] == runner and p.view["phase"] == "land":
                break
            p.filler_step()
        p.do(runner, {"type": "claim_lap"})
        table.play(p.steps)
        stage = page.locator(".stage.finale")
        others = ", ".join(NAMES[1:])
        assert stage.locator(".hint").inner_text() == EN["show"]["finale_phones"].format(names=others)
        assert page.locator('[data-out="status"]').inner_text() == EN["wait"]["lap_claim"]
        for answer in ("confirm_lap", "reject_lap"):
            assert on_top(page, f'.stage.finale [data-act="do"][data-type="{answer}"]'), answer
        page.screenshot(path=shots / "finale-players-dark.png")
        check_table(page, "the lap claimed, the players confirming (1366x768, dark)")
        page.locator('.phoneless[data-seat="1"] [data-type="confirm_lap"]').click()
        table.mirror.apply(1, {"type": "confirm_lap"})
        page.locator('[data-out="winner"]').wait_for()
        assert table.mirror.winner == runner and not table.errors, table.errors
        table.ctx.close()
    finally:
        stop_host(host)


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
    host = start_host(tmp_path / "data")
    try:
        table = Table(browser, host, SETTINGS)
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
    host = start_host(tmp_path / "data")
    try:
        table = Table(browser, host, SETTINGS, names=SIX, locale="nl-NL")
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
        # Nothing spills out of the banner; a long name gives way (two lines at most) and keeps its title.
        assert moment.evaluate("(m) => m.scrollHeight <= m.clientHeight + 1 && m.scrollWidth <= m.clientWidth + 1")
        names = moment.locator('.draws[data-round="first"] .who > span:last-child')
        assert names.evaluate_all("els => els.map((e) => e.title)") == SIX
        assert names.evaluate_all(
            "els => els.every((e) => e.getBoundingClientRect().height <= 2.5 * parseFloat(getComputedStyle(e).lineHeight))"
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
    host = start_host(tmp_path / "data")
    try:
        board = board_24()
        settings = Settings(board=board, auction_seconds=120)
        table = Table(browser, host, settings, board=board)
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
        page.locator('.bar [data-act="drawer"]').click()
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
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLang(lang);
  const { eventText, quiet } = await import("/static/js/words.js");
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
