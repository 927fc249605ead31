"""The seeded game's steps (test_browser_game): each played through the page of whoever acts (a phone,
or the table screen for the banker), and what the table screen and the phones show checked after it
against the local engine; then what the phones' taps and screens added up to."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import TYPE_CHECKING

from i18n_files import EN, WORDS
from phone_fit import PhoneFit

from companion.play.reveal import SECONDS
from engine import BANKER
from tests.support.game_plan import NAMES, with_spins
from tests.support.web_driver import bluff_symbols, digits, drawer_to, log_end, perform, settle, shoot, wait_log

if TYPE_CHECKING:
    from pathlib import Path

    from engine import Game
    from tests.support.planner import Planner
    from tests.support.web_driver import Frames


BEFORE_TAGS = {
    "landed_free": "03-phone-land-picker",
    "casino_game": "04-phone-stake",
    "auction_bid": "07-phone-bid",
    "bluff_offered": "06-phone-offer",
}
SHOT_TAGS = {
    "bought": "03-bought",
    "casino_game": "04-casino-game",
    "bluff_accepted": "05-bluff-accepted",
    "bluff_challenged": "06-bluff-challenged",
    "auction_bid": "07-auction",
    "banker_correction": "08-correction",
    "bankrupt": "09-bankrupt",
    "lap_started": "10-lap",
    "won": "11-won",
}


MAIN_AT = """() => {
  // The middle of the decision's main button (its primary one: Roll, Buy, a stake's confirm…)
  // as a share of the screen's height; null for a screen that is only a list of options.
  const d = document.querySelector('[data-decision]');
  const e = d && d.querySelector('.primary');
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return (r.top + r.height / 2) / innerHeight;
}"""


def stage_idle(table) -> None:
    table.wait_for_function("() => !document.querySelector('.stage[data-playing]')", timeout=20_000)


REVEALED = set(SECONDS)
"""The events the host's reveal clock waits for."""
MOMENTS = {"bankrupt": "bankrupt", "lap_started": "lap_started"}
"""Steps whose big moment gets a banner on the table (by the step's tag)."""


def check_spin(table, phones, view: dict, spinner: int) -> None:
    """A stake's draw: the phone of the one who plays by the rulebook (an opponent at a casino's
    roulette, else the player himself) shows the big button named by the game's symbol; the other
    side's phone says it gives its part by itself; the table (and the bettor's phone, when another
    spins) say who plays (each in its language)."""
    w = view["waiting"]
    assert w["spinner"] == spinner
    key = f"opponent_draw_{w['symbol']}" + ("_self" if spinner == w["bettor"] else "")
    names = {"spinner": NAMES[spinner], "bettor": NAMES[w["bettor"]]}
    for page in [*(phones[s] for s in w["sides"]), table]:
        wait_log(page, log_end(view))
    button = phones[spinner].locator('[data-out="spin"]')
    words = WORDS[phones[spinner].evaluate("document.documentElement.lang")]
    assert button.inner_text() == words["spin"][w["symbol"]] and "primary" in button.get_attribute("class")
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    if w["bettor"] != spinner:
        bettor = phones[w["bettor"]]
        said = WORDS[bettor.evaluate("document.documentElement.lang")]["wait"][key]
        bettor.locator('[role="status"]', has_text=said.format(**names)).wait_for(timeout=5_000)
        assert bettor.locator('[data-act="do"], [data-decision]').count() == 0
    assert table.locator('[data-out="status"]').inner_text() == EN["wait"][key].format(**names)


def given_by_itself(page, frames, tap: dict) -> None:
    """The other side's phone sends its link without a tap, the one the plan worked out."""
    for _ in range(100):
        if tap in frames.acts:
            return
        page.wait_for_timeout(50)
    assert tap in frames.acts, "the other side's phone did not give its link by itself"


def shown_state(table) -> dict:
    """What the table shows outside the stage: log end, status, newest history line, every player's money."""
    return table.evaluate("""() => ({
        end: document.querySelector('#app').dataset.logEnd,
        status: document.querySelector('[data-out="status"]').textContent,
        history: document.querySelector('.history li')?.textContent ?? '',
        money: [...document.querySelectorAll('[data-out^="money-"]')].map((e) => e.textContent),
        players: document.querySelector('.tplayers').textContent,
    })""")


def check_held(table, phones, before: dict, end: int) -> None:
    """During a reveal: the table shows nothing that follows from it, no phone has the new view."""
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
    assert table.locator(".stage[data-playing]").count() == 1
    assert shown_state(table) == before
    assert table.locator('.stage [data-act="skip"]').first.is_visible()
    for page in phones:
        assert int(page.evaluate("document.querySelector('#app').dataset.logEnd")) == end


def skip_reveal(table, drawer_open: bool) -> None:
    """The banker skips the reveal: the space bar, or the stage's button while the drawer has the focus."""
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
    if drawer_open:
        table.locator(".stage .skip").click()
    else:
        table.keyboard.press("Space")
    table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=10_000)


def play_steps(table, phones: list, phone_frames: list[Frames], mirror: Game, plan: Planner, shots: Path) -> PhoneFit:
    """Plays every step of the plan and checks each; returns the phones' fit checker, for the end's screens."""
    fit = PhoneFit(shots / "phone")
    main_at: list[tuple[str, str, float | None]] = []

    def look(page, kind: str, stage: str) -> None:
        """Each screen the player taps on: the decision in view; inside a chooser the player opened
        (Auction a casino), nothing but its own controls and a way back."""
        fit.check(page, stage)  # leaves the phone in portrait, 360x640
        main_at.append((page.locator("#app").get_attribute("data-phase"), stage, page.evaluate(MAIN_AT)))
        if kind == "auction":
            assert page.locator('[data-decision] [data-act="do"], [data-decision] [data-act="open"]').count() == 0
            assert page.locator('[data-decision] [data-act="cancel"]').count() >= 1

    drawer_open = False
    reloaded = False
    held_checked: set[str] = set()
    taps: Counter[int] = Counter()  # a person's taps on the phones, per turn of the game
    shown_words: Counter[str] = Counter()  # reveals a phone started, by kind: its words checked
    casino_taps: list[int] = []
    spin_words: Counter[str] = Counter()  # opponents' spins, by the game's symbol: the button and the words checked
    for seat, action, tag, spins in with_spins(plan.steps):
        end = log_end(mirror.view(None))
        turn = mirror.view(None)["turn_number"]
        before = shown_state(table)
        if seat == BANKER and action["type"] == "confirm_lap":
            # The banker confirms on the stage itself, the drawer closed.
            wait_log(table, end)
            drawer_open = drawer_to(table, drawer_open, False)
            table.locator('.stage.finale [data-act="do"][data-type="confirm_lap"]').click()
        elif seat == BANKER:
            wait_log(table, end)
            drawer_open = drawer_to(table, drawer_open, True)
            perform(table, action, scope="#drawer", pad=False)
        else:
            page = phones[seat]
            wait_log(page, end)
            drawer_open = drawer_to(table, drawer_open, False)
            shot = shots / f"{BEFORE_TAGS[tag]}.png" if tag in BEFORE_TAGS else None
            if action["type"] == "bid":  # the bid pad starts at the lowest valid bid
                lowest = next(a for a in mirror.legal_actions(seat) if a["type"] == "bid")["amount"]["min"]
                assert digits(page.locator('.chooser[data-type="bid"] [data-out="amount"]').inner_text()) == lowest
            # Stakes in the fewest taps (the winning one typed on the pad), bids made of quick raises:
            # what reaches the host is what the pad showed.
            by = {"bid": "quick", "bet": "typing" if tag == "winning_bet" else "fewest"}.get(action["type"], "typing")
            taps[turn] += perform(
                page,
                action,
                shot=shot,
                by=by,
                look=lambda stage, page=page, kind=action["type"]: look(page, kind, stage),
            )
            if tag == "landed_casino":
                landed = taps[turn]
            if tag == "casino_game":
                casino_taps.append(taps[turn] - landed)
            if isinstance(action.get("amount"), int):  # (the bettor's phone may give its link right after)
                assert [a for a in phone_frames[seat].acts if a["type"] != "draw_for"][-1] == action
        events = mirror.apply(seat, action)
        starter = seat  # whose tap started the reveal: an opponent's spin, or the step itself
        for spinner, tap, _ in spins:
            if mirror.view(None)["waiting"]["spinner"] != spinner:
                given_by_itself(phones[spinner], phone_frames[spinner], tap)
                events += mirror.apply(spinner, tap)
                continue
            check_spin(table, phones, mirror.view(None), spinner)
            spin_words[mirror.view(None)["waiting"]["symbol"]] += 1
            before, end = shown_state(table), log_end(mirror.view(None))
            perform(phones[spinner], tap)
            for _ in range(100):  # the page works out its link before the act leaves
                if phone_frames[spinner].acts and phone_frames[spinner].acts[-1] == tap:
                    break
                phones[spinner].wait_for_timeout(50)
            assert phone_frames[spinner].acts[-1] == tap  # the link its page found is the plan's
            events += mirror.apply(spinner, tap)
            starter = spinner
        chance = {e["type"] for e in events if e["type"] in REVEALED}
        if chance & {"dice", "spin"} - held_checked:
            # The first roll and the first spin: nothing is spoiled before the stage has shown it.
            check_held(table, phones, before, end)
            shoot(table, shots / f"reveal-{'-'.join(sorted(chance))}.png")
            held_checked |= chance
        table_reloaded = "bluff_challenged" in chance
        if table_reloaded:
            # The table screen reloaded mid-reveal has nothing to play: it shows the state from before
            # the reveal and the seconds left, and the outcome when the host's clock ends.
            table.wait_for_function("() => document.querySelector('#app').dataset.reveal === '1'", timeout=10_000)
            table.reload()
            settle(table)
            assert int(table.evaluate("document.querySelector('#app').dataset.logEnd")) == end
            assert table.evaluate("document.querySelector('#app').dataset.reveal") == "1"
            left = EN["show"]["shows_in"].split("{n}")[0]
            assert table.locator('[data-out="stage"]').inner_text().startswith(left)
            drawer_open = False
        if chance and starter != BANKER:
            # The phone that started the reveal (a roll, an opponent's spin) says what the table shows, no control.
            kind = next(e["type"] for e in events if e["type"] in REVEALED)
            page = phones[starter]
            words = WORDS[page.evaluate("document.documentElement.lang")]["phone"][kind]
            page.wait_for_function(
                "(w) => document.querySelector('[data-out=\"showing\"]')?.textContent === w", arg=words, timeout=10_000
            )
            assert page.locator("[data-decision], [data-act='do'], [data-act='confirm']").count() == 0
            shown_words[kind] += 1
        if table_reloaded:
            table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''", timeout=20_000)
        elif chance:
            skip_reveal(table, drawer_open)
        view = mirror.view(None)
        wait_log(table, log_end(view))
        if view["turn_number"] != turn and not view["over"]:  # a new turn: the bar says its number
            assert table.locator(".bar .turn-no").inner_text() == EN["table"]["turn"].format(n=view["turn_number"])
        for p, page in enumerate(phones):
            if not view["players"][p]["out"] and p == (seat if seat >= 0 else p):
                wait_log(page, log_end(view))
                assert digits(page.locator('[data-out="money"]').inner_text()) == view["players"][p]["money"]
        if tag in MOMENTS:
            moment = table.locator(".moment:not([hidden])")
            moment.wait_for(timeout=5_000)
            assert moment.get_attribute("data-kind") == MOMENTS[tag]
        if tag in SHOT_TAGS:
            stage_idle(table)
            name = SHOT_TAGS[tag]
            shoot(table, shots / f"{name}-table.png")
            who = seat if seat >= 0 else view["turn"]
            phones[who].screenshot(path=shots / f"{name}-phone.png", full_page=True)
            fit.snap(phones[who], f"after-{name}")
        if tag == "bluff_challenged" and not reloaded:
            # A phone reloaded mid-game keeps its seat and its cards.
            p = next(s for s in range(3) if view["players"][s]["bluff_count"])
            page = phones[p]
            before = bluff_symbols(page)
            page.reload()
            settle(page)
            wait_log(page, log_end(view))
            assert page.locator(".me .pname").inner_text() == NAMES[p]
            assert bluff_symbols(page) == before
            reloaded = True
        if tag == "bought":
            # A result you feel: the buyer's phone shows what the casino cost, as a full-width card.
            card = phones[seat].locator('[data-out="result"]')
            card.wait_for()
            assert "loss" in card.get_attribute("class") and card.locator(".delta").inner_text().startswith("−")
            assert digits(card.locator(".delta").inner_text()) == 100_000
        if tag == "bankrupt":
            # A bankrupt player's phone says so, then watches the rest of the game.
            out = next(p for p in range(3) if view["players"][p]["out"])
            phones[out].locator('[data-screen="bankrupt"]').wait_for()
            fit.snap(phones[out], "bankrupt-watching")
            assert phones[out].locator('[data-screen="watch"] .others li').count() == 3
            assert phones[out].locator("[data-decision], .card-row").count() == 0
        if tag == "auction_bid":
            # The auction takes the stage: its countdown and highest bid are in view at 1366×768.
            assert table.viewport_size == {"width": 1366, "height": 768}
            for out in ("countdown", "high-bid"):
                box = table.locator(f'.stage.auction [data-out="{out}"]').bounding_box()
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768, (out, box)
            assert table.locator(".auction").is_visible()
            assert (
                "120" in table.locator('[data-out="countdown"]').inner_text()
                or digits(table.locator('[data-out="countdown"]').inner_text()) > 100
            )
        # Seats keep their places; the current player is highlighted, not moved.
        assert table.evaluate("[...document.querySelectorAll('.tplayer')].map((e) => e.dataset.seat).join()") in (
            "",
            "0,1,2",
        )
        for p in range(3):
            for money_el in table.locator(f'[data-out="money-{p}"]').all():
                assert digits(money_el.inner_text()) == view["players"][p]["money"]

    assert reloaded and held_checked >= {"dice", "spin"}
    per_turn = sorted(taps.values())
    quartiles = statistics.quantiles(per_turn, n=4)
    print(
        f"\ntaps per turn on the phones over {len(per_turn)} turns: median {statistics.median(per_turn)},"
        f" middle half {quartiles[0]} to {quartiles[2]}, worst {per_turn[-1]}; all {per_turn}"
    )
    print(f"taps from 'you landed on a casino' to the stake confirmed: {casino_taps}")
    assert casino_taps == [3, 3]  # the game and its pick, one usual amount, confirm
    print(f"reveals a phone started, its words checked: {dict(shown_words)}")
    print(f"opponents' spins, the spinner's button and everyone's words checked: {dict(spin_words)}")
    assert spin_words["roulette"] or spin_words["dice"] or spin_words["cards"]
    assert shown_words["dice"] and shown_words["spin"]
    # The main button of every screen the player tapped on sits in the lower half (360x640).
    shares = sorted(share for _, _, share in main_at if share is not None)
    lists = sorted({f"{phase} {stage}" for phase, stage, share in main_at if share is None})
    print(
        f"the main button's middle, share of the height at 360x640 over {len(shares)} screens: lowest"
        f" {shares[0]:.0%}, median {statistics.median(shares):.0%}, highest {shares[-1]:.0%};"
        f" {len(main_at) - len(shares)} screens only a list of options ({', '.join(lists)})"
    )
    assert len(shares) >= len(main_at) / 2 and shares[0] > 0.5, [m for m in main_at if m[2] is not None and m[2] <= 0.5]
    # The decision was on screen at every step, in both orientations and both languages.
    phases = {w.split()[0] for w in fit.checked}
    assert {"roll", "land", "buy_casino", "bet", "bluff_offer", "bluff_response", "auction", "grand_slam"} <= phases, (
        phases
    )
    print(f"\ndecision on screen: {len(fit.checked)} checks over phases {sorted(phases)}")
    return fit
