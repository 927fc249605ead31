"""One table: its lobby or game, its seats and sockets, and the views it sends after each change.

Every change happens under the table's lock in this order: check, apply, commit to the
store, send the views; the sender's answer goes out last, when its handler returns.
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import BANKER, Game, IllegalAction, Settings
from engine.strict import same

from . import messages
from .codes import new_claim_code, new_id, new_token, token_hash
from .countdown import Countdown
from .errors import HostError, refusal
from .limits import CLAIM_ENDS, CLAIM_TRIES
from .lobby import Lobby, Player, checked_settings, profile_set
from .logtimes import LogTimes
from .pawns import offer, with_pawns
from .reveal import Reveal
from .store import STORAGE_ERRORS, ActionRow, Change, SavedGame, Store
from .timers import Clock, Handle, Scheduler, Wall
from .transport import Conn, Transport

log = logging.getLogger(__name__)

CLAIM_SECONDS = 600
SNAPSHOT_DELAY = 2.0
"""Seconds after an action before the whole game is saved again (the action itself is saved at once)."""
PRESENCE_DELAY = 0.5
"""Seconds a phone's coming and going waits before the others hear it, so a storm of
reconnects sends one view, not one per reconnect."""
HOST_ACTIONS = ("claim_code", "new_game", "skip_reveal", "play_again")


@dataclass(slots=True)
class Addresses:
    """Where the laptop's browser and the phones reach the host (no trailing slash)."""

    table_base: str = "http://127.0.0.1:8000"
    join_bases: list[str] = field(default_factory=lambda: ["http://127.0.0.1:8000"])


@dataclass(slots=True)
class Services:
    """What every table shares: the store, the clock, the sockets, the host's indexes."""

    store: Store
    clock: Clock
    wall: Wall
    scheduler: Scheduler
    transport: Transport
    seed: str | None
    addresses: Addresses
    claims: dict[str, Table]
    """Live claim codes of every table."""
    new_table: Callable[[Lobby | None], Table]
    reveal_scale: float = 1.0
    """Multiplies every reveal's duration; 0 turns reveals off (tests and benches only)."""


@dataclass(slots=True)
class Claim:
    code: str
    expires: float
    """On the host's monotonic clock."""
    wrong: dict[str, int] = field(default_factory=dict)
    """Wrong claim codes sent to the host since this one was made, by address (each counted
    up to ``CLAIM_TRIES``: one address cannot end the code for the others)."""

    def barred(self, address: str) -> bool:
        """This address guessed wrong too often: even the right code is refused from it."""
        return self.wrong.get(address, 0) >= CLAIM_TRIES


class Table:
    def __init__(self, services: Services, saved: SavedGame) -> None:
        self.s = services
        self.id = saved.id
        self.key = saved.table_key
        self.code = saved.code
        self.status = saved.status
        self.room = f"table:{self.id}"
        self.watch_room = f"watch:{self.id}"
        self.lock = threading.RLock()
        self.lobby = Lobby.from_dict(saved.lobby)
        self.tokens = dict(saved.tokens)
        """Token hash to player id: the seats that have a phone."""
        self.answers = {(row.actor, row.id): row.answer for _, row in saved.actions}
        """Answers to accepted acts, by sender and id: the same id is applied once."""
        self.log_times = LogTimes()
        for _, row in saved.actions:
            self.log_times.mark(row.first_event, row.events, row.at)
        self._log_length = saved.actions[-1][1].events if saved.actions else 0
        self._last_n = saved.actions[-1][0] if saved.actions else 0
        self._snapshot_n = saved.engine_n
        self._snapshot_timer: Handle | None = None
        self.game = _load_game(saved)
        if self.game is not None and self._snapshot_n < self._last_n:
            try:
                self._snapshot()
            except STORAGE_ERRORS as error:  # the rows are saved: the snapshot can wait
                log.error("could not save a snapshot of game %s: %s", self.id, error)
        self.phones: dict[str, Conn] = {}
        """Player id to the one socket of that seat."""
        self.screens: set[Conn] = set()
        self.watchers: set[Conn] = set()
        """Phones that only watch: they get the public view."""
        self.claims: dict[str, Claim] = {}
        """Player id to the claim code the banker asked for."""
        self.again: Table | None = None
        """The lobby this finished game's players moved to (play again), in this run of the host."""
        self.countdown = Countdown(services.clock, services.wall, services.scheduler, self._countdown_over)
        self._presence_timer: Handle | None = None
        self.reveal = Reveal(services.clock, services.scheduler, self._reveal_over, services.reveal_scale)
        if self.game is not None and not self.game.over:
            self.countdown.update([], self.game.view(None)["phase"], self.auction_seconds())

    # Sockets.

    def attach_screen(self, conn: Conn) -> None:
        """A table screen connected: it joins the table's room and gets the table view."""
        with self.lock:
            conn.table, conn.screen = self, True
            self.screens.add(conn)
            self.s.transport.enter(conn.sid, self.room)
            self.s.transport.send(conn.sid, "view", messages.for_table(self, messages.connected(self)))

    def attach_phone(self, conn: Conn, pid: str, seated: bool = False) -> None:
        """A phone holds the seat ``pid`` now; an older socket of that seat is closed.

        ``seated``: the phone just joined or claimed, and everyone hears it at once; a
        reconnect gets its own view now and the others hear it a moment later.
        """
        with self.lock:
            old = self.phones.get(pid)
            conn.table, conn.pid, conn.watcher = self, pid, False
            self.phones[pid] = conn
            if old is not None and old is not conn:
                self._close(old, "replaced")
            if seated:
                self._broadcast(fresh=conn)
            else:
                self._send_now(conn, pid, messages.connected(self))
                self._presence_changed()

    def detach(self, conn: Conn) -> None:
        """A socket of this table disconnected, or moved to a seat (a watcher leaves the watchers' room)."""
        with self.lock:
            if conn.screen:
                self.screens.discard(conn)
            elif conn.watcher:
                self.watchers.discard(conn)
                self.s.transport.leave(conn.sid, self.watch_room)
            elif conn.pid is not None and self.phones.get(conn.pid) is conn:
                del self.phones[conn.pid]
                self._presence_changed()
            conn.table, conn.pid, conn.watcher = None, None, False

    def _presence_changed(self) -> None:
        """A phone came or went: the others hear it in one view a moment later."""
        if self._presence_timer is None:
            self._presence_timer = self.s.scheduler.call_at(self.s.clock() + PRESENCE_DELAY, self._presence_due)

    def _presence_due(self) -> None:
        with self.lock:
            if self._presence_timer is not None:
                self._broadcast()

    def _close(self, conn: Conn, code: str) -> None:
        """Tell a phone why its seat is gone, then close its socket."""
        conn.table, conn.pid = None, None
        self.s.transport.send(conn.sid, "refused", {"code": code})
        self.s.transport.close(conn.sid)

    # Joining and claiming.

    def join(self, conn: Conn, name: str, pawn: Any = None) -> dict[str, Any]:
        """A phone with the join code takes a new seat in the lobby, with its pawn."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            if self.lobby.locked:
                raise HostError("lobby_locked")
            pid, token = new_id(), new_token()
            before = self.lobby.to_dict()
            seat = len(self.lobby.players)
            self.lobby.add(pid, name, phone=True, pawn=pawn)
            record = {"ok": True, "seat": seat}
            try:
                self._commit(f"p:{pid}", "join", {"type": "join", "name": name}, record,
                             lobby=True, add={token_hash(token): pid})
            except Exception:
                self.lobby = Lobby.from_dict(before)
                raise
            self.attach_phone(conn, pid, seated=True)
            return {**record, "token": token, "game_id": self.id}

    def peek(self) -> dict[str, Any]:
        """What the join address offers for this code: a seat with a pawn, or watching."""
        with self.lock:
            if self.game is None:
                return {"ok": True, "status": "lobby", "locked": self.lobby.locked,
                        "pawns": offer(self.lobby.taken_colours())}
            return {"ok": True, "status": self.status}

    def watch(self, conn: Conn) -> dict[str, Any]:
        """A phone watches this game from now on (read only); refused before the start."""
        with self.lock:
            if self.game is None:
                raise HostError("not_started")
            conn.table, conn.watcher = self, True
            self.watchers.add(conn)
            self.s.transport.enter(conn.sid, self.watch_room)
            self._send_now(conn, None, messages.connected(self))
            return {"ok": True, "game_id": self.id}

    def _make_claim(self, seat: int) -> None:
        """A one-time code with which another phone takes this seat over."""
        pid = self.lobby.players[seat].pid
        old = self.claims.get(pid)
        if old is not None:
            self.s.claims.pop(old.code, None)
        code = new_claim_code()
        while code in self.s.claims:
            code = new_claim_code()
        self.claims[pid] = Claim(code, self.s.clock() + CLAIM_SECONDS)
        self.s.claims[code] = self

    def wrong_claim(self, address: str) -> None:
        """A wrong claim code reached the host from ``address``: after ``CLAIM_TRIES`` of them
        a live code is closed to that address, and after ``CLAIM_ENDS`` counted ones (from
        several addresses) it ends, so guessing cannot find it; the banker sees it go and
        makes a new one."""
        with self.lock:
            ended = []
            for pid, claim in self.claims.items():
                if not claim.barred(address):
                    claim.wrong[address] = claim.wrong.get(address, 0) + 1
                if sum(claim.wrong.values()) >= CLAIM_ENDS:
                    ended.append(pid)
            for pid in ended:
                self.s.claims.pop(self.claims.pop(pid).code, None)
            if ended:
                self._broadcast()

    def claim(self, conn: Conn, code: str) -> dict[str, Any]:
        """A phone gives a claim code: it gets the seat and a new token; the old token dies."""
        with self.lock:
            pid = next((p for p, c in self.claims.items() if c.code == code), None)
            if pid is not None and self.claims[pid].barred(conn.address):
                raise HostError("bad_claim")
            if pid is None or self.claims[pid].expires < self.s.clock():
                self.s.claims.pop(code, None)
                if pid is not None:
                    del self.claims[pid]
                raise HostError("bad_claim")
            token = new_token()
            record = {"ok": True, "seat": self.lobby.seat_of(pid)}
            self._commit(f"p:{pid}", f"claim:{new_id()}", {"type": "claim"}, record,
                         add={token_hash(token): pid}, drop=self._tokens_of(pid))
            self.s.claims.pop(code, None)
            del self.claims[pid]
            old = self.phones.pop(pid, None)
            if old is not None and old is not conn:
                self._close(old, "claimed")
            self.attach_phone(conn, pid, seated=True)
            return {**record, "token": token, "game_id": self.id}

    def _tokens_of(self, pid: str | None) -> list[str]:
        return [h for h, p in self.tokens.items() if p == pid]

    # Acting.

    def act(self, conn: Conn, action_id: str, action: Any, as_seat: int | None) -> dict[str, Any]:
        """An action from a seated phone (its own seat) or the table screen (banker or ``as``)."""
        actor = "table" if conn.screen else f"p:{conn.pid}"
        with self.lock:
            known = self.answers.get((actor, action_id))
            if known is not None:
                return known
            kind = action.get("type") if isinstance(action, dict) else None
            if conn.screen and kind in HOST_ACTIONS and as_seat is None:
                answer = self._host_action(action)
                self.answers[(actor, action_id)] = answer
                return answer
            if self.game is None:
                if as_seat is not None:
                    raise HostError("not_phoneless", seat=as_seat)
                return self._lobby_act(actor, action_id, None if conn.screen else conn.pid, action)
            if self.reveal.active:
                raise HostError("revealing", remaining=round(self.reveal.remaining(), 1))
            if conn.screen:
                seat = BANKER if as_seat is None else self._phoneless_seat(as_seat)
            else:
                seat = self.lobby.seat_of(conn.pid)
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
            self._make_claim(action["seat"])
            self._broadcast()
            return {"ok": True, "events": []}
        if action["type"] == "skip_reveal":
            self.reveal.stop()
            self._broadcast()
            return {"ok": True, "events": []}
        if action["type"] == "play_again":
            if self.again is None:
                self.again = self._play_again()
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
                self._broadcast()

    def host_actions(self) -> list[dict[str, Any]]:
        """The table screen's own actions, in the lobby and in the game."""
        skip = [{"type": "skip_reveal"}] if self.reveal.active else []
        again = [{"type": "play_again"}] if self.game is not None and self.game.over else []
        seats = range(len(self.lobby.players)) if self.again is None else range(0)
        return [{"type": "claim_code", "seat": seat} for seat in seats] + [
            {"type": "new_game"}
        ] + skip + again

    def _play_again(self) -> Table:
        """A new lobby with the same players in the same order, settings and box; every phone's
        token moves there, so the phones are seated at once (this game stays saved, its seats empty
        and its claim codes ended: a seat is claimed in the new lobby now)."""
        lobby = Lobby([Player(p.pid, p.name, p.pawn) for p in self.lobby.players], dict(self.lobby.settings))
        table = self.s.new_table(lobby)
        self.s.store.move_tokens(self.id, table.id)
        table.tokens, self.tokens = self.tokens, {}
        phones, self.phones = self.phones, {}
        for claim in self.claims.values():
            self.s.claims.pop(claim.code, None)
        self.claims = {}
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
        answer = {"ok": True, "events": []}
        prefs = {key: self.lobby.settings[key] for key in profile_set(action)} if pid is None else {}
        try:
            self._commit(actor, action_id, action, answer, lobby=True, drop=self._tokens_of(removed), prefs=prefs)
        except Exception:
            self.lobby = Lobby.from_dict(before)
            raise
        if removed is not None:
            claim = self.claims.pop(removed, None)
            if claim is not None:
                self.s.claims.pop(claim.code, None)
            conn = self.phones.pop(removed, None)
            if conn is not None and pid is None:
                self._close(conn, "removed")
            elif conn is not None:
                conn.table, conn.pid = None, None
        self._broadcast()
        return answer

    def _start(self, actor: str, action_id: str) -> dict[str, Any]:
        settings = Settings.from_dict(checked_settings(self.lobby.settings, len(self.lobby.players), True))
        game = Game.new([p.name for p in self.lobby.players], settings=settings, seed=self.s.seed)
        public = game.view(None)
        length = public["log_start"] + len(public["log"])
        answer = {"ok": True, "events": public["log"]}
        self.status = "playing"
        try:
            self._commit(actor, action_id, {"type": "start"}, answer, lobby=True,
                         engine=game.to_json(), events=length)
        except Exception:
            self.status = "lobby"
            raise
        self.game = game
        self._snapshot_n = self._last_n
        self.log_times.mark(0, length, self.s.wall())
        self._log_length = length
        self.countdown.update(public["log"], public["phase"], self.auction_seconds())
        self.reveal.start(public["log_start"], public["log"])
        self._broadcast(public)
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
        public = game.view(None)
        length = public["log_start"] + len(public["log"])
        answer = {"ok": True, "events": events}
        self.status = "over" if game.over else "playing"
        try:
            self._commit(actor, action_id, action, answer, seat=seat, first=self._log_length, events=length,
                         engine=game.to_json() if game.over else None)
        except Exception:
            log.exception("could not save an action")
            self._restore()
            return refusal("storage")
        self.log_times.mark(self._log_length, length, self.s.wall())
        self.reveal.start(self._log_length, events)
        self._log_length = length
        if game.over:
            self._snapshot_n = self._last_n
        elif self._snapshot_timer is None:
            self._snapshot_timer = self.s.scheduler.call_at(self.s.clock() + SNAPSHOT_DELAY, self._idle_snapshot)
        self.countdown.update(events, public["phase"], self.auction_seconds())
        self._broadcast(public)
        return answer

    def _restore(self) -> None:
        """Back to the last committed game after a failure, as if nothing happened."""
        saved = self.s.store.load(self.id)
        assert saved is not None
        self.game = _load_game(saved)
        self.status = saved.status

    def _commit(self, actor: str, action_id: str, action: dict[str, Any], answer: dict[str, Any], *,
                seat: int | None = None, lobby: bool = False, engine: str | None = None, first: int = 0,
                events: int = 0, add: dict[str, str] | None = None, drop: list[str] | None = None,
                prefs: dict[str, Any] | None = None) -> None:
        """Write one accepted message; only then is it remembered and told."""
        now = self.s.wall()
        row = ActionRow(actor, action_id, seat, action, answer, now, first, events)
        self._last_n = self.s.store.commit(self.id, Change(
            status=self.status, at=now, action=row,
            lobby=self.lobby.to_dict() if lobby else None, engine=engine,
            add_tokens=add or {}, drop_tokens=drop or [], prefs=prefs or {},
        ))
        self.answers[(actor, action_id)] = answer
        for dropped in drop or []:
            del self.tokens[dropped]
        self.tokens.update(add or {})

    def _idle_snapshot(self) -> None:
        """The scheduler's call, a little after an action: save the whole game once more."""
        with self.lock:
            self._snapshot_timer = None
            if self.game is not None and self._snapshot_n < self._last_n:
                self._snapshot()

    def _snapshot(self) -> None:
        assert self.game is not None
        self.s.store.snapshot(self.id, self.game.to_json(), self._last_n)
        self._snapshot_n = self._last_n

    # The auction countdown.

    def auction_seconds(self) -> int:
        return int(self.lobby.settings["auction_seconds"])

    def _countdown_over(self, deadline: float) -> None:
        """The scheduler's call: the banker's ``close_auction`` if this countdown still runs."""
        with self.lock:
            if self.countdown.deadline != deadline or self.game is None:
                return
            self.countdown.stop()
            close = {"type": "close_auction"}
            if close in self.game.legal_actions(BANKER):
                self._game_act("host", f"countdown:{new_id()}", BANKER, close)

    # The reveal clock.

    def _reveal_over(self, until: float) -> None:
        """The scheduler's call at a reveal's end: the phones get the views held until now."""
        with self.lock:
            if self.reveal.until != until:
                return
            self.reveal.stop()
            self._broadcast()

    # Views.

    def _broadcast(self, public: dict[str, Any] | None = None, fresh: Conn | None = None) -> None:
        """Each phone its own view, every table screen the public one: built once per change.

        While a reveal runs the phones' and watchers' views are held (they get them when it
        ends); a phone that just connected (``fresh``) gets again what its seat was last sent.
        Outside a reveal every seat's message is remembered, with or without a phone.
        """
        if self._presence_timer is not None:
            self._presence_timer.cancel()
            self._presence_timer = None
        send = self.s.transport.send
        connected = messages.connected(self)
        if public is not None:
            with_pawns(public, self.lobby.pawns())
        revealing = self.reveal.active
        for player in self.lobby.players:
            conn = self.phones.get(player.pid)
            if revealing:
                if conn is not None and conn is fresh:
                    self._send_now(conn, player.pid, connected)
                continue
            message = messages.for_phone(self, player.pid, connected)
            self.reveal.remember(player.pid, message)
            if conn is not None:
                send(conn.sid, "view", message)
        if self.screens:
            send(self.room, "view", messages.for_table(self, connected, public))
        if self.game is not None and not revealing:
            watching = messages.for_watcher(self, connected, public)
            self.reveal.remember(None, watching)
            if self.watchers:
                send(self.watch_room, "view", watching)

    def _send_now(self, conn: Conn, who: str | None, connected: list[bool]) -> None:
        """A socket that just connected gets its view (``who``: the phone's player id, or None for a
        watcher); during a reveal, the one last sent to ``who`` before it (nothing if there is none)."""
        if not self.reveal.active:
            message = messages.for_watcher(self, connected) if who is None else messages.for_phone(self, who, connected)
        else:
            message = self.reveal.held(who, connected, self.s.wall())
        if message is not None:
            self.s.transport.send(conn.sid, "view", message)

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


def _load_game(saved: SavedGame) -> Game | None:
    """The game from its snapshot, then the actions saved after it, which must give the same events.

    The engine draws chance from its seed and a counter kept in the snapshot, so the
    replay draws exactly what was drawn before; a different event means the engine
    changed, and the game is not resumed rather than resumed differently.
    """
    if saved.engine is None:
        return None
    game = Game.from_json(saved.engine)
    for n, row in saved.actions:
        if n > saved.engine_n and row.seat is not None:
            events = json.loads(json.dumps(game.apply(row.seat, row.action)))
            if events != row.answer["events"]:
                raise RuntimeError(f"game {saved.id}: action {n} replays differently")
    return game
