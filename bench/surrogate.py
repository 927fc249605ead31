"""A lone surrogate in every text field a page sends: how fast each is answered, and whether any
gets past the door.

    python bench/surrogate.py [--rounds 10] [--acts 60]

Starts ``cashrun`` on a free 127.0.0.1 port with a fresh data directory. A table screen and
three phones (python-socketio clients) start a game and play ``--acts`` random legal actions,
so the game has a history to reload. Then, each round, every message below is sent with
``"\\ud800"`` (valid JSON, but UTF-8 cannot encode it) in one of its fields, by a seated
phone, the table screen or a stranger, and the time to its answer is noted (one message
every 0.25 s, within the budgets of a socket and of an address for messages, join and claim
guesses); a socket opened with such a seat token or table key is noted too. An answer other
than ``malformed``, or such a socket let in, would be a message past the door (nothing saved and
no game reloaded from disk needs it stopped there: a reload follows only a ``storage`` answer);
``tests/host/test_text_at_the_door.py`` holds the host to it, the bench counts them. After the
last round the waiting phone acts again. It prints p50, p99 and max of the answers, the codes
seen, how many got past and the act after. Loopback only; everything is bounded and stops by itself.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import socketio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.host_run import running_host
from bench.latency import percentiles
from bench.latency_clients import AVOID, NAMES
from bench.peers import new_peer, started_game
from tests.engine.randomplay import concrete
from tests.support.client import WAIT, Peer

LONE = "\ud800"
PACE = 0.25
"""Seconds between two messages."""


def messages(code: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Who sends it (``phone``, ``screen``, ``stranger``), the event and its data."""
    return [
        ("stranger", "peek", {"code": LONE}),
        ("stranger", "watch", {"code": LONE}),
        ("stranger", "join", {"code": code, "name": f"Eve{LONE}"}),
        ("stranger", "join", {"code": LONE, "name": "Eve"}),
        ("stranger", "claim", {"code": LONE}),
        ("phone", "act", {"id": LONE, "action": {"type": "roll"}}),
        ("phone", "act", {"id": "fine", "action": {"type": "roll", "note": LONE}}),
        ("screen", "act", {"id": f"x{LONE}", "action": {"type": "lock"}}),
        ("screen", "act", {"id": "odd", "action": {"type": "claim_code", "seat": LONE}}),
        ("screen", "resume", {"game": LONE}),
    ]


def refused_at_connect(url: str, auth: dict[str, str]) -> tuple[float, bool]:
    """The time to the host's answer to a socket opened with ``auth``, and whether it was refused."""
    client = socketio.Client(reconnection=False)
    began = time.perf_counter()
    try:
        client.connect(url, auth=auth, transports=["websocket"], wait_timeout=WAIT)
    except socketio.exceptions.ConnectionError:
        return time.perf_counter() - began, True
    client.disconnect()
    return time.perf_counter() - began, False


def play(screen: Peer, phones: list[Peer], acts: int, rng: random.Random) -> list[float]:
    """``acts`` random legal actions of the waiting seats, one every 0.125 s; each round trip."""
    times = []
    for _ in range(acts):
        view = screen.latest["view"]
        choices = [
            (seat, a)
            for seat in view["waiting"]["seats"]
            for a in phones[seat].latest["legal_actions"]
            if a["type"] not in AVOID
        ]
        if view["over"] or not choices:
            break
        seat, action = rng.choice(choices)
        count = len(screen.arrivals)
        began = time.perf_counter()
        answer = phones[seat].call("act", {"id": f"a{rng.randrange(10**9)}", "action": concrete(action, rng)})
        times.append(time.perf_counter() - began)
        assert answer["ok"], answer
        screen.arrival(count)
        time.sleep(PACE / 2)  # within a socket's budget of messages
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="rounds of every message (default 10)")
    parser.add_argument("--acts", type=int, default=60, help="acts played before (default 60)")
    args = parser.parse_args()
    rng = random.Random(7)
    with running_host() as host:
        url, code = host.base, host.code
        screen, phones = started_game(host, NAMES[:3])
        stranger = new_peer(url, {}, "127.0.0.3")
        played = len(play(screen, phones, args.acts, rng))
        senders = {"phone": phones[0], "screen": screen, "stranger": stranger}
        answers: list[float] = []
        codes: Counter[str] = Counter()
        for _ in range(args.rounds):
            for who, event, data in messages(code):
                began = time.perf_counter()
                answer = senders[who].call(event, data)
                answers.append(time.perf_counter() - began)
                codes[answer["error"]["code"] if not answer["ok"] else "ok"] += 1
                time.sleep(PACE)
        connects = [
            refused_at_connect(url, auth) for _ in range(args.rounds) for auth in ({"token": LONE}, {"table_key": LONE})
        ]
        after = play(screen, phones, 1, rng)
        for peer in (screen, *phones, stranger):
            peer.sio.disconnect()

    p50, p99 = percentiles(answers)
    print(
        f"loopback only, on a shared machine; a game of {played} acts, {args.rounds} rounds of"
        f" {len(messages(code))} messages with a lone surrogate"
    )
    print(
        f"answers: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(answers) * 1000:.0f} ms"
        f" ({len(answers)} answers); codes {dict(codes)}"
    )
    times = [t for t, _ in connects]
    print(
        f"sockets with such a token or table key: {sum(r for _, r in connects)} of {len(connects)} refused,"
        f" p50 {percentiles(times)[0]:.1f} ms, max {max(times) * 1000:.0f} ms"
    )
    print(f"the phone's act after: {after[0] * 1000:.1f} ms" if after else "the phone's act after: none (game over)")
    past = sum(n for answer, n in codes.items() if answer != "malformed") + sum(not r for _, r in connects)
    print(f"past the door (an answer other than malformed, or a socket let in): {past}")


if __name__ == "__main__":
    main()
