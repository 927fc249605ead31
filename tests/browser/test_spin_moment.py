"""The spin as a moment (issue 49): every screen says who acts in a stake's draw, with the clock.

Three phones (English, Dutch, English, 360x640 with touch) and a table screen (1366x768, English),
driven as in test_stage_secrets (the steps worked out on a local engine). A dice casino: the player
rolls himself, so his phone says "Roll the die" and the table frames and names him, its die blank
(not his movement roll), until his tap on the big die draws it. A roulette casino owned by the
Dutch phone: that phone says "Draai de roulette voor …"; the table frames and names it, and its
ring counts the host's eight seconds down (the player's phone shows the ring too); halfway the phone's title nudges; the phone does not
tap, its control goes inactive at the time's end, and the table's headline and the stage's caption
both say that its phone did not answer (the forfeit).
"""

from __future__ import annotations

from typing import Any

from i18n_files import EN, WORDS
from phone_fit import OFF_SCREEN
from seeded_game_steps import MAIN_AT
from test_stage_secrets import Game3
from web_host import start_host, stop_host

from engine import BANKER, Game
from tests.support.browser import LANDSCAPE, PORTRAIT
from tests.support.game_plan import NAMES
from tests.support.phonefair import link_for
from tests.support.planner import Planner

DUTCH = 1
"""The seat whose phone speaks Dutch (Game3's languages)."""

TABLE_SAYS = """() => ({
  status: document.querySelector('[data-out="status"]').textContent,
  caption: document.querySelector('.stage [data-out="stage"]').textContent,
  framed: [...document.querySelectorAll('.tplayer.turn')].map((e) => Number(e.dataset.seat)),
  who: document.querySelector('[data-out="draw-who"]')?.dataset.seat ?? null,
  left: document.querySelector('[data-out="draw-clock"]')?.dataset.left ?? null,
  die: document.querySelector('.stage')?.dataset.focus === 'dice'
    ? [document.querySelector('.stage').dataset.dice, document.querySelector('.stage .die')?.dataset.face] : null,
})"""
IN_VIEW = """() => Object.fromEntries(['[data-out="spin-todo"]', '[data-out="spin"]'].map((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [sel, r.top >= 0 && r.bottom <= innerHeight];
}))"""
WATCH_BUTTON = """() => {
  window.__late = [];
  window.__watch = setInterval(() => {
    const b = document.querySelector('[data-out="spin"]');
    const ring = document.querySelector('[data-out="draw-clock"]');
    if (b && ring && ring.dataset.left === '0') window.__late.push(b.disabled);
  }, 20);
}"""


def to_the_bet(game: Game3, symbol: str, owner_of: Any) -> tuple[int, int]:
    """From the mirror's state: the next turn's player lands on a casino of ``symbol`` that the
    banker gave to ``owner_of(seat)`` and bets; the draw then waits. Returns (bettor, owner)."""
    for _ in range(8):
        plan = Planner(Game.from_json(game.mirror.to_json()), game.plan.chains)
        seat = plan.until_turn_start()
        owner = owner_of(seat)
        casino = next(c for c in plan.view["casinos"] if c["symbol"] == symbol)
        if casino["owner"] != owner:
            plan.do(BANKER, {"type": "move_casino", "casino": casino["id"], "to": owner, "reason": "Set up"})
        plan.do(seat, {"type": "roll"})
        land = plan.find(seat, "land", space="casino", casino=casino["id"])
        if plan.view["phase"] == "land" and land is not None:
            plan.do(seat, land)
            bet = next((a for a in plan.legal(seat) if a["type"] == "bet"), None)
            if bet is not None:
                for step_seat, action, _ in plan.steps:
                    game.send(step_seat, action)
                    game.skip_and_wait()
                game.send(seat, dict(bet, amount=min(100_000, bet["amount"]["max"])))
                assert game.mirror.view(None)["phase"] == "opponent_draw"
                return seat, owner
        game_steps_until_next_turn(game, plan)
    raise AssertionError(f"no {symbol} bet in eight turns")


def game_steps_until_next_turn(game: Game3, plan: Planner) -> None:
    """A turn that could not reach the bet is played through (filler) on the pages too."""
    plan.filler_step()
    plan.until_turn_start()
    for step_seat, action, _ in plan.steps:
        game.send(step_seat, action)
        game.skip_and_wait()


def lang_of(page) -> str:
    return page.evaluate("document.documentElement.lang")


def test_the_spin_says_who_acts_counts_down_nudges_and_names_the_silent_phone(browser, tmp_path):
    host = start_host(tmp_path / "data", reveal_scale=1)
    game = None
    try:
        game = Game3(browser, host, [{}])
        table = game.table

        # A dice casino: the player rolls the die himself.
        bettor, owner = to_the_bet(game, "dice", lambda seat: (seat + 1) % len(NAMES))
        phone = game.phones[bettor]
        words = WORDS[lang_of(phone)]
        phone.locator('[data-out="spin-todo"]').wait_for(timeout=5_000)
        assert phone.locator('[data-out="spin-todo"]').inner_text() == words["spin"]["you_dice_self"]
        assert phone.locator('[data-out="spin"]').get_attribute("data-symbol") == "dice"
        box = phone.locator('[data-out="spin"]').bounding_box()
        assert box["width"] >= 96 and box["height"] >= 96, box
        phone.wait_for_timeout(300)  # the page brings a new decision into view in an animation frame
        seen = phone.evaluate(IN_VIEW)
        assert all(seen.values()), seen  # what to do and the control on screen together
        low = phone.evaluate(MAIN_AT)
        headline = EN["wait"]["opponent_draw_dice_self"].format(bettor=NAMES[bettor])
        table.wait_for_function(
            "(s) => document.querySelector('[data-out=\"status\"]').textContent === s", arg=headline
        )
        says = table.evaluate(TABLE_SAYS)
        assert says["caption"] == headline and says["framed"] == [bettor] and says["who"] == str(bettor), says
        assert says["die"] == ["1", "0"], says  # one blank die: not the player's movement roll
        other = game.phones[owner]
        assert other.locator('[data-out="spin"]').count() == 0  # it gives its part by itself
        turn_title = WORDS[lang_of(other)]["turn"]["title"]
        assert turn_title not in other.title()
        phone.set_viewport_size(LANDSCAPE)  # a phone turned: the control is still whole on screen
        phone.wait_for_function(f"() => ({OFF_SCREEN})() === ''", timeout=3_000)
        phone.set_viewport_size(PORTRAIT)
        phone.wait_for_function(f"() => ({OFF_SCREEN})() === ''", timeout=3_000)
        phone.locator('[data-out="spin"]').tap()
        while (tap := link_for(game.mirror.view(None), game.plan.chains)) is not None:
            game.mirror.apply(*tap)
        assert game.mirror.view(None)["phase"] != "opponent_draw"
        assert any(e["type"] == "die" for e in game.mirror.log[-8:])
        game.skip_and_wait()

        # A roulette casino of the Dutch phone: it spins for the player, and stays silent.
        bettor, spinner = to_the_bet(game, "roulette", lambda seat: DUTCH if seat != DUTCH else 2)
        phone = game.phones[spinner]
        words = WORDS[lang_of(phone)]
        phone.locator('[data-out="spin-todo"]').wait_for(timeout=5_000)
        todo = words["spin"]["you_roulette"].format(bettor=NAMES[bettor])
        assert phone.locator('[data-out="spin-todo"]').inner_text() == todo
        assert "⏰" not in phone.title()
        phone.evaluate(WATCH_BUTTON)
        headline = EN["wait"]["opponent_draw_roulette"].format(spinner=NAMES[spinner], bettor=NAMES[bettor])
        table.wait_for_function(
            "(s) => document.querySelector('[data-out=\"status\"]').textContent === s", arg=headline
        )
        first = table.evaluate(TABLE_SAYS)
        assert first["caption"] == headline and first["framed"] == [spinner] and first["who"] == str(spinner), first
        ring = game.phones[bettor].locator('[data-out="draw-clock"]')
        ring.wait_for(timeout=5_000)  # the player's phone shows the clock too, under who spins
        table.wait_for_timeout(1500)
        later = table.evaluate(TABLE_SAYS)
        assert int(later["left"]) < int(first["left"]) <= 8, (first, later)
        nudge = words["spin"]["nudge_roulette"]
        phone.wait_for_function("(s) => document.title.startsWith(s)", arg=nudge, timeout=8_000)
        left = int(phone.evaluate("document.querySelector('[data-out=\"draw-clock\"]').dataset.left"))
        assert 1 <= left <= 4, left
        forfeit = EN["ev"]["forfeit"].format(seat=NAMES[spinner])
        table.wait_for_function(
            "(s) => document.querySelector('[data-out=\"status\"]').textContent.startsWith(s)",
            arg=forfeit,
            timeout=12_000,
        )
        table.wait_for_function(
            "(s) => document.querySelector('.stage [data-out=\"stage\"]').textContent === s", arg=forfeit, timeout=5_000
        )
        late = phone.evaluate("() => { clearInterval(window.__watch); return window.__late; }")
        assert all(late), late  # the control went inactive with the time
        assert phone.locator('[data-out="spin"]:not([disabled])').count() == 0
        print(f"\nthe spin control's middle at {low:.0%} of the phone's height (after the bet's chooser)")
        print(f"the table's ring: {first['left']} s, then {later['left']} s 1.5 s later; nudged at {left} s left")
        assert not game.errors, game.errors
    finally:
        if game is not None:
            game.close()
        stop_host(host)
