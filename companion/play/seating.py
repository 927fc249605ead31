"""The join address's side of a table: peek, join, claim, watch, and what the phones add to the draws.

A phone adds its own randomness to the game (docs/fairness.md): a client seed, the commitment
to its start value and the head of its hash chain, with ``join``, with ``claim``, or with
``seed`` in a lobby it was moved to (Play again). Only an open lobby takes them; once the banker
started, they are final (a phone that claims a seat then brings only a new chain, which the
game takes as ``new_chain`` once it runs). ``fair`` gives a seated phone the finished game's
export, for the check in the page.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from engine import BANKER, Game
from engine.rng import is_client_seed, is_hash, seed_hash

from ..common.errors import HostError
from .codes import new_id, new_token, token_hash
from .lobby import Fair, Lobby
from .pawns import offer

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from ..wire.sockets import Sockets
    from ..wire.transport import Conn
    from .broadcast import Broadcast
    from .claims import Claims
    from .watching import Watching

log = logging.getLogger(__name__)


def fair_of(data: dict[str, Any]) -> Fair:
    """The message's ``client_seed`` (32 lowercase hex), ``start_commit`` and ``chain`` (64
    lowercase hex each), each None when absent; ``bad_<field>`` for any other value."""
    checks = {"client_seed": is_client_seed, "start_commit": is_hash, "chain": is_hash}
    for key, valid in checks.items():
        if data.get(key) is not None and not valid(data[key]):
            raise HostError(f"bad_{key}")
    return Fair(data.get("client_seed"), data.get("start_commit"), data.get("chain"))


class Joining:
    """Mixed into ``companion.play.table.LiveTable``, whose state and acts these use."""

    id: str
    status: str
    lock: threading.RLock
    lobby: Lobby
    game: Game | None
    sockets: Sockets
    claims: Claims
    tell: Broadcast
    holder: Callable[[Conn], str | None]
    attach_phone: Callable[..., None]
    watching: Watching
    export: Callable[[], str]
    _tokens_of: Callable[[str | None], list[str]]
    _commit: Callable[..., Any]
    _game_act: Callable[[str, str, int, Any], dict[str, Any]]

    def join(self, conn: Conn, name: str, pawn: Any = None, fair: Fair | None = None) -> dict[str, Any]:
        """A phone with the join code takes a new seat in the lobby, with its pawn and what it adds to the draws."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            if self.lobby.locked:
                raise HostError("lobby_locked")
            if fair is not None and fair.chain is not None and self._chain_taken(fair.chain):
                raise HostError("chain_used")
            pid, token = new_id(), new_token()
            before = self.lobby.to_dict()
            seat = len(self.lobby.players)
            self.lobby.add(pid, name, phone=True, pawn=pawn, fair=fair)
            record = {"ok": True, "seat": seat}
            try:
                self._commit(
                    f"p:{pid}", "join", {"type": "join", "name": name}, record, lobby=True, add={token_hash(token): pid}
                )
            except Exception:
                self.lobby = Lobby.from_dict(before)
                raise
            self.attach_phone(conn, pid, seated=True)
            return {**record, "token": token, "game_id": self.id}

    def peek(self) -> dict[str, Any]:
        """What the join address offers for this code: a seat with a pawn, or watching; and the
        hash of the game's seed, which the phone keeps before it sends its own."""
        with self.lock:
            if self.game is None:
                return {
                    "ok": True,
                    "status": "lobby",
                    "locked": self.lobby.locked,
                    "pawns": offer(self.lobby.taken_colours(), self.lobby.taken_signs()),
                    "seed_hash": seed_hash(self.lobby.seed),
                }
            return {"ok": True, "status": self.status, "seed_hash": self.game.view(None)["seed_hash"]}

    def watch(self, conn: Conn) -> dict[str, Any]:
        """A phone watches this game from now on (read only); refused before the start."""
        with self.lock:
            if self.game is None:
                raise HostError("not_started")
            self.watching.watch(conn)
            conn.table, conn.watcher = self, True  # type: ignore[assignment]
            self.sockets.watchers.add(conn)
            self.tell.now(conn, None)
            return {"ok": True, "game_id": self.id}

    def wrong_claim(self, address: str) -> None:
        """A wrong claim code reached the host from ``address`` (``Claims.wrong``); the banker's
        drawer says that codes are being guessed."""
        with self.lock:
            if self.claims.wrong(address):
                self.tell.everyone()

    def _chain_taken(self, chain: str, pid: str | None = None) -> bool:
        """Another seat of the lobby gave this chain head (a phone's chain must be its own)."""
        return any(p.chain == chain and p.pid != pid for p in self.lobby.players)

    def claim(self, conn: Conn, code: str, fair: Fair | None = None) -> dict[str, Any]:
        """A phone gives a claim code: it gets the seat and a new token; the old token dies. In an
        open lobby what it adds to the draws takes the seat's place; once the banker started, the
        seat keeps its seeds and its start value (the phone that committed to it is gone: the
        banker starts without it), and takes only the new phone's chain, which may be none shown
        before (``chain_used``). Refused while a stake's draw waits for the seat's link
        (``claim_waits``): the phone there may still give it, and after the draw the code works."""
        fair = fair or Fair()
        with self.lock:
            pid = self.claims.check(code, conn.address)
            token = new_token()
            seat = self.lobby.seat_of(pid)
            record = {"ok": True, "seat": seat}
            before = self.lobby.to_dict()
            lobby = self.game is None
            if self.game is not None and seat in self.game.owing_links():
                raise HostError("claim_waits")
            if fair.chain is not None and (
                self._chain_taken(fair.chain, pid)
                if lobby
                else self.game is not None and self.game.chain_used(fair.chain)
            ):
                raise HostError("chain_used")
            seeded = lobby and not self.lobby.starting
            if seeded:
                fair.seat(self.lobby.players[seat])
            elif lobby:
                self.lobby.players[seat].chain = fair.chain
            try:
                self._commit(
                    f"p:{pid}",
                    f"claim:{new_id()}",
                    {"type": "claim"},
                    record,
                    lobby=lobby,
                    add={token_hash(token): pid},
                    drop=self._tokens_of(pid),
                )
            except Exception:
                self.lobby = Lobby.from_dict(before)
                raise
            self.claims.drop(pid)
            old = self.sockets.phones.pop(pid, None)
            if old is not None and old is not conn:
                self.sockets.close(old, "claimed")
            self.attach_phone(conn, pid, seated=True)
            if not lobby and fair.chain is not None:
                self._new_chain(seat, fair.chain)
            return {**record, "token": token, "game_id": self.id, "seeded": seeded}

    def _new_chain(self, seat: int, head: str) -> None:
        """The game takes the chain of a phone that claimed a seat in play (the old phone's is lost)."""
        answer = self._game_act("host", f"chain:{new_id()}", BANKER, {"type": "new_chain", "seat": seat, "head": head})
        if not answer["ok"]:
            log.warning("the game refused seat %s's new chain: %s", seat, answer["error"])

    def client_seed(self, conn: Conn, fair: Fair) -> dict[str, Any]:
        """A seated phone's new client seed, start commitment and chain for this lobby (``seed``);
        refused once the banker started."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            if self.lobby.starting:
                raise HostError("starting")
            pid = self.holder(conn)
            if pid is None:
                raise HostError("not_seated")
            player = self.lobby.players[self.lobby.seat_of(pid)]
            if fair.chain is not None and self._chain_taken(fair.chain, pid):
                raise HostError("chain_used")
            if not fair.at(player):
                before = self.lobby.to_dict()
                fair.seat(player)
                try:
                    self._commit(f"p:{pid}", f"seed:{new_id()}", {"type": "seed"}, {"ok": True}, lobby=True)
                except Exception:
                    self.lobby = Lobby.from_dict(before)
                    raise
                self.tell.everyone()
            return {"ok": True}

    def fair(self) -> dict[str, Any]:
        """The finished game's export (the engine's ``to_json``), for the check in the page."""
        with self.lock:
            if self.game is None or not self.game.over:
                raise HostError("not_over")
            return {"ok": True, "game_id": self.id, "export": self.export()}
