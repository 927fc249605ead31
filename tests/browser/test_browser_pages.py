"""The pages around the game: weight, languages, refused tokens, double taps, a seat without
a phone, claim codes and a host that dies and comes back."""

from __future__ import annotations

import re
import signal
from urllib.parse import urlparse

from i18n_files import EN, NL
from web_host import PHONE, TABLE, start_host, stop_host

from companion.translations import TABLE_ONLY
from engine import Game
from tests.support.web_driver import (
    drawer_to,
    joined_phone,
    kept_fair_args,
    log_end,
    open_table,
    perform,
    settle,
    wait_log,
)

LIMIT = 150 * 1024 + 32_110 + 4_100
"""150 KiB, and what the sealed messages add: tweetnacl-js's nacl-fast.min.js (32,110 bytes), and
seal.js, net.js's sealing and the refusal's words (4,118 bytes when measured)."""


def test_phone_page_weight_and_languages(browser, host, requests_seen, shots):
    ctx = browser.new_context(**PHONE, locale="nl-NL")
    requests_seen.watch(ctx)
    page = ctx.new_page()
    bodies: dict[str, bytes] = {}
    page.on(
        "response", lambda r: bodies.__setitem__(r.url, r.body()) if r.request.resource_type != "websocket" else None
    )
    page.goto(f"{host.base}/j/{host.code}")
    page.locator('[data-input="name"]').wait_for()
    page.wait_for_load_state("networkidle")
    sizes = {url: len(body) for url, body in bodies.items()}
    total = sum(sizes.values())
    print(f"\nphone page first load: {total} bytes in {len(sizes)} files")
    for url, n in sorted(sizes.items(), key=lambda x: -x[1]):
        print(f"  {n:7d}  {urlparse(url).path}")
    assert total < LIMIT, sizes
    # The phone's translations leave out the table's own sections: no phone module reads them.
    assert any(urlparse(url).path == "/i18n/phone/nl.json" for url in sizes)
    for url, body in bodies.items():
        if urlparse(url).path.endswith(".js"):
            for section in TABLE_ONLY:
                assert not re.search(rf"[\"'`]{section}\.".encode(), body), (url, section)
    # The browser's language is Dutch; the code is filled in from the address.
    assert page.locator("h1").inner_text() == NL["join"]["title"]
    assert page.locator('[data-input="code"]').input_value() == host.code
    page.screenshot(path=shots / "phone-join-nl.png")
    page.locator('[data-act="lang"]').click()
    page.wait_for_function("(t) => document.querySelector('h1').textContent === t", arg=EN["join"]["title"])
    assert page.evaluate("document.documentElement.lang") == "en"
    # A wrong code is refused in words.
    page.locator('[data-input="code"]').fill("ZZZZ")
    page.locator('[data-input="name"]').fill("Ann")
    page.locator('[data-act="join"]').click()
    page.locator(".problem").wait_for()
    assert page.locator(".problem").inner_text() == EN["error"]["bad_code"]

    table = browser.new_context(**TABLE, locale="en-GB", color_scheme="dark")
    requests_seen.watch(table)
    tp = table.new_page()
    tp.goto(host.table_url)
    settle(tp)
    assert tp.locator("h1").first.inner_text() == EN["lobby"]["scan"]
    tp.locator('[data-act="lang"]').click()
    tp.wait_for_function("(t) => document.querySelector('h1').textContent === t", arg=NL["lobby"]["scan"])
    tp.screenshot(path=shots / "table-lobby-nl-dark.png")
    # The box profile: rename a casino and save it.
    tp.locator('[data-details="boxOpen"] summary').click()
    tp.locator('[data-box="4"][data-k="name"]').fill("Monte Carlo")
    tp.locator('[data-act="save-box"]').click()
    settle(tp)
    tp.wait_for_function(
        "() => document.querySelector('[data-box=\"4\"][data-k=\"name\"]').value === 'Monte Carlo'"
        " && !!document.querySelector('.box [role=status]')"
    )
    tp.screenshot(path=shots / "table-box-editor.png", full_page=True)
    assert not requests_seen.foreign(host.netloc)
    ctx.close()
    table.close()


def test_refused_token_shows_how_to_rejoin(browser, host):
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        " localStorage.setItem('cashrun.token', 'x'.repeat(32)); }"
    )
    page = ctx.new_page()
    page.goto(f"{host.base}/j/{host.code}")
    page.locator(".note").wait_for()
    assert page.locator(".note").inner_text() == EN["refused"]["bad_token"]
    assert page.locator('[data-act="join"]').is_visible()
    assert page.evaluate("localStorage.getItem('cashrun.token')") is None
    ctx.close()


QUIET = {"roll": {"type": "roll"}, "land": {"type": "land", "space": "grand_slam"}, "grand_slam": {"type": "collect"}}
"""A turn that changes little: roll, Grand Slam, take 100,000."""


def until_a_quiet_turn_of(seat: int, mirror: Game, table, pages: list) -> None:
    """Quiet turns, each played through its page, until ``seat`` is to roll and will throw no double
    (the phones' client seeds decide who starts; the local mirror knows them, as the host's seed is fixed)."""
    while True:
        view = mirror.view(None)
        if view["turn"] == seat and view["phase"] == "roll":
            probe = Game.from_json(mirror.to_json())
            [dice] = [e for e in probe.apply(seat, {"type": "roll"}) if e["type"] == "dice"]
            if dice["values"][0] != dice["values"][1]:
                return
        actor = mirror.to_act()[0]
        action = QUIET[view["phase"]]
        if pages[actor] is None:
            wait_log(table, log_end(view))
            perform(table, action, scope=f'.phoneless[data-seat="{actor}"]', pad=False)
        else:
            wait_log(pages[actor], log_end(view))
            perform(pages[actor], action, pad=False)
        mirror.apply(actor, action)


def test_table_powers_and_a_host_that_comes_back(browser, tmp_path, shots):
    data = tmp_path / "data"
    host = start_host(data, seed="2")
    port = urlparse(host.base).port
    contexts = []
    try:
        table = open_table(browser, host, contexts)
        phones = {name: joined_phone(browser, host, name, contexts, **PHONE) for name in ["Ann", "Bob", "Cas"]}
        # A seat for a player without a phone, played from the table screen.
        perform(table, {"type": "add_player", "name": "Dan"}, pad=False)
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 4")
        table.locator('[data-act="do"][data-type="start"]').click()
        table.locator('[data-act="confirm-yes"]').click()
        table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
        # Dan, the player without a phone, plays a turn first (then Ann, who sits next).
        fair = kept_fair_args([phones["Ann"], phones["Bob"], phones["Cas"], None])
        mirror = Game.new(["Ann", "Bob", "Cas", "Dan"], seed="2", **fair)
        until_a_quiet_turn_of(3, mirror, table, [phones["Ann"], phones["Bob"], phones["Cas"], None])
        panel = table.locator('.phoneless[data-seat="3"]')
        panel.wait_for()
        table.screenshot(path=shots / "table-phoneless.png")
        perform(table, {"type": "roll"}, scope='.phoneless[data-seat="3"]', pad=False)
        perform(table, {"type": "land", "space": "grand_slam"}, scope='.phoneless[data-seat="3"]', pad=False)
        perform(table, {"type": "collect"}, scope='.phoneless[data-seat="3"]', pad=False)
        table.wait_for_function("() => !document.querySelector('.phoneless')")

        # A double tap on a phone acts once.
        ann = phones["Ann"]
        roll = ann.locator('[data-act="do"][data-type="roll"]')
        roll.wait_for()
        end = int(ann.locator("#app").get_attribute("data-log-end"))
        table.wait_for_function("(e) => Number(document.querySelector('#app').dataset.logEnd) >= e", arg=end)
        count = "() => document.querySelectorAll('.history [data-ev=\"dice\"]').length"
        before = table.evaluate(count)
        roll.dblclick()
        settle(ann)
        ann.wait_for_function("() => document.querySelector('#app').dataset.phase === 'land'")
        table.wait_for_function("(e) => Number(document.querySelector('#app').dataset.logEnd) > e", arg=end)
        table.wait_for_timeout(500)
        assert table.evaluate(count) == before + 1

        # A claim code moves Bob's seat to a new phone; the old one is told.
        drawer_to(table, False, True)
        table.locator('#drawer [data-act="claim"][data-seat="1"]').click()
        code_el = table.locator('[data-out="claim-1"]')
        code_el.wait_for()
        # Covered on the shared screen until the banker shows it, with the warning.
        assert not any(c.isdigit() for c in code_el.inner_text())
        assert table.locator('.claim[data-seat="1"] .claim-warning').inner_text() == EN["show"][
            "claim_warning"
        ].replace("{name}", "Bob")
        table.screenshot(path=shots / "table-drawer-claim-covered.png")
        table.locator('#drawer [data-act="claim-show"][data-seat="1"]').click()
        code = code_el.inner_text().split(":")[-1].strip()
        assert len(code) == 9 and code[4] == " " and code.replace(" ", "").isdigit()  # typed as shown, space and all
        table.screenshot(path=shots / "table-drawer-claim.png")
        table.locator('#drawer [data-act="games"]').click()
        table.locator("#drawer .games li").first.wait_for()
        assert EN["table"]["current"] in table.locator("#drawer .games").inner_text()
        nctx = browser.new_context(**PHONE)
        contexts.append(nctx)
        newbob = nctx.new_page()
        newbob.goto(f"{host.base}/")
        newbob.locator(".claim summary").click()
        newbob.locator('[data-input="claim"]').fill(code)
        newbob.locator('[data-act="claim"]').click()
        newbob.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
        assert newbob.locator(".me .pname").inner_text() == "Bob"
        old = phones["Bob"]
        old.wait_for_function(
            "(t) => document.querySelector('.note') && document.querySelector('.note').textContent === t",
            arg=EN["refused"]["claimed"],
        )
        # The game is in play, so the join address offers to watch (or a claim code for a seat).
        old.locator('[data-act="watch"]').wait_for()
        assert old.locator(".claim").is_visible()
        old.screenshot(path=shots / "phone-claimed.png")

        # The host dies; the phone shows a quiet banner, then is back in its seat.
        host.proc.send_signal(signal.SIGKILL)
        host.proc.wait(10)
        ann.locator('[data-banner="reconnecting"]').wait_for(timeout=15_000)
        ann.screenshot(path=shots / "phone-reconnecting.png")
        host = start_host(data, seed="2", port=port)
        ann.wait_for_function(
            "() => !document.querySelector('[data-banner]') && document.querySelector('#app').dataset.kind === 'game'",
            timeout=30_000,
        )
        assert ann.locator(".me .pname").inner_text() == "Ann"
        assert ann.locator("#app").get_attribute("data-phase") == "land"
    finally:
        for ctx in contexts:
            ctx.close()
        stop_host(host)
