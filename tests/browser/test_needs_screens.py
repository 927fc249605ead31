"""'What do I still need?' on the screens: the phone lists its player's nearest winning combinations
in words with the casinos that complete them, and the table screen marks every player's progress
with the combination's sign and a count (never a colour alone). The counts are the engine's
(tests/engine/test_needs.py); here: that the pages say them as the translations do.

The laptop (1366×768) and one phone (390×844) in Dutch; three players play at the table.
"""

from __future__ import annotations

from i18n_files import WORDS
from web_host import PHONE, TABLE, start_host, stop_host

from tests.support.web_driver import Frames, new_page, perform, seeded_random, settle, start_game

NL = WORDS["nl"]["needs"]


def form(entry, n: int) -> str:
    return entry if isinstance(entry, str) else entry["one" if n == 1 else "other"]


def what(need: dict, n: int) -> str:
    if need["kind"] == "symbol":
        return form(NL["symbol"][need["of"]], n)
    colour = form(NL["colour"][need["of"]], n) if need["of"] in NL["colour"] else need["of"]
    return form(NL["of_colour"], n).format(colour=colour)


def line(need: dict, view: dict) -> str:
    if need["missing"] == 0:
        return NL["done"].format(n=need["size"], what=what(need, need["size"]))
    names = []
    for cid in need["casinos"]:
        casino = view["casinos"][cid]
        owner = casino["owner"]
        names.append(
            casino["name"]
            if owner is None
            else NL["owned"].format(casino=casino["name"], name=view["players"][owner]["name"])
        )
    return NL["more"].format(n=need["missing"], what=what(need, need["missing"]), casinos=", ".join(names))


def test_the_phone_lists_its_needs_and_the_table_marks_everyones(browser, tmp_path, shots):
    host = start_host(tmp_path / "data", reveal_scale=0)
    contexts = []
    try:
        table = new_page(browser, contexts, **TABLE, locale="nl-NL")
        frames = Frames(table, host)
        table.goto(host.table_url)
        settle(table)
        # Dirk starts: Ann's phone shows its whole panel, not the one line of a turn.
        phone = new_page(browser, contexts, lambda ctx: seeded_random(ctx, 3), **PHONE, locale="nl-NL")
        phone.goto(f"{host.base}/j/{host.code}")
        phone.locator('[data-input="name"]').fill("Ann")
        phone.locator('[data-act="join"]').click()
        settle(phone)
        for name in ("Bob", "Cas", "Dirk"):
            perform(table, {"type": "add_player", "name": name}, pad=False)
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 4")
        start_game(table)
        settle(table)
        phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
        settle(phone)
        view = next(v["view"] for v in reversed(frames.views) if v.get("kind") == "game")
        ann = view["players"][0]
        assert ann["needs"] and ann["needs"][0]["size"] == 3  # four players: three of a kind
        assert view["turn"] != 0
        phone.locator("section.needs li").first.wait_for()
        assert phone.locator("section.needs h2").text_content() == NL["title"]
        assert phone.locator("section.needs li").all_text_contents() == [line(n, view) for n in ann["needs"]]
        for p in view["players"]:
            nearest = p["needs"][0]
            mark = table.locator(f'.tplayer[data-seat="{p["seat"]}"] .need-mark')
            assert mark.inner_text() == f"{nearest['have']}/{nearest['size']}"
            said = NL["short"].format(n=nearest["missing"], what=what(nearest, nearest["missing"]))
            assert mark.get_attribute("aria-label") == said
            # The sign beside the count: the symbol's icon or the colour's shaped swatch.
            assert mark.locator("svg.icon, .swatch").count() == 1
        phone.screenshot(path=shots / "phone-needs.png")
        # On the player's own turn the list stays, below the decision.
        for _ in range(40):
            message = next(v for v in reversed(frames.views) if v.get("kind") == "game")
            if message["view"]["turn"] == 0 and message["view"]["phase"] == "roll":
                break
            seat = message["view"]["waiting"]["seats"][0] if message["view"]["waiting"]["seats"] else None
            assert seat is not None and seat != 0, message["view"]["phase"]
            actions = message["table"]["phoneless"][str(seat)]
            quiet = [a for a in actions if a["type"] in ("roll", "decline", "pass_bid", "accept_loss", "collect")]
            land = [a for a in actions if a["type"] == "land" and a.get("space") == "bluff"]
            perform(table, (land or quiet or actions)[0], scope=f'.phoneless[data-seat="{seat}"]', pad=False)
            settle(table)
        else:
            raise AssertionError("Ann never had the turn")
        phone.locator('[data-act="do"][data-type="roll"], [data-type="roll"]').first.wait_for()
        view = next(v["view"] for v in reversed(frames.views) if v.get("kind") == "game")
        assert phone.locator("section.needs li").all_text_contents() == [
            line(n, view) for n in view["players"][0]["needs"]
        ]
        phone.screenshot(path=shots / "phone-needs-on-my-turn.png")
        table.screenshot(path=shots / "table-needs.png")
    finally:
        for ctx in contexts:
            ctx.close()
        stop_host(host)
