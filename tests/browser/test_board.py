"""The board map: entered in the table screen's editor, exported, imported into a new lobby, and
followed through a seeded game in which every phone's first choice is where the dice lead and
the lap ends by itself.

The table screen at 1366×768 and 1920×1080 (no touch, English, light theme, reduced motion: the
page shows each outcome when the host's clock ends; full motion for the first move, to see the pawn walk); three phones at 360×640 (touch, English, reduced motion).
"""

from __future__ import annotations

import json

from board_editor import board_24, button, enter_board
from i18n_files import EN
from web_host import SEED, TABLE, start_host, stop_host

from engine import BANKER, Game, Settings
from tests.support.browser import SMALL_PHONE
from tests.support.game_plan import NAMES, plan_board_game
from tests.support.web_driver import (
    confirm_if_asked,
    drawer_to,
    kept_fair_args,
    log_end,
    perform,
    phone_chains,
    settle,
    shoot,
    wait_log,
)

SETTINGS = Settings(board=board_24(), auction_seconds=120)

PAWN_ON = """([seat, at]) => {
  const pawn = document.querySelector(`.board-ring.on-stage .ring-pawn[data-seat="${seat}"]`).getBoundingClientRect();
  const tile = document.querySelector(`.board-ring.on-stage .tile[data-at="${at}"]`).getBoundingClientRect();
  const x = pawn.left + pawn.width / 2, y = pawn.top + pawn.height / 2;
  return x >= tile.left && x <= tile.right && y >= tile.top && y <= tile.bottom;
}"""

WALKING = '(seat) => document.querySelector(`.board-ring.on-stage .ring-pawn[data-seat="${seat}"]`).getAnimations().length > 0'


def test_a_board_entered_exported_imported_and_followed(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=0.2)
    try:
        play(browser, host, tmp_path, shots)
    finally:
        stop_host(host)


def play(browser, host, tmp_path, shots):
    board = board_24()
    errors: list[str] = []
    tctx = browser.new_context(**TABLE, locale="en-GB", color_scheme="light", reduced_motion="reduce")
    table = tctx.new_page()
    table.on("pageerror", lambda e: errors.append(f"table: {e}"))
    table.goto(host.table_url)
    settle(table)

    # The banker walks round the board, undoing a wrong tap on the way.
    table.locator('[data-details="boardOpen"] summary').click()
    enter_board(table, board["spaces"][:5])
    table.locator(button({"space": "bluff"})).click()
    table.locator('[data-act="bd-undo"]').click()
    enter_board(table, board["spaces"][5:])
    words = EN["boardedit"]
    assert table.locator('[data-out="board-count"]').inner_text() == " · ".join(
        (
            words["spaces_n"]["other"].format(n=24),
            words["placed_n"]["other"].format(placed=12, n=12),
            words["runs_n"]["other"].format(n=2),
        )
    )
    shoot(table, shots / "board-editor.png")
    with table.expect_download() as download:
        table.locator('[data-act="bd-export"]').click()
    exported = tmp_path / "board.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text()) == board
    table.locator('[data-act="bd-close"]').click()

    # A new lobby (the board was exported, never saved): the file is checked before it is taken.
    drawer_to(table, False, True)
    table.locator('#drawer [data-act="do"][data-type="new_game"]').click()
    confirm_if_asked(table)
    table.wait_for_url(lambda url: url != host.table_url)
    settle(table)
    table.locator('[data-details="boardOpen"] summary').click()
    assert table.locator(".board-edit .tile:not(.next)").count() == 0
    twice = {"version": 1, "spaces": [*board["spaces"][:-1], board["spaces"][1]]}
    bad = tmp_path / "twice.json"
    bad.write_text(json.dumps(twice))
    table.locator("[data-board-file]").set_input_files(bad)
    problem = table.locator('[data-out="board-problem"]')
    problem.wait_for()
    casino = Settings().box[board["spaces"][1]["casino"]].name
    assert problem.inner_text() == EN["boardedit"]["refused"].format(
        reason=EN["boardedit"]["problem_casino_twice"].format(casino=casino, n=24)
    )
    bad.write_text("{not json")
    table.locator("[data-board-file]").set_input_files(bad)
    table.wait_for_function(
        "(t) => document.querySelector('[data-out=\"board-problem\"]').textContent === t",
        arg=EN["boardedit"]["not_json"],
    )
    table.locator("[data-board-file]").set_input_files(exported)
    table.locator('[data-out="board-note"]').wait_for()
    assert table.locator(".board-edit .tile:not(.next)").count() == 24

    code = table.locator('[data-out="code"]').inner_text()
    phones = []
    for name in NAMES:
        ctx = browser.new_context(**SMALL_PHONE, locale="en-GB", reduced_motion="reduce")
        page = ctx.new_page()
        page.on("pageerror", lambda e, n=name: errors.append(f"{n}: {e}"))
        page.goto(f"{host.base}/j/{code}")
        page.locator('[data-input="name"]').fill(name)
        page.locator('[data-act="join"]').click()
        settle(page)
        phones.append(page)
    table.wait_for_function("() => document.querySelectorAll('.lp').length === 3")
    table.locator('[data-details="settingsOpen"] summary').click()
    table.locator('[data-set="auction_seconds"]').fill("120")
    table.locator('[data-act="save-settings"]').click()
    settle(table)
    table.locator('[data-act="do"][data-type="start"]').click()
    confirm_if_asked(table)
    table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")

    # The host's seed is fixed (CASHRUN_SEED); each phone kept what it added (its only game here).
    fair = kept_fair_args(phones)
    plan = plan_board_game(SEED, SETTINGS, fair, phone_chains(phones))
    mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
    drawer = False
    suggested = 0
    for seat, action, tag in plan.steps:
        end = log_end(mirror.view(None))
        if seat == BANKER:
            wait_log(table, end)
            drawer = drawer_to(table, drawer, True)
            look = None
            if action["type"] == "move_pawn":
                # The space is asked for and said as its number on the board, not as money.
                def look(stage, action=action):
                    if stage == "confirm":
                        said = EN["board"]["at"].format(n=action["at"] + 1)
                        assert said in table.locator('#drawer [data-act="confirm"]').inner_text()
                        assert table.locator('#drawer [data-out="range"]').inner_text() == EN["amount"]["range"].format(
                            min=EN["board"]["at"].format(n=1), max=EN["board"]["at"].format(n=24)
                        )

            perform(table, action, scope="#drawer", pad=False, look=look)
        else:
            page = phones[seat]
            wait_log(page, end)
            drawer = drawer_to(table, drawer, False)
            if tag == "suggested":
                # Where the dice lead is the first choice, large; one tap confirms it.
                first = page.locator(".decision button").first
                assert (first.get_attribute("data-type"), first.get_attribute("data-at")) == ("land", str(action["at"]))
                if not suggested:
                    page.screenshot(path=shots / "phone-suggested-360x640.png")
                    table.emulate_media(reduced_motion="no-preference")  # this once, the pawn walks
                first.click()
                page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''")
                if not suggested:
                    table.wait_for_function(WALKING, arg=seat, timeout=15_000)
                    table.wait_for_function(f"(seat) => !({WALKING})(seat)", arg=seat, timeout=15_000)
                    table.emulate_media(reduced_motion="reduce")
                suggested += 1
            elif action["type"] != "draw_for" or mirror.view(None)["waiting"]["spinner"] == seat:
                perform(page, action)  # (the other side's phone gives its link of a stake's draw by itself)
        mirror.apply(seat, action)
        view = mirror.view(None)
        wait_log(table, log_end(view))
        table.wait_for_function("() => document.querySelector('#app').dataset.reveal === ''")
        if action["type"] in ("land", "move_pawn") and not view["over"]:
            table.wait_for_function(PAWN_ON, arg=[action.get("seat", seat), action["at"]], timeout=5_000)
        if tag == "lap_started":
            table.locator('[data-out="lap"]').wait_for()
            runner = view["players"][seat]
            assert table.locator(f'.board-ring.on-stage .tile.lap-home[data-at="{runner["lap_from"]}"]').count() == 1
        elif (
            action["type"] == "land"
            and seat == plan.runner
            and not view["over"]
            and not (shots / "board-ring.png").exists()
        ):
            # The runner's first move on the lap: the pawn, the spaces of the lap so far, the lap in words.
            assert table.locator(".board-ring.on-stage .tile.lap-done").count() == view["players"][seat]["lap_steps"]
            table.wait_for_function("() => !document.querySelector('.moment:not([hidden])')", timeout=15_000)
            shoot(table, shots / "board-ring.png")
    assert suggested >= 10 and (shots / "board-ring.png").exists()
    assert mirror.over and not any(e["type"] == "lap_claimed" for e in mirror.view(None)["log"])
    table.locator('[data-out="winner"]').wait_for()
    assert NAMES[mirror.winner] in table.locator('[data-out="winner"]').inner_text()
    assert not errors, errors
