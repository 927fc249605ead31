"""Updates instead of whole views: what changed since the message a screen got last.

Every message a screen gets is two parts. ``public`` is the same for every socket of the
table: the game's public view (or the lobby), who is connected and the auction countdown.
``own`` is the rest, which differs per kind of screen: a phone's bluff cards (``you``) and
legal actions, the table screen's actions and extras. A change of the public part is
worked out and encoded once per act for all the table's sockets; only the own parts are
per socket. The format is in docs/protocol.md ("Updates").

A change turns one JSON value into another:

- ``[value]``: the value is replaced by ``value`` (in a list, so ``null`` is a value);
- ``[]``: in an object, the key is deleted;
- an object, when the old value is an object: a change per changed key;
- an object, when the old value is a list: ``cut`` items dropped from the front, then
  ``at`` (index to change, indices after the cut), then ``splice`` ``[index, count,
  items]``: ``count`` items at ``index`` replaced by ``items``. The log is a window that
  moves on: its change is a cut and the new events.

Values compare as Python compares them (``1 == 1.0 == True``); the host's messages never
swap a number for a boolean or the other way round.
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass, field
from typing import Any, overload

SHARED = ("game_id", "connected", "auction")
"""The message's keys that every socket of the table gets alike (with ``view`` minus ``you``)."""
SECRET = "you"
"""The key of ``view`` that holds a phone's own secrets; it travels in the own part."""


def split(message: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole message as its public and its own part."""
    view = message["view"]
    public = {key: message[key] for key in SHARED if key in message}
    public["view"] = {key: value for key, value in view.items() if key != SECRET}
    own = {key: value for key, value in message.items() if key not in SHARED and key != "view"}
    if SECRET in view:
        own[SECRET] = view[SECRET]
    return public, own


def join(public: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """The whole message of a public and an own part (``split`` the other way)."""
    message = {key: value for key, value in own.items() if key != SECRET}
    message.update((key, value) for key, value in public.items() if key != "view")
    view = dict(public["view"])
    if SECRET in own:
        view[SECRET] = own[SECRET]
    message["view"] = view
    return message


# Changes.


def diff(old: Any, new: Any) -> Any:
    """The change that turns ``old`` into ``new``; None when they are equal."""
    if old is new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        return _dict_diff(old, new)
    if isinstance(old, list | tuple) and isinstance(new, list | tuple):
        return _list_diff(old, new)
    if type(old) is type(new) and old == new:
        return None
    return [new]


def own_diff(old: dict[str, Any], new: dict[str, Any]) -> Any:
    """The change of an own part, with a phone's secrets (``you``) whole whenever they change: a
    change made inside them would say what is alike in the old and the new (a card that took
    another's place in a hand carries a symbol only where the two differ), and so would its
    length. Whole, their length follows from the public count of cards and their ids alone."""
    change = diff(old, new)
    if isinstance(change, dict) and SECRET in change and SECRET in new:
        change[SECRET] = [new[SECRET]]
    return change


def _dict_diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | list[dict[str, Any]] | None:
    change: dict[str, Any] = {}
    for key, value in new.items():
        if key in old:
            if old[key] is value:  # a shared part (``share``): unchanged
                continue
            inner = diff(old[key], value)
            if inner is not None:
                change[key] = inner
        else:
            change[key] = [value]
    for key in old:
        if key not in new:
            change[key] = []
    if len(change) > len(new):
        return [new]  # most of it is new: the whole is shorter
    return change or None


def _list_diff(old: list[Any] | tuple[Any, ...], new: list[Any] | tuple[Any, ...]) -> dict[str, Any] | None:
    if old == new:
        return None
    cut = _moved_on(old, new)
    if cut:
        kept = len(old) - cut
        return {"cut": cut, "splice": [kept, 0, list(new[kept:])]}
    # The same list with some items changed in place and one run inserted or removed.
    n_old, n_new = len(old), len(new)
    shorter = min(n_old, n_new)
    start = 0
    while start < shorter and old[start] == new[start]:
        start += 1
    tail = 0
    while tail < shorter - start and old[n_old - 1 - tail] == new[n_new - 1 - tail]:
        tail += 1
    end_old, end_new = n_old - tail, n_new - tail
    pairs = min(end_old, end_new) - start
    change: dict[str, Any] = {}
    at = {str(i): inner for i in range(start, start + pairs) if (inner := diff(old[i], new[i])) is not None}
    if at:
        change["at"] = at
    if end_old != end_new:
        index = start + pairs
        change["splice"] = [index, end_old - index, list(new[index:end_new])]
    return change or None


def _moved_on(old: list[Any] | tuple[Any, ...], new: list[Any] | tuple[Any, ...]) -> int:
    """How many items a window dropped from its front, if ``new`` goes on where ``old`` ends
    (the log after new events); 0 otherwise."""
    if not old or not new:
        return 0
    first, cut = new[0], 0
    while True:
        try:
            cut = old.index(first, cut + 1)
        except ValueError:
            return 0
        kept = len(old) - cut
        if kept <= len(new) and old[cut:] == new[:kept]:
            return cut


def patch(old: Any, change: Any) -> Any:
    """``old`` with ``change`` made; ``old`` itself is left as it was (what changes is copied)."""
    if isinstance(change, list):
        return change[0]
    if isinstance(old, dict):
        new = dict(old)
        for key, inner in change.items():
            if inner == []:
                del new[key]
            else:
                new[key] = patch(old.get(key), inner)
        return new
    items = list(old[change.get("cut", 0) :])
    for index, inner in change.get("at", {}).items():
        items[int(index)] = patch(items[int(index)], inner)
    if "splice" in change:
        index, count, added = change["splice"]
        items[index : index + count] = added
    return items


def copy(value: Any) -> Any:
    """``value`` in objects of its own: what was sent must not change afterwards (the engine
    changes some of its lists in place) for the next change to be right. ``marshal`` copies
    the JSON types (and tuples) in C, five times faster than a JSON round trip, which is the
    way for a value holding any other type (a string enum, say)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return json.loads(json.dumps(value))


_SCALARS = (str, int, float, bool, type(None))


def share(old: Any, new: Any) -> Any:
    """A copy of ``new`` (as ``copy`` makes it) that reuses the parts of ``old`` equal to it.

    ``old`` is a copy made before and never changed, so its parts can be shared: the copy of
    what did not change costs one comparison in C, and ``diff`` skips a shared part at once
    (``old is new``). A table's public part after an act is mostly the one before it.
    """
    if old is None:
        return copy(new)
    if type(old) is type(new) and old == new:
        return old
    if isinstance(new, dict) and isinstance(old, dict):
        made = {}
        for key, value in new.items():
            if key not in old:
                made[key] = copy(value)
            elif _same(before := old[key], value):  # inline: most keys did not change
                made[key] = before
            else:
                made[key] = share(before, value)
        return made
    if isinstance(new, list) and isinstance(old, list):
        return _share_list(old, new)
    return new if type(new) in _SCALARS else copy(new)


def _share_list(old: list[Any], new: list[Any]) -> list[Any]:
    cut = _moved_on(old, new)
    if cut:  # a window that moved on: its old items as they were, the new ones copied
        kept = len(old) - cut
        return [*old[cut:], *(copy(item) for item in new[kept:])]
    # The items that stayed in place at either end shared, those in between copied.
    shorter = min(len(old), len(new))
    start = 0
    while start < shorter and _same(old[start], new[start]):
        start += 1
    tail = 0
    while tail < shorter - start and _same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    return [*old[:start], *copy(list(new[start : len(new) - tail])), *(old[len(old) - tail :] if tail else ())]


def _same(old: Any, new: Any) -> bool:
    return old is new or (type(old) is type(new) and old == new)


def encode(value: Any) -> str:
    """Compact JSON, as Socket.IO writes it (ASCII: a stray half of a character cannot break a frame)."""
    return json.dumps(value, separators=(",", ":"))


# The host's side: one round of updates per change of the table.


@dataclass(slots=True)
class Seen:
    """What one socket was sent last: its version and both parts, kept as they were sent."""

    version: int
    public: dict[str, Any]
    own: dict[str, Any]


@dataclass(slots=True)
class Round:
    """The updates of one change of a table: each is worked out and encoded once.

    The public part's change from a given earlier public part is encoded once for every
    socket that had that part (usually all of them); a whole update text once for every
    socket that had the same parts and gets the same own part (the table screens, the
    watchers).
    """

    version: int
    public: dict[str, Any]
    _public_changes: dict[int, tuple[dict[str, Any], str | None]] = field(default_factory=dict)
    _texts: dict[tuple[int, int, int, int], tuple[tuple[Any, ...], str | None]] = field(default_factory=dict)
    _public_text: str | None = None
    _wholes: dict[tuple[bool, int], tuple[dict[str, Any], str]] = field(default_factory=dict)

    def full(self, own: dict[str, Any]) -> tuple[str, Seen]:
        """The whole message as an update (no ``base``), and what the socket has then: encoded
        once per round and own part, however many sockets connect or ``sync`` meanwhile."""
        known = self._wholes.get((False, id(own)))
        if known is None:
            if self._public_text is None:
                self._public_text = encode([self.public])
            text = message(self.version, None, self._public_text, encode([own]))
            known = self._wholes[(False, id(own))] = (own, text)  # the part held: its id stays its own
        return known[1], Seen(self.version, self.public, own)

    def view(self, own: dict[str, Any]) -> str:
        """The whole ``view`` message's JSON (a client that asked for whole views), once per own part."""
        known = self._wholes.get((True, id(own)))
        if known is None:
            known = self._wholes[(True, id(own))] = (own, encode(join(self.public, own)))
        return known[1]

    def update(self, seen: Seen | None, own: dict[str, Any]) -> tuple[str | None, Seen]:
        """What a socket that had ``seen`` gets now (None: nothing changed), and what it has then."""
        if seen is None:
            return self.full(own)
        key = (seen.version, id(seen.public), id(seen.own), id(own))  # the text names seen's version as its base
        known = self._texts.get(key)
        if known is None:
            own_change = own_diff(seen.own, own)
            text = message(
                self.version,
                seen.version,
                self._public_change(seen.public),
                None if own_change is None else encode(own_change),
            )
            known = self._texts[key] = ((seen.public, seen.own, own), text)  # the parts held: their ids stay theirs
        text = known[1]
        return text, (seen if text is None else Seen(self.version, self.public, own))

    def _public_change(self, old: dict[str, Any]) -> str | None:
        known = self._public_changes.get(id(old))
        if known is None:
            change = diff(old, self.public)
            known = self._public_changes[id(old)] = (old, None if change is None else encode(change))
        return known[1]


@overload
def message(version: int, base: None, public: str | None, own: str | None) -> str: ...


@overload
def message(version: int, base: int | None, public: str | None, own: str | None) -> str | None: ...


def message(version: int, base: int | None, public: str | None, own: str | None) -> str | None:
    """The ``update`` message's JSON from its encoded changes; None when neither part changed."""
    if base is not None and public is None and own is None:
        return None
    parts = [f'"v":{version}']
    if base is not None:
        parts.append(f'"base":{base}')
    if public is not None:
        parts.append(f'"public":{public}')
    if own is not None:
        parts.append(f'"own":{own}')
    return "{" + ",".join(parts) + "}"
