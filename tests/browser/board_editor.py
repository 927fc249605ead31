"""The board map in the table screen's editor, tapped in as a banker would walk round the board."""

from __future__ import annotations

from typing import Any

from engine import Settings

OTHER = [
    {"space": "cash_and_run"},
    {"space": "bluff"},
    {"space": "win_pot", "symbol": "dice"},
    {"space": "everybody_plays", "symbol": "roulette"},
    {"space": "grand_slam"},
    {"space": "buy_back", "symbol": "cards"},
    {"space": "cash_and_run"},
    {"space": "bluff"},
    {"space": "win_pot", "symbol": "cards"},
    {"space": "bluff"},
    {"space": "everybody_plays", "symbol": "dice"},
    {"space": "bluff"},
]


def board_24() -> dict[str, Any]:
    """24 spaces for the default box: every casino once, each after another kind of space."""
    casinos = len(Settings().box)
    spaces: list[dict[str, Any]] = []
    for i in range(casinos):
        spaces += [OTHER[i % len(OTHER)], {"space": "casino", "casino": (5 * i) % casinos}]
    return {"version": 1, "spaces": spaces}


def button(space: dict[str, Any]) -> str:
    """The editor's one button for a space: a casino by its number, a symbol space by its symbol."""
    if space["space"] == "casino":
        return f'[data-act="bd-put"][data-casino="{space["casino"]}"]'
    symbol = f'[data-symbol="{space["symbol"]}"]' if "symbol" in space else ":not([data-symbol])"
    return f'[data-act="bd-put"][data-kind="{space["space"]}"]{symbol}'


def enter_board(page, spaces: list[dict[str, Any]]) -> int:
    """Tap each space in order in the open editor, after the spaces entered; returns the taps."""
    editor = page.locator(".board-edit")
    done = editor.locator(".tile:not(.next)").count()
    for n, space in enumerate(spaces, start=done):
        editor.locator(button(space)).click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.board-edit .tile:not(.next)').length === n", arg=n + 1
        )
    return len(spaces)
