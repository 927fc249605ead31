"""What sealing costs the phone page: opening a message, sealing one, a connect's keys.

    python bench/page_seal.py [--rates 1,4] [--runs 3]

A lean game around one phone (``plan_phone_game``, the seats without a phone and the banker over a
table socket of this script) against a live ``cashrun``; the phone's socket is recorded on the wire
and its updates opened with the host's key (``tests/support/wire_seal.py``). Then the phone reloads
(its first update is a whole message). In the phone page, with the CPU slowed ``rate`` times
(DevTools ``Emulation.setCPUThrottlingRate``), ``seal.js`` opens a typical update (the median
length of the game's), the whole message and an act 200 times each (and ``JSON.parse`` alone, what
the page did with a message before sealing), seals each, and makes 50 connects' key pairs and shared
keys. Prints the median of ``runs`` runs, in microseconds. The game differs from run to run (the
phone's randomness is its own), so the lengths do too.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from engine import BANKER, Game, Settings
from tests.support.browser import ARGS, CHROMIUM, SEED
from tests.support.cashrun import Cashrun
from tests.support.client import Peer
from tests.support.game_plan import NAMES, plan_phone_game
from tests.support.web_driver import log_end, perform, phone_chains, settle, wait_log
from tests.support.wire_seal import SealedSocket, host_key

SETTINGS = Settings(auction_seconds=120)
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
ROUNDS = 200
TIMING = """async ([texts, rounds]) => {
  const { Sealer } = await import('/static/js/core/seal.js');
  const s = new Sealer();
  const each = (f) => { const t0 = performance.now(); for (let i = 0; i < rounds; i++) f(); return (performance.now() - t0) / rounds * 1000; };
  const out = texts.map((text) => {
    const data = JSON.parse(text);
    const sealed = s.seal(data);
    for (let i = 0; i < 20; i++) { s.open(sealed); s.seal(data); }
    return { sealed: sealed.length, open: each(() => s.open(sealed)), parse: each(() => JSON.parse(text)), seal: each(() => s.seal(data)) };
  });
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) new Sealer();
  return { out, connect: (performance.now() - t0) / 50 * 1000 };
}"""


def recorded(phone, key, updates: list[str], acts: list[str]) -> None:
    """The phone's updates it got and acts it sent, opened, as compact JSON text."""

    def socket(ws) -> None:
        sock = SealedSocket(key)

        def take(payload, into: list[str], name: str) -> None:
            packet = sock.packet(payload)
            if packet is not None and packet.kind == "event" and packet.name == name:
                into.append(json.dumps(packet.data, separators=(",", ":"), ensure_ascii=False))

        ws.on("framereceived", lambda payload: take(payload, updates, "update"))
        ws.on("framesent", lambda payload: take(payload, acts, "act"))

    phone.on("websocket", socket)


def messages(browser, data: Path) -> tuple[str, str, str]:
    """A typical update of a lean game, a whole message and a typical act, as the phone had them."""
    host = Cashrun(data, reveal_scale=0, seed=SEED)
    updates: list[str] = []
    acts: list[str] = []
    try:
        table = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        table.goto(host.table_url)
        settle(table)
        phone = browser.new_context(**PHONE).new_page()
        recorded(phone, host_key(host), updates, acts)
        phone.goto(f"{host.base}/j/{host.code}")
        phone.locator('[data-input="name"]').fill(NAMES[0])
        phone.locator('[data-act="join"]').click()
        settle(phone)
        sock = Peer(host.base, {"table_key": host.key}, reconnect=False)
        for name in NAMES[1:]:
            sock.act({"type": "add_player", "name": name})
        sock.act({"type": "set_settings", "settings": {"auction_seconds": SETTINGS.auction_seconds}})
        sock.act({"type": "start"})
        start = sock.wait_for(lambda m: m["kind"] == "game")["view"]["log"][0]
        fair = {k: start[k] for k in ("client_seeds", "start_commits", "start_values", "chains")}
        plan = plan_phone_game(SEED, SETTINGS, fair, phone_chains([phone]), 0)
        mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
        for seat, action, _ in plan.steps:
            end = log_end(mirror.view(None))
            given = action["type"] == "draw_for" and mirror.view(None)["waiting"]["spinner"] != seat
            if seat == 0 and not given:
                wait_log(phone, end)
                perform(phone, action)
            elif seat != 0:
                wait_log(table, end)
                sock.act(action, None if seat == BANKER else seat)
            mirror.apply(seat, action)
        wait_log(phone, log_end(mirror.view(None)))
        sock.close()
        game = [u for u in updates if '"base"' in u]
        before = len(updates)
        phone.reload()
        settle(phone)
        time.sleep(0.5)
        whole = max(updates[before:], key=len)
        print(
            f"the phone's updates in the game: {len(game)}, p50 {len(sorted(game, key=len)[len(game) // 2])} characters,"
            f" max {max(map(len, game))}; the whole message after a reload {len(whole)}; {len(acts)} acts"
        )
        return sorted(game, key=len)[len(game) // 2], whole, sorted(acts, key=len)[len(acts) // 2]
    finally:
        host.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rates", default="1,4")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as data:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        texts = messages(browser, Path(data))
        host = Cashrun(Path(data) / "timing")
        try:
            ctx = browser.new_context(**PHONE)
            page = ctx.new_page()
            page.goto(f"{host.base}/j/{host.code}")
            settle_join = "() => document.querySelector('#app').dataset.conn === 'online'"
            page.wait_for_function(settle_join)
            cdp = ctx.new_cdp_session(page)
            for rate in (float(r) for r in args.rates.split(",")):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                runs = [page.evaluate(TIMING, [list(texts), ROUNDS]) for _ in range(args.runs)]
                for i, label in enumerate(("a typical update", "the whole message", "an act")):
                    med = {k: statistics.median(r["out"][i][k] for r in runs) for k in ("open", "parse", "seal")}
                    print(
                        f"{rate:g}x {label}: {len(texts[i])} characters, {runs[0]['out'][i]['sealed']} sealed:"
                        f" open {med['open']:.0f} us (JSON.parse alone {med['parse']:.0f} us), seal {med['seal']:.0f} us"
                    )
                print(
                    f"{rate:g}x a connect's key pair and shared key: {statistics.median(r['connect'] for r in runs):.0f} us"
                )
        finally:
            host.stop()
            browser.close()


if __name__ == "__main__":
    main()
