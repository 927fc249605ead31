"""The clients of ``bench/latency.py``: each table's table screen and six phones in a worker process
of their own, started and let go together.

    python bench/latency_clients.py SPEC   (a worker: SPEC is its JSON; the bench starts these)
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.host_run import ENV
from bench.peers import measure, new_peer, paced
from tests.engine.randomplay import concrete

if TYPE_CHECKING:
    from tests.support.client import Peer

AVOID = ("announce", "auction", "claim_lap")
NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]


def waiting_choices(screen: Peer, phones: list[Peer]) -> list[tuple[int, dict[str, Any]]] | None:
    """Each seat the game waits for with each of its legal actions (but ``AVOID``); None once it is over."""
    view = screen.latest["view"]
    if view["over"]:
        return None
    return [
        (seat, a)
        for seat in view["waiting"]["seats"]
        for a in phones[seat].latest["legal_actions"]
        if a["type"] not in AVOID
    ]


def random_act(
    screen: Peer,
    phones: list[Peer],
    rng: random.Random,
    act_id: str,
    samples: list[float],
    moments: dict[str, tuple[float, float]] | None = None,
) -> bool:
    """One random legal act of a seat the game waits for, timed into ``samples`` (``measure``),
    and when it was sent and last received into ``moments`` by its id; False once the game is over."""
    choices = waiting_choices(screen, phones)
    if choices is None:
        return False
    if choices:
        seat, action = rng.choice(choices)
        message = {"id": act_id, "action": concrete(action, rng)}
        timed = measure(lambda: phones[seat].call("act", message)["ok"], [screen, *phones], samples)
        if timed and moments is not None:
            moments[act_id] = timed
    return True


def host_worker(
    url: str, key: str, code: str, acts: int, interval: float, seed: int, offset: float, host_key: str | None = None
) -> dict[str, Any]:
    """Join six phones, start, wait for the go, play; returns the samples, the sizes of the
    messages during play (their JSON, opened) and one of their median size.

    Each table's clients come from their own loopback address, as a family's devices would. With
    ``host_key`` every client connects sealed, as a page does.
    """
    source = f"127.0.1.{seed + 1}"

    def client(auth: dict[str, Any]) -> Peer:
        return new_peer(url, auth, source, host_key)

    screen = client({"table_key": key})
    phones = []
    for name in NAMES:
        phone = client({})
        assert phone.call("join", {"code": code, "name": name})["ok"]
        phones.append(phone)
    assert screen.call("act", {"id": "start", "action": {"type": "start"}})["ok"]
    peers = [screen, *phones]
    for peer in peers:
        peer.wait_for(lambda m: m["kind"] == "game")
    ready()
    before = [len(peer.sizes) for peer in peers]
    rng = random.Random(seed)
    samples: list[float] = []
    moments: dict[str, tuple[float, float]] = {}

    paced(acts, interval, lambda i: random_act(screen, phones, rng, f"{seed}-{i}", samples, moments), offset)
    sizes = [peer.sizes[n:] for peer, n in zip(peers, before)]
    every = sorted(size for own in sizes for size in own)
    median = every[len(every) // 2]
    typical = next(peer.by_size[median] for peer in peers if median in peer.by_size)
    return {
        "samples": samples,
        "moments": moments,
        "table_sizes": sizes[0],
        "phone_sizes": [size for own in sizes[1:] for size in own],
        "typical": typical,
    }


def bare_worker(url: str, room: str, acts: int, interval: float, offset: float) -> dict[str, Any]:
    peers = [new_peer(url, {"room": room}, f"127.0.1.{int(room) + 1}") for _ in range(7)]
    ready()
    samples: list[float] = []
    paced(
        acts,
        interval,
        lambda i: measure(lambda: peers[i % 7].call("act", {"room": room})["ok"], peers, samples) or True,
        offset,
    )
    return {"samples": samples}


def ready() -> None:
    """Tell the bench this worker is set up, and wait for its go.

    What the worker holds by now (its imports, its clients) leaves the garbage collector's sight
    (``gc.freeze``). Each worker's first full collection in the run took 15 to 42 ms, at about the
    same act in all 25 workers, and every message of the worker's clients waited through it: that
    was the 25 tables' p99. The clients stand in for phones, whose collector is not the laptop's."""
    gc.freeze()
    print("ready", flush=True)
    sys.stdin.readline()


def run_workers(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Start the workers, let them all go at once, collect what each prints last."""
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, json.dumps(spec)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for spec in specs
    ]
    try:
        for proc in procs:
            if proc.stdout.readline().strip() != "ready":
                raise RuntimeError("a worker failed to set up")
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results = []
        for proc in procs:
            out = proc.communicate(timeout=600)[0]
            if proc.returncode == 0:
                results.append(json.loads(out))
        if len(results) < len(procs):  # a client lost its socket (a machine too busy): the others count
            print(f"{len(procs) - len(results)} of {len(procs)} workers failed; their samples are left out", flush=True)
        if not results:
            raise RuntimeError("every worker failed")
        return results
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


def main() -> None:
    """One worker: its clients play, then it prints what it measured as JSON."""
    spec = json.loads(sys.argv[1])
    worker = host_worker if spec.pop("kind") == "host" else bare_worker
    print(json.dumps(worker(**spec)), flush=True)


if __name__ == "__main__":
    main()
