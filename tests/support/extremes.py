"""The extremes a family can put on the table screen: six names as long as the host accepts
(24 characters), eight-digit amounts (a bank that started with 20,000,000), every casino of the
box with one player, the lap tag and the turn dot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import BANKER, Game, Settings
from engine.settings import MAX_NAME
from tests.support.browser import SEED
from tests.support.planner import Planner
from tests.support.web_driver import claim_seat, phone_chains, seat_without_phones, settle

if TYPE_CHECKING:
    from tests.engine.randomplay import PhoneChain

LONG_NAMES = [
    "Wilhelmina van den Broek",
    "Maximiliaan Wouterse-Mol",
    "Annemarie Hoogerwerf-May",
    "Geertruida Mulder-Witkam",
    "Wouter Maximiliaan Meyer",
    "Bartholomeus W. Wijnands",
]
assert all(len(n) == MAX_NAME for n in LONG_NAMES)
SETTINGS = Settings(starting_money=12_000_000, bank_reserve=20_000_000, auction_seconds=120)
"""Every player starts with eight digits; the banker can hand one most of the bank."""
PHONE_SEAT = len(LONG_NAMES) - 1
"""The seat a phone claims once the game runs."""
RICH = 29_990_000
"""What the richest player holds once the banker has given them most of the bank."""

SIZES = {
    "1280x720": {"width": 1280, "height": 720},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
    "3840x2160": {"width": 3840, "height": 2160},
}


def resize(page, size: dict) -> None:
    """A new window size, and two frames for Chromium to apply it: right after the resize, sizes
    in vw/vh can still be those of the window before (measured: a 3840×2160 type at 1280×720)."""
    page.set_viewport_size(size)
    page.wait_for_function(SIZED)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


SIZED = """() => {
  const want = Math.min(40, Math.max(15, Math.min(innerWidth * .0147, innerHeight * .0261)));
  const grid = document.querySelector('.game-grid, .end-grid');
  const first = grid && grid.querySelector('h1, .tp-money, .rank');
  return !grid || Math.abs(parseFloat(getComputedStyle(grid).fontSize) - want) < .1 && (!first || first.getBoundingClientRect().right <= innerWidth);
}"""


def set_money_rules(table) -> None:
    """The lobby's house rules through the form: the starting money, the bank, a long auction countdown."""
    table.locator('[data-details="settingsOpen"] summary').click()
    for key, value in (
        ("starting_money", SETTINGS.starting_money),
        ("bank_reserve", SETTINGS.bank_reserve),
        ("auction_seconds", SETTINGS.auction_seconds),
    ):
        table.locator(f'[data-set="{key}"]').fill(str(value))
    table.locator('[data-act="save-settings"]').click()
    settle(table)


# Turns the table's message into the worst a game can show with `n` players: the rest dropped,
# every casino with the last player, eight digits for everyone, one on the lap with the turn,
# everyone waited for (the pulsing dot), one bankrupt; with `over`, the end of that game. The page
# renders it as it would the host's.
WORST = r"""async ({ n, rich, over = false, box = 0 }) => {
  const { store } = await import('/static/js/table/table-shared.js');
  window.realMessage ||= store.state.msg;  // the host's own, kept: each call starts from it
  const msg = structuredClone(window.realMessage);
  const v = msg.view;
  v.players = v.players.slice(0, n);
  const last = n - 1;
  // A box of `box` casinos (the settings allow 40), each name as long as allowed.
  for (let i = v.casinos.length; i < box; i++) v.casinos.push({ ...v.casinos[i % 12], id: i, name: `Grand Casino Royal ${String(i + 1).padStart(2, '0')} Zuid`.slice(0, 24) });
  v.casinos.forEach((c) => { c.owner = last; });
  v.players.forEach((p, i) => { p.money = i === 0 ? rich : 18_880_000 + i * 10_000; p.bluff_count = 3; p.on_lap = false; p.out = false; });
  v.players[0].on_lap = true;
  v.players[1].out = n > 3;
  v.turn = 0;
  v.turn_number = 188;
  v.bank = 19_990_000;
  v.pot = 18_880_000;
  v.waiting = { ...(v.waiting || {}), seats: v.players.map((p) => p.seat) };
  msg.table.phones = Object.fromEntries(v.players.map((p) => [p.seat, p.seat % 2 === 0]));
  msg.connected = Object.fromEntries(v.players.map((p) => [p.seat, p.seat !== 2]));
  v.money_history = [...(v.money_history || []), [188, v.players.map((p) => p.money)]];
  if (over) Object.assign(v, { over: true, winner: 0, phase: 'over' });
  store.set({ msg });
}"""


def extremes_game(chains: dict[int, PhoneChain]) -> Game:
    """The game of the six long names from the host's seed (CASHRUN_SEED; a seat without a phone
    adds no client seed), with the chain of each phone that claimed a seat once it ran."""
    game = Game.new(LONG_NAMES, settings=SETTINGS, seed=SEED)
    for seat, chain in sorted(chains.items()):
        game.apply(BANKER, {"type": "new_chain", "seat": seat, "head": chain.head})
    return game


def plan_extremes(chains: dict[int, PhoneChain]) -> Planner:
    """A lean game for the check at every stage (six players own every casino from the start): a casino game lost with a bluff
    accepted and one challenged, Everybody Plays with cards, most of the bank handed to one
    player, an auction, the lap started, claimed and confirmed by the banker. ``chains``: the
    phones that claimed a seat, which spin for the others' stakes."""
    p = Planner(extremes_game(chains), chains)
    seat = p.until_turn_start()
    p.losing_visit(seat, "accept_bluff", "bluff_accepted")
    seat = p.until_bluff_holder(12)
    p.losing_visit(seat, "challenge_bluff", "bluff_challenged")
    seat = p.until_turn_start()
    p.do(seat, {"type": "roll"})
    p.do(seat, p.find(seat, "land", space="everybody_plays", symbol="cards"), "everybody")
    while not any(e["type"] == "everybody_result" for e in p.do(p.actor(), {"type": "draw"})):
        pass
    p.steps[-1] = (*p.steps[-1][:2], "everybody_done")
    rich = p.view["players"][p.view["turn"]]["seat"]
    transfer = next(a for a in p.legal(BANKER) if a["type"] == "transfer" and a["from"] == "bank" and a["to"] == rich)
    p.do(BANKER, dict(transfer, amount=RICH - p.money(rich), reason="Most of the bank"), "rich")
    p.auction()
    p.lap_and_win(last=True, turns=80, claim_tag="lap_claimed")
    return p


def seat_the_extremes(table, url: str) -> None:
    """The table screen opens ``url`` and seats the six long names, none with a phone, with the
    money rules; so the game's draws are the same every run."""
    table.goto(url)
    settle(table)
    set_money_rules(table)
    seat_without_phones(table, LONG_NAMES)


def claim_the_last_seat(table, phone, base: str) -> tuple[Planner, Game]:
    """The phone claims the last seat in play; the plan and its local mirror then take the chain
    the phone gave (as the host does), so the plan taps the phone's spins for the others' stakes."""
    claim_seat(table, phone, base, PHONE_SEAT)
    chains = phone_chains([None] * PHONE_SEAT + [phone])
    return plan_extremes(chains), extremes_game(chains)
