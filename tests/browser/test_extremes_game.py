"""A lean seeded game at the extremes, played on the table screen: five seats without a phone
(`table.phoneless`) and one phone (360×640 with touch, Dutch: its every decision, its lobby
and its end checked by `phone_fit` in both orientations and languages), names of 24
characters, eight-digit amounts (12,000,000 each, a bank of 20,000,000, then one player given
most of it), every stage the family watches: the lobby, each kind of reveal while it plays,
each banner, a bluff accepted and one challenged, Everybody Plays, the auction, the lap
started and claimed, the banker's drawer and the end. At each stage `fit_check` finds nothing
cut, squeezed or covered at 1366×768 and 1920×1080 (no touch, English, the lap claim in Dutch
too), the status keeps to two lines at 1366×768, and the table's money is the engine's.
Screenshots of every stage at both sizes go to the test's folder."""
from __future__ import annotations

import time

from extremes import LONG_NAMES, SETTINGS, SIZES, plan_extremes, resize, set_money_rules
from fit_check import TABLE_SCROLLS, check_table, findings
from phone_fit import SMALL_PHONE, PhoneFit
from web_driver import digits, drawer_to, log_end, perform, seat_without_phones, settle, start_game, wait_log
from web_host import SEED, start_host, stop_host
from companion.reveal import SECONDS
from engine import BANKER, Game

BANNERS = {"casino_game", "bluff_accepted", "bluff_challenged", "everybody_done", "auction", "lap_started"}
"""Steps after which a banner tells the moment."""
PHONE_SEAT = len(LONG_NAMES) - 1
SHOT = {"auction_bid": "auction", "bluff_offered": "bluff-offer"}
"""Stages looked at before the step (the question on screen)."""

LINES = """() => { const s = document.querySelector('[data-out="status"]'); const cs = getComputedStyle(s);
  return Math.round((s.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / parseFloat(cs.lineHeight)); }"""
MONEY = "() => [...document.querySelectorAll('.tplayer [data-out^=\"money-\"]')].map((e) => e.textContent)"


BANNER = ".moment"
"""The banners are the other half of issue 15 (point 4, on its own branch): a banner ends when the
next reveal starts, covers no reveal and no question, and Everybody Plays shows the cards side by
side. Until that is merged, what a banner shows and covers is listed as known (printed), not
failed; everything else on the screen is checked as always."""


def look(table, shots, name: str, seen: list[str], known: list[str]) -> None:
    """The check at 1366×768 and 1920×1080, a screenshot at each, the status's lines at 1366×768."""
    for label in ("1366x768", "1920x1080"):
        resize(table, SIZES[label])
        table.screenshot(path=shots / f"{len(seen) + 1:02d}-{name}-{label}.png")
        known += [f"{name} at {label}: {f['selector']} «{f['text']}» {f['why']}" for f in findings(table, TABLE_SCROLLS)
                  if BANNER[1:] in f["selector"] or f["why"].startswith(f"covered by div{BANNER}")]
        check_table(table, f"{name} at {label}", cover_ok=(BANNER,), ignore=(BANNER,))
        if label == "1366x768" and table.locator('[data-out="status"]').count():
            assert table.evaluate(LINES) <= 2, (name, table.locator('[data-out="status"]').inner_text())
    resize(table, SIZES["1366x768"])
    seen.append(name)


def skip(table) -> None:
    """The banker's space bar (the focus on no field) ends the reveal."""
    table.evaluate("() => document.activeElement && document.activeElement.blur()")
    table.keyboard.press("Space")
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=10_000)


def test_every_stage_holds_at_the_extremes(browser, tmp_path, shots):
    started = time.monotonic()
    plan = plan_extremes(SEED)
    mirror = Game.new(LONG_NAMES, settings=SETTINGS, seed=SEED)
    host = start_host(tmp_path / "data", reveal_scale=4)
    ctx = browser.new_context(viewport=SIZES["1366x768"], locale="en-GB", color_scheme="light")
    contexts = [ctx]
    try:
        table = ctx.new_page()
        errors: list[str] = []
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(host.table_url)
        settle(table)
        set_money_rules(table)
        seat_without_phones(table, LONG_NAMES[:-1])
        # The last seat holds a phone (360×640, touch): every screen it acts on is checked too.
        pctx = browser.new_context(**SMALL_PHONE, locale="nl-NL")
        contexts.append(pctx)
        phone = pctx.new_page()
        phone.on("pageerror", lambda e: errors.append(f"phone: {e}"))
        phone.goto(f"{host.base}/j/{host.code}")
        phone.locator('[data-input="name"]').fill(LONG_NAMES[-1])
        phone.locator('[data-act="join"]').click()
        settle(phone)
        table.wait_for_function("(n) => document.querySelectorAll('.lp').length === n", arg=len(LONG_NAMES))
        fit = PhoneFit(shots / "phone")
        fit.snap(phone, "lobby")
        seen: list[str] = []
        known: list[str] = []
        table.evaluate("() => scrollTo(0, 0)")
        look(table, shots, "lobby", seen, known)
        start_game(table)
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
        look(table, shots, "opening-rolls", seen, known)
        skip(table)
        wait_log(table, log_end(mirror.view(None)))
        look(table, shots, "first-turn", seen, known)
        drawer_open = False
        revealed: set[str] = set()
        for seat, action, tag in plan.steps:
            wait_log(table, log_end(mirror.view(None)))
            if seat == BANKER:
                drawer_open = drawer_to(table, drawer_open, True)
                if tag == "rich":
                    look(table, shots, "drawer", seen, known)
                perform(table, action, scope="#drawer", pad=False)
            elif seat == PHONE_SEAT:
                drawer_open = drawer_to(table, drawer_open, False)
                wait_log(phone, log_end(mirror.view(None)))
                by = {"bid": "quick", "bet": "fewest"}.get(action["type"], "typing")
                perform(phone, action, by=by, look=lambda stage: fit.check(phone, stage))
            else:
                drawer_open = drawer_to(table, drawer_open, False)
                if tag in SHOT:
                    look(table, shots, SHOT[tag], seen, known)
                perform(table, action, scope=f'.phoneless[data-seat="{seat}"]', pad=False)
            events = mirror.apply(seat, action)
            chance = sorted({e["type"] for e in events if e["type"] in SECONDS})
            if chance:
                table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
                if not set(chance) <= revealed:
                    drawer_open = drawer_to(table, drawer_open, False)
                    look(table, shots, f"reveal-{'-'.join(chance)}", seen, known)
                    revealed |= set(chance)
                skip(table)
            view = mirror.view(None)
            wait_log(table, log_end(view))
            if not view["over"]:
                assert [digits(m) for m in table.evaluate(MONEY)] == [p["money"] for p in view["players"]]
            if tag in BANNERS:
                drawer_open = drawer_to(table, drawer_open, False)
                table.locator(".moment:not([hidden])").wait_for(timeout=5_000)
                look(table, shots, f"banner-{tag}", seen, known)
            if tag == "lap_claimed":
                look(table, shots, "lap-claim", seen, known)
                table.locator('.bar [data-act="lang"]').click()
                table.wait_for_function("() => document.documentElement.lang === 'nl'")
                look(table, shots, "lap-claim-nl", seen, known)
                table.locator('.bar [data-act="lang"]').click()
                table.wait_for_function("() => document.documentElement.lang === 'en'")
        assert mirror.over
        table.locator('[data-out="winner"]').wait_for()
        drawer_to(table, drawer_open, False)
        look(table, shots, "end", seen, known)
        wait_log(phone, log_end(mirror.view(None)))
        fit.snap(phone, "end")
        assert revealed >= {"dice", "spin", "card", "bluff_challenged"}, revealed
        assert max(p["money"] for p in mirror.view(None)["players"]) >= 10_000_000
        assert not errors, errors
        print(f"\nknown, the banners' part of issue 15: {len(known)} finding(s)" + "".join(f"\n  {k}" for k in known))
        print(f"\nthe phone of {LONG_NAMES[-1]}: {len(fit.checked)} checks")
        print(f"\nextremes game: {len(plan.steps)} steps, {len(seen)} stages checked at two sizes"
              f" in {time.monotonic() - started:.1f} s: {', '.join(seen)}")
    finally:
        for c in contexts:
            c.close()
        stop_host(host)
