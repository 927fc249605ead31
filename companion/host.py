"""The host: every socket, every loaded table, and the checks each message passes first."""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from socketio.exceptions import ConnectionRefusedError as Refused

from .common.errors import Refusal, refusal
from .door.guard import Guard
from .door.limits import BURST, ID, MAX_ID, MAX_NAME, RATE, TokenBucket, check_size, fields, is_text, text
from .door.network import Addresses
from .door.packets import nesting_over
from .play.codes import new_id, new_join_code, new_table_key, normal_claim_code, normal_join_code, token_hash
from .play.lobby import PROFILE, Lobby, with_profile
from .play.seating import fair_of
from .play.services import Services
from .play.table import LiveTable
from .saving.database import STORAGE_ERRORS, Database
from .saving.rows import SavedGame
from .seal import HostKey, Replays, SealError, open_auth
from .wire.transport import Conn, Sealer, Seating, Transport

if TYPE_CHECKING:
    from collections.abc import Callable

    from .common.timers import Clock, Scheduler, Wall

log = logging.getLogger(__name__)

MAX_SECRET = 100
"""No table key or token is longer; a longer one is refused unread."""


@dataclass(frozen=True, slots=True)
class SetAside:
    """A saved game that could not be loaded: it stays in the file, untouched, and is not opened."""

    id: str
    code: str
    reason: str


class Host:
    """The one host of a run: every socket that connects, every table loaded from the database, and
    the checks each message passes before a table sees it (its socket's and address's rate, its
    size, the guessed codes); each message's answer, a refusal when the message fails.

    A table is loaded on first use (``table``) and stays live for the run; ``services`` is what
    every table shares. Created once by ``create_app``.
    """

    def __init__(
        self,
        database: Database,
        clock: Clock,
        wall: Wall,
        scheduler: Scheduler,
        transport: Transport,
        key: HostKey,
        seed: str | None = None,
        rate: tuple[float, int] = (RATE, BURST),
        reveal_scale: float = 1.0,
    ) -> None:
        self.database = database
        self.clock = clock
        self.rate = rate
        self.guard = Guard(clock)
        self.key = key
        """The host's key pair: every sealed socket's key is agreed with it (``companion.seal``)."""
        self.replays = Replays()
        self.transport = transport
        self.conns: dict[str, Conn] = {}
        self.tables: dict[str, LiveTable] = {}
        self.set_aside: dict[str, SetAside] = {}
        self._lock = threading.RLock()
        self.services = Services(
            database, clock, wall, scheduler, transport, seed, Addresses(), {}, self.new_table, reveal_scale
        )
        database.on_problem = lambda: scheduler.call_at(clock(), self._saving_changed)

    @property
    def addresses(self) -> Addresses:
        return self.services.addresses

    def close(self) -> None:
        """A clean exit: the database folds its write-ahead log into the one file."""
        self.database.close()

    def _saving_changed(self) -> None:
        """Saving stopped or works again: every table screen says so at once (``LiveTable.saving``)."""
        for table in list(self.tables.values()):
            with table.lock:
                table.broadcast.everyone()

    # Tables.

    def new_table(self, lobby: Lobby | None = None) -> LiveTable:
        """A new lobby, saved at once: ``lobby`` (play again), or empty with the box profile (casinos and board) used last."""
        with self._lock:
            code = new_join_code()
            while self.database.lobby_of_code(code) is not None:
                code = new_join_code()
            if lobby is None:
                lobby = Lobby()
                lobby.settings, refused = with_profile(
                    lobby.settings, {key: self.database.pref(key) for key in PROFILE}
                )
                for key in refused:
                    log.warning("the saved %s profile fails the engine's checks; it is not used", key)
            if self.services.seed:
                lobby.seed = self.services.seed  # CASHRUN_SEED: tests fix the host's seed
            now = self.services.wall()
            saved = SavedGame(new_id(), new_table_key(), code, "lobby", now, now, lobby.to_dict(), None)
            self.database.create(saved)
            table = self.tables[saved.id] = LiveTable(self.services, saved)
            return table

    def open_latest(self) -> tuple[LiveTable, bool]:
        """The newest game in play or else the newest lobby (True), or a new lobby (False).

        What ``cashrun`` opens on start. A game that fails to load is set aside
        (``set_aside``) and the next one is tried.
        """
        while (game_id := self.database.latest_unfinished(skip=list(self.set_aside))) is not None:
            table = self.table(game_id)
            if table is not None:
                return table, True
        return self.new_table(), False

    def table(self, game_id: str) -> LiveTable | None:
        """A saved game, loaded on first use; None if unknown or set aside."""
        with self._lock:
            table = self.tables.get(game_id)
            if table is None and game_id not in self.set_aside:
                saved = self.database.load(game_id)
                if saved is None:
                    return None
                try:
                    table = LiveTable(self.services, saved)
                except STORAGE_ERRORS:
                    raise
                except Exception as error:  # a game this engine cannot replay must not stop the others
                    self.set_aside[game_id] = SetAside(game_id, saved.code, f"{type(error).__name__}: {error}")
                    log.error(
                        "saved game %s (join code %s) could not be loaded and is set aside: %s",
                        game_id,
                        saved.code,
                        self.set_aside[game_id].reason,
                    )
                    return None
                self.tables[game_id] = table
            return table

    def table_of_key(self, key: Any) -> LiveTable | None:
        if not is_text(key) or len(key) > MAX_SECRET:
            return None
        game_id = self.database.game_of_key(key)
        return self.table(game_id) if game_id is not None else None

    # Sockets.

    def connect(self, sid: str, auth: Any, address: str) -> None:
        """A socket connects: a table screen by its key, a phone by its token, or a new phone; with
        its credentials sealed (``auth.seal``), every message of the socket is sealed both ways.
        A sealed connect that does not open, or that was seen before (a replay), is ``bad_seal``."""
        auth = auth if isinstance(auth, dict) else {}
        if "seal" not in auth:
            self._connect(sid, auth, address)
            return
        try:
            credentials, seal = open_auth(self.key, self.replays, auth)
        except SealError:
            raise Refused("refused", {"code": "bad_seal"}) from None
        self.transport.seals[sid] = seal  # before the socket's first message, which its connect sends
        try:
            self._connect(sid, credentials, address)
        except BaseException:
            self.transport.seals.pop(sid, None)
            raise

    def _connect(self, sid: str, auth: dict[str, Any], address: str) -> None:
        conn = Conn(sid, address, TokenBucket(self.clock, *self.rate), self.guard.strikes())
        conn.whole = auth.get("views") == "whole"
        if "table_key" in auth:
            table = self.table_of_key(auth["table_key"])
            if table is None:
                raise Refused("refused", {"code": "bad_key"})
            self.conns[sid] = conn
            self.guard.trust(address)
            table.attach_screen(conn)
        elif auth.get("token") is not None:
            token = auth["token"]
            valid = is_text(token) and len(token) <= MAX_SECRET
            hashed = token_hash(token) if valid else ""
            found = self.database.game_of_token(hashed) if valid else None
            table = self.table(found[0]) if found is not None else None
            if found is None and valid and self.database.left_out(hashed):
                raise Refused("refused", {"code": "left_out"})
            if found is None or table is None:
                raise Refused("refused", {"code": "bad_token"})
            if not self.guard.seat_connect(hashed):
                raise Refused("refused", {"code": "rate_limited"})
            self.conns[sid] = conn
            self.guard.trust(address)
            table.attach_phone(conn, found[1])
        else:
            self.conns[sid] = conn

    def disconnect(self, sid: str) -> None:
        self.transport.seals.pop(sid, None)
        conn = self.conns.pop(sid, None)
        if conn is not None and conn.table is not None:
            conn.table.detach(conn)

    def handle(self, sid: str, handler: Callable[[Conn, Any], dict[str, Any]], data: Any) -> dict[str, Any]:
        """Every message passes here: its socket's and its address's rate, its size, then its handler.

        The rates are checked before anything else, without a lock or the disk; a socket
        that goes on sending after ``rate_limited`` runs out of strikes and is closed.
        Every message gets an answer, ``storage`` when the disk refuses to save it.
        """
        conn = self.conns.get(sid)
        if conn is None:
            return refusal("not_connected")
        if not (conn.bucket.take() and self.guard.message(conn.address)):
            return self._rate_limited(conn)
        try:
            seal = self.seal_of(sid)
            if seal is not None:
                data = self._opened(seal, data)
            check_size(data)
            return handler(conn, data)
        except Refusal as error:
            if error.code == "rate_limited":
                return self._rate_limited(conn)
            # A page sends not_seated once in a while (its seat just went), bad_seal never: neither on and on.
            if error.code in ("not_seated", "bad_seal"):
                self._strike(conn)
            return refusal(error.code, **error.values)
        except STORAGE_ERRORS as error:
            log.error("could not save a message: %s", error)
            return refusal("storage")
        except Exception:  # every message gets an answer, even one that finds a fault
            log.exception("a message from %s failed", conn.address)
            return refusal("internal")

    def seal_of(self, sid: str) -> Sealer | None:
        """The socket's seal, if it connected sealed."""
        return self.transport.seals.get(sid)

    @staticmethod
    def _opened(seal: Sealer, data: Any) -> Any:
        """A sealed socket's message, opened: ``bad_seal`` if it does not open (plain data
        included); nested deeper than any page's message is ``malformed``, before it is parsed."""
        try:
            text = seal.open(data)
        except SealError:
            raise Refusal("bad_seal") from None
        if nesting_over(text):
            raise Refusal("malformed", field="message")
        try:
            return json.loads(text)
        except ValueError:
            raise Refusal("bad_seal") from None

    def _rate_limited(self, conn: Conn) -> dict[str, Any]:
        self._strike(conn)
        return refusal("rate_limited")

    def _strike(self, conn: Conn) -> None:
        """A refusal an honest page hardly ever earns: out of strikes, the connection is closed."""
        if not conn.strikes.take():
            log.warning("closed a connection of %s that kept sending after rate_limited or not_seated", conn.address)
            self.services.transport.cut(conn.sid)

    # Messages.

    def _guess(self, conn: Conn, kind: str) -> None:
        """Every message that looks a code up is a guess, counted before anything else."""
        if not self.guard.guess(conn.address, kind):
            raise Refusal("rate_limited")

    def join(self, conn: Conn, data: Any) -> dict[str, Any]:
        self._guess(conn, "join")
        data = fields(data, code=str, name=str)
        if conn.table is not None:
            raise Refusal("already_seated")
        name = text(data["name"], MAX_NAME, "bad_name")
        fair = fair_of(data)
        answer = self._table_of_code(conn, data).join(conn, name, data.get("pawn"), fair)
        self.guard.trust(conn.address)
        return answer

    def _table_of_code(self, conn: Conn, data: Any) -> LiveTable:
        """The table a join code names: its open lobby, else its newest game."""
        code = normal_join_code(fields(data, code=str)["code"])
        game_id = self.database.lobby_of_code(code) or self.database.game_of_code(code)
        table = self.table(game_id) if game_id is not None else None
        if table is None:
            self.guard.wrong_join(conn.address)
            raise Refusal("bad_code")
        return table

    def peek(self, conn: Conn, data: Any) -> dict[str, Any]:
        """What a phone at the join address may do with a code: join (the pawns on offer) or watch."""
        self._guess(conn, "join")
        return self._table_of_code(conn, data).peek()

    def watch(self, conn: Conn, data: Any) -> dict[str, Any]:
        """A phone without a seat watches a game that has started: the public view, read only."""
        self._guess(conn, "join")
        if conn.table is not None:
            raise Refusal("already_seated")
        return self._table_of_code(conn, data).watch(conn)

    def claim(self, conn: Conn, data: Any) -> dict[str, Any]:
        self._guess(conn, "claim")
        code = normal_claim_code(fields(data, code=str)["code"])
        fair = fair_of(data)
        if conn.screen:
            raise Refusal("already_seated")
        table = self.services.claims.get(code)
        if table is None:
            self.guard.wrong_claim(conn.address)
            for live in set(self.services.claims.values()):  # a copy: other tables change it
                live.wrong_claim(conn.address)
            raise Refusal("bad_claim")
        if conn.table is not None:
            conn.table.detach(conn)
        answer = table.claim(conn, code, fair)
        self.guard.trust(conn.address)
        return answer

    def act(self, conn: Conn, data: Any) -> dict[str, Any]:
        data = fields(data, id=str, action=dict)
        action_id, as_seat = data["id"], data.get("as")
        if not ID.fullmatch(action_id):
            raise Refusal("malformed", field="id")
        if as_seat is not None and (not conn.screen or not isinstance(as_seat, int) or isinstance(as_seat, bool)):
            raise Refusal("malformed", field="as")
        if conn.table is None or conn.watcher:
            raise Refusal("not_seated")
        return conn.table.act(conn, action_id, data["action"], as_seat)

    def seed(self, conn: Conn, data: Any) -> dict[str, Any]:
        """A seated phone's client seed, start commitment and chain for its lobby (after Play again)."""
        fair = fair_of(fields(data))
        if conn.table is None or conn.watcher or conn.screen:
            raise Refusal("not_seated")
        return conn.table.client_seed(conn, fair)

    def start_value(self, conn: Conn, data: Any) -> dict[str, Any]:
        """A seated phone reveals its start value once the banker started (``start_value``)."""
        value = fields(data, start_value=str)["start_value"]
        if conn.table is None or conn.watcher or conn.screen:
            raise Refusal("not_seated")
        return conn.table.start_value(conn, value)

    def fair(self, conn: Conn, data: Any) -> dict[str, Any]:
        """The finished game's export, for a phone's check (the table screen has its export route)."""
        if conn.table is None:
            raise Refusal("not_seated")
        return conn.table.fair()

    def sync(self, conn: Conn, data: Any) -> dict[str, Any]:
        """A socket that missed an update gets its whole message again."""
        if conn.table is None:
            raise Refusal("not_seated")
        return conn.table.sync(conn)

    def games(self, conn: Conn, data: Any) -> dict[str, Any]:
        table = self._screen_table(conn)
        listing = self.database.listing()
        for game in listing:
            game["current"] = game["id"] == table.id
            game["damaged"] = game["id"] in self.set_aside
        return {"ok": True, "games": listing}

    def resume(self, conn: Conn, data: Any) -> dict[str, Any]:
        current = self._screen_table(conn)
        game_id = fields(data, game=str)["game"]
        table = self.table(game_id) if len(game_id) <= MAX_ID else None
        if table is None:
            raise Refusal("game_damaged" if game_id in self.set_aside else "bad_game")
        if table is not current:
            current.left_behind()
        return {"ok": True, "table_key": table.key}

    def export(self, conn: Conn, data: Any) -> dict[str, Any]:
        """A saved game's export for the table screen (any game of this host, as the export route):
        its file name and text, which the page saves as a download."""
        self._screen_table(conn)
        game_id = fields(data, game_id=str)["game_id"]
        table = self.table(game_id) if len(game_id) <= MAX_ID else None
        if table is None:
            raise Refusal("game_damaged" if game_id in self.set_aside else "bad_game")
        return {"ok": True, "name": f"cashrun-{table.id}.json", "json": table.export()}

    @staticmethod
    def _screen_table(conn: Conn) -> Seating:
        if not conn.screen or conn.table is None:
            raise Refusal("not_table")
        return conn.table
