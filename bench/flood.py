"""Floods from the family's Wi-Fi while a player acts: guessed codes, packets no page sends,
and half-sent requests.

    python bench/flood.py [--kind KIND] [--sockets N] [--rate R] [--seconds S]

KIND is one of:
- ``join``, ``claim``: guessed join or claim codes (default 200 sockets, 50 a second each);
- ``malformed`` (``42["act",{``), ``unknown`` (``42n["nope",{}]``), ``stray_ack`` (``43n["x"]``),
  ``no_ack`` (an event without an ack id), ``deep`` (a 900-deep nested message): packets
  no page sends (default 20 sockets, 500 a second each, 12 s);
- ``halfsent``: five addresses (127.0.0.2 to 127.0.0.6) each reopening half-sent requests
  (the request line and part of the headers, never the blank line) as fast as the host
  lets them; every 0.5 s a new phone (127.0.0.7) loads its join page and opens its socket,
  and the bench notes how long each took;
- ``sync``: watchers (default 100 sockets from ten addresses, 127.0.3.1 to 127.0.3.10) each
  asking for their whole message with ``sync`` 9.5 times a second (under every per-socket
  limit), 15 s;
- ``reconnect``: sockets (default 30, each from its own address 127.0.4.N) that connect,
  watch, wait for their whole message, close and start again, as fast as the host lets
  them, 30 s;
- ``claims``: claim codes guessed from many addresses (default 39, 127.0.5.N, one socket each,
  0.5 guesses a second each, 15 s); 10 s into the flood the real phone (127.0.0.7) types the
  real code, and the bench says what it was answered.

Starts ``cashrun`` on a free 127.0.0.1 port with a fresh data directory. A table screen
and three phones (python-socketio clients, 127.0.0.1) start a game; the phone whose turn
it is sends a random legal action every 0.1 s (its round trip is noted), and the table
screen asks for the saved games every 0.2 s (its answer time is noted). The attacker runs
in a process of its own (``bench/attackers.py``) from 127.0.0.2 (all its sockets from that
one address; the many-address kinds from theirs), opening a new socket whenever the host
closes one. It prints the phone's and the table's p50 and p99
before, during and after the flood, and what the attacker achieved. Loopback only;
everything is bounded and stops by itself.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import websocket

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.attackers import ATTACKER, PACKETS, WATCHERS
from bench.host_run import ENV, running_host
from bench.latency import percentiles
from bench.latency_clients import NAMES, waiting_choices
from bench.peers import new_peer, started_game
from tests.engine.randomplay import concrete
from tests.support.client import WAIT, Peer
from tests.support.loopback import connect_from

if TYPE_CHECKING:
    from collections.abc import Callable

NEWCOMER = "127.0.0.7"
QUIET = 5.0
"""Seconds of play before and after the flood."""
CHECKED = ("bad_code", "bad_claim", "lobby_locked", "game_started", "name_taken", "lobby_full")
DEFAULTS = {
    "join": (200, 50.0, 15.0),
    "claim": (200, 50.0, 15.0),
    "halfsent": (48, 84.0, 12.0),
    "sync": (100, 9.5, 15.0),
    "reconnect": (30, 1000.0, 30.0),
    "claims": (39, 0.5, 15.0),
}
"""Sockets, rate and seconds of each kind; the packet floods: 20 sockets, 500 a second, 12 s."""
REAL_CLAIM_AT = 10.0
"""Seconds into the ``claims`` flood when the real phone types the real code."""


# The family.


def play(screen: Peer, phones: list[Peer], seconds: float, rng: random.Random, samples: list[float]) -> None:
    """The waiting seat's phone acts every 0.1 s for ``seconds``; each round trip is noted."""
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    while time.monotonic() < end:
        choices = waiting_choices(screen, phones)
        if choices is None:
            return
        if choices:
            seat, action = rng.choice(choices)
            count = len(screen.arrivals)
            began = time.perf_counter()
            answer = phones[seat].call("act", {"id": f"{rng.random()}", "action": concrete(action, rng)})
            samples.append(time.perf_counter() - began)
            if answer["ok"]:
                screen.arrival(count)  # the table has caught up before the next act
        next_at += 0.1
        time.sleep(max(0.0, next_at - time.monotonic()))


def ask_table(screen: Peer, seconds: float, samples: list[float]) -> None:
    """The table screen asks for the saved games every 0.2 s; each answer time is noted."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        assert screen.call("games", {})["ok"]
        samples.append(time.perf_counter() - began)
        time.sleep(0.2)


def newcomer(
    port: int, code: str, seconds: float, pages: list[float], sockets: list[float], failed: Counter[str]
) -> None:
    """A new phone every 0.5 s: its join page, then its socket (Engine.IO open and ``CONNECT``)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        try:
            page = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(NEWCOMER, 0))
            page.request("GET", f"/j/{code}")
            assert page.getresponse().read()
            page.close()
            pages.append(time.perf_counter() - began)
            began = time.perf_counter()
            ws = websocket.create_connection(
                f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                socket=connect_from(NEWCOMER, port),
                timeout=5,
            )
            ws.recv()
            ws.send("40")
            while not ws.recv().startswith("40"):
                pass
            sockets.append(time.perf_counter() - began)
            ws.close()
        except (OSError, AssertionError, websocket.WebSocketException) as error:
            failed[type(error).__name__] += 1
        time.sleep(0.5)


def real_claim(url: str, real: dict[str, Any], phones: list[Peer]) -> None:
    """The lost phone types its claim code ``REAL_CLAIM_AT`` s into the flood; it plays on for seat 0."""
    time.sleep(REAL_CLAIM_AT - 1.0)
    phone = new_peer(url, {}, NEWCOMER)
    real["answer"] = answer = phone.call("claim", {"code": real["code"]})
    if answer.get("ok"):
        phone.wait_for(lambda m: m["kind"] == "game")
        phones[0] = phone
    else:
        phone.sio.disconnect()


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def during(seconds: float, *jobs: Callable[[float], None]) -> None:
    threads = [threading.Thread(target=job, args=(seconds,), daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 3 * WAIT)


def figures(label: str, samples: list[float], what: str = "answers") -> str:
    if len(samples) < 2:
        return f"{label}: too few {what} ({len(samples)})"
    p50, p99 = percentiles(samples)
    return f"{label}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(samples) * 1000:.0f} ms ({len(samples)} {what})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("join", "claim", *PACKETS, "halfsent", *WATCHERS), default="join")
    parser.add_argument("--sockets", type=int, help="the attacker's sockets (per address for halfsent)")
    parser.add_argument("--rate", type=float, help="frames (or reopened requests) a second per socket (address)")
    parser.add_argument("--seconds", type=float, help="how long the flood lasts")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    sockets, rate, seconds = DEFAULTS.get(args.kind, (20, 500.0, 12.0))
    sockets, rate, seconds = args.sockets or sockets, args.rate or rate, args.seconds or seconds

    with running_host() as host:
        url, port, code = host.base, host.port, host.code
        screen, phones = started_game(host, NAMES[:3])
        real: dict[str, Any] = {}
        if args.kind in ("claim", "claims"):  # a live claim code for the attacker to look for
            assert screen.call("act", {"id": "claim", "action": {"type": "claim_code", "seat": 0}})["ok"]
            real["code"] = screen.wait_for(lambda m: "0" in m["table"]["claims"])["table"]["claims"]["0"]["code"]
        rng = random.Random(1)
        acts: dict[str, list[float]] = {"before": [], "during": [], "after": []}
        asks: dict[str, list[float]] = {"before": [], "during": [], "after": []}
        pages: list[float] = []
        opens: list[float] = []
        failed: Counter[str] = Counter()
        during(
            QUIET,
            lambda t: play(screen, phones, t, rng, acts["before"]),
            lambda t: ask_table(screen, t, asks["before"]),
        )
        spec = {"port": port, "kind": args.kind, "sockets": sockets, "rate": rate, "seconds": seconds, "code": code}
        cpu_before = cpu_seconds(host.proc.pid)
        flood = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "attackers.py"), json.dumps(spec)],
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        try:
            time.sleep(1.0)  # the attacker's sockets open
            jobs = [
                lambda t: play(screen, phones, t, rng, acts["during"]),
                lambda t: ask_table(screen, t, asks["during"]),
            ]
            if args.kind == "halfsent":
                jobs.append(lambda t: newcomer(port, code, t, pages, opens, failed))
            if args.kind == "claims":
                jobs.append(lambda t: real_claim(url, real, phones))
            during(seconds - 1.0, *jobs)
            counts = json.loads(flood.communicate(timeout=seconds + 3 * WAIT)[0])
            cpu = cpu_seconds(host.proc.pid) - cpu_before
        finally:
            if flood.poll() is None:
                flood.kill()
        during(
            QUIET, lambda t: play(screen, phones, t, rng, acts["after"]), lambda t: ask_table(screen, t, asks["after"])
        )
        for peer in (screen, *phones):
            peer.sio.disconnect()

    who = (
        f"5 addresses x {sockets} half-sent requests"
        if args.kind == "halfsent"
        else f"{sockets} sockets from {WATCHERS[args.kind] or sockets} addresses"
        if args.kind in WATCHERS
        else f"{sockets} sockets of {ATTACKER}"
    )
    print(
        f"loopback only, on a shared machine; attacker: {who}, {rate:g} {args.kind} a second each, for {seconds:g} s",
        flush=True,
    )
    for when in ("before", "during", "after"):
        print(figures(f"phone's act {when} the flood", acts[when], "acts"))
        print(figures(f"table's answer {when} the flood", asks[when]))
    print(
        f"the host's CPU time during the flood: {cpu:.2f} s in {seconds:g} s"
        f" (load average at the end: {' / '.join(f'{x:.1f}' for x in os.getloadavg())})"
    )
    if args.kind in WATCHERS:
        print(f"attacker: {counts}")
        if args.kind == "sync":
            whole = counts.get("whole", 0)
            print(
                f"sync: sent {counts.get('sent', 0)}, answered ok {counts.get('ok', 0)}, rate_limited"
                f" {counts.get('rate_limited', 0)}, whole messages {whole}, {counts.get('bytes', 0) / 1e6:.1f} MB"
                f" ({cpu * 1000 / max(1, counts.get('ok', 0)):.2f} ms of host CPU per answered sync)"
            )
        if args.kind == "reconnect":
            print(
                f"reconnects {counts.get('reconnects', 0)}, refused at open {counts.get('refused_opens', 0)},"
                f" rate_limited {counts.get('rate_limited', 0)}, {counts.get('bytes', 0) / 1e6:.1f} MB"
            )
        if args.kind == "claims":
            checked = counts.get("bad_claim", 0) + counts.get("ok", 0)
            print(
                f"claim guesses checked {checked / seconds:.2f} a second, rate_limited"
                f" {counts.get('rate_limited', 0)}; the real phone at {REAL_CLAIM_AT:g} s: {real.get('answer')}"
            )
        return
    if args.kind == "halfsent":
        print(figures("a new phone's join page during the flood", pages, "pages"))
        print(figures("a new phone's socket during the flood", opens, "sockets"))
        print(f"new phones that failed: {dict(failed) or 0}; attacker: {counts}")
        return
    checked = sum(counts.get(c, 0) for c in CHECKED) + counts.get("ok", 0)
    answered = sum(
        v
        for c, v in counts.items()
        if c not in ("sent", "opened", "refused_opens", "closed", "bytes", "whole", "updates")
    )
    print(
        f"attacker: sent {counts.get('sent', 0)}, answered {answered}, rate_limited"
        f" {counts.get('rate_limited', 0)}, seats taken {counts.get('ok', 0)}"
    )
    print(
        f"attacker: sockets opened {counts.get('opened', 0)}, refused at open {counts.get('refused_opens', 0)},"
        f" closed by the host or at the end {counts.get('closed', 0)}"
    )
    if args.kind in ("join", "claim"):
        limit = "10" if args.kind == "join" else "5"
        print(f"attacker's checked guesses: {checked / seconds:.2f} a second (goal: at most {limit})")


if __name__ == "__main__":
    main()
