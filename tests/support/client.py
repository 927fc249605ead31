"""A real Socket.IO client of ``cashrun`` for the tests and the benches: it connects with the
credentials a page sends, joins, acts, and keeps every whole message as a page does."""

from __future__ import annotations

import itertools
import json
import secrets
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import socketio

from companion.seal import PageSeal
from tests.support.loopback import connect_from
from tests.support.screen import Screen, readable

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.seal import Seal

WAIT = 10.0
PACE = 0.12
"""Seconds before each of ``act``'s messages: one socket may send 10 a second."""

HELD_TRIES = 40
"""How often ``act`` sends an act the host holds for a moment before it gives up."""
NOT_READY_WAIT = 0.25
"""Seconds before ``act`` sends a ``start`` again that waits for a phone's seeds (``phones_not_ready``)."""

Message = dict[str, Any]

DISCONNECT = "1"
"""The first character of a Socket.IO packet that closes the namespace."""


class Peer:
    """A python-socketio client that keeps every whole message it got: from ``view`` (with
    ``auth.views = "whole"``) or built from its ``update``s, as a page does (``views``, the
    last one ``latest``). An update that never comes (``drop`` throws the next away) is asked
    for again with ``sync``.

    A message is only noted as it arrives (``arrivals``, ``perf_counter``); it is measured
    (``sizes``) and applied when one of them is next asked for. A table's seven clients share
    one process in the benches, where one client's work on a large message delayed the others'
    notes of arrival; seven phones each do their own at once. For the same reason it skips
    websocket-client's UTF-8 check of incoming text (pure Python, about 2 ms per 8 KB message;
    a browser checks natively).

    ``source`` is the loopback address it connects from (the host limits each address, as each
    phone's); such a client does not reconnect (its socket is made here once), while one without
    it reconnects at once with ``auth`` as it is then, as a page does, unless ``reconnect`` is off. ``kept`` bounds ``views``
    to the newest ones (a bench's long game).

    ``sealed`` is the host's public key (``Cashrun.host_key``): the socket is then sealed as a
    page's is (``companion.seal.PageSeal``): a fresh key pair at every connect, the credentials in
    its box, and every message both ways sealed; what the client keeps is the opened text."""

    def __init__(
        self,
        url: str,
        auth: dict[str, Any],
        source: str | None = None,
        *,
        reconnect: bool = True,
        kept: int | None = None,
        sealed: str | None = None,
        wait: float = WAIT,
    ) -> None:
        extra: dict[str, Any] = {"skip_utf8_validation": True}
        if source is not None:
            extra["socket"] = connect_from(source, int(url.rsplit(":", 1)[1]))
        self.sio = socketio.Client(
            reconnection=reconnect and source is None,
            reconnection_delay=0.1,
            reconnection_delay_max=0.3,
            websocket_extra_options=extra,
        )
        self.auth = auth
        self.screen = Screen()
        self.changed = threading.Condition()
        self.arrivals: list[float] = []
        self.refused: list[Any] = []
        self.synced = 0
        self.drop = False
        self._pending: list[tuple[Any, bool]] = []
        self._views: deque[Message] = deque(maxlen=kept)
        self._sizes: list[int] = []
        self._by_size: dict[int, Any] = {}
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4)  # another client's ids, or an earlier one's, are not its own
        self._host_key = sealed
        self._seal: Seal | None = None
        self.sio.on("view", lambda data: self._arrived(data, whole=True))
        self.sio.on("update", lambda data: self._arrived(data, whole=False))
        self.sio.on("refused", lambda data: self.refused.append(self._opened(data)))
        self._in_order()
        self.sio.connect(url, auth=self._credentials, transports=["websocket"], wait_timeout=wait)

    def _in_order(self) -> None:
        """Each message is taken on the client's reading thread, in the order it came, as a page
        takes it. python-engineio's client hands each message to its handler on a thread of its own
        (through its public ``start_background_task``), so the answer to an act could be taken before
        the view the host sent ahead of it, and a test that read ``latest`` then acted on a view a
        step old (``not_your_turn``, ``bad_choice``) on a busy machine. Noting a message is quick, so
        the reading thread does it; the host's disconnect (which waits for that thread to end) and
        every other task still get a thread of their own. Should the library stop starting its
        message handlers there, they run as before: ``Screen`` still puts updates in order, but an
        answer may again be taken before its view."""
        eio = self.sio.eio
        spawn = eio.start_background_task

        def start(target: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            if target == eio.handlers.get("message") and not str(args[0]).startswith(DISCONNECT):
                target(*args, **kwargs)
                return None
            return spawn(target, *args, **kwargs)

        eio.start_background_task = start

    def _credentials(self) -> dict[str, Any]:
        """The connect's ``auth``: ``auth`` as it is now, sealed with a fresh key pair for a sealed socket."""
        if self._host_key is None:
            return self.auth
        fields, self._seal = PageSeal.new(self._host_key)
        return fields(self.auth)

    def _opened(self, data: Any) -> Any:
        return data if self._seal is None else self._seal.open_json(data)

    def _arrived(self, data: Any, whole: bool) -> None:
        """One more message: a whole one (``view``) or an ``update`` to the last."""
        with self.changed:
            self.arrivals.append(time.perf_counter())
            data = self._opened(data)
            if self.drop and not whole:
                self.drop = False
                return
            self._pending.append((data, whole))
            self.changed.notify_all()

    def _take(self, catch_up: bool = True) -> None:
        """Under the lock: the messages that arrived since, measured and applied. An update that
        does not follow the last one taken (one before it was thrown away: ``drop``) waits for it;
        with ``catch_up``, ``sync`` asks for it if it has not come half a second later."""
        for data, whole in self._pending:
            size = len(json.dumps(data, separators=(",", ":")))
            self._sizes.append(size)
            self._by_size.setdefault(size, data)
            message = readable(data) if whole else self.screen.take(data)
            if message is not None:
                self._views.append(message)
            elif catch_up and self.screen.behind:
                threading.Timer(0.5, self._catch_up).start()
        self._pending.clear()

    def _catch_up(self) -> None:
        with self.changed:
            self._take(catch_up=False)
            behind = self.screen.behind
        if behind and self.sio.connected:
            self.synced += 1
            self.sio.emit("sync", {}, callback=lambda *answer: None)  # the host answers every message

    def _current(self) -> Peer:
        """This client, with the messages that arrived since taken."""
        with self.changed:
            self._take()
        return self

    @property
    def views(self) -> deque[Message]:
        """Every whole message so far (the newest ``kept``)."""
        return self._current()._views

    @property
    def latest(self) -> Message | None:
        """The last whole message, or None before the first."""
        views = self._current()._views
        return views[-1] if views else None

    @property
    def sizes(self) -> list[int]:
        """Each message's JSON, in bytes as the host writes it (Socket.IO's framing aside)."""
        return self._current()._sizes

    @property
    def by_size(self) -> dict[int, Any]:
        """One message of each size seen (the bare server sends a typical one)."""
        return self._current()._by_size

    def wait_for(self, test: Callable[[Message], bool], wait: float = WAIT) -> Message:
        """The latest whole message once ``test(latest)`` holds."""

        def ready() -> bool:
            self._take()
            return bool(self._views) and test(self._views[-1])

        with self.changed:
            if not self.changed.wait_for(ready, wait):
                raise TimeoutError("the expected message never came")
            return self._views[-1]

    def wait_views(self, count: int) -> Message:
        """The latest whole message once there are ``count`` of them."""
        return self.wait_for(lambda _: len(self._views) >= count)

    def arrival(self, index: int) -> float:
        """When message number ``index`` (from 0) arrived; waits for it."""
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.arrivals) > index, WAIT):
                raise TimeoutError("a message never came")
            return self.arrivals[index]

    def call(self, event: str, data: Any, wait: float = WAIT) -> Any:
        """``event`` sent with ``data``; the host's answer."""
        if self._seal is None:
            return self.sio.call(event, data, timeout=wait)
        return self._seal.open_json(self.sio.call(event, self._seal.seal_json(data), timeout=wait))

    def join(self, code: str, name: str, **more: Any) -> Message:
        """A seat in the lobby ``code``: the host's answer (``seat``, ``token``), which must be yes."""
        answer = self.call("join", {"code": code, "name": name, **more})
        assert answer["ok"], (name, answer)
        return answer

    def act(self, action: Message, seat: int | None = None, pace: float = PACE) -> Message:
        """``action`` sent after ``pace`` seconds under a new id, for ``seat`` when this is the table
        screen playing a seat without a phone (``as``); the host's answer, which must be yes. An act
        the host holds for a moment is sent again, as a person taps again: one the reveal clock holds
        (``revealing``) when the clock says it ends, a start that waits for the seeds of a phone Play
        again brought along (``phones_not_ready``: the phone sends them as it gets the new lobby) a
        quarter of a second later."""
        message = {
            "id": f"{self._prefix}-{next(self._ids)}",
            "action": action,
            **({} if seat is None else {"as": seat}),
        }
        for _ in range(HELD_TRIES):
            time.sleep(pace)
            answer = self.call("act", message)
            code = None if answer["ok"] else answer["error"]["code"]
            if code == "revealing":
                time.sleep(min(answer["error"].get("remaining", 0.5), 3))
            elif code == "phones_not_ready":
                time.sleep(NOT_READY_WAIT)
            else:
                break
        assert answer["ok"], (action, answer)
        return answer

    def close(self) -> None:
        self.sio.disconnect()
