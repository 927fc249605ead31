"""A stake's draw takes the phones' links (issues 25 and 47): how long a draw waits for the phones,
from the act that began it to the table's message with the draw, and the bytes the links add.

    python bench/opponent_spin.py [--spins 150] [--seed 25]
    cd OLDER_TREE && BENCH_ROOT=$PWD python THIS_TREE/bench/opponent_spin.py   # the same on another tree
    (from that tree's folder: the host it starts runs ``python -m companion.cli`` from there)

Starts ``cashrun`` with a fixed seed (``CASHRUN_SEED``) on a free 127.0.0.1 port with a fresh data
directory and its reveal clock off (no one watches the stage here; the table's message that
starts the wheel leaves at the same moment either way). A table screen and four phones (python-
socketio clients that keep the whole message, as the pages do) play seeded games (random legal
actions, one every 0.12 s; the phones' randomness from ``--seed``) until ``--spins`` stakes' draws
were made. Each phone reveals its start value when the banker starts; when a draw waits, the
phones give their links at once, as the pages do (before issue 47 the spinner's tap; since, the
other side's phone, then the one who taps), so the wait is the machine's share: a person's tap
adds its own time.

It prints p50 and p99 of the wait from the act that began the draw, and of the time from the first
link sent to the table screen's message with the draw (the page starts the wheel when it
arrives). Then the bytes of a stake's draw: every message the host wrote to the five sockets and
every act the phones sent, from the stake to its outcome, in these games and in the same kind of
games whose phones sent no chain (the laptop draws alone, at once), and the export's bytes per
draw for its marks (``by`` and ``link`` before, ``for`` and ``links`` since).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(os.environ.get("BENCH_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(ROOT))
os.environ["CASHRUN_SEED"] = "bench-opponent-spin"

from bench.host_run import running_host
from bench.peers import new_peer
from engine.fairness import CHANCE
from tests.engine.randomplay import concrete
from tests.support.phonefair import PhoneFair, link_for

if TYPE_CHECKING:
    from tests.support.client import Peer

NAMES = ["Ann", "Bob", "Cas", "Dee"]
AVOID = ("announce", "auction", "claim_lap", "draw_for")
PACE = 0.12


def log_end(message: dict[str, Any]) -> int:
    view = message["view"]
    return view.get("log_start", 0) + len(view.get("log", []))


class SpinGame:
    """One game: its screen and phones, and the bytes each of them heard."""

    def __init__(self, url: str, key: str, code: str, rnd: random.Random, chains: bool, source: str) -> None:
        self.screen = new_peer(url, {"table_key": key}, source)
        self.fairs = [PhoneFair(rnd) for _ in NAMES]
        self.phones = []
        for name, fair in zip(NAMES, self.fairs):
            phone = new_peer(url, {}, source)
            sent = fair.sent() if chains else {"client_seed": fair.client_seed}
            assert phone.call("join", {"code": code, "name": name, **sent})["ok"]
            self.phones.append(phone)
        self.peers = [self.screen, *self.phones]
        self.ids = 0
        self.act(self.screen, {"type": "start"})
        if chains:
            for phone, fair in zip(self.phones, self.fairs):
                assert phone.call("start_value", {"start_value": fair.start_value})["ok"]
        for peer in self.peers:
            peer.wait_for(lambda m: m["kind"] == "game")

    def close(self) -> None:
        for peer in self.peers:
            peer.sio.disconnect()

    def heard(self) -> int:
        return sum(sum(peer.sizes) for peer in self.peers)

    def act(self, peer: Peer, action: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
        """Send an act, wait until every socket has its outcome; its events and the bytes sent."""
        self.ids += 1
        message = {"id": f"b{self.ids}", "action": action}
        answer = peer.call("act", message)
        assert answer["ok"], (action, answer)
        if self.screen.latest["kind"] == "game":
            end = log_end(self.screen.wait_for(lambda m: m["kind"] == "game"))
            for other in self.peers:
                other.wait_for(lambda m, end=end: m["kind"] == "game" and log_end(m) >= end)
        return answer["events"], len(json.dumps(message, separators=(",", ":")))


def owed(view: dict[str, Any], known: dict[int, Any], tap: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every link the waiting draw needs, the tapper's last (as the pages give them); on a tree from
    before issue 47, the spinner's tap alone."""
    w = view["waiting"]
    if "sides" not in w:
        return [(w["spinner"], tap)]
    sides = [(s, h) for s, h, link in zip(w["sides"], w["heads"], w["links"]) if link is None]
    sides.sort(key=lambda side: side[0] == w["spinner"])
    return [(s, {"type": "draw_for", "link": known[s].before(h)}) for s, h in sides]


def play(
    url: str,
    key: str,
    code: str,
    rnd: random.Random,
    chains: bool,
    wanted: int,
    taps: list[float],
    draws: list[int],
    export: list[int],
    source: str,
    waits: list[float],
) -> None:
    """One game until it ends or ``wanted`` stake draws were measured; its sockets from ``source``
    (each game its own loopback address: the host limits joins per address)."""
    t = SpinGame(url, key, code, rnd, chains, source)
    stake_bytes, stake_started = 0, 0.0
    for _ in range(3000):
        if len(draws) >= wanted:
            break
        view = t.screen.latest["view"]
        if view["over"]:
            break
        known = {s: f.chain for s, f in enumerate(t.fairs)}
        tap = link_for(view, known) if chains else None
        if tap is None:
            time.sleep(PACE)  # the phones give their links at once; every other act waits its turn
        else:
            before, started, events, sent = t.heard(), time.perf_counter(), [], 0
            start_end = log_end(t.screen.latest)
            for seat, action in owed(view, known, tap):  # the other side's phone at once, then the tap
                got, size = t.act(t.phones[seat], action)
                events, sent = events + got, sent + size
            end = start_end + len(events)
            for peer in t.peers:  # a link that draws nothing moves no log: every socket has the draw now
                peer.wait_for(
                    lambda m, end=end: (
                        m["kind"] == "game" and log_end(m) >= end and m["view"]["phase"] != "opponent_draw"
                    )
                )
            taps.append(t.screen.arrivals[-1] - started)
            waits.append(t.screen.arrivals[-1] - stake_started)
            drawn = next(e for e in events if e["type"] in CHANCE)
            draws.append(stake_bytes + t.heard() - before + sent)
            marks = {k: drawn[k] for k in ("by", "link", "for", "links") if k in drawn}
            export.append(len(json.dumps(marks, separators=(",", ":"))) - 2)
            continue
        seats = view["waiting"]["seats"]
        if not seats:
            t.act(
                t.screen,
                {"type": "confirm_lap"}
                if {"type": "confirm_lap"} in t.screen.latest["legal_actions"]
                else {"type": "close_auction"},
            )
            continue
        seat = rnd.choice(seats)
        legal = [a for a in t.phones[seat].latest["legal_actions"] if a["type"] not in AVOID]
        if not legal:
            break
        before, stake_started = t.heard(), time.perf_counter()
        events, sent = t.act(t.phones[seat], concrete(rnd.choice(legal), rnd))
        if chains and t.screen.latest["view"]["phase"] == "opponent_draw":
            stake_bytes = t.heard() - before + sent
        elif not chains and any(e["type"] in CHANCE and e.get("alone") for e in events):
            draws.append(t.heard() - before + sent)
    t.close()


def games(chains: bool, wanted: int, seed: int) -> tuple[list[float], list[int], list[int], list[float]]:
    taps: list[float] = []
    waits: list[float] = []
    draws: list[int] = []
    export: list[int] = []
    rnd = random.Random(seed)
    with running_host() as host:
        url, key, code = host.base, host.key, host.code
        for game in range(1, 250):
            if len(draws) >= wanted:
                break
            play(url, key, code, rnd, chains, wanted, taps, draws, export, f"127.0.2.{game}", waits)
            screen = new_peer(url, {"table_key": key})
            screen.wait_for(lambda m: True)
            answer = screen.call("act", {"id": f"next-{len(draws)}", "action": {"type": "new_game"}})
            assert answer["ok"], answer
            screen.sio.disconnect()
            key = answer["table_key"]
            lobby = new_peer(url, {"table_key": key})
            code = lobby.wait_for(lambda m: m["kind"] == "lobby")["table"]["code"]
            lobby.sio.disconnect()
    return taps, draws, export, waits


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spins", type=int, default=150)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    taps, with_chain, export, waits = games(True, args.spins, args.seed)
    _, alone, _, _ = games(False, args.spins, args.seed)
    print(
        f"a stake's draw, from the act that began it to the table's message with the draw, over {len(waits)} "
        f"draws: p50 {statistics.median(waits) * 1000:.1f} ms, p99 {pct(waits, 0.99) * 1000:.1f} ms"
    )
    print(
        f"the phones' links (the other side's at once, then the tap) to the table's message with the draw, "
        f"over {len(taps)} draws: "
        f"p50 {statistics.median(taps) * 1000:.1f} ms, p99 {pct(taps, 0.99) * 1000:.1f} ms, "
        f"worst {max(taps) * 1000:.1f} ms"
    )
    print(
        f"bytes of a stake's draw on the wire (5 sockets' messages and the acts), median: "
        f"{statistics.median(with_chain):.0f} with an opponent's spin ({len(with_chain)} draws), "
        f"{statistics.median(alone):.0f} drawn alone at once ({len(alone)} draws): "
        f"{statistics.median(with_chain) - statistics.median(alone):+.0f} bytes per draw"
    )
    print(f"bytes the phones' links add to the export per draw (its event's marks): {statistics.median(export):.0f}")


if __name__ == "__main__":
    main()
