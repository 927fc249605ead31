"""A frame's length says nothing of the bluff cards: anyone near the Wi-Fi sees it, password or not.

Two games share every public input (names, settings, seed, every act) and differ only in hidden
state: every hidden draw (the bluff pile's shuffle, where a card turned over goes back) takes its
value from another source, as in tests/engine/test_secrecy.py. The frames the host writes to each
socket (the table screen, every phone, a watcher) are taken as the host encoded them, and must be
as long in both games at every step, with the answers to the acts, until the rules turn over a card
that differs between the two.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any
from unittest import mock

from hostkit import SEED, Client, FakeClock, fake_app, join

from companion.play.symbols import CODES, coded, named
from companion.wire import updates
from companion.wire.transport import Transport
from tests.engine.randomplay import concrete
from tests.engine.test_secrecy import BLUFF_MOVES, other_hidden_state

if TYPE_CHECKING:
    from pathlib import Path

NAMES = ["Ann", "Bob", "Cas", "Dee"]
Step = dict[str, list[int]]
"""The lengths of the frames each socket got in one step (by who it is), and of the act's answer."""


def turned_over(answer: dict[str, Any]) -> list[str]:
    return [e["symbol"] for e in answer.get("events", ()) if e["type"] == "bluff_challenged"]


def bluffing(actions: list[dict[str, Any]], plan: random.Random) -> dict[str, Any]:
    """A random legal action, but a move of a bluff card (or a landing on the bluff space) when one
    is listed, most of the time."""
    bluffs = [a for a in actions if a["type"] in BLUFF_MOVES or a.get("space") == "bluff"]
    return plan.choice(bluffs if bluffs and plan.random() < 0.8 else actions)


Act = tuple[int, dict[str, Any], list[str]]
"""A seat's act and the cards it turned over."""


def game(tmp_path: Path, hidden: bool, plan: random.Random | None, acts: list[Act]):
    """One game on the host, its frames taken per socket at each step; the acts are chosen by
    ``plan`` (and appended to ``acts``), or, without one, those of ``acts`` are made again until
    one turns over other cards.
    Returns each step's frames, its cards turned over and the phones' cards after it, and a count
    of the acts made and the cards held."""
    clock = FakeClock()
    written: list[tuple[str, int]] = []
    send = Transport.send_event

    def taken(self: Transport, to: str, packet: str) -> None:
        written.append((to, len(packet)))
        send(self, to, packet)

    steps: list[tuple[Step, list[str], list[list[str]]]] = []
    seen: Counter = Counter()
    with mock.patch.object(Transport, "send_event", taken), other_hidden_state() if hidden else nullcontext():
        app = fake_app(tmp_path, clock, seed=SEED, reveal_scale=0)
        host = app.extensions["cashrun"]
        table = host.new_table()
        who: dict[str, str] = {}

        def named(client: Client, name: str) -> Client:
            who.update((sid, name) for sid in host.conns if sid not in who)
            return client

        screen = named(Client(app, {"table_key": table.key}), "table")
        phones = [named(join(app, table, name), name) for name in NAMES]
        assert screen.act({"type": "start"})["ok"]
        watcher = named(Client(app, address="127.0.0.9"), "watcher")
        assert watcher.emit("watch", {"code": table.code})["ok"]
        for n in range(len(acts) if plan is None else 120):
            clock.advance(0.2)
            written.clear()
            if plan is None:
                seat, action, cards = acts[n]
            else:
                seats = screen.view()["view"]["waiting"]["seats"]
                if screen.view()["view"]["over"] or not seats:
                    break
                seat = plan.choice(seats)
                action = concrete(bluffing(phones[seat].view()["legal_actions"], plan), plan)
            answer = phones[seat].act(action)
            assert answer["ok"], (n, answer)
            if plan is not None:
                acts.append((seat, action, turned_over(answer)))
            step: Step = {"answer": [len(json.dumps(answer, separators=(",", ":")))]}
            for sid, length in written:
                step.setdefault(who[sid], []).append(length)
            hands = [[card["symbol"] for card in p.view()["view"]["you"]["bluff_cards"]] for p in phones]
            steps.append((step, turned_over(answer), hands))
            seen[action["type"]] += 1
            seen["cards held"] += sum(map(len, hands))
            if plan is None and turned_over(answer) != cards:
                break  # the games differ in public from here
    return steps, seen


def test_every_socket_gets_frames_as_long_whatever_the_hidden_cards(tmp_path):
    compared, seen, hands_differ = 0, Counter(), 0
    for n in range(3):
        acts: list[Act] = []
        steps, seen_here = game(tmp_path / f"a{n}", False, random.Random(n), acts)
        twins, _ = game(tmp_path / f"b{n}", True, None, acts)
        seen += seen_here
        for (step, cards, hands), (twin, twin_cards, twin_hands) in zip(steps, twins):
            if cards != twin_cards:
                break  # a card turned over that differs: from here the games differ in public too
            assert step == twin, (n, compared)
            compared += 1
            hands_differ += hands != twin_hands
    assert compared > 150 and seen["cards held"] > 300, (compared, seen)
    assert hands_differ > 50, hands_differ  # the phones held other cards in the twin games
    assert seen["buy_bluff"] + seen["give_bluff"] + seen["offer_bluff"] > 5, seen


def test_a_hand_goes_whole_when_it_changes_and_each_symbol_is_one_letter():
    hand = {"seat": 0, "bluff_cards": [{"id": 1, "symbol": "roulette"}, {"id": 2, "symbol": "dice"}]}
    assert {len(code) for code in CODES.values()} == {1} and len(set(CODES.values())) == len(CODES)
    assert named(coded(hand)) == hand and coded(hand)["bluff_cards"][0]["symbol"] == "r"
    own = {"kind": "game", "seat": 0, "legal_actions": [], "you": coded(hand)}
    swapped = {
        **own,
        "you": coded({"seat": 0, "bluff_cards": [{"id": 3, "symbol": "roulette"}, hand["bluff_cards"][1]]}),
    }
    assert updates.diff(own, swapped) == {
        "you": {"bluff_cards": {"at": {"0": {"id": [3]}}}}
    }  # says the symbols are alike
    assert updates.own_diff(own, swapped) == {"you": [swapped["you"]]}
