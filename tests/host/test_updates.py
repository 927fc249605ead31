"""Updates instead of whole views (companion/wire/updates.py): a change made gives exactly the new
value, and a screen that applies its updates in order has exactly the message sent in full."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hostkit import Client, FakeClock, card_paths, fake_app, join, play
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.play import messages
from companion.wire import updates
from tests.support.screen import Screen, readable

LEAVES = st.none() | st.booleans() | st.integers(0, 3) | st.sampled_from(["a", "b", ""]) | st.just(1.5)
JSON = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["a", "b", "c", "at", "cut"]), inner, max_size=4)
    ),
    max_leaves=30,
)


def wire(value: Any) -> Any:
    """The value as the other side reads it."""
    return json.loads(json.dumps(value))


@given(JSON, JSON)
def test_a_change_made_gives_the_new_value_and_leaves_the_old_one(old, new):
    before = json.dumps(old)
    change = updates.diff(old, new)
    if change is None:
        assert wire(old) == wire(new)
    else:
        assert wire(updates.patch(wire(old), wire(change))) == wire(new)
        assert wire(updates.patch(old, change)) == wire(new)
    assert json.dumps(old) == before


@given(
    st.lists(st.integers(0, 2), max_size=8),
    st.integers(0, 8),
    st.lists(st.integers(0, 2), max_size=8),
    st.integers(1, 8),
)
def test_a_window_that_moves_on_sends_only_what_is_new(items, extra, added, window):
    old = items[-window:]
    longer = items + added
    new = longer[-window:]
    change = updates.diff(old, new)
    assert updates.patch(old, change) == new if change is not None else old == new


def test_the_log_of_a_full_window_is_a_cut_and_the_new_events():
    log = [{"type": "turn", "seat": i % 3, "number": i} for i in range(80)]
    old, new = {"log": log[10:70], "log_start": 10}, {"log": log[12:72], "log_start": 12}
    assert updates.diff(old, new) == {"log": {"cut": 2, "splice": [58, 0, log[70:72]]}, "log_start": [12]}


def test_a_mostly_new_object_is_sent_whole():
    old = {"waiting": {"seats": [1], "casino": 3, "symbol": "dice", "owner": 2}}
    assert updates.diff(old, {"waiting": {"seats": [4], "start": True}}) == {"waiting": [{"seats": [4], "start": True}]}


STRICT = st.none() | st.booleans() | st.integers(2, 3) | st.sampled_from(["a", "b", ""]) | st.just(1.5)
"""Leaves no two of which are equal with different JSON types (``True == 1``): the host's
messages never swap those, and ``share``, like ``diff``, compares as Python does."""
STRICT_JSON = st.recursive(
    STRICT,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=4),
    max_leaves=30,
)


def containers(value: Any) -> list[Any]:
    """Every dict and list inside ``value``, itself included."""
    if isinstance(value, dict):
        return [value, *(c for inner in value.values() for c in containers(inner))]
    if isinstance(value, list):
        return [value, *(c for inner in value for c in containers(inner))]
    return []


@given(STRICT_JSON, STRICT_JSON)
def test_a_shared_copy_is_the_new_value_holds_nothing_of_it_and_leaves_the_old_one(old, new):
    kept = updates.copy(old)
    before = json.dumps(kept)
    made = updates.share(kept, new)
    assert wire(made) == wire(new)
    assert json.dumps(kept) == before
    assert not {id(c) for c in containers(made)} & {id(c) for c in containers(new)}
    if wire(old) == wire(new):
        assert made is kept


def test_a_shared_copy_keeps_the_parts_that_did_not_change():
    log = [{"type": "turn", "seat": i % 3, "number": i} for i in range(80)]
    kept = updates.copy({"view": {"log": log[10:70], "players": [{"money": 5}, {"money": 7}]}, "code": "ab"})
    live = {"view": {"log": log[12:72], "players": [{"money": 5}, {"money": 9}]}, "code": "ab"}
    made = updates.share(kept, live)
    assert made == live
    assert made["view"]["log"][:58] == kept["view"]["log"][2:] and made["view"]["log"][0] is kept["view"]["log"][2]
    assert made["view"]["log"][58] is not log[70] and made["view"]["players"][0] is kept["view"]["players"][0]
    assert updates.diff(kept, made) == updates.diff(kept, live)


def test_split_and_join_give_the_message_back_and_the_secret_is_own():
    message = {
        "kind": "game",
        "game_id": "g",
        "seat": 1,
        "view": {"pot": 5, "you": {"seat": 1, "bluff_cards": []}},
        "legal_actions": [],
        "connected": [True],
        "auction": None,
    }
    public, own = updates.split(message)
    assert "you" not in public["view"] and own["you"] == message["view"]["you"]
    assert updates.join(public, own) == message


def test_one_round_encodes_a_change_once_for_every_socket_that_had_the_same():
    public = {"game_id": "g", "view": {"pot": 1}, "connected": [True]}
    own = {"kind": "watch", "seat": None, "legal_actions": []}
    first = updates.Round(1, public)
    text, seen = first.full(own)
    assert json.loads(text) == {"v": 1, "public": [public], "own": [own]}
    second = updates.Round(2, {**public, "view": {"pot": 2}})
    a, seen_a = second.update(seen, own)
    b, _ = second.update(seen, own)
    assert a is b and json.loads(a) == {"v": 2, "base": 1, "public": {"view": {"pot": [2]}}}
    third = updates.Round(3, second.public)
    assert third.update(seen_a, own) == (None, seen_a)  # nothing changed: nothing sent


def test_sockets_that_hold_the_same_parts_at_other_versions_each_get_their_own_base():
    # Shared copies keep a part that did not change as the same object, so two sockets can hold
    # the same parts under different versions (one was told of a change the other skipped).
    public = {"game_id": "g", "view": {"pot": 1}}
    own = {"kind": "game"}
    _, early = updates.Round(4, public).full(own)
    _, late = updates.Round(6, public).full(own)
    change = updates.Round(7, {**public, "view": {"pot": 2}})
    texts = [json.loads(change.update(seen, own)[0]) for seen in (early, late)]
    assert [t["base"] for t in texts] == [4, 6]


def test_a_screen_takes_an_update_that_came_early_after_the_one_it_follows():
    screen = Screen()
    public, own = {"game_id": "g", "view": {"pot": 1}}, {"kind": "game"}
    assert screen.take({"v": 4, "public": [public], "own": [own]}) == {
        "game_id": "g",
        "kind": "game",
        "view": {"pot": 1},
    }
    assert screen.take({"v": 6, "base": 5, "public": {"view": {"pot": [3]}}}) is None
    assert screen.behind
    assert screen.take({"v": 5, "base": 4, "public": {"view": {"pot": [2]}}})["view"] == {"pot": 3}
    assert not screen.behind
    assert screen.take({"v": 5, "base": 4, "public": {"view": {"pot": [2]}}}) is None  # old news
    assert not screen.behind


# Random games through the host: every screen's updates, as the host sends them.


def whole_messages(table: Any) -> dict[str | None, dict[str, Any]]:
    """What the host would send in full now: each phone by player id, the table screen
    (``table``) and a watcher (``None``)."""
    public = messages.public(table)
    whole: dict[str | None, dict[str, Any]] = {
        pid: readable(updates.join(public, messages.phone_own(table, pid))) for pid in table.sockets.phones
    }
    whole["table"] = updates.join(public, messages.table_own(table))
    whole[None] = updates.join(public, messages.WATCHER)
    return whole


@settings(max_examples=8, deadline=None)
@given(st.text("abcdef", min_size=1, max_size=6), st.integers(10, 120), st.randoms(use_true_random=False))
def test_updates_applied_in_order_give_every_screen_exactly_its_whole_message(seed, steps, rng):
    clock = FakeClock()
    app = fake_app(Path(tempfile.mkdtemp()), clock, seed=seed, reveal_scale=0)
    table = app.extensions["cashrun"].new_table()
    screen = Client(app, {"table_key": table.key})
    phones = [join(app, table, name) for name in ("Ann", "Bob", "Cas", "Dee")]
    assert screen.act({"type": "start"})["ok"]
    watcher = Client(app, address="127.0.0.9")
    assert watcher.emit("watch", {"code": table.code})["ok"]
    whole_screen = Client(app, {"table_key": table.key, "views": "whole"})
    pids = list(table.sockets.phones)
    for _ in range(steps):
        if not play(screen, phones, 1, rng, clock):
            break
        wanted = whole_messages(table)
        assert screen.view() == wire(wanted["table"]) == whole_screen.view()
        assert watcher.view() == wire(wanted[None])
        for pid, phone in zip(pids, phones):
            assert phone.view() == wire(wanted[pid])
    assert whole_screen.updates == [] and screen.updates
    for seat, client in [(None, screen), *enumerate(phones), (None, watcher)]:
        own_cards = {
            card["id"]
            for _, m in client.heard
            if m.get("kind") == "game" and seat is not None
            for card in m["view"]["you"]["bluff_cards"]
        }
        for update in client.updates:
            for path, found in card_paths(update):
                assert seat is not None and path.startswith(".own") and "you" in path, (path, found)
                assert all(
                    card["id"] in own_cards
                    for card in (found if isinstance(found, list) else [found])
                    if isinstance(card, dict) and "id" in card
                )
