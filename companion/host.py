"""The host: every socket, every loaded table, and the checks each message passes first."""
from __future__ import annotations

import threading
from typing import Any, Callable

from socketio.exceptions import ConnectionRefusedError as Refused

from .codes import new_id, new_join_code, new_table_key, normal_join_code, token_hash
from .errors import HostError, refusal
from .limits import BURST, MAX_ID, MAX_NAME, RATE, TokenBucket, check_size, fields, text
from .lobby import Lobby
from .store import SavedGame, Store
from .table import Addresses, Services, Table
from .timers import Clock, Scheduler
from .transport import Conn, Transport

MAX_SECRET = 100
"""No table key or token is longer; a longer one is refused unread."""
CLAIM_FAILURES = (0.5, 5)
"""Wrong claim codes, over all sockets: one every two seconds, five at once."""


class Host:
    def __init__(self, store: Store, clock: Clock, scheduler: Scheduler, transport: Transport,
                 seed: str | None = None, rate: tuple[float, int] = (RATE, BURST), reveal_scale: float = 1.0) -> None:
        self.store = store
        self.clock = clock
        self.rate = rate
        self.conns: dict[str, Conn] = {}
        self.tables: dict[str, Table] = {}
        self._lock = threading.RLock()
        self._claim_failures = TokenBucket(clock, *CLAIM_FAILURES)
        self.services = Services(store, clock, scheduler, transport, seed, Addresses(), {}, self.new_table, reveal_scale)

    @property
    def addresses(self) -> Addresses:
        return self.services.addresses

    # Tables.

    def new_table(self, lobby: Lobby | None = None) -> Table:
        """A new lobby, saved at once: ``lobby`` (play again), or empty with the box profile used last."""
        with self._lock:
            code = new_join_code()
            while self.store.lobby_of_code(code) is not None:
                code = new_join_code()
            if lobby is None:
                lobby = Lobby()
                box = self.store.pref("box")
                if box is not None:
                    lobby.settings = {**lobby.settings, "box": box}
            now = self.clock()
            saved = SavedGame(new_id(), new_table_key(), code, "lobby", now, now, lobby.to_dict(), None)
            self.store.create(saved)
            table = self.tables[saved.id] = Table(self.services, saved)
            return table

    def open_latest(self) -> tuple[Table, bool]:
        """The newest game in play or else the newest lobby (True), or a new lobby (False).

        What ``cashrun`` opens on start.
        """
        game_id = self.store.latest_unfinished()
        table = self.table(game_id) if game_id is not None else None
        return (table, True) if table is not None else (self.new_table(), False)

    def table(self, game_id: str) -> Table | None:
        """A saved game, loaded on first use."""
        with self._lock:
            table = self.tables.get(game_id)
            if table is None:
                saved = self.store.load(game_id)
                if saved is None:
                    return None
                table = self.tables[game_id] = Table(self.services, saved)
            return table

    def table_of_key(self, key: Any) -> Table | None:
        if not isinstance(key, str) or len(key) > MAX_SECRET:
            return None
        game_id = self.store.game_of_key(key)
        return self.table(game_id) if game_id is not None else None

    # Sockets.

    def connect(self, sid: str, auth: Any) -> None:
        """A socket connects: a table screen by its key, a phone by its token, or a new phone."""
        conn = Conn(sid, TokenBucket(self.clock, *self.rate))
        auth = auth if isinstance(auth, dict) else {}
        if "table_key" in auth:
            table = self.table_of_key(auth["table_key"])
            if table is None:
                raise Refused("refused", {"code": "bad_key"})
            self.conns[sid] = conn
            table.attach_screen(conn)
        elif auth.get("token") is not None:
            token = auth["token"]
            valid = isinstance(token, str) and len(token) <= MAX_SECRET
            found = self.store.game_of_token(token_hash(token)) if valid else None
            table = self.table(found[0]) if found is not None else None
            if found is None or table is None:
                raise Refused("refused", {"code": "bad_token"})
            self.conns[sid] = conn
            table.attach_phone(conn, found[1])
        else:
            self.conns[sid] = conn

    def disconnect(self, sid: str) -> None:
        conn = self.conns.pop(sid, None)
        if conn is not None and conn.table is not None:
            conn.table.detach(conn)

    def handle(self, sid: str, handler: Callable[[Conn, Any], dict[str, Any]], data: Any) -> dict[str, Any]:
        """Every message passes here: its socket's rate, its size, then its handler."""
        conn = self.conns.get(sid)
        if conn is None:
            return refusal("not_connected")
        if not conn.bucket.take():
            return refusal("rate_limited")
        try:
            check_size(data)
            return handler(conn, data)
        except HostError as error:
            return refusal(error.code, **error.values)

    # Messages.

    def join(self, conn: Conn, data: Any) -> dict[str, Any]:
        data = fields(data, code=str, name=str)
        if conn.table is not None:
            raise HostError("already_seated")
        name = text(data["name"], MAX_NAME, "bad_name")
        game_id = self.store.lobby_of_code(normal_join_code(data["code"]))
        table = self.table(game_id) if game_id is not None else None
        if table is None:
            raise HostError("bad_code")
        return table.join(conn, name)

    def claim(self, conn: Conn, data: Any) -> dict[str, Any]:
        code = fields(data, code=str)["code"].strip()
        table = self.services.claims.get(code)
        if table is None:
            if not self._claim_failures.take():
                raise HostError("rate_limited")
            raise HostError("bad_claim")
        if conn.screen:
            raise HostError("already_seated")
        if conn.table is not None:
            conn.table.detach(conn)
        return table.claim(conn, code)

    def act(self, conn: Conn, data: Any) -> dict[str, Any]:
        data = fields(data, id=str, action=dict)
        action_id, as_seat = data["id"], data.get("as")
        if not 1 <= len(action_id) <= MAX_ID:
            raise HostError("malformed", field="id")
        if as_seat is not None and (not conn.screen or not isinstance(as_seat, int) or isinstance(as_seat, bool)):
            raise HostError("malformed", field="as")
        if conn.table is None:
            raise HostError("not_seated")
        return conn.table.act(conn, action_id, data["action"], as_seat)

    def games(self, conn: Conn, data: Any) -> dict[str, Any]:
        table = self._screen_table(conn)
        listing = self.store.listing()
        for game in listing:
            game["current"] = game["id"] == table.id
        return {"ok": True, "games": listing}

    def resume(self, conn: Conn, data: Any) -> dict[str, Any]:
        self._screen_table(conn)
        game_id = fields(data, game=str)["game"]
        table = self.table(game_id) if len(game_id) <= MAX_ID else None
        if table is None:
            raise HostError("bad_game")
        return {"ok": True, "table_key": table.key}

    @staticmethod
    def _screen_table(conn: Conn) -> Table:
        if not conn.screen or conn.table is None:
            raise HostError("not_table")
        return conn.table
