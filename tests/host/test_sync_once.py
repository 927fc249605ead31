"""A ``sync`` or a reconnect costs next to nothing: the whole message of a version is encoded once
per table and own part, not once per socket; new watchers share one budget of whole messages and
each watcher's ``sync``s have their own, so however many there are they cannot crowd out the players,
and a watcher's flood refuses no other watcher."""

from __future__ import annotations

from unittest import mock

from hostkit import Client

from companion.door.limits import WATCHER_SYNCS, WATCHER_WHOLES
from companion.wire import updates


def watchers(app, table, count: int) -> list[Client]:
    made = []
    for n in range(count):
        watcher = Client(app, address=f"127.0.3.{n + 1}")
        assert watcher.emit("watch", {"code": table.code})["ok"]
        made.append(watcher)
    return made


def test_syncs_and_reconnects_share_one_encoding_of_the_whole_message(app, clock, table, screen, started):
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].act({"type": "roll"})["ok"]
    some = watchers(app, table, 10)
    clock.advance(1.0)
    for client in (*some, *started):
        client.drain()
    with mock.patch.object(updates, "encode", wraps=updates.encode) as encoded:
        for watcher in some:
            assert watcher.emit("sync", {})["ok"]
        for phone in started:
            assert phone.emit("sync", {})["ok"]
        again = Client(app, {"token": started[2].token})  # a reconnect: the seat's whole message as well
    # once the public part, once the watchers' own part, once each seat's own part
    assert encoded.call_count <= 2 + len(started)
    whole = [w.drain("view")[-1] for w in some]
    assert all(message == whole[0] for message in whole) and whole[0]["kind"] == "watch"
    assert again.view()["seat"] == 2 and again.view()["view"] == started[0].view()["view"] | {
        "you": again.view()["view"]["you"]
    }


def test_a_sync_after_a_change_gets_the_new_state_and_updates_follow_it(app, clock, table, screen, started):
    watcher = watchers(app, table, 1)[0]
    assert watcher.emit("sync", {})["ok"]
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].act({"type": "roll"})["ok"]
    assert watcher.emit("sync", {})["ok"]
    assert watcher.view()["view"]["log"] == screen.view()["view"]["log"]
    seat = screen.view()["view"]["waiting"]["seats"][0]
    actions = [a for a in started[seat].view()["legal_actions"] if a["type"] == "land"]
    if actions:
        assert started[seat].act(actions[0])["ok"]
        assert watcher.view()["view"]["log"] == screen.view()["view"]["log"]  # the update fits the synced base


def test_each_watcher_has_its_own_syncs_so_a_flood_refuses_no_other(app, clock, table, screen, started):
    rate, burst = WATCHER_SYNCS
    some = watchers(app, table, 8)
    flooder, others = some[0], some[1:]
    answers = [flooder.emit("sync", {}) for _ in range(burst + 6)]
    assert [a["ok"] for a in answers] == [True] * burst + [False] * 6
    assert all(a["error"]["code"] == "rate_limited" for a in answers[burst:])
    assert all(w.emit("sync", {})["ok"] for w in others)  # the others' syncs are their own
    assert watchers(app, table, 1)  # and a new watcher gets in
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].emit("sync", {})["ok"]  # a player's sync is no watcher's budget
    assert started[seat].act({"type": "roll"})["ok"]  # and the players act
    for watcher in some:
        assert watcher.view()["view"]["log"] == screen.view()["view"]["log"]  # the updates go on
    clock.advance(1 / rate)
    assert flooder.emit("sync", {})["ok"]


def test_new_watchers_share_a_budget(app, clock, table, started):
    rate, burst = WATCHER_WHOLES
    made = watchers(app, table, burst)
    late = Client(app, address="127.0.4.1")
    assert late.emit("watch", {"code": table.code})["error"]["code"] == "rate_limited"
    assert all(w.emit("sync", {})["ok"] for w in made[:5])  # syncs are not new watchers' budget
    clock.advance(1.5 / rate)
    assert late.emit("watch", {"code": table.code})["ok"]
