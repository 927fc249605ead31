"""Updates instead of whole views (companion/updates.py): a change made gives exactly the new
value, and a screen that applies its updates in order has exactly the message sent in full."""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import updates

from hostkit import Client, FakeClock, card_paths, fake_app, join, play

LEAVES = st.none() | st.booleans() | st.integers(0, 3) | st.sampled_from(["a", "b", ""]) | st.just(1.5)
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.sampled_from(["a", "b", "c", "at", "cut"]), inner, max_size=4),
                    max_leaves=30)


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


@given(st.lists(st.integers(0, 2), max_size=8), st.integers(0, 8), st.lists(st.integers(0, 2), max_size=8),
       st.integers(1, 8))
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
    assert updates.diff(old, {"waiting": {"seats": [4], "start": True}}) == {
        "waiting": [{"seats": [4], "start": True}]}


def test_split_and_join_give_the_message_back_and_the_secret_is_own():
    message = {"kind": "game", "game_id": "g", "seat": 1, "view": {"pot": 5, "you": {"seat": 1, "bluff_cards": []}},
               "legal_actions": [], "connected": [True], "auction": None}
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


def test_a_screen_takes_an_update_that_came_early_after_the_one_it_follows():
    screen = updates.Screen()
    public, own = {"game_id": "g", "view": {"pot": 1}}, {"kind": "game"}
    assert screen.take({"v": 4, "public": [public], "own": [own]}) == {"game_id": "g", "kind": "game", "view": {"pot": 1}}
    assert screen.take({"v": 6, "base": 5, "public": {"view": {"pot": [3]}}}) is None
    assert screen.behind
    assert screen.take({"v": 5, "base": 4, "public": {"view": {"pot": [2]}}})["view"] == {"pot": 3}
    assert not screen.behind
    assert screen.take({"v": 5, "base": 4, "public": {"view": {"pot": [2]}}}) is None  # old news
    assert not screen.behind


# Random games through the host: every screen's messages, sent as updates.

def screens_of_a_game(seed: str, steps: int, rng: random.Random) -> tuple[Client, list[Client], Client]:
    """A table screen, four phones and a watcher after ``steps`` random acts; every message heard."""
    clock = FakeClock()
    app = fake_app(Path(tempfile.mkdtemp()), clock, seed=seed, reveal_scale=0)
    table = app.extensions["cashrun"].new_table()
    screen = Client(app, {"table_key": table.key})
    phones = [join(app, table, name) for name in ("Ann", "Bob", "Cas", "Dee")]
    assert screen.act({"type": "start"})["ok"]
    watcher = Client(app, address="127.0.0.9")
    assert watcher.emit("watch", {"code": table.code})["ok"]
    play(screen, phones, steps, rng, clock)
    for client in (screen, *phones, watcher):
        client.drain()
    return screen, phones, watcher


def sent_as_updates(messages: list[dict[str, Any]]) -> list[tuple[dict[str, Any] | None, dict[str, Any]]]:
    """Each message as the update the host sends, with the message it stands for."""
    seen, sent = None, []
    for version, message in enumerate(messages):
        public, own = updates.split(message)
        text, seen = updates.Round(version, public).update(seen, own)
        sent.append((None if text is None else json.loads(text), message))
    return sent


@settings(max_examples=8, deadline=None)
@given(st.text("abcdef", min_size=1, max_size=6), st.integers(20, 160), st.randoms(use_true_random=False))
def test_updates_applied_in_order_give_every_screen_exactly_its_whole_message(seed, steps, rng):
    screen, phones, watcher = screens_of_a_game(seed, steps, rng)
    for seat, client in [(None, screen), *enumerate(phones), (None, watcher)]:
        page = updates.Screen()
        own_cards: set[int] = set()
        for update, message in sent_as_updates([data for event, data in client.heard if event == "view"]):
            if update is not None:
                assert page.take(update) == wire(message)
            if seat is not None and message["kind"] == "game":
                own_cards |= {card["id"] for card in message["view"]["you"]["bluff_cards"]}
            for path, found in card_paths(update):
                assert seat is not None and path.startswith(".own") and "you" in path, (path, found)
                assert all(card["id"] in own_cards for card in (found if isinstance(found, list) else [found])
                           if isinstance(card, dict) and "id" in card)
