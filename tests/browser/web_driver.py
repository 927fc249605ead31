"""Drive the pages the way a person would: tap the controls a legal action shows."""
from __future__ import annotations

import json
from typing import Any

TIMEOUT = 15_000


def key(value: Any) -> str:
    """The data-key the pages give a choice: JSON.stringify of the value."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def settle(page, timeout: int = TIMEOUT) -> None:
    """Wait until the page is connected, has a view and waits for no answer."""
    page.wait_for_function(
        "() => { const d = document.querySelector('#app').dataset;"
        " return d.conn === 'online' && d.kind && d.pending === ''; }", timeout=timeout)


def wait_log(page, end: int, timeout: int = TIMEOUT) -> None:
    """Wait until the page shows the game up to log entry `end`."""
    page.wait_for_function(
        "(end) => Number(document.querySelector('#app').dataset.logEnd || -1) >= end", arg=end, timeout=timeout)


def log_end(view: dict[str, Any]) -> int:
    return view["log_start"] + len(view["log"])


FORMS = ("amount", "reason", "name")


def perform(page, action: dict[str, Any], scope: str = "#app", pad: bool = True, shot=None) -> None:
    """Carry out `action` (one of the listed actions, forms filled in) through the UI in `scope`."""
    # The table screen shows the controls of the next step once its stage has shown the outcome.
    page.wait_for_function("() => document.querySelector('#app').dataset.reveal !== '1'", timeout=TIMEOUT)
    box = page.locator(scope)
    kind = action["type"]
    chooser = box.locator(f'.chooser[data-type="{kind}"]')
    if chooser.count() == 0:
        simple = box.locator(f'[data-act="do"][data-type="{kind}"]')
        if simple.count():
            simple.first.click()
            confirm_if_asked(page)
            page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''", timeout=TIMEOUT)
            return
        box.locator(f'[data-act="open"][data-type="{kind}"]').first.click()
        chooser = box.locator(f'.chooser[data-type="{kind}"]')
    chooser.wait_for(timeout=TIMEOUT)
    if shot:
        page.screenshot(path=str(shot).replace(".png", "-choices.png"), full_page=True)
    # Each question in turn: tap the option that names this action's value.
    for _ in range(8):
        opts = chooser.locator('[data-act="pick"]')
        if opts.count() == 0:
            break
        field = opts.first.get_attribute("data-field")
        chooser.locator(f"[data-act=\"pick\"][data-field=\"{field}\"][data-key='{key(action[field])}']").click()
    if "amount" in action and isinstance(action["amount"], int):
        if pad and chooser.locator('[data-act="digit"]').count():
            chooser.locator('[data-act="digit"][data-d="C"]').click()
            for d in str(action["amount"] // 1000):
                chooser.locator(f'[data-act="digit"][data-d="{d}"]').click()
        else:
            chooser.locator('[data-form="amount"]').fill(str(action["amount"]))
    for f in ("reason", "name"):
        if f in action and isinstance(action[f], str):
            chooser.locator(f'[data-form="{f}"]').fill(action[f])
    confirm = chooser.locator('[data-act="confirm"]')
    confirm.wait_for(timeout=TIMEOUT)
    page.wait_for_function("(b) => !b.disabled", arg=confirm.element_handle(), timeout=TIMEOUT)
    if shot:
        page.screenshot(path=shot, full_page=True)
    confirm.click()
    page.wait_for_function("() => document.querySelector('#app').dataset.pending === ''", timeout=TIMEOUT)


def confirm_if_asked(page) -> None:
    """Say yes when the page asks first (an action that cannot be undone)."""
    yes = page.locator('[data-act="confirm-yes"]')
    if yes.count():
        yes.click()


def bluff_symbols(page) -> list[str]:
    """Hold the look button down, read my bluff cards, let go."""
    btn = page.locator("[data-hold]")
    if btn.count() == 0:
        return []
    btn.hover()
    page.mouse.down()
    page.locator(".bluff.up").first.wait_for(timeout=TIMEOUT)
    texts = page.locator(".bluff.up").all_inner_texts()
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('.bluff.up')", timeout=TIMEOUT)
    return sorted(t.strip() for t in texts)


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
