"""What a listener on the Wi-Fi gets of a whole game (issue 48): every frame a phone page and the
table page send and receive, recorded on the wire (Playwright's WebSocket events).

After each socket's connect frame every message is sealed data only: base64 that does not open
without the key. No seat token, bluff card's symbol, claim code, table key, start value or chain
link appears in any frame as it travelled. Opened as the laptop's owner can (the host's key from
its data folder, the page key from the connect frame), the same frames do hold them, each equal to
what the page itself keeps or shows: so the test would see them if they travelled in plain text.

The game is the lean game around one phone (``plan_phone_game``): the phone rolls, loses a casino
game, offers a bluff card, bids, runs the lap and wins; the table page seats the other two and
starts; a Python socket plays the others' moves. At the end the table page exports the game and
makes a claim code, which a second phone types on its join page.
"""

from __future__ import annotations

import base64
import json
import os
import re
from pathlib import Path
from typing import Any

from finished_game import TableSocket
from i18n_files import EN, NL
from nacl.public import PrivateKey
from web_host import SEED, TABLE, start_host, stop_host

from companion.seal import Seal, SealError
from engine import BANKER, Game, Settings
from tests.support.browser import SMALL_PHONE
from tests.support.game_plan import NAMES, plan_phone_game
from tests.support.screen import Screen
from tests.support.web_driver import (
    drawer_to,
    kept_fair,
    log_end,
    new_page,
    perform,
    phone_chains,
    settle,
    start_game,
    table_key,
    wait_log,
)
from tests.support.wire_seal import Packet, SealedSocket, host_key, text_of

SETTINGS = Settings(auction_seconds=120)
PHONE = 0
CLAIMED = 1
"""The seat the second phone takes with a claim code, once the game is over."""
WORDS = ("roulette", "dice", "cards", "blank")
BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
ENGINE_IO = re.compile(r"[0-6]({.*})?", re.S)
"""Engine.IO's own frames: open (its session's public settings), close, ping, pong, upgrade, noop."""


class Wire:
    """Every frame one page sent and received on its sockets, as it travelled, and its packet
    opened with the host's key; and the address of every request the page made."""

    def __init__(self, page, host) -> None:
        self.key = host_key(host)
        self.frames: list[tuple[str, str, Packet | None]] = []
        self.urls: list[str] = []
        page.on("websocket", self._socket)
        page.on("request", lambda request: self.urls.append(request.url))

    def _socket(self, ws) -> None:
        sock = SealedSocket(self.key)
        ws.on("framesent", lambda payload: self._add("sent", sock, payload))
        ws.on("framereceived", lambda payload: self._add("received", sock, payload))

    def _add(self, way: str, sock: SealedSocket, payload) -> None:
        text = text_of(payload)
        try:
            packet = sock.packet(text)
        except SealError as error:
            packet = Packet("unopened", None, str(error))
        self.frames.append((way, text, packet))

    def opened(self, way: str | None = None) -> list[Packet]:
        return [p for w, _, p in self.frames if p is not None and (way is None or w == way)]


def values(data: Any, name: str) -> list[Any]:
    """Every value under the key ``name`` anywhere in ``data``."""
    found = []
    if isinstance(data, dict):
        for k, v in data.items():
            found += [v] if k == name else values(v, name)
    elif isinstance(data, list):
        for v in data:
            found += values(v, name)
    return found


def test_a_whole_game_on_the_wire_says_nothing(browser, tmp_path):
    host = start_host(tmp_path / "data", reveal_scale=0)
    contexts: list = []
    sock = None
    try:
        table = new_page(browser, contexts, **TABLE, locale="en-GB")
        table_wire = Wire(table, host)
        table.goto(host.table_url)
        settle(table)

        # The phone comes from the QR code: the host's key in the address's fragment.
        phone = new_page(browser, contexts, **SMALL_PHONE, locale="en-GB")
        phone_wire = Wire(phone, host)
        phone.goto(f"{host.base}/j/{host.code}#k={host_key(host).public_b64}")
        phone.locator('[data-input="name"]').fill(NAMES[PHONE])
        phone.locator('[data-act="join"]').click()
        settle(phone)
        phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")

        for name in NAMES[1:]:
            perform(table, {"type": "add_player", "name": name}, pad=False)
        table.wait_for_function("() => document.querySelectorAll('.lp').length === 3")
        sock = TableSocket(host.base, table_key(host))
        sock.act({"type": "set_settings", "settings": {"auction_seconds": SETTINGS.auction_seconds}})
        start_game(table)
        start = sock.started()["view"]["log"][0]
        fair = {k: start[k] for k in ("client_seeds", "start_commits", "start_values", "chains")}
        game_id = sock.latest["game_id"]
        plan = plan_phone_game(SEED, SETTINGS, fair, phone_chains([phone]), PHONE)
        mirror = Game.new(NAMES, settings=SETTINGS, seed=SEED, **fair)
        dealt = mirror.view(PHONE)["you"]["bluff_cards"]
        for seat, action, _ in plan.steps:
            end = log_end(mirror.view(None))
            given = action["type"] == "draw_for" and mirror.view(None)["waiting"]["spinner"] != seat
            if seat == PHONE and not given:
                wait_log(phone, end)
                perform(phone, action)
            elif seat != PHONE:
                wait_log(table, end)  # a link the phone gives by itself is in
                sock.act(action, None if seat == BANKER else seat)
            mirror.apply(seat, action)
        assert mirror.over and mirror.winner == PHONE
        table.locator('[data-out="winner"]').wait_for()

        # The export comes over the socket, saved by the page.
        table.locator("details.check summary").click()
        with table.expect_download() as download:
            table.locator('[data-out="export"]').click()
        exported = Path(download.value.path()).read_text()
        assert Game.from_json(exported).winner == PHONE

        # A claim code made on the table screen, typed on a second phone (its page has the host's
        # key from the page itself: a typed address has no fragment).
        drawer_to(table, False, True)
        table.locator(f'#drawer [data-act="claim"][data-seat="{CLAIMED}"]').click()
        table.locator(f'[data-act="claim-show"][data-seat="{CLAIMED}"]').click()
        shown = table.locator(f'[data-out="claim-{CLAIMED}"]').inner_text()
        claim = re.search(r"\d{4} \d{4}", shown).group().replace(" ", "")
        claimer = new_page(browser, contexts, **SMALL_PHONE, locale="en-GB")
        claimer_wire = Wire(claimer, host)
        claimer.goto(f"{host.base}/j/{host.code}")
        claimer.locator("details.claim summary").click()
        claimer.locator('[data-input="claim"]').fill(claim)
        claimer.locator('[data-act="claim"]').click()
        claimer.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
        settle(claimer)

        wires = {"table": table_wire, "phone": phone_wire, "claimer": claimer_wire}
        tokens = {
            name: page.evaluate("localStorage.getItem('cashrun.token')")
            for name, page in (("phone", phone), ("claimer", claimer))
        }
        secrets = {
            "token": set(tokens.values()),
            "table key": {table_key(host)},
            "claim code": {claim},
            "start value": {kept_fair(phone)[game_id]["start_value"]},
            "link": {a["link"] for s, a, _ in plan.steps if s == PHONE and a["type"] == "draw_for"},
            "export": {exported},
        }
        assert all(secrets.values()) and all(tokens.values()), secrets

        # (a) After the connect frame, sealed data only; it does not open with another key.
        stranger = Seal(os.urandom(32))
        for name, wire in wires.items():
            for way, text, packet in wire.frames:
                assert packet is not None or ENGINE_IO.fullmatch(text), (name, way, text[:200])
                if packet is None:
                    continue
                assert packet.kind != "unopened", (name, way, text[:200], packet.data)
                if packet.kind == "connect" and way == "received":
                    assert set(packet.data) == {"sid"}, text
                    continue
                if packet.kind == "connect_error":
                    assert set(packet.data.get("data", {})) <= {"code"}, text
                    continue
                assert packet.sealed, (name, way, text[:200])
                for sealed in packet.sealed[-1:] if packet.kind == "connect" else packet.sealed:
                    assert BASE64.fullmatch(sealed), (name, way, text[:200])
                    try:
                        stranger.open(sealed)
                        raise AssertionError(f"opened without the key: {text[:200]}")
                    except SealError:
                        pass
                    base64.b64decode(sealed, validate=True)

        # (b) No secret in any frame as it travelled, nor in any address a page asked for (the
        # fragment is not sent); no card's name outside the sealed data.
        for name, wire in wires.items():
            assert wire.urls, name
            for url in wire.urls:
                sent = url.split("#")[0]
                assert not any(secret in sent for found in secrets.values() for secret in found), (name, url)
            for way, text, packet in wire.frames:
                for kind, found in secrets.items():
                    for secret in found:
                        assert secret not in text, (name, way, kind, text[:200])
                plain = text
                for sealed in packet.sealed if packet else []:
                    plain = plain.replace(sealed, "")
                assert not any(word in plain for word in WORDS), (name, way, plain[:200])

        # (c) Opened with the host's key, the same frames hold them: the test would see them.
        opened = {name: json.dumps([p.data for p in wire.opened()]) for name, wire in wires.items()}
        assert table_key(host) in opened["table"]
        assert claim in opened["table"]
        assert claim in json.dumps([p.data for p in claimer_wire.opened("sent")])
        assert tokens["phone"] in opened["phone"] and tokens["claimer"] in opened["claimer"]
        assert all(link in opened["phone"] for link in secrets["link"])
        assert secrets["start value"] <= set(values([p.data for p in phone_wire.opened("sent")], "start_value"))
        assert any(isinstance(p.data, dict) and p.data.get("json") == exported for p in table_wire.opened())
        # The phone's own bluff cards, as dealt, in its opened updates.
        screen = Screen()
        cards = []
        for p in phone_wire.opened("received"):
            if p.kind == "event" and p.name == "update":
                message = screen.take(p.data)
                you = (message or {}).get("view", {}).get("you") or {}
                if you.get("bluff_cards"):
                    cards.append(you["bluff_cards"])
        assert cards and cards[0] == dealt, (cards[:1], dealt)
        assert any(card["symbol"] in WORDS for hand in cards for card in hand)
        frames = sum(len(w.frames) for w in wires.values())
        print(
            f"\n{frames} frames on the wire ({', '.join(f'{n}: {len(w.frames)}' for n, w in wires.items())}), "
            f"{len(plan.steps)} steps; every one sealed after its connect"
        )
    finally:
        if sock is not None:
            sock.close()
        for ctx in contexts:
            ctx.close()
        stop_host(host)


def test_a_page_without_the_hosts_key_does_not_talk(browser, host):
    """A page whose address names another laptop's key is refused (its box does not open) and says so
    in words; one whose key is not a key does not connect at all. Neither sends anything in plain
    text; nor does a table screen's. A table address typed without the host's key takes it from the page."""
    other = PrivateKey.generate()
    wrong = base64.urlsafe_b64encode(bytes(other.public_key)).rstrip(b"=").decode()
    contexts: list = []
    try:
        for lang, words, k in (("en-GB", EN, wrong), ("nl-NL", NL, "not-a-key")):
            ctx = browser.new_context(**SMALL_PHONE, locale=lang)
            contexts.append(ctx)
            page = ctx.new_page()
            wire = Wire(page, host)
            page.goto(f"{host.base}/j/{host.code}#k={k}")
            page.wait_for_function("() => document.querySelector('#app').dataset.conn === 'refused'")
            assert page.locator("h1").inner_text() == words["refused"]["bad_seal_title"]
            assert page.locator("p.lead").inner_text() == words["refused"]["bad_seal"]
            sent = [(text, packet) for way, text, packet in wire.frames if way == "sent" and packet is not None]
            if k == wrong:  # one connect, sealed for the other key (the host's does not open it), and no more
                assert len(sent) == 1 and sent[0][0].startswith('40{"seal":') and sent[0][1].kind == "unopened"
            else:
                assert wire.frames == []
        ctx = browser.new_context(**TABLE, locale="en-GB")
        contexts.append(ctx)
        table = ctx.new_page()
        errors: list[str] = []
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(f"{host.base}/table#key={table_key(host)}&k=not-a-key")
        table.wait_for_function("() => document.querySelector('#app').dataset.conn === 'refused'")
        assert table.locator("h1").inner_text() == EN["refused"]["bad_seal_title"] and errors == []
        table.goto(f"{host.base}/table#key={table_key(host)}")
        table.reload()  # a new fragment alone does not load the page
        settle(table)
    finally:
        for ctx in contexts:
            ctx.close()


ASKED_OFFLINE = """async (code) => {
  const { net } = await import('/static/js/phone/phone-shared.js');
  const before = net.sealer;
  const early = before.seal({ code });  // what a page that sealed at once would have sent
  net.socket.disconnect();
  const asked = net.request('peek', { code });  // both wait in the socket's buffer
  const stale = new Promise((r) => net.socket.timeout(8000).emit('peek', early, (e, a) => r(a)));
  await new Promise((r) => setTimeout(r, 300));
  net.socket.connect();
  const answer = await asked;
  return { answer, stale: net.sealer.open(await stale), newKey: net.sealer !== before };
}"""


def test_a_message_asked_while_offline_goes_with_the_next_connects_key(browser, host):
    """A message the page asks while its socket is down waits in Socket.IO's buffer and is sealed when
    it goes, at the next connect, with that connect's key: the host opens it and answers. One sealed
    with the old connect's key is refused (bad_seal)."""
    ctx = browser.new_context(**SMALL_PHONE, locale="en-GB")
    try:
        phone = ctx.new_page()
        wire = Wire(phone, host)
        phone.goto(f"{host.base}/j/{host.code}")
        phone.locator('[data-input="name"]').wait_for()
        settle_online = "() => document.querySelector('#app').dataset.conn === 'online'"
        phone.wait_for_function(settle_online)
        got = phone.evaluate(ASKED_OFFLINE, host.code)
        assert got["newKey"] and got["answer"]["ok"] and got["stale"] == {"ok": False, "error": {"code": "bad_seal"}}, (
            got
        )
        connects = [p for way, _, p in wire.frames if way == "sent" and p is not None and p.kind == "connect"]
        peeks = [p for way, _, p in wire.frames if way == "sent" and p is not None and p.name == "peek"]
        assert len(connects) == 2 and peeks and all(p.data == {"code": host.code} for p in peeks)
        # The one that does not open with the host's key is the stale one, sent by the test; all else opens.
        unopened = [(way, text) for way, text, p in wire.frames if p is not None and p.kind == "unopened"]
        assert [way for way, _ in unopened] == ["sent"], unopened
    finally:
        ctx.close()
