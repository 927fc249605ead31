"""The soak (issue 46): six phones in Chromium play a seeded game to its end while every phone drops
again and again at random moments, and none loses its seat.

Every phone joins in its open page (never reloaded) and its own randomness is seeded
(``seeded_random``); the driver plays every seat through its phone's page. Each phone's line
(``line.py``) drops it every ``EVERY_S`` seconds for ``FOR_S`` (a random pick in each range, seeded):
the issue's family evening (every 20 to 60 s, for 1 to 10 s) scaled down by about four, so that a
game of a few minutes sees dozens of drops; two drops in three switch the line off (offline), one
in three cuts its connection. At the end: every act the phones sent is saved once (the host's rows
of the phones' game actions are exactly the acts the pages saw answered, no id twice), every phone is in its
seat and connected, shows the finished game, and its own check says "✔ All N draws checked".
The length, the drops and the moves are printed.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time

from drops import Driver, Phone, Rig, log_end
from i18n_files import EN
from web_host import PHONE

from tests.support.web_driver import fair_result, seeded_random

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eva", "Fay"]
EVERY_S = (5.0, 15.0)
FOR_S = (0.3, 2.5)
FINISH_AFTER = 60
"""Moves after which the roller is given every casino (``Driver``'s ``finish``), so the game ends."""


ANSWERED = """async () => {
  const { net } = await import('/static/js/phone/phone-shared.js');
  window.answered = [];
  const request = net.request.bind(net);
  net.request = (name, data, ms) => request(name, data, ms).then((a) => {
    if (name === 'act' && a.ok) window.answered.push(data.id);
    return a;
  });
}"""
"""Every act the page sends (the driver's and its own: a link given without a tap) noted with its id
when the host answers it ok."""


class Dropper:
    """A thread that drops each phone's line at random moments until stopped; ``count`` drops so far."""

    def __init__(self, phones: list[Phone], seed: int) -> None:
        self.rng = random.Random(seed)
        self.count = 0
        self.stopped = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(p, self.rng.random()), daemon=True) for p in phones]
        for t in self.threads:
            t.start()

    def _run(self, phone: Phone, seed: float) -> None:
        rng = random.Random(seed)
        while not self.stopped.wait(rng.uniform(*EVERY_S)):
            self.count += 1
            if rng.random() < 1 / 3:
                phone.line.cut()
                continue
            phone.line.block(True)
            self.stopped.wait(rng.uniform(*FOR_S))
            phone.line.block(False)

    def stop(self) -> None:
        self.stopped.set()
        for t in self.threads:
            t.join(10)


def phone_rows(rig: Rig, game_id: str) -> list[str]:
    """The ids of the phones' saved game actions."""
    with sqlite3.connect(rig.data_dir / "cashrun.sqlite3") as db:
        rows = db.execute(
            "SELECT id FROM actions WHERE game = ? AND actor LIKE 'p:%' AND seat IS NOT NULL", (game_id,)
        ).fetchall()
    return [r[0] for r in rows]


def test_six_phones_dropping_at_random_play_a_game_to_its_end(browser, tmp_path):
    started = time.monotonic()
    rig = Rig(tmp_path / "data", reveal_scale=1)
    contexts = []
    dropper = None
    try:
        phones = []
        for seat, name in enumerate(NAMES):
            line = rig.line()
            ctx = browser.new_context(**PHONE, locale="en-GB")
            contexts.append(ctx)
            seeded_random(ctx, 46 + seat)
            page = ctx.new_page()
            page.goto(f"{line.base}/j/{rig.host.code}")
            page.locator('[data-input="name"]').fill(name)
            page.locator('[data-act="join"]').click()
            page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
            page.evaluate(ANSWERED)
            phones.append(Phone("chromium", page, line, seat))
        rig.banker.act({"type": "set_settings", "settings": {"auction_seconds": 60}})
        driver = Driver(rig, phones, seed=46)
        dropper = Dropper(phones, seed=46)
        rig.banker.act({"type": "start"})
        deadline = time.monotonic() + 30
        while rig.banker.latest["kind"] != "game":
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.05)
        start = rig.banker.latest["view"]["log"][0]
        assert all(start["client_seeds"]) and all(start["start_values"]), start
        game_id = rig.banker.latest["game_id"]
        while not rig.banker.latest["view"].get("over"):
            driver.step(finish=driver.moves > FINISH_AFTER)
        dropper.stop()
        for p in phones:
            p.line.block(False)
        length = time.monotonic() - started
        for p in phones:
            driver.wait_shown(p)
        over = rig.banker.latest
        assert all(over["connected"]), over["connected"]
        for p in phones:
            assert p.state()["kind"] == "game" and p.state()["logEnd"] == str(log_end(over))
        saved = phone_rows(rig, game_id)
        answered = [i for p in phones for i in p.page.evaluate("window.answered")]
        assert len(saved) == len(set(saved)) and sorted(saved) == sorted(answered), (len(saved), len(answered))
        assert len(saved) >= driver.phone_moves
        draws = None
        for p in phones:
            state, head = fair_result(p.page, timeout=60_000)
            assert state == "ok", head
            n = int(head.split()[2])
            draws = draws or n
            assert head == EN["fair"]["ok_phone"]["other"].replace("{n}", str(n)) and n == draws, head
        print(
            f"\nsoak: six phones, {driver.moves} moves, {len(saved)} acts from the phones each saved once"
            f" ({driver.phone_moves} by the players, the rest links given without a tap), {dropper.count} drops"
            f" survived, {draws} draws checked on every phone, in {length:.0f} s"
        )
    finally:
        if dropper is not None:
            dropper.stop()
        for ctx in contexts:
            ctx.close()
        rig.close()
