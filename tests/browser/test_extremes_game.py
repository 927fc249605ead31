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

from audit import Audit
from fit_check import check_table
from phone_fit import PhoneFit
from web_host import start_host, stop_host

from companion.play.reveal import SECONDS
from engine import BANKER
from tests.support.browser import SMALL_PHONE
from tests.support.extremes import LONG_NAMES, PHONE_SEAT, SIZES, claim_the_last_seat, resize, seat_the_extremes
from tests.support.game_plan import with_spins
from tests.support.web_driver import digits, drawer_to, log_end, perform, seeded_random, start_game, wait_log

BANNERS = {"casino_game", "bluff_accepted", "bluff_challenged", "everybody_done", "auction", "lap_started"}
"""Steps after which a banner tells the moment."""
SHOT = {"auction_bid": "auction", "bluff_offered": "bluff-offer"}
"""Stages looked at before the step (the question on screen)."""

LINES = """async () => { await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const s = document.querySelector('[data-out="status"]'); const cs = getComputedStyle(s);
  return Math.round((s.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / parseFloat(cs.lineHeight)); }"""
MONEY = "() => [...document.querySelectorAll('.tplayer [data-out^=\"money-\"]')].map((e) => e.textContent)"


def look(table, shots, name: str, seen: list[str], audit: Audit) -> None:
    """The check at 1366×768 and 1920×1080, a screenshot at each, the status's lines, axe-core's
    rules and the controls' size at 1366×768 (`audit`)."""
    for label in ("1366x768", "1920x1080"):
        resize(table, SIZES[label])
        table.screenshot(path=shots / f"{len(seen) + 1:02d}-{name}-{label}.png")
        check_table(table, f"{name} at {label}")
        if label == "1366x768" and table.locator('[data-out="status"]').count():
            assert table.evaluate(LINES) <= 2, (name, table.locator('[data-out="status"]').inner_text())
        if label == "1366x768":
            audit.record(table, f"table {name}")
    resize(table, SIZES["1366x768"])
    seen.append(name)


def skip(table) -> None:
    """The banker's space bar (the focus on no field) ends the reveal."""
    table.evaluate("() => document.activeElement && document.activeElement.blur()")
    table.keyboard.press("Space")
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=10_000)


def test_every_stage_holds_at_the_extremes(browser, tmp_path, shots):
    started = time.monotonic()
    host = start_host(tmp_path / "data", reveal_scale=4)
    ctx = browser.new_context(viewport=SIZES["1366x768"], locale="en-GB", color_scheme="light")
    contexts = [ctx]
    try:
        table = ctx.new_page()
        errors: list[str] = []
        table.on("pageerror", lambda e: errors.append(str(e)))
        # Every seat starts without a phone. Once the game runs, the last seat's phone (360×640,
        # touch, Dutch, its randomness seeded: the same game every run) claims it, and every screen
        # it acts on is checked too; it spins for the others' stakes.
        seat_the_extremes(table, host.table_url)
        seen: list[str] = []
        audit = Audit()
        table.evaluate("() => scrollTo(0, 0)")
        look(table, shots, "lobby", seen, audit)
        start_game(table)
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
        look(table, shots, "opening-rolls", seen, audit)
        skip(table)
        pctx = browser.new_context(**SMALL_PHONE, locale="nl-NL")
        seeded_random(pctx, 6)
        contexts.append(pctx)
        phone = pctx.new_page()
        phone.on("pageerror", lambda e: errors.append(f"phone: {e}"))
        plan, mirror = claim_the_last_seat(table, phone, host.base)
        wait_log(table, log_end(mirror.view(None)))
        fit = PhoneFit(shots / "phone", audit)
        fit.snap(phone, "claimed")
        look(table, shots, "first-turn", seen, audit)
        drawer_open = False
        revealed: set[str] = set()
        for seat, action, tag, spins in with_spins(plan.steps):
            wait_log(table, log_end(mirror.view(None)))
            if seat == BANKER:
                drawer_open = drawer_to(table, drawer_open, True)
                if tag == "rich":
                    look(table, shots, "drawer", seen, audit)
                perform(table, action, scope="#drawer", pad=False)
            elif seat == PHONE_SEAT:
                drawer_open = drawer_to(table, drawer_open, False)
                wait_log(phone, log_end(mirror.view(None)))
                by = {"bid": "quick", "bet": "fewest"}.get(action["type"], "typing")
                perform(phone, action, by=by, look=lambda stage: fit.check(phone, stage))
            else:
                drawer_open = drawer_to(table, drawer_open, False)
                if tag in SHOT:
                    look(table, shots, SHOT[tag], seen, audit)

                # Each question a seat without a phone is asked on the table, looked at the first time.
                def pad_stage(stage: str, kind: str = action["type"]) -> None:
                    if f"pad-{kind}-{stage}" not in seen:
                        look(table, shots, f"pad-{kind}-{stage}", seen, audit)

                perform(table, action, scope=f'.phoneless[data-seat="{seat}"]', pad=False, look=pad_stage)
            events = mirror.apply(seat, action)
            for spinner, tap, _ in spins:  # the phone's part of a stake's draw: a tap, or given by itself
                wait_log(phone, log_end(mirror.view(None)))
                if mirror.view(None)["waiting"]["spinner"] == spinner:  # else its page gives it by itself
                    perform(phone, tap, look=lambda stage: fit.check(phone, stage))
                events += mirror.apply(spinner, tap)
            chance = sorted({e["type"] for e in events if e["type"] in SECONDS})
            if chance:
                table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
                if not set(chance) <= revealed:
                    drawer_open = drawer_to(table, drawer_open, False)
                    look(table, shots, f"reveal-{'-'.join(chance)}", seen, audit)
                    revealed |= set(chance)
                skip(table)
            view = mirror.view(None)
            wait_log(table, log_end(view))
            if not view["over"]:
                assert [digits(m) for m in table.evaluate(MONEY)] == [p["money"] for p in view["players"]]
            if tag in BANNERS:
                drawer_open = drawer_to(table, drawer_open, False)
                table.locator(".moment:not([hidden])").wait_for(timeout=5_000)
                look(table, shots, f"banner-{tag}", seen, audit)
            if tag == "lap_claimed":
                look(table, shots, "lap-claim", seen, audit)
                table.locator('.bar [data-act="lang"]').click()
                table.wait_for_function("() => document.documentElement.lang === 'nl'")
                look(table, shots, "lap-claim-nl", seen, audit)
                table.locator('.bar [data-act="lang"]').click()
                table.wait_for_function("() => document.documentElement.lang === 'en'")
        assert mirror.over
        table.locator('[data-out="winner"]').wait_for()
        drawer_to(table, drawer_open, False)
        look(table, shots, "end", seen, audit)
        wait_log(phone, log_end(mirror.view(None)))
        fit.snap(phone, "end")
        assert revealed >= {"dice", "spin", "card", "bluff_challenged"}, revealed
        assert max(p["money"] for p in mirror.view(None)["players"]) >= 10_000_000
        assert not errors, errors
        print(f"\nthe phone of {LONG_NAMES[-1]}: {len(fit.checked)} checks")
        print(f"\n{audit.report()}")
        audit.assert_clean()
        print(
            f"\nextremes game: {len(plan.steps)} steps, {len(seen)} stages checked at two sizes"
            f" in {time.monotonic() - started:.1f} s: {', '.join(seen)}"
        )
    finally:
        for c in contexts:
            c.close()
        stop_host(host)
