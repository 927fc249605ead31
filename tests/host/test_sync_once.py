"""A ``sync`` or a reconnect costs next to nothing: the whole message of a version is encoded once
per table and own part, not once per socket; and the watchers of a table share one budget of
whole messages, so however many there are they cannot crowd out the players."""

from __future__ import annotations

from unittest import mock

from hostkit import Client

from companion.door.limits import WATCHER_WHOLES
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


def test_the_watchers_share_a_budget_that_the_players_do_not_spend(app, clock, table, screen, started):
    rate, burst = WATCHER_WHOLES
    some = watchers(app, table, 8)  # their watch spends 8
    answers = [w.emit("sync", {}) for _ in range(6) for w in some]
    refused = [a for a in answers if not a["ok"]]
    assert len(answers) - len(refused) == burst - len(some)
    assert refused and all(a["error"]["code"] == "rate_limited" for a in refused)
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].emit("sync", {})["ok"]  # a player's sync is not the watchers' budget
    assert started[seat].act({"type": "roll"})["ok"]  # and the players act
    for watcher in some:
        assert watcher.view()["view"]["log"] == screen.view()["view"]["log"]  # the updates go on
    clock.advance(burst / rate)
    assert all(w.emit("sync", {})["ok"] for w in some)
