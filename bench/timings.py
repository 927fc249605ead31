"""Where an act's time goes inside the host: a timing recorder that ``bench/latency.py`` installs.

    python bench/timings.py TIMINGS_FILE threading|gevent|eventlet [cashrun's options]

Runs ``cashrun`` with a recorder on the host's services (``services.timing``: the host calls
it with ``received`` when an act arrives (the act's id noted from ``Acting.act``, and the moment
on ``perf_counter``, to join it with the clients' moments), ``applied`` after the engine, ``committed`` after
the database, ``encoded`` when every message of the act is queued), on the table's messages
(``prepared``: every socket's message of the act worked out and encoded, on the act's thread) and
on the database (``synced``: its ``COMMIT``, with the disk's sync, returned on the database's thread,
which runs it while the act's thread prepares), and on the Engine.IO sockets
(the time each socket finished writing a message of that act, and its bytes). On SIGUSR1 it
writes what it has to TIMINGS_FILE (JSON, then renamed into place) and starts again; on
SIGUSR2 it switches how frames are written (``switch_frames``).

Only for benches: it wraps Engine.IO's packet and socket methods in this process. With
``gevent`` or ``eventlet`` the whole process is patched first (threads, sockets, locks and
sleeps become theirs), so the host runs on that library without a change of its own.
"""

from __future__ import annotations

import sys

if sys.argv[2:3] == ["gevent"]:
    from gevent import monkey

    monkey.patch_all()
elif sys.argv[2:3] == ["eventlet"]:
    import eventlet

    eventlet.monkey_patch()

import json
import os
import signal
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

STAGES = ("received", "applied", "prepared", "synced", "committed", "encoded")


class Act:
    __slots__ = ("bytes", "id", "queued", "stages", "writes", "written")

    def __init__(self, received: float, act_id: str | None) -> None:
        self.id = act_id
        self.stages = {"received": received}
        self.written = 0.0
        self.bytes = 0
        self.queued = 0
        self.writes = 0


class Recorder:
    """The stages of each act, and when its last message left the host and how many bytes it took."""

    def __init__(self) -> None:
        self.acts: list[Act] = []
        self.local = threading.local()
        self.lock = threading.Lock()

    def mark(self, stage: str) -> None:
        """The host's call: ``stage`` of the act this thread handles is done now."""
        now = time.perf_counter()
        if stage == "received":
            self.local.act = Act(now, getattr(self.local, "act_id", None))
            with self.lock:
                self.acts.append(self.local.act)
            return
        act = getattr(self.local, "act", None)
        if act is not None:
            act.stages[stage] = now
            if stage == "encoded":
                self.local.act = None

    def queued(self, packet: Any) -> None:
        """A message is queued for a socket: it belongs to the act this thread handles, if any."""
        act = getattr(self.local, "act", None)
        if act is not None:
            packet.bench_act = act
            act.queued += 1

    def encoding(self, packet: Any) -> None:
        """A socket's writer is about to write ``packet`` (same thread as the write that follows)."""
        self.local.packet = packet

    def written(self, text: str | bytes) -> None:
        act = getattr(getattr(self.local, "packet", None), "bench_act", None)
        if act is not None:
            self.wrote(act, text)

    def wrote(self, act: Act, text: str | bytes) -> None:
        """One of ``act``'s messages has just been written whole."""
        now = time.perf_counter()
        with self.lock:
            act.written = max(act.written, now)
            act.bytes += len(text.encode() if isinstance(text, str) else text)
            act.writes += 1

    def take(self) -> list[dict[str, Any]]:
        """Each whole act so far (every queued message written), in milliseconds from ``received``,
        with its id and when it was received (``at``, seconds on ``perf_counter``); then none."""
        with self.lock:
            acts, self.acts = self.acts, []
        out = []
        for act in acts:
            if act.queued and act.writes >= act.queued and len(act.stages) == len(STAGES):
                start = act.stages["received"]
                row = {stage: (act.stages[stage] - start) * 1000 for stage in STAGES[1:]}
                out.append(
                    {
                        **row,
                        "written": (act.written - start) * 1000,
                        "bytes": act.bytes,
                        "sockets": act.queued,
                        "id": act.id,
                        "at": start,
                    }
                )
        return out

    def install(self, host: Any) -> None:
        """Record this host's acts: its services' hook and every Engine.IO socket's writes."""
        from engineio import packet, socket

        from companion.play.acting import Acting

        host.services.timing = self.mark
        recorder = self
        act = Acting.act

        def named_act(self: Any, conn: Any, action_id: str, *args: Any, **kwargs: Any) -> Any:
            recorder.local.act_id = action_id  # for the act's "received", marked inside
            return act(self, conn, action_id, *args, **kwargs)

        Acting.act = named_act  # type: ignore[method-assign]
        self.install_store()
        send, handler, encode = socket.Socket.send, socket.Socket._websocket_handler, packet.Packet.encode

        def queued_send(self: Any, pkt: Any) -> None:
            recorder.queued(pkt)
            send(self, pkt)

        def noted_encode(self: Any, *args: Any, **kwargs: Any) -> Any:
            recorder.encoding(self)
            return encode(self, *args, **kwargs)

        def timed_handler(self: Any, ws: Any) -> Any:
            return handler(self, TimedSocket(ws, recorder))

        socket.Socket.send = queued_send
        socket.Socket._websocket_handler = timed_handler
        packet.Packet.encode = noted_encode
        self.install_frames()

    def install_store(self) -> None:
        """Record when each act's messages were prepared and when its ``COMMIT`` returned. The
        database stages an act's rows on the act's thread and commits them on its own, holding its
        lock from one to the other: one act at a time, so the act staged last is the one committed."""
        from companion.play.broadcast import Broadcast
        from companion.saving.database import Database

        recorder = self
        prepare = Broadcast.prepare

        def timed_prepare(self: Any) -> Any:
            prepared = prepare(self)
            recorder.mark("prepared")
            return prepared

        Broadcast.prepare = timed_prepare  # type: ignore[method-assign]
        stage, complete = Database._stage, Database._complete

        def noted_stage(self: Any, *args: Any) -> int:
            self.bench_act = getattr(recorder.local, "act", None)
            return stage(self, *args)

        def timed_complete(self: Any, *args: Any) -> int:
            n = complete(self, *args)
            act = self.__dict__.pop("bench_act", None)
            if act is not None:
                act.stages["synced"] = time.perf_counter()
            return n

        Database._stage = noted_stage  # type: ignore[method-assign]
        Database._complete = timed_complete  # type: ignore[method-assign]

    def install_frames(self) -> None:
        """Record the writes of the door's queue (``companion.door.frames``), which writes most
        frames from the act's own thread: a message is written once every byte up to its
        frame's end is, whichever thread wrote them."""
        from companion.door.frames import FrameQueue

        recorder = self
        frame, send = FrameQueue._frame, FrameQueue._send

        def noted_frame(self: Any, item: Any) -> bytes:
            data = frame(self, item)
            self.bench_framed = getattr(self, "bench_framed", 0) + len(data)
            act = getattr(item, "bench_act", None)
            if act is not None:
                self.__dict__.setdefault("bench_ends", deque()).append((self.bench_framed, act, data))
            return data

        def timed_send(self: Any, data: bytes, *, wait: bool) -> int:
            sent = send(self, data, wait=wait)
            self.bench_sent = getattr(self, "bench_sent", 0) + sent
            ends = self.__dict__.get("bench_ends")
            while ends and ends[0][0] <= self.bench_sent:
                _, act, data = ends.popleft()
                recorder.wrote(act, data)
            return sent

        FrameQueue._frame = noted_frame  # type: ignore[method-assign]
        FrameQueue._send = timed_send  # type: ignore[method-assign]


class TimedSocket:
    """A WebSocket whose every write is reported to the recorder after it is done."""

    def __init__(self, ws: Any, recorder: Recorder) -> None:
        self._ws = ws
        self._recorder = recorder

    def send(self, message: str | bytes) -> Any:
        result = self._ws.send(message)
        self._recorder.written(message)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)


def switch_frames() -> None:
    """Between the frames written by the thread that sends them (as built) and the hop to each
    socket's writer thread that they replaced (``bench/frames.py`` alternates them)."""
    from companion.door.frames import FrameQueue

    if not hasattr(FrameQueue, "bench_direct"):
        FrameQueue.bench_direct = FrameQueue._write  # type: ignore[attr-defined]

        def hop(self: Any, frame: bytes) -> None:
            self._waiting += frame
            self._order.notify()

        FrameQueue._write = hop  # type: ignore[method-assign]
    else:
        FrameQueue._write = FrameQueue.bench_direct  # type: ignore[attr-defined,method-assign]
        del FrameQueue.bench_direct  # type: ignore[attr-defined]


def main() -> int:
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from companion import cli

    cli.serving_only()  # as the command's own process, before the app loads
    from companion import app as factory

    target = Path(sys.argv[1])
    recorder = Recorder()
    make = factory.create_app

    def create_app(*args: Any, **kwargs: Any) -> Any:
        app = make(*args, **kwargs)
        recorder.install(app.extensions["cashrun"])
        return app

    def dump(*_: Any) -> None:
        part = target.with_suffix(".part")
        part.write_text(json.dumps(recorder.take()))
        os.replace(part, target)

    factory.create_app = create_app
    signal.signal(signal.SIGUSR1, dump)
    signal.signal(signal.SIGUSR2, lambda *_: switch_frames())
    return cli.main(sys.argv[3:])


if __name__ == "__main__":
    sys.exit(main())
