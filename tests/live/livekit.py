"""The live tests' players: a lobby of a running ``cashrun`` (``tests/support``) with its table
screen and three phones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.support.client import Peer

if TYPE_CHECKING:
    from tests.support.cashrun import Cashrun

NAMES = ["Ann", "Bob", "Cas", "Dee"]


def lobby_of_three(running: Cashrun) -> tuple[Peer, list[Peer]]:
    """The table screen and three phones joined to the lobby ``cashrun`` opened."""
    table = Peer(running.base, {"table_key": running.key})
    phones = [Peer(running.base, {}) for _ in NAMES[:3]]
    for phone, name in zip(phones, NAMES):
        phone.join(running.code, name)
    return table, phones
