"""A game act's messages are prepared while its commit is written, on the database's own thread, and
sent only once the commit returned; a commit that fails sends nothing and undoes what the act
started (its log times, a reveal, the auction countdown)."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from companion.saving.database import Database


def test_messages_are_prepared_during_the_commit_and_sent_after_it(host, table, screen, started, monkeypatch):
    order: list[str] = []
    complete = Database._complete
    threads: set[str] = set()
    prepared = threading.Event()
    prepare = table.broadcast.prepare
    monkeypatch.setattr(table.broadcast, "prepare", lambda: (prepared.set(), prepare())[1])

    def slow_commit(database, game_id, n):
        threads.add(threading.current_thread().name)
        order.append("writing")
        assert prepared.wait(5.0)  # the messages are being prepared while this commits
        n = complete(database, game_id, n)
        order.append("written")
        return n

    monkeypatch.setattr(Database, "_complete", slow_commit)
    send = host.services.transport.send_event
    monkeypatch.setattr(host.services.transport, "send_event", lambda *a: (order.append("sent"), send(*a)))
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].act({"type": "roll"})["ok"]
    assert order[:2] == ["writing", "written"] and set(order[2:]) == {"sent"} and len(order) >= 2 + 5
    assert all(name.startswith("cashrun-database") for name in threads)
    assert screen.view()["view"]["log"] == started[0].view()["view"]["log"]


def test_the_rows_are_staged_before_what_can_wait(table, screen, started, monkeypatch):
    """The disk's sync is the act's longest step: right after the engine the rows are staged and
    handed to the database's thread; what the action starts (its log times, a reveal, the
    countdowns) is set while the database writes."""
    order: list[str] = []
    stage, added = Database._stage, table.record.events_added
    monkeypatch.setattr(Database, "_stage", lambda database, *args: (order.append("staged"), stage(database, *args))[1])
    monkeypatch.setattr(table.record, "events_added", lambda *args: (order.append("started"), added(*args))[1])
    seat = screen.view()["view"]["waiting"]["seats"][0]
    assert started[seat].act({"type": "roll"})["ok"]
    assert order == ["staged", "started"]


@pytest.mark.parametrize("step", ["_write", "_complete"])
def test_a_failed_commit_sends_nothing_and_undoes_what_the_act_started(host, table, screen, started, monkeypatch, step):
    seat = screen.view()["view"]["waiting"]["seats"][0]
    before = {
        "log": screen.view()["view"]["log"],
        "times": table.log_times.window(0, 10_000),
        "length": table.record.log_length,
        "deadline": table.auction_countdown.deadline,
    }
    for phone in (screen, *started):
        phone.drain()

    def refuse(database, *args):
        if database._db.in_transaction:  # as a failed COMMIT leaves it
            database._db.execute("ROLLBACK")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Database, step, refuse)
    assert started[seat].act({"type": "roll"}) == {"ok": False, "error": {"code": "storage"}}
    assert all(client.drain() == [] for client in (screen, *started))  # nothing was seen
    assert table.record.log_length == before["length"]
    assert table.log_times.window(0, 10_000) == before["times"]
    assert table.auction_countdown.deadline == before["deadline"] and not table.reveal.active
    monkeypatch.undo()
    answer = started[seat].act({"type": "roll"})
    assert answer["ok"], answer
    assert screen.view()["view"]["log"][-len(answer["events"]) :] == answer["events"]
    assert started[0].view()["view"]["log"] == screen.view()["view"]["log"]
