"""Our own box, once: from a new data folder the lobby says the box is still the example and walks
the family through their twelve casino cards (name, colour, game); the game then plays with the
family's names, and the next lobby keeps the box (the host's box profile). The laptop (1366×768)
in Dutch; the walk is timed and its taps counted (the figures are printed for the note)."""

from __future__ import annotations

import time

from i18n_files import NL
from web_host import TABLE, start_host, stop_host

from tests.support.web_driver import confirm_if_asked, drawer_to, perform, settle, start_game

FAMILY = [
    ("Monaco", "blue", "dice"),
    ("Macau", "blue", "cards"),
    ("Reno", "blue", "roulette"),
    ("Sun City", "red", "dice"),
    ("Baden-Baden", "red", "cards"),
    ("San Remo", "red", "roulette"),
    ("Zandvoort", "green", "dice"),
    ("Scheveningen", "green", "cards"),
    ("Valkenburg", "green", "roulette"),
    ("Knokke", "yellow", "dice"),
    ("Spa", "yellow", "cards"),
    ("Oostende", "yellow", "roulette"),
]
LOBBY = "() => document.querySelector('#app').dataset.kind === 'lobby'"


def walk_the_box(table, shots) -> int:
    """Enter every card as a family would (type, tap colour, tap game, tap next); returns the taps."""
    taps = 1
    table.locator('[data-act="setup-open"]').click()
    for at, (name, colour, symbol) in enumerate(FAMILY):
        step = NL["firstrun"]["box_step"].format(n=at + 1, total=len(FAMILY))
        table.wait_for_function(
            "(w) => document.querySelector('[data-out=\"setup-step\"]')?.textContent === w", arg=step
        )
        field = table.locator("[data-setup-name]")
        table.wait_for_function(
            "() => document.activeElement?.dataset.setupName === ''", timeout=2_000
        )  # ready to type
        field.fill(name)
        table.locator(f'[data-act="setup-colour"][data-v="{colour}"]').click()
        table.locator(f'[data-act="setup-symbol"][data-v="{symbol}"]').click()
        taps += 2
        if at == 0:
            table.screenshot(path=shots / "box-setup-first-card.png")
        assert table.locator(f'[data-act="setup-colour"][data-v="{colour}"]').get_attribute("aria-pressed") == "true"
        table.locator('[data-act="setup-next"]' if at < len(FAMILY) - 1 else '[data-act="setup-save"]').click()
        taps += 1
    return taps


def test_the_family_sets_up_its_box_once_and_plays_with_its_names(browser, tmp_path, shots):
    host = start_host(tmp_path / "new-data-folder", reveal_scale=0)
    ctx = browser.new_context(**TABLE, locale="nl-NL")
    try:
        table = ctx.new_page()
        table.goto(host.table_url)
        settle(table)
        note = table.locator('[data-out="box-example"]')
        assert note.locator("h2").text_content() == NL["firstrun"]["box_title"]
        table.screenshot(path=shots / "lobby-example-box.png")

        began = time.monotonic()
        taps = walk_the_box(table, shots)
        table.locator('[data-out="box-saved"]').wait_for()
        seconds = time.monotonic() - began
        print(
            f"box set-up: {len(FAMILY)} cards, {taps} taps (and {len(FAMILY)} names typed), {seconds:.1f} s by the test"
        )
        assert note.count() == 0  # the box is the family's now
        table.screenshot(path=shots / "lobby-box-saved.png")

        for name in ("Opa", "Oma", "Kim"):
            perform(table, {"type": "add_player", "name": name}, pad=False)
        start_game(table)
        settle(table)
        shown = set(table.locator(".tplayer .casino-chip, .for-sale .casino-chip").all_text_contents())
        assert shown == {f"{name} ({NL['colour'][colour]}, {NL['symbol'][symbol]})" for name, colour, symbol in FAMILY}
        table.screenshot(path=shots / "game-with-the-family-box.png")

        # The next game's lobby starts from the family's box: no word about the example.
        drawer_to(table, False, True)
        table.locator('#drawer [data-act="do"][data-type="new_game"]').click()
        confirm_if_asked(table)
        table.wait_for_url(lambda url: "key=" in url and url != host.table_url)
        table.wait_for_function(LOBBY)
        settle(table)
        assert table.locator('[data-out="box-example"]').count() == 0
        table.locator("details.box > summary").click()
        names = [field.input_value() for field in table.locator('input[data-box][data-k="name"]').all()]
        assert names == [name for name, _, _ in FAMILY]
    finally:
        ctx.close()
        stop_host(host)
