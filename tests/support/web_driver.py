"""Drive the pages the way a person would: tap the controls a legal action shows."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import TimeoutError as PageTimeout

from tests.engine.randomplay import PhoneChain
from tests.support.browser import TABLE, TV
from tests.support.screen import Screen
from tests.support.wire_seal import SealedSocket, host_key, text_of

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

TIMEOUT = 15_000
CLICKS, CLICK_TAKEN = 3, 3_000
"""How often ``drawer_to`` clicks, and how long (ms) it waits for the drawer after a click."""


def key(value: Any) -> str:
    """The data-key the pages give a choice: JSON.stringify of the value."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def table_key(host) -> str:
    """The table key in the address ``cashrun`` printed (``/table#key=KEY&k=…``, once ``/table?key=KEY``)."""
    return re.search(r"[?#&]key=([\w-]+)", host.table_url).group(1)


def new_page(browser, contexts: list, prepare: Callable[[Any], None] | None = None, **options: Any):
    """A page in a new browser context (kept in ``contexts`` to close); ``prepare`` gets the context
    before its page opens (init scripts)."""
    ctx = browser.new_context(**options)
    contexts.append(ctx)
    if prepare is not None:
        prepare(ctx)
    return ctx.new_page()


def open_table(browser, host, contexts: list, **options: Any):
    """The table screen in a new browser context (kept in `contexts` to close), settled."""
    page = new_page(browser, contexts, **{**TABLE, **options})
    page.goto(host.table_url)
    settle(page)
    return page


def shoot(table, path: Path) -> None:
    """The table screen at the laptop's size, then at the television's (``…-1920x1080.png``)."""
    table.screenshot(path=path)
    table.set_viewport_size(TV)
    table.screenshot(path=path.with_name(f"{path.stem}-1920x1080.png"))
    table.set_viewport_size(TABLE["viewport"])


def drawer_to(table, is_open: bool, want: bool) -> bool:
    """Open or close the banker's drawer on the table screen as needed; returns ``want``. A click
    that comes while the bar is drawn anew (the game's screen just loaded, a reveal just ended) is
    lost, as a person's would be, who clicks again: so is this one, once its drawer has not come."""
    if want and not is_open:
        button = table.locator('.bar [data-act="drawer"]')
        for _ in range(CLICKS):
            button.click()
            try:
                table.locator("#drawer").wait_for(timeout=CLICK_TAKEN)
                break
            except PageTimeout:
                if button.get_attribute("aria-expanded") == "true":
                    break  # the click was taken: the drawer is on its way
        table.locator("#drawer").wait_for()
    elif is_open and not want:
        table.locator('#drawer .drawer-head [data-act="drawer"]').click()
    return want


def settle(page, timeout: int = TIMEOUT) -> None:
    """Wait until the page is connected, has a view and waits for no answer."""
    page.wait_for_function(
        "() => { const d = document.querySelector('#app').dataset;"
        " return d.conn === 'online' && d.kind && d.pending === ''; }",
        timeout=timeout,
    )


def wait_log(page, end: int, timeout: int = TIMEOUT) -> None:
    """Wait until the page shows the game up to log entry `end`."""
    page.wait_for_function(
        "(end) => Number(document.querySelector('#app').dataset.logEnd || -1) >= end", arg=end, timeout=timeout
    )


def log_end(view: dict[str, Any]) -> int:
    return view["log_start"] + len(view["log"])


FORMS = ("amount", "reason", "name")


def perform(
    page,
    action: dict[str, Any],
    scope: str = "#app",
    pad: bool = True,
    shot=None,
    by: str = "typing",
    look: Callable[[str], None] | None = None,
) -> int:
    """Carry out `action` (one of the listed actions, forms filled in) through the UI in `scope`.

    On a phone's pad the amount is typed digit by digit (`by="typing"`), made of quick amounts
    (`by="quick"`), or one quick amount that is exactly it when there is one (`by="fewest"`, else
    quick amounts); either way the pad must then show exactly that amount. `look(stage)` is
    called at each screen the person sees before tapping (stage: "buttons", "pick-<field>", "confirm").
    Returns the taps a person made (typing's over-the-limit check, a test of the pad, not counted)."""
    look = look or (lambda stage: None)
    # The table screen shows the controls of the next step once its stage has shown the outcome.
    page.wait_for_function("() => document.querySelector('#app').dataset.reveal !== '1'", timeout=TIMEOUT)
    box = page.locator(scope)
    kind = action["type"]
    chooser = box.locator(f'.chooser[data-type="{kind}"]')
    if chooser.count() == 0:
        simple = box.locator(f'[data-act="do"][data-type="{kind}"]')
        if simple.count():
            look("buttons")
            simple.first.click()
            taps = 1 + confirm_if_asked(page)
            page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''", timeout=TIMEOUT)
            return taps
        box.locator(f'[data-act="open"][data-type="{kind}"]').first.click()
        chooser = box.locator(f'.chooser[data-type="{kind}"]')
        taps = 1
    else:
        taps = 0
    chooser.wait_for(timeout=TIMEOUT)
    if shot:
        page.screenshot(path=str(shot).replace(".png", "-choices.png"), full_page=True)
    # Each question in turn: tap the option that names this action's value.
    for _ in range(8):
        opts = chooser.locator('[data-act="pick"]')
        if opts.count() == 0:
            break
        field = opts.first.get_attribute("data-field")
        also = opts.first.get_attribute("data-also")  # a second field chosen by the same tap (a game and its pick)
        look(f"pick-{field}")
        option = f'[data-act="pick"][data-field="{field}"][data-key=\'{key(action[field])}\']'
        if also:
            option += f"[data-also-key='{key(action[also])}']"
        chooser.locator(option).click()
        taps += 1
    if "amount" in action and isinstance(action["amount"], int):
        if pad and chooser.locator('[data-act="digit"]').count():
            taps += enter_amount(chooser, action["amount"], by)
        else:
            chooser.locator('[data-form="amount"]').fill(str(action["amount"]))
    if isinstance(action.get("at"), int) and chooser.locator('[data-form="at"]').count():
        chooser.locator('[data-form="at"]').fill(str(action["at"] + 1))  # a board space, asked as its number
    for f in ("reason", "name"):
        if f in action and isinstance(action[f], str):
            chooser.locator(f'[data-form="{f}"]').fill(action[f])
    confirm = chooser.locator('[data-act="confirm"]')
    confirm.wait_for(timeout=TIMEOUT)
    page.wait_for_function("(b) => !b.disabled", arg=confirm.element_handle(), timeout=TIMEOUT)
    look("confirm")
    if shot:
        page.screenshot(path=shot, full_page=True)
    confirm.click()
    page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''", timeout=TIMEOUT)
    return taps + 1


def digits(text: str) -> int:
    return int(re.sub(r"\D", "", text) or -1)


def shown_amount(chooser) -> int:
    return digits(chooser.locator('[data-out="amount"]').inner_text())


def enter_amount(chooser, amount: int, by: str) -> int:
    """Type the amount in euros on the pad, or tap the quick amounts; returns the taps counted."""
    taps = 0
    exact = chooser.locator(f'[data-act="quick"][data-op="set"][data-amount="{amount}"]')
    if by == "fewest" and exact.count():
        exact.first.click()
        taps = 1
    elif by == "typing":
        # Too much first: the pad explains it before confirm, and confirm waits.
        chooser.locator('[data-act="quick"][data-op="clear"]').click()
        for d in "999999999":
            chooser.locator(f'[data-act="digit"][data-d="{d}"]').click()
        assert chooser.locator('[data-out="problem"]').inner_text().strip()
        assert chooser.locator('[data-act="confirm"]').is_disabled()
        chooser.locator('[data-act="quick"][data-op="clear"]').click()
        for d in str(amount):
            chooser.locator(f'[data-act="digit"][data-d="{d}"]').click()
        taps = len(str(amount))
    else:
        have = max(shown_amount(chooser), 0)
        if have > amount:
            chooser.locator('[data-act="quick"][data-op="clear"]').click()
            have, taps = 0, 1
        raises = sorted(
            (
                int(x)
                for x in chooser.locator('[data-act="quick"][data-op="add"]').evaluate_all(
                    "els => els.map(e => e.dataset.amount)"
                )
            ),
            reverse=True,
        )
        for step in raises:
            while amount - have >= step:
                chooser.locator(f'[data-act="quick"][data-op="add"][data-amount="{step}"]').click()
                have += step
                taps += 1
        assert have == amount, f"{amount} cannot be made of quick amounts {raises}"
    assert shown_amount(chooser) == amount, chooser.locator('[data-out="amount"]').inner_text()
    return taps


def bluff_symbols(page) -> list[str]:
    """Hold each of my bluff cards down in turn, read its face, let go: the face hides again."""
    cards = page.locator(".card-row [data-hold]")
    faces = []
    for i in range(cards.count()):
        cards.nth(i).hover()
        page.mouse.down()
        up = page.locator(".card-row .bluff.up")
        up.wait_for(timeout=TIMEOUT)
        assert up.count() == 1
        faces.append(up.inner_text().strip())
        page.mouse.up()
        page.wait_for_function("() => !document.querySelector('.bluff.up')", timeout=TIMEOUT)
    return sorted(faces)


class Frames:
    """The whole messages a page had (each `view`, or built from its `update`s as the page builds
    them) and the `act` messages it sent, opened as the laptop's owner can: with the key in the
    data folder of ``host``, the ``cashrun`` the page talks to."""

    def __init__(self, page, host) -> None:
        self.key = host_key(host)
        self.views: list[dict] = []
        self.screen = Screen()
        self.acts: list[dict] = []
        self.raw: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        sock = SealedSocket(self.key)
        ws.on("framereceived", lambda payload: self._frame(sock, payload))
        ws.on("framesent", lambda payload: self._sent(sock, payload))

    def _sent(self, sock: SealedSocket, payload) -> None:
        packet = sock.packet(payload)
        if packet is not None and packet.name == "act":
            self.acts.append(packet.data["action"])

    def _frame(self, sock: SealedSocket, payload) -> None:
        self.raw.append(text_of(payload))
        packet = sock.packet(payload)
        if packet is None or packet.kind != "event":
            return
        if packet.name == "view":
            self.views.append(packet.data)
        elif packet.name == "update":
            message = self.screen.take(packet.data)
            if message is not None:
                self.views.append(message)


FAIR = ("client_seeds", "start_commits", "start_values", "chains")


def started_fair(frames: Frames) -> dict[str, list]:
    """What the phones added as the game's start holds it (the table screen's first game view): the
    client seeds, start commitments and values, and chain heads; what a local mirror of the game
    needs besides the host's fixed seed (``Game.new(..., **started_fair(frames))``)."""
    view = next(v["view"] for v in frames.views if v.get("kind") == "game")
    assert view["log_start"] == 0 and view["log"][0]["type"] == "game_started"
    return {key: view["log"][0][key] for key in FAIR}


SEEDED_RANDOM = """((seed) => {
  // The seal's keys and nonces keep the browser's own randomness: tweetnacl (loaded later, into
  // self.nacl) is given it when it defines setPRNG, and its own call of setPRNG does nothing. A
  // seeded page key would be made again by the next page with the same seed (a replay to the host),
  // and the game's values stay the ones the seed gave before messages were sealed.
  const real = crypto.getRandomValues.bind(crypto);
  const nacl = {};
  Object.defineProperty(nacl, 'setPRNG', {
    configurable: true,
    set(own) { own((x, n) => { const v = new Uint8Array(n); real(v); x.set(v); }); },
    get() { return () => {}; },
  });
  self.nacl = nacl;
  // mulberry32, its state kept in the origin's storage so a reload goes on where it was.
  const key = 'test.random';
  let s = Number(localStorage.getItem(key) ?? seed) >>> 0;
  const next = () => {
    s = (s + 0x6D2B79F5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  Object.defineProperty(crypto, 'getRandomValues', { value: (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    localStorage.setItem(key, String(s));
    return array;
  } });
})"""


def seeded_random(ctx, seed: int) -> None:
    """The pages of ``ctx`` draw their randomness (a phone's client seed, start value, chain and
    action ids) from ``seed``, so a test's game is the same every run. Only a test does this: a
    real phone's values come from the browser's cryptographic source, unforeseeable by the host."""
    ctx.add_init_script(f"{SEEDED_RANDOM}({seed})")


def kept_entries(pages: list, game_id: str | None = None) -> list[dict | None]:
    """What each phone keeps for the game (``game_id``; its only game when None); None for a seat
    without a phone (None in ``pages``)."""
    kept = [None if page is None else kept_fair(page) for page in pages]
    return [None if k is None else k[game_id] if game_id else next(iter(k.values())) for k in kept]


def phone_chains(pages: list, game_id: str | None = None) -> dict[int, PhoneChain]:
    """Each phone's hash chain (seat: its place in ``pages``), from the seed it keeps for the game."""
    return {seat: PhoneChain(entry["chain_seed"]) for seat, entry in enumerate(kept_entries(pages, game_id)) if entry}


def kept_fair_args(pages: list, game_id: str | None = None) -> dict[str, list]:
    """What the phones added, as they keep it (every one revealed its start value in time):
    ``Game.new``'s keyword arguments besides the host's seed."""
    entries = kept_entries(pages, game_id)
    field = lambda key: [entry and entry[key] for entry in entries]
    return {
        "client_seeds": field("client_seed"),
        "start_commits": field("start_commit"),
        "start_values": field("start_value"),
        "chains": field("chain"),
    }


def kept_fair(page) -> dict:
    """What a phone keeps for its check, per game: the fingerprint it saw first and its client seed."""
    return page.evaluate("JSON.parse(localStorage.getItem('cashrun.fair') || '{}')")


def fair_result(page, timeout: int = TIMEOUT) -> tuple[str, str]:
    """The end screen's check, once it has run: its state (ok, failed) and its headline."""
    page.locator('[data-out="fair"]:not([data-fair="checking"])').wait_for(timeout=timeout)
    panel = page.locator('[data-out="fair"]')
    return panel.get_attribute("data-fair"), panel.locator(".fair-head").inner_text()


def secrets(data) -> list:
    """Every list of bluff cards (with their symbols) anywhere in a message."""
    found = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "bluff_cards" and isinstance(v, list):
                found.append(v)
            else:
                found += secrets(v)
    elif isinstance(data, list):
        for v in data:
            found += secrets(v)
    return found


def confirm_if_asked(page) -> int:
    """Say yes when the page asks first (an action that cannot be undone); returns the taps (0 or 1)."""
    yes = page.locator('[data-act="confirm-yes"]')
    if yes.count():
        yes.click()
        return 1
    return 0


def joined_phone(
    browser, host, name: str, contexts: list, prepare: Callable[[Any], None] | None = None, **options: Any
):
    """A phone in a new browser context (kept in ``contexts`` to close) that joined with ``name``,
    in the lobby; ``prepare`` gets the context before its page opens (init scripts)."""
    page = new_page(browser, contexts, prepare, **options)
    page.goto(f"{host.base}/j/{host.code}")
    page.locator('[data-input="name"]').fill(name)
    page.locator('[data-act="join"]').click()
    settle(page)
    page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'lobby'")
    return page


def seat_without_phones(page, names: list[str]) -> None:
    """In the lobby: a seat for each name, played from the table screen."""
    for name in names:
        perform(page, {"type": "add_player", "name": name}, pad=False)
    page.wait_for_function("(n) => document.querySelectorAll('.lp').length === n", arg=len(names))


def start_game(page) -> None:
    """The banker starts the game (and says yes when asked)."""
    page.locator('[data-act="do"][data-type="start"]').click()
    confirm_if_asked(page)
    page.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")


def claim_seat(table, phone, base: str, seat: int) -> None:
    """The banker makes a claim code for ``seat`` in the drawer and shows it; the phone opens the
    claim link and takes the seat."""
    drawer_to(table, False, True)
    table.locator(f'#drawer [data-act="claim"][data-seat="{seat}"]').click()
    table.locator(f'[data-act="claim-show"][data-seat="{seat}"]').click()
    code = re.search(r"\d{4} \d{4}", table.locator(f'[data-out="claim-{seat}"]').inner_text()).group().replace(" ", "")
    drawer_to(table, True, False)
    phone.goto(f"{base}/#c={code}")
    phone.locator('[data-act="claim"]').tap()
    phone.wait_for_function("(s) => document.querySelector('#app').dataset.kind === 'game'", arg=seat)
    settle(phone)
