"""The evening's scoreboard: games won per player across Play again, on the end screen's message
and in the next lobby's, kept by the host across a restart (it is saved with the lobby)."""

from __future__ import annotations

import random
from typing import Any

from hostkit import SEED, Client, FakeClock

from companion.app import create_app
from tests.engine.randomplay import concrete

NAMES = ["Ann", "Bob", "Cas"]
AGAIN = {"type": "play_again"}


def play_to_the_end(screen: Client, clock: FakeClock, rng: random.Random) -> int:
    """Random legal actions for the seats without a phone (all of them here) until the game is
    over; returns the winner's seat."""
    for _ in range(6000):
        clock.advance(0.2)
        message = screen.view()
        if message["view"]["over"]:
            return message["view"]["winner"]
        seats = message["view"]["waiting"]["seats"]
        if not seats:  # the banker's turn: a lap to confirm, an auction to close
            banker = [a for a in message["legal_actions"] if a["type"] in ("confirm_lap", "close_auction")]
            assert banker, message["view"]["phase"]
            assert screen.act(banker[0])["ok"]
            continue
        seat = rng.choice(seats)
        actions: list[dict[str, Any]] = message["table"]["phoneless"][str(seat)]
        choices = [a for a in actions if a["type"] not in ("auction",)] or actions
        answer = screen.act(concrete(rng.choice(choices), rng), **{"as": seat})
        assert answer["ok"], answer
    raise AssertionError("the random game did not end")


def new_game(screen: Client, names: list[str] | None = None) -> None:
    for name in names or []:
        assert screen.act({"type": "add_player", "name": name})["ok"]
    assert screen.act({"type": "start"})["ok"]


def wins(message: dict[str, Any]) -> list[tuple[str, int]] | None:
    board = message["tonight"]
    return None if board is None else [(row["name"], row["wins"]) for row in board]


def test_the_wins_of_the_evening_go_along_with_play_again_and_survive_a_restart(tmp_path, app, clock, screen):
    assert wins(screen.view()) is None  # nothing before the evening's first win
    new_game(screen, NAMES)
    assert wins(screen.view()) is None
    first = play_to_the_end(screen, clock, random.Random(5))
    expected = [(name, int(seat == first)) for seat, name in enumerate(NAMES)]
    assert wins(screen.view()) == expected  # the end screen counts this game's win
    key = screen.act(AGAIN)["table_key"]
    lobby = Client(app, {"table_key": key})
    assert lobby.view()["kind"] == "lobby" and wins(lobby.view()) == expected
    assert screen.act(AGAIN)["table_key"] == key and wins(lobby.view()) == expected  # counted once

    # The host stops and starts again: the new lobby's scoreboard is read back from the disk.
    later = FakeClock(clock.now)
    again = create_app(tmp_path, seed=SEED, clock=later, wall=later.wall, scheduler=later, reveal_scale=0)
    screen2 = Client(again, {"table_key": key})
    assert wins(screen2.view()) == expected

    new_game(screen2)
    second = play_to_the_end(screen2, later, random.Random(11))
    counts = dict(expected)
    counts[NAMES[second]] += 1
    assert wins(screen2.view()) == [(name, counts[name]) for name in NAMES]
    third_key = screen2.act(AGAIN)["table_key"]
    assert wins(Client(again, {"table_key": third_key}).view()) == [(name, counts[name]) for name in NAMES]
