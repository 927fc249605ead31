"""A screen's side of the updates (companion/wire/updates.py), as the pages keep it in
web/static/js/core/updates.js: for the tests and benches that play with python-socketio clients."""

from __future__ import annotations

from typing import Any

from companion.play.symbols import named
from companion.wire.updates import join, patch


class Screen:
    """What a client keeps of its updates: the version and both parts; gives the whole message.

    A page gets its messages in order, and so does ``tests.support.client.Peer``. An update that
    does not follow the last one taken (one before it was lost, or its client's library ran its
    handlers out of order) waits here (``behind``) until that one comes; if it never does, the
    client sends ``sync``.
    """

    def __init__(self) -> None:
        self.version: int | None = None
        self.public: dict[str, Any] | None = None
        self.own: dict[str, Any] | None = None
        self._early: dict[int, dict[str, Any]] = {}

    @property
    def behind(self) -> bool:
        """An update came that does not follow the last one taken."""
        return bool(self._early)

    def take(self, update: dict[str, Any]) -> dict[str, Any] | None:
        """The whole message after ``update`` (and any that came early and follow it); None when
        it does not follow the last one taken."""
        base = update.get("base")
        if base is not None and base != self.version:
            if self.version is None or base > self.version:
                self._early[base] = update
            return None
        self._apply(update)
        while (following := self._early.pop(self.version, None)) is not None:
            self._apply(following)
        if base is None:  # a whole one starts again (after a reconnect the host may count anew)
            self._early.clear()
        self._early = {base: u for base, u in self._early.items() if base > self.version}
        assert self.public is not None and self.own is not None
        return readable(join(self.public, self.own))

    def _apply(self, update: dict[str, Any]) -> None:
        if "public" in update:
            self.public = patch(self.public, update["public"])
        if "own" in update:
            self.own = patch(self.own, update["own"])
        self.version = update["v"]


def readable(message: dict[str, Any]) -> dict[str, Any]:
    """A whole message as the pages read it: a phone's cards' symbols named again (they travel as
    one letter each: ``companion.play.symbols``)."""
    view = message.get("view")
    if not isinstance(view, dict) or not isinstance(view.get("you"), dict):
        return message
    return {**message, "view": {**view, "you": named(view["you"])}}
