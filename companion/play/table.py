"""One live table: its lobby or game, its seats and sockets, and its clocks' calls.

Every change happens under the table's lock in this order: check, apply, commit to the
database (``record``), send the messages (``broadcast``); the sender's answer goes out last, when
its handler returns. The table holds the state; three parts act on it, each through a protocol
of what it needs from the table: ``acting`` (every action), ``joining`` (``seating.py``, the join
address's side: join, claim, watch) and ``starting`` (the start of a game).
"""

from __future__ import annotations

import json
import logging
import threading
from typing import TYPE_CHECKING, Any, TypeVar

from engine import BANKER

from ..common.errors import Refusal
from ..saving.record import Record, load_game
from ..wire.sockets import Sockets
from .acting import Acting
from .broadcast import Broadcast
from .claims import Claims
from .codes import new_id
from .countdown import DRAW_SECONDS, Countdown, full_time, paused_in
from .lobby import Lobby
from .pause import Pause
from .reveal import Reveal
from .seating import Joining
from .starting import Starting
from .watching import Watching

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..saving.rows import SavedGame
    from ..wire.transport import Conn
    from .lobby import Fair
    from .services import HostedTable, Services

log = logging.getLogger(__name__)

T = TypeVar("T")

SPUN_ALONE = "a side's phone did not give its link in time: that side forfeits the draw"
"""The log line of each stake's draw that timed out (the browser tests count them)."""
SPINS = ("spin", "die", "dice", "card")
"""Events of a draw: after one, a next opponent's spin has its full time again."""


class LiveTable:
    """One table of the host, live in this run: a lobby or a game, loaded from the database and saved
    there with each accepted message, and the sockets of its phones, table screens and watchers.

    Not the engine's ``engine.state.GameState`` (the game's state inside the engine): this one holds a
    whole ``engine.Game`` (None in the lobby) and everything the host adds around it: the lobby,
    the seats' tokens, the claim codes, the reveal and the countdowns, what each socket was told.
    What the host calls on it that a part does (``act``, ``join``, ``start_value``, ...) is handed
    to that part.
    """

    def __init__(self, services: Services, saved: SavedGame) -> None:
        self.services = services
        self.id = saved.id
        self.key = saved.table_key
        self.code = saved.code
        self.status = saved.status
        self.lock = threading.RLock()
        self.lobby = Lobby.from_dict(saved.lobby)
        self.tokens = dict(saved.tokens)
        """Token hash to player id: the seats that have a phone."""
        self.game = load_game(saved)
        self.record = Record(services.database, services.clock, services.scheduler, self.lock, lambda: self.game, saved)
        self.record.catch_up()
        self.log_times = self.record.log_times
        self.sockets = Sockets(services.transport)
        self.watching = Watching(services.clock)
        """The whole messages the watchers may still ask for (``watch``, ``sync``)."""
        self.claims = Claims(self, services.claims, services.clock, services.wall)
        """The claim codes the banker asked for."""
        self.again: HostedTable | None = None
        """The lobby this finished game's players moved to (play again), in this run of the host."""
        self.auction_countdown = Countdown(services.clock, services.wall, services.scheduler, self._auction_over)
        self.draw_countdown = Countdown(
            services.clock, services.wall, services.scheduler, self._draw_late, phase="opponent_draw", restarts=SPINS
        )
        """A stake's draw: ``draw_late`` when a side's phone does not give its link in time."""
        self.reveal = Reveal(services.clock, services.scheduler, self._reveal_over, services.reveal_scale)
        self.pause = Pause()
        """The banker's break: every clock held, no game action taken."""
        self.broadcast = Broadcast(self, self.lock, services.clock, services.wall, services.scheduler)
        """Who is told what after a change, and a socket that connects."""
        self.starting = Starting(self)
        self.acting = Acting(self, self.starting)
        self.joining = Joining(self, self.acting)
        if self.game is not None and not self.game.over:
            phase = self.game.view(None)["phase"]
            self.auction_countdown.update([], phase, self.auction_seconds())
            if paused_in(row for _, row in saved.actions):
                self.auction_countdown.pause()  # with its full time again, as a running clock restarts
            self.draw_countdown.update([], phase, self.draw_seconds())
        elif self.game is None and self.lobby.starting:
            self.lobby.late = False
            self.starting.wait_for_values()

    # Sockets.

    def attach_screen(self, conn: Conn) -> None:
        """A table screen connected: it gets the table's message."""
        with self.lock:
            conn.table, conn.screen = self, True
            self.sockets.screens.add(conn)
            self.broadcast.screen(conn, fresh=True)

    def attach_phone(self, conn: Conn, pid: str, seated: bool = False) -> None:
        """A phone holds the seat ``pid`` now; an older socket of that seat is closed.

        ``seated``: the phone just joined or claimed, and everyone hears it at once; a
        reconnect gets its own message now and the others hear it a moment later.
        """
        with self.lock:
            old = self.sockets.phones.get(pid)
            conn.table, conn.pid, conn.watcher = self, pid, False
            self.sockets.phones[pid] = conn
            if old is not None and old is not conn:
                self.sockets.close(old, "replaced")
            if seated:
                self.broadcast.everyone(fresh=conn)
            else:
                self.broadcast.now(conn, pid)
                self.broadcast.presence_changed()

    def attach_watcher(self, conn: Conn) -> None:
        """A phone watches this game (``joining``'s ``watch``): it gets the public view now."""
        conn.table, conn.watcher = self, True
        self.sockets.watchers.add(conn)
        self.broadcast.now(conn, None)

    def detach(self, conn: Conn) -> None:
        """A socket of this table disconnected, or moved to a seat (a watcher stops watching)."""
        with self.lock:
            if self.sockets.remove(conn):
                self.broadcast.presence_changed()
            self.watching.forget(conn)
            conn.table, conn.pid, conn.watcher = None, None, False

    def holder(self, conn: Conn) -> str | None:
        """Under the lock: the player id of the seat ``conn`` holds (None for a table screen), or
        ``not_seated`` when it holds none now: a watcher, or a socket replaced, removed or claimed
        a moment ago (checked once, here, so nothing looks the seat up after it is gone)."""
        if conn.table is not self:
            raise Refusal("not_seated")
        if conn.screen:
            return None
        if conn.watcher or conn.pid is None or self.sockets.phones.get(conn.pid) is not conn:
            raise Refusal("not_seated")
        return conn.pid

    def sync(self, conn: Conn) -> dict[str, Any]:
        """The socket missed an update: it gets its whole message again (see ``Broadcast.now``)."""
        with self.lock:
            if conn.table is not self:
                raise Refusal("not_seated")
            if conn.watcher:
                self.watching.sync(conn)
            conn.seen = None
            if conn.screen:
                self.broadcast.screen(conn)
            else:
                self.broadcast.now(conn, conn.pid)
            return {"ok": True}

    # What the host asks of the parts: ``joining``, ``starting``, ``acting``.

    def join(self, conn: Conn, name: str, pawn: Any = None, fair: Fair | None = None) -> dict[str, Any]:
        return self.joining.join(conn, name, pawn, fair)

    def peek(self) -> dict[str, Any]:
        return self.joining.peek()

    def watch(self, conn: Conn) -> dict[str, Any]:
        return self.joining.watch(conn)

    def claim(self, conn: Conn, code: str, fair: Fair | None = None) -> dict[str, Any]:
        return self.joining.claim(conn, code, fair)

    def wrong_claim(self, address: str) -> None:
        self.joining.wrong_claim(address)

    def client_seed(self, conn: Conn, fair: Fair) -> dict[str, Any]:
        return self.joining.client_seed(conn, fair)

    def fair(self) -> dict[str, Any]:
        return self.joining.fair()

    def start_value(self, conn: Conn, value: str) -> dict[str, Any]:
        return self.starting.start_value(conn, value)

    def act(self, conn: Conn, action_id: str, action: Any, as_seat: int | None) -> dict[str, Any]:
        return self.acting.act(conn, action_id, action, as_seat)

    def left_behind(self) -> None:
        self.acting.left_behind()

    def host_actions(self) -> list[dict[str, Any]]:
        return self.acting.host_actions()

    # Saving.

    def tokens_of(self, pid: str | None) -> list[str]:
        """The token hashes of the seat ``pid`` (none for None)."""
        return [h for h, p in self.tokens.items() if p == pid]

    def commit(
        self,
        actor: str,
        action_id: str,
        action: dict[str, Any],
        answer: dict[str, Any],
        *,
        lobby: bool = False,
        add: dict[str, str] | None = None,
        drop: list[str] | None = None,
        seat: int | None = None,
        first: int = 0,
        events: int = 0,
        engine: str | None = None,
        prefs: dict[str, Any] | None = None,
        at: float | None = None,
        meanwhile: Callable[[], T] | None = None,
    ) -> T | None:
        """Write one accepted message (``Record.commit``, whose ``meanwhile`` result it returns);
        only then is it remembered (the seats' tokens ``add``ed and ``drop``ped) and told.
        ``lobby``: the row carries the lobby as it is now."""
        made = self.record.commit(
            self.status,
            actor,
            action_id,
            action,
            answer,
            at=self.services.wall() if at is None else at,
            seat=seat,
            lobby=self.lobby.to_dict() if lobby else None,
            engine=engine,
            first=first,
            events=events,
            add=add,
            drop=drop,
            prefs=prefs,
            meanwhile=meanwhile,
        )
        for dropped in drop or []:
            del self.tokens[dropped]
        self.tokens.update(add or {})
        return made

    # The auction countdown.

    def auction_seconds(self) -> float | None:
        """The countdown's full time under the house rules; None: no clock."""
        return full_time(self.lobby.settings)

    def _auction_over(self, deadline: float) -> None:
        """The scheduler's call: the banker's ``close_auction`` if this countdown still runs."""
        with self.lock:
            if self.auction_countdown.deadline != deadline or self.game is None:
                return
            self.auction_countdown.stop()
            close = {"type": "close_auction"}
            if close in self.game.legal_actions(BANKER):
                self.acting.game_act("host", f"countdown:{new_id()}", BANKER, close)

    # A stake's draw.

    def draw_seconds(self) -> float:
        """The sides' time: counted once the stage has shown the outcome before it (the phone
        shows the button only then)."""
        return DRAW_SECONDS + self.reveal.remaining()

    def _draw_late(self, deadline: float) -> None:
        """The scheduler's call: a side's phone did not give its link in time, so that side forfeits
        the draw (the log, the stage and the check name it); nothing is drawn."""
        with self.lock:
            if self.draw_countdown.deadline != deadline or self.game is None:
                return
            self.draw_countdown.stop()
            if self.game.view(None)["phase"] == "opponent_draw":
                log.warning(SPUN_ALONE)
                self.acting.game_act("host", f"late:{new_id()}", BANKER, {"type": "draw_late"})

    # The reveal clock.

    def _reveal_over(self, until: float) -> None:
        """The scheduler's call at a reveal's end: the phones get the views held until now."""
        with self.lock:
            if self.reveal.until != until:
                return
            self.reveal.stop()
            self.broadcast.everyone()

    # Messages.

    def join_urls(self) -> list[str]:
        return [f"{base}/j/{self.code}" for base in self.services.addresses.join_bases]

    def wall(self) -> float:
        return self.services.wall()

    def saving(self) -> dict[str, str] | None:
        """Why nothing can be saved now (the table screen says it in words), or None."""
        database = self.services.database
        return None if database.problem is None else {"problem": database.problem, "file": str(database.path)}

    # Saved games.

    def export(self) -> str:
        """The engine's exact to_json once the game is over (it holds the seed); before that nothing secret."""
        with self.lock:
            if self.game is not None and self.game.over:
                return self.game.to_json()
            return json.dumps(
                {
                    "game_id": self.id,
                    "status": self.status,
                    "seed": None,
                    "view": self.game.view(None) if self.game is not None else None,
                }
            )
