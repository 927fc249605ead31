"""One table: its lobby or game, its seats, and what it sends after each change.

Every change happens under the table's lock in this order: check, apply, commit to the
store (``record``), send the messages (``sockets``); the sender's answer goes out last, when
its handler returns.
"""
from __future__ import annotations

import json
import logging
import threading
from typing import Any

from engine import BANKER, Game, IllegalAction
from engine.game import HOST_ONLY
from engine.strict import same

from .broadcast import Broadcast, Prepared
from .claims import Claims
from .codes import new_id
from .countdown import Countdown, full_time
from .errors import HostError, refusal
from .limits import WATCHER_WHOLES, TokenBucket
from .lobby import Lobby, Player, profile_set
from .record import Record, load_game
from .reveal import Reveal
from .seating import Joining
from .sockets import Sockets
from .services import Services
from .starting import Starting
from .store import SavedGame
from .transport import Conn

log = logging.getLogger(__name__)

HOST_ACTIONS = ("claim_code", "new_game", "skip_reveal", "play_again", "auction_more_time", "auction_pause",
                "auction_resume")

SPIN_SECONDS = 8.0
"""How long the spinner's phone has for its tap (once the stage is free) before the table spins alone."""
SPUN_ALONE = "the spinner's phone did not tap in time: the table spins alone"
"""The log line of each opponent's spin that timed out (the browser tests count them)."""
SPINS = ("spin", "die", "dice", "card")
"""Events of a draw: after one, a next opponent's spin has its full time again."""


class Table(Joining, Starting):
    def __init__(self, services: Services, saved: SavedGame) -> None:
        self.s = services
        self.id = saved.id
        self.key = saved.table_key
        self.code = saved.code
        self.status = saved.status
        self.lock = threading.RLock()
        self.lobby = Lobby.from_dict(saved.lobby)
        self.tokens = dict(saved.tokens)
        """Token hash to player id: the seats that have a phone."""
        self.game = load_game(saved)
        self.record = Record(services.store, services.clock, services.scheduler, self.lock, lambda: self.game, saved)
        self.record.catch_up()
        self.log_times = self.record.log_times
        self.sockets = Sockets(services.transport)
        self.watching = TokenBucket(services.clock, *WATCHER_WHOLES)
        """The whole messages all the watchers of this table may still ask for (``spend_watching``)."""
        self.claims = Claims(self, services.claims, services.clock, services.wall)
        """The claim codes the banker asked for."""
        self.again: Table | None = None
        """The lobby this finished game's players moved to (play again), in this run of the host."""
        self.countdown = Countdown(services.clock, services.wall, services.scheduler, self._countdown_over)
        self.spin = Countdown(services.clock, services.wall, services.scheduler, self._spin_over,
                              phase="opponent_draw", restarts=SPINS)
        """The opponent's spin: ``draw_alone`` when the spinner's phone does not tap in time."""
        self.reveal = Reveal(services.clock, services.scheduler, self._reveal_over, services.reveal_scale)
        self.tell = Broadcast(self, self.lock, services.clock, services.wall, services.scheduler)
        if self.game is not None and not self.game.over:
            phase = self.game.view(None)["phase"]
            self.countdown.update([], phase, self.auction_seconds())
            self.spin.update([], phase, self.spin_seconds())
        elif self.game is None and self.lobby.starting:
            self.lobby.late = False
            self._wait_for_values()

    # Sockets.

    def attach_screen(self, conn: Conn) -> None:
        """A table screen connected: it gets the table's message."""
        with self.lock:
            conn.table, conn.screen = self, True
            self.sockets.screens.add(conn)
            self.tell.screen(conn, fresh=True)

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
                self.tell.everyone(fresh=conn)
            else:
                self.tell.now(conn, pid)
                self.tell.presence_changed()

    def detach(self, conn: Conn) -> None:
        """A socket of this table disconnected, or moved to a seat (a watcher stops watching)."""
        with self.lock:
            if self.sockets.remove(conn):
                self.tell.presence_changed()
            conn.table, conn.pid, conn.watcher = None, None, False

    def holder(self, conn: Conn) -> str | None:
        """Under the lock: the player id of the seat ``conn`` holds (None for a table screen), or
        ``not_seated`` when it holds none now: a watcher, or a socket replaced, removed or claimed
        a moment ago (checked once, here, so nothing looks the seat up after it is gone)."""
        if conn.table is not self:
            raise HostError("not_seated")
        if conn.screen:
            return None
        if conn.watcher or conn.pid is None or self.sockets.phones.get(conn.pid) is not conn:
            raise HostError("not_seated")
        return conn.pid

    def sync(self, conn: Conn) -> dict[str, Any]:
        """The socket missed an update: it gets its whole message again (see ``Broadcast.now``)."""
        with self.lock:
            if conn.table is not self:
                raise HostError("not_seated")
            if conn.watcher:
                self.spend_watching()
            conn.seen = None
            if conn.screen:
                self.tell.screen(conn)
            else:
                self.tell.now(conn, conn.pid)
            return {"ok": True}

    def spend_watching(self) -> None:
        """One more whole message for a watcher (``watch``, ``sync``), from the watchers' shared budget;
        ``rate_limited`` when it is spent (a page asks again when the next update does not fit)."""
        if not self.watching.take():
            raise HostError("rate_limited")

    # Joining and claiming: companion.seating.

    def _tokens_of(self, pid: str | None) -> list[str]:
        return [h for h, p in self.tokens.items() if p == pid]

    # Acting.

    def act(self, conn: Conn, action_id: str, action: Any, as_seat: int | None) -> dict[str, Any]:
        """An action from a seated phone (its own seat) or the table screen (banker or ``as``)."""
        self.s.timing("received")
        with self.lock:
            pid = self.holder(conn)
            actor = "table" if pid is None else f"p:{pid}"
            known = self.record.answers.get((actor, action_id))
            if known is not None:
                return known
            kind = action.get("type") if isinstance(action, dict) else None
            if kind in HOST_ONLY:
                raise HostError("host_only", type=kind)
            if conn.screen and kind in HOST_ACTIONS and as_seat is None:
                answer = self._host_action(action)
                self.record.answers[(actor, action_id)] = answer
                return answer
            if self.game is None:
                if as_seat is not None:
                    raise HostError("not_phoneless", seat=as_seat)
                return self._lobby_act(actor, action_id, pid, action)
            if self.reveal.active:
                raise HostError("revealing", remaining=round(self.reveal.remaining(), 1))
            if conn.screen:
                seat = BANKER if as_seat is None else self._phoneless_seat(as_seat)
            else:
                seat = self.lobby.seat_of(pid)
            return self._game_act(actor, action_id, seat, action)

    def _phoneless_seat(self, seat: int) -> int:
        phones = set(self.tokens.values())
        if not 0 <= seat < len(self.lobby.players) or self.lobby.players[seat].pid in phones:
            raise HostError("not_phoneless", seat=seat)
        return seat

    def _host_action(self, action: dict[str, Any]) -> dict[str, Any]:
        if not any(same(action, listed) for listed in self.host_actions()):
            raise HostError("bad_choice", type=action["type"])
        if action["type"] == "claim_code":
            self.claims.make(self.lobby.players[action["seat"]].pid)
            self.tell.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "skip_reveal":
            self.reveal.stop()
            self.tell.everyone()
            return {"ok": True, "events": []}
        if action["type"].startswith("auction_"):
            self._clock_action(action["type"])
            self.tell.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "play_again":
            if self.again is None:
                self.again = self._play_again()
            self.sockets.tell_screens("moved", {"table_key": self.again.key})
            return {"ok": True, "events": [], "table_key": self.again.key}
        key = self.s.new_table(None).key
        self.left_behind()
        return {"ok": True, "events": [], "table_key": key}

    def left_behind(self) -> None:
        """The table screen moved on to another game: a lobby stops taking joins (it is locked)."""
        with self.lock:
            if self.game is None and not self.lobby.locked:
                self.lobby.locked = True
                try:
                    self._commit("host", f"left:{new_id()}", {"type": "lock"}, {"ok": True, "events": []},
                                 lobby=True)
                except Exception:
                    self.lobby.locked = False
                    raise
                self.tell.everyone()

    def host_actions(self) -> list[dict[str, Any]]:
        """The table screen's own actions, in the lobby and in the game."""
        skip = [{"type": "skip_reveal"}] if self.reveal.active else []
        again = [{"type": "play_again"}] if self.game is not None and self.game.over else []
        seats = range(len(self.lobby.players)) if self.again is None else range(0)
        return [{"type": "claim_code", "seat": seat} for seat in seats] + [
            {"type": "new_game"}
        ] + skip + again + self._clock_actions()

    def _play_again(self) -> Table:
        """A new lobby with the same players in the same order, settings and box; every phone's
        token moves there, so the phones are seated at once (this game stays saved, its seats empty
        and its claim codes ended: a seat is claimed in the new lobby now)."""
        lobby = Lobby([Player(p.pid, p.name, p.pawn) for p in self.lobby.players], dict(self.lobby.settings))
        # a new seed and hash; each phone sends a new client seed there (``seed``)
        table: Table = self.s.new_table(lobby)
        self.s.store.move_tokens(self.id, table.id)
        table.tokens, self.tokens = self.tokens, {}
        phones, self.sockets.phones = self.sockets.phones, {}
        self.claims.end_all()
        for pid, conn in phones.items():
            table.attach_phone(conn, pid, seated=True)
        return table

    def _lobby_act(self, actor: str, action_id: str, pid: str | None, action: Any) -> dict[str, Any]:
        before = self.lobby.to_dict()
        if pid is None:
            removed = self.lobby.apply_table(action, new_id())
        else:
            removed = self.lobby.apply_phone(pid, action)
        if action["type"] == "start":
            return self._start(actor, action_id)
        if action["type"] == "start_without":
            return self._start_game(actor, action_id)
        answer = {"ok": True, "events": []}
        prefs = {key: self.lobby.settings[key] for key in profile_set(action)} if pid is None else {}
        try:
            self._commit(actor, action_id, action, answer, lobby=True, drop=self._tokens_of(removed), prefs=prefs)
        except Exception:
            self.lobby = Lobby.from_dict(before)
            raise
        if removed is not None:
            self.claims.drop(removed)
            conn = self.sockets.phones.pop(removed, None)
            if conn is not None and pid is None:
                self.sockets.close(conn, "removed")
            elif conn is not None:
                conn.table, conn.pid = None, None
        self.tell.everyone()
        return answer

    def _game_act(self, actor: str, action_id: str, seat: int, action: Any) -> dict[str, Any]:
        game = self.game
        assert game is not None
        try:
            events = game.apply(seat, action)
        except IllegalAction as error:
            return refusal(error.code, **error.values)
        except Exception:
            log.exception("the engine failed on %r", action)
            self._restore()
            return refusal("internal")
        self.s.timing("applied")
        public = game.view(None)
        length = public["log_start"] + len(public["log"])
        answer = {"ok": True, "events": events}
        self.status = "over" if game.over else "playing"
        first, at = self.record.log_length, self.s.wall()
        deadline, paused, until = self.countdown.deadline, self.countdown.paused, self.reveal.until
        spin_deadline = self.spin.deadline
        # What the action starts is set before it is saved (and undone if it is not), so that every
        # socket's message is prepared while the store writes; they are sent only once the commit
        # returned: nothing is seen before it is saved.
        self.record.events_added(length, at)
        self.reveal.start(first, events)
        self.countdown.update(events, public["phase"], self.auction_seconds())
        self.spin.update(events, public["phase"], self.spin_seconds())
        try:
            told: Prepared | None = self._commit(
                actor, action_id, action, answer, seat=seat, first=first, events=length,
                engine=game.to_json() if game.over else None, at=at, meanwhile=self.tell.prepare)
        except Exception:
            log.exception("could not save an action")
            self.record.events_undone(first)
            if self.reveal.until != until:
                self.reveal.stop()
            self.countdown.restore(deadline, paused)
            self.spin.restore(spin_deadline, None)
            self._restore()
            return refusal("storage")
        self.s.timing("committed")
        if told is None:  # preparing failed (logged): the action is saved, so it is told all the same
            self.tell.everyone()
        else:
            self.tell.deliver(told)
        self.s.timing("encoded")
        return answer

    def _restore(self) -> None:
        """Back to the last committed game after a failure, as if nothing happened."""
        saved = self.record.saved()
        self.game = load_game(saved)
        self.status = saved.status

    def _commit(self, actor: str, action_id: str, action: dict[str, Any], answer: dict[str, Any], *,
                lobby: bool = False, add: dict[str, str] | None = None, drop: list[str] | None = None,
                **row: Any) -> Any:
        """Write one accepted message (``Record.commit``, whose ``meanwhile`` result it returns);
        only then is it remembered and told."""
        row.setdefault("at", self.s.wall())
        made = self.record.commit(self.status, actor, action_id, action, answer,
                                  lobby=self.lobby.to_dict() if lobby else None, add=add, drop=drop, **row)
        for dropped in drop or []:
            del self.tokens[dropped]
        self.tokens.update(add or {})
        return made

    # The auction countdown.

    def auction_seconds(self) -> float | None:
        """The countdown's full time under the house rules; None: no clock."""
        return full_time(self.lobby.settings)

    def _clock_actions(self) -> list[dict[str, Any]]:
        """The banker's hand on a running auction's clock: more time, and pause or resume."""
        if self.countdown.running():
            return [{"type": "auction_more_time"}, {"type": "auction_pause"}]
        if self.countdown.paused is not None:
            return [{"type": "auction_more_time"}, {"type": "auction_resume"}]
        return []

    def _clock_action(self, kind: str) -> None:
        if kind == "auction_pause":
            self.countdown.pause()
        elif kind == "auction_resume":
            self.countdown.resume()
        else:
            self.countdown.more(self.auction_seconds() or 0)

    def _countdown_over(self, deadline: float) -> None:
        """The scheduler's call: the banker's ``close_auction`` if this countdown still runs."""
        with self.lock:
            if self.countdown.deadline != deadline or self.game is None:
                return
            self.countdown.stop()
            close = {"type": "close_auction"}
            if close in self.game.legal_actions(BANKER):
                self._game_act("host", f"countdown:{new_id()}", BANKER, close)

    # The opponent's spin.

    def spin_seconds(self) -> float:
        """The spinner's time: counted once the stage has shown the outcome before it (the phone
        shows the button only then)."""
        return SPIN_SECONDS + self.reveal.remaining()

    def _spin_over(self, deadline: float) -> None:
        """The scheduler's call: the spinner's phone did not tap in time, so the table spins with
        the laptop's value alone (the log, the stage and the check say so)."""
        with self.lock:
            if self.spin.deadline != deadline or self.game is None:
                return
            self.spin.stop()
            if self.game.view(None)["phase"] == "opponent_draw":
                log.warning(SPUN_ALONE)
                self._game_act("host", f"alone:{new_id()}", BANKER, {"type": "draw_alone"})

    # The reveal clock.

    def _reveal_over(self, until: float) -> None:
        """The scheduler's call at a reveal's end: the phones get the views held until now."""
        with self.lock:
            if self.reveal.until != until:
                return
            self.reveal.stop()
            self.tell.everyone()

    # Messages.

    def join_urls(self) -> list[str]:
        return [f"{base}/j/{self.code}" for base in self.s.addresses.join_bases]

    def wall(self) -> float:
        return self.s.wall()

    def saving(self) -> dict[str, str] | None:
        """Why nothing can be saved now (the table screen says it in words), or None."""
        store = self.s.store
        return None if store.problem is None else {"problem": store.problem, "file": str(store.path)}

    # Saved games.

    def export(self) -> str:
        """The engine's exact to_json once the game is over (it holds the seed); before that nothing secret."""
        with self.lock:
            if self.game is not None and self.game.over:
                return self.game.to_json()
            return json.dumps({
                "game_id": self.id, "status": self.status, "seed": None,
                "view": self.game.view(None) if self.game is not None else None,
            })

