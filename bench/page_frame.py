"""What one update from the host costs the pages' main thread, on a fast and on a slowed CPU.

    python bench/page_frame.py [--rates 1,4] [--threads] [--profile DIR] [--pages phone,table] [--hide SELECTOR]
                               [--games N]

A seeded game with six seats (the extremes game's plan: six 24-letter names, eight-digit amounts,
a casino game, two bluffs, Everybody Plays, an auction, the lap and the end) played against a
live ``cashrun``: the seats without a phone and the banker over a table socket of this script,
the last seat by its phone (360x640, touch) the way a person taps, on a host whose reveal clock
runs at a tenth of its time (``REVEAL``). The table screen (1366x768, reduced motion: its stage
plays nothing, it shows each outcome when the clock ends) and the phone run with the CPU slowed
``rate`` times through the DevTools protocol (``Emulation.setCPUThrottlingRate``).

At a rate above 1 each page is slowed in a game of its own, the other page running at full speed
(``--pages`` picks the pages). Chromium slows a page by a thread that interrupts its main thread
every 200 us; the interrupted thread spins for (rate - 1) times the time since it last ran, busy or
idle. A slowed page thus keeps about three quarters of a core spinning at 4x even when it does
nothing, and every spin is longer by (rate - 1) times any time the system took the thread away: with
both pages slowed on a small machine their spinning took the cores from each other, and a page's
thread time at 4x came to about 7 times its time at 1x. The page measured still has all its own
work counted, slowed as before; only the other page's idle spinning is gone.

The phone's slowed game is played with the table screen closed once the phone has its seat: a phone
at a family's table does not share its processor with the laptop's screen. With the table screen
open on this two-core machine, the phone's frame waited for a core: in a trace at 1x with both
pages open, the phone's frame task ran on its thread for 2.1 of its 4.3 ms (p50), and its longest
pause came most often right after its paint, where the main thread waits for the compositor thread
to take the frame, while the table screen's renderer held the other core. Likewise the table's
slowed game closes the phone page once it has its seat (the phone is not on the laptop either), and
the phone's seat plays on over a socket of this script with the phone's token: the same actions,
its spins with the links of the phone's chain, as the page would send them.

For every ``update`` (or ``view``) message a page gets, the page measures (an init script round
the socket's ``onmessage``) the script of that message, to the end of the microtasks it queued
(Socket.IO hands a message on in one), and the frame that follows it: from the frame's
``requestAnimationFrame`` to a task posted from it (style, layout, paint and the frame's other
callbacks). It prints p50, p95 and max of their sum per page and rate, in ms. The script marks each
update and its frame in the page's timeline only when the game is traced (``--threads``, ``--profile``):
in a profile at 1x, a mark after an idle spell took 0.05 to 0.4 ms, which was counted as the page's work.

Those are wall times: on a machine busy with other work they grow with its load. ``--threads`` also
prints each page's own thread time per update (from a trace: the task that ran the update's script
plus the task of its frame), which the machine's load does not inflate; at 1x it is the page's work
(times the rate: a phone that much slower), while at a higher rate it also counts the throttling's
spin, which grows with the time the system takes the thread away (see above): on a loaded machine
more than rate times the work. ``--profile DIR`` records each game as a DevTools trace of both pages
(``game-1x.json``, ``game-4x-phone.json``, ...: open one in the Performance panel): the script's
samples, style, layout (a forced one with the stack that forced it) and paint; its thread times then
include the profiler's.

``--games N`` plays each game N times: a line for each game, then one for their updates together
(``all``). On a small machine the p50 of one slowed game moves by a quarter from one game to the
next (the machine's other work); the figures of several games together move less.

``--hide SELECTOR`` takes the parts it matches off both pages (``display: none``), the game played
the same: the figures are then what the rest of the page costs. With ``.game-grid`` the table
screen still runs its script for each update (it builds and patches the hidden columns; only the
status's fit, which measures the shown status, finds nothing to measure), with nothing of the game
drawn. The phone plays by taps on its screen, so its game needs what it shows.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from companion.play.broadcast import PRESENCE_DELAY
from engine import BANKER
from tests.support.browser import ARGS, CHROMIUM, SEED
from tests.support.cashrun import Cashrun
from tests.support.client import Peer
from tests.support.extremes import PHONE_SEAT, claim_the_last_seat, seat_the_extremes
from tests.support.web_driver import log_end, perform, seeded_random, start_game

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
TABLE = {"viewport": {"width": 1366, "height": 768}, "reduced_motion": "reduce"}
SIZES = {"phone": "360x640", "table": "1366x768"}
REVEAL = 0.1
"""The host's reveal clock scaled down: a roll waits 0.25 s, so the game is only as long as its steps."""
TASKS = ["toplevel", "blink.user_timing"]
"""A trace of the main threads' tasks (with their thread time) and the marks of the updates and their frames."""
PROFILE = [
    *TASKS,
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-devtools.timeline.frame",
    "v8.execute",
    "disabled-by-default-v8.cpu_profiler",
]

MEASURE = """(marks) => {
  const seen = window.__updates = [];
  // One channel for every frame's end, made before the game: making one in a frame was counted in it.
  const ends = new MessageChannel();
  const waiting = [];
  ends.port1.onmessage = () => waiting.shift()();
  const own = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true, get: own.get,
    set(fn) {
      own.set.call(this, fn && function (ev) {
        const kind = typeof ev.data === "string" && /^42\\["(update|view)"/.test(ev.data);
        if (!kind) return fn.call(this, ev);
        const page = location.pathname.startsWith("/table") ? "table" : "phone";
        // The marks find the update's tasks in a trace; without one they would be counted as the page's work.
        if (marks) performance.mark(`${page}-update`);
        const start = performance.now();
        try { return fn.call(this, ev); } finally {
          // Socket.IO hands the message on in a microtask (its nextTick): the script ends after it.
          const rec = { script: null, frame: null };
          queueMicrotask(() => queueMicrotask(() => { rec.script = performance.now() - start; }));
          seen.push(rec);
          requestAnimationFrame(() => {
            const frame = performance.now();
            if (marks) performance.mark(`${page}-frame`);
            waiting.push(() => { rec.frame = performance.now() - frame; });
            ends.port2.postMessage(0);
          });
        }
      });
    },
  });
}"""

HIDE = """(selector) => addEventListener("DOMContentLoaded", () => {
  // Into the page's own style sheet: its Content-Security-Policy refuses a <style> element.
  const sheet = document.styleSheets[document.styleSheets.length - 1];
  sheet.insertRule(`${selector} { display: none !important; }`, sheet.cssRules.length);
})"""

ONLINE = "(seat) => document.querySelector(`.tplayer[data-seat='${seat}'] .dot.on`)"

WAIT = "(end) => Number(document.querySelector('#app').dataset.logEnd || -1) >= end && document.querySelector('#app').dataset.reveal !== '1'"


def wait_log(page, end: int) -> None:
    """As web_driver.wait_log, polling every 50 ms (not every frame: the frames are what is measured)."""
    page.wait_for_function(WAIT, arg=end, polling=50, timeout=30_000)


def throttle(ctx, page, rate: float) -> None:
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def thread_times(trace: Path) -> dict[str, list[float]]:
    """Per page, each update's thread time in ms: the task its script ran in and the task of the frame after it."""
    events = json.loads(trace.read_text())["traceEvents"]
    marks = sorted(
        (e["ts"], e["pid"], e["tid"], e["name"]) for e in events if e.get("name", "").endswith(("-update", "-frame"))
    )
    tasks: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for e in events:
        if e.get("name") == "ThreadControllerImpl::RunTask" and e.get("ph") == "X":
            tasks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], e.get("tdur", 0)))
    for spans in tasks.values():
        spans.sort()

    def task(ts: int, thread: tuple[int, int]) -> tuple[int, int, int] | None:
        spans = tasks.get(thread, [])
        i = bisect.bisect_right(spans, (ts, float("inf"))) - 1
        return spans[i] if i >= 0 and spans[i][1] >= ts else None

    out: dict[str, list[float]] = {}
    for i, (ts, pid, tid, name) in enumerate(marks):
        page, kind = name.rsplit("-", 1)
        if kind != "update":
            continue
        frame = next((m for m in marks[i + 1 :] if m[1:3] == (pid, tid) and m[3] == f"{page}-frame"), None)
        ran, drew = task(ts, (pid, tid)), frame and task(frame[0], (pid, tid))
        if ran and drew:
            out.setdefault(page, []).append((ran[2] + (drew[2] if drew != ran else 0)) / 1000)
    return out


def play(
    browser,
    rate: float,
    slowed: tuple[str, ...],
    trace: Path | None = None,
    categories: list[str] = TASKS,
    hide: str | None = None,
) -> dict[str, list[dict[str, float]]]:
    """One seeded game with the ``slowed`` pages at ``rate`` (the others at full speed); the cost of
    each update the table screen and the phone got. With ``trace``, the game is traced
    (``categories``) into that file; with ``hide``, what that selector matches is not shown."""
    with tempfile.TemporaryDirectory() as data:
        host = Cashrun(Path(data), seed=SEED, reveal_scale=REVEAL)
        tctx = browser.new_context(**TABLE, locale="en-GB", color_scheme="light")
        pctx = browser.new_context(**PHONE, locale="nl-NL")
        try:
            for ctx in (tctx, pctx):
                ctx.add_init_script(f"({MEASURE})({json.dumps(trace is not None)})")
                if hide:
                    ctx.add_init_script(f"({HIDE})({json.dumps(hide)})")
            seeded_random(pctx, 6)  # the phone's chain, and so the game, the same every run
            table = tctx.new_page()
            phone = pctx.new_page()
            errors: list[str] = []
            for name, page in (("table", table), ("phone", phone)):
                page.on("pageerror", lambda e, name=name: errors.append(f"{name}: {e}"))
            seat_the_extremes(table, host.table_url)
            start_game(table)
            wait_log(table, -1)  # the opening rolls shown: the banker's drawer waits for them
            plan, mirror = claim_the_last_seat(table, phone, host.base)
            wait_log(table, log_end(mirror.view(None)))
            sock = Peer(host.base, {"table_key": host.key, "views": "whole"}, reconnect=False)
            pages = {"phone": phone, "table": table}
            seat = None  # the phone's seat played over a socket of this script, once its page is closed
            # Each slowed page plays on its own device: the phone does not share the laptop's processor.
            if slowed == ("phone",):
                table.close()
                del pages["table"]
            elif slowed == ("table",):
                token = phone.evaluate("() => localStorage.getItem('cashrun.token')")
                phone.close()
                del pages["phone"]
                seat = Peer(host.base, {"token": token, "views": "whole"}, reconnect=False)
                # The others hear a phone come and go a moment later, in one message: that one before the game's.
                time.sleep(PRESENCE_DELAY + 0.25)
                table.wait_for_function(ONLINE, arg=PHONE_SEAT, polling=50)
            for page in pages.values():
                page.evaluate("() => { window.__updates.length = 0; }")
            if "table" in slowed:
                throttle(tctx, table, rate)
            if "phone" in slowed:
                throttle(pctx, phone, rate)
            if trace:
                browser.start_tracing(path=trace, categories=categories)
            for who, action, _tag in plan.steps:
                # A phone's link to a stake's draw it does not spin: its page gives it by itself.
                given = action["type"] == "draw_for" and mirror.view(None)["waiting"]["spinner"] != who
                if who == PHONE_SEAT and seat:
                    seat.act(action)
                elif who == PHONE_SEAT:
                    if not given:
                        perform(phone, action, by={"bid": "quick", "bet": "fewest"}.get(action["type"], "typing"))
                else:
                    sock.act(action, None if who == BANKER else who)
                mirror.apply(who, action)
                end = log_end(mirror.view(None))
                for page in pages.values():
                    wait_log(page, end)
            time.sleep(0.5)  # the last frames
            if trace:
                browser.stop_tracing()
            sock.close()
            if seat:
                seat.close()
            assert mirror.over and not errors, errors
            return {
                name: [
                    r
                    for r in page.evaluate("() => window.__updates")
                    if r["frame"] is not None and r["script"] is not None
                ]
                for name, page in pages.items()
            }
        finally:
            tctx.close()
            pctx.close()
            host.stop(10)


def p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rates", default="1,4", help="CPU slowdowns to measure at, comma-separated")
    parser.add_argument("--threads", action="store_true", help="also each page's own thread time per update")
    parser.add_argument("--profile", type=Path, help="a folder for a DevTools trace of the game at each rate")
    parser.add_argument("--pages", default="phone,table", help="the pages to measure, comma-separated")
    parser.add_argument("--hide", help="a CSS selector: what it matches is not shown (display: none), on both pages")
    parser.add_argument(
        "--games", type=int, default=1, help="games per rate and page, reported one by one and together"
    )
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games: at least one game")
    pages = [name for name in ("phone", "table") if name in args.pages.split(",")]
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    print(f"load {os.getloadavg()[0]:.2f}; ms of main-thread work per update (its script and the frame after it)")
    threads = "   thread p50 p95" if args.threads or args.profile else ""
    print(
        f"{'page':6} {'size':9} {'cpu':>4} {'updates':>7} {'p50':>6} {'p95':>6} {'max':>6}   script p50  frame p50{threads}"
    )
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as scratch:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for rate in (float(r) for r in args.rates.split(",")):
                # At full speed one game measures every page; slowed, a game for each (see above).
                for slowed in [tuple(pages)] if rate == 1 else [(name,) for name in pages]:
                    measure(browser, rate, slowed, args, Path(scratch))
        finally:
            browser.close()
    print(f"load {os.getloadavg()[0]:.2f}")


def measure(browser, rate: float, slowed: tuple[str, ...], args: argparse.Namespace, scratch: Path) -> None:
    """``args.games`` games with the ``slowed`` pages at ``rate``: a line per game when there are
    several, then one for their updates together."""
    seen: dict[str, list[dict[str, float]]] = {name: [] for name in slowed}
    thread: dict[str, list[float]] = {name: [] for name in slowed}
    for game in range(1, args.games + 1):
        trace = None
        if args.profile:
            numbered = f"-{game}" if args.games > 1 else ""
            trace = args.profile / f"game-{rate:g}x{'' if rate == 1 else '-' + slowed[0]}{numbered}.json"
        elif args.threads:
            trace = scratch / "game.json"
        seen_by_page = play(browser, rate, slowed, trace, PROFILE if args.profile else TASKS, args.hide)
        thread_by_page = thread_times(trace) if trace else {}
        for name in slowed:
            seen[name] += seen_by_page[name]
            thread[name] += thread_by_page.get(name, [])
        if args.games > 1:
            report(rate, {name: seen_by_page[name] for name in slowed}, thread_by_page, f"game {game}")
    report(rate, seen, thread, "all" if args.games > 1 else "")


def report(
    rate: float, seen_by_page: dict[str, list[dict[str, float]]], thread: dict[str, list[float]], games: str
) -> None:
    """A line per page: its updates' p50, p95 and max (script and frame p50, thread p50 and p95), and
    which of the games they are from (``games``, empty when there is one)."""
    for name, seen in seen_by_page.items():
        costs = [r["script"] + r["frame"] for r in seen]
        script, frame = (p([r[k] for r in seen], 50) for k in ("script", "frame"))
        own = f"   {p(thread[name], 50):10.1f} {p(thread[name], 95):4.1f}" if thread.get(name) else ""
        print(
            f"{name:6} {SIZES[name]:9} {rate:>3g}x {len(costs):>7} {p(costs, 50):6.1f} {p(costs, 95):6.1f} {max(costs):6.1f}"
            f"   {script:10.1f} {frame:10.1f}{own}{'   ' + games if games else ''}",
            flush=True,
        )


if __name__ == "__main__":
    main()
