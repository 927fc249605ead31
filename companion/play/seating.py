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
from typing import TYPE_CHECKING, Any, Protocol

from engine import BANKER
from engine.rng import is_client_seed, is_hash, seed_hash

from ..common.errors import Refusal
from .codes import new_id, new_token, token_hash
from .lobby import Fair, Lobby
from .pawns import offer
from .state import TableState

if TYPE_CHECKING:
    from ..wire.transport import Conn
    from .acting import Acting
    from .watching import Watching

log = logging.getLogger(__name__)


def fair_of(data: dict[str, Any]) -> Fair:
    """The message's ``client_seed`` (32 lowercase hex), ``start_commit`` and ``chain`` (64
    lowercase hex each), each None when absent; ``bad_<field>`` for any other value."""
    checks = {"client_seed": is_client_seed, "start_commit": is_hash, "chain": is_hash}
    for key, valid in checks.items():
        if data.get(key) is not None and not valid(data[key]):
            raise Refusal(f"bad_{key}")
    return Fair(data.get("client_seed"), data.get("start_commit"), data.get("chain"))


class JoiningTable(TableState, Protocol):
    """What the join address's side needs of its table (``companion.play.table.LiveTable``)."""

    id: str
    watching: Watching

    def attach_phone(self, conn: Conn, pid: str, seated: bool = False) -> None: ...

    def attach_watcher(self, conn: Conn) -> None: ...

    def export(self) -> str: ...


class Joining:
    """One table's join address's side: the seats phones take (``join``, ``claim``), what they add
    to the draws (``client_seed``), watching, and the finished game's check (``fair``). A seat
    claimed in play gives the game the new phone's chain through ``acting``."""

    def __init__(self, table: JoiningTable, acting: Acting) -> None:
        self.table = table
        self.acting = acting

    def join(self, conn: Conn, name: str, pawn: Any = None, fair: Fair | None = None) -> dict[str, Any]:
        """A phone with the join code takes a new seat in the lobby, with its pawn and what it adds to the draws."""
        table = self.table
        with table.lock:
            if table.game is not None:
                raise Refusal("game_started")
            if table.lobby.locked:
                raise Refusal("lobby_locked")
            if fair is not None and fair.chain is not None and self._chain_taken(fair.chain):
                raise Refusal("chain_used")
            pid, token = new_id(), new_token()
            before = table.lobby.to_dict()
            seat = len(table.lobby.players)
            table.lobby.add(pid, name, phone=True, pawn=pawn, fair=fair)
            saved = {"ok": True, "seat": seat}  # the answer as saved: never the token
            try:
                table.commit(
                    f"p:{pid}", "join", {"type": "join", "name": name}, saved, lobby=True, add={token_hash(token): pid}
                )
            except Exception:
                table.lobby = Lobby.from_dict(before)
                raise
            table.attach_phone(conn, pid, seated=True)
            return {**saved, "token": token, "game_id": table.id}

    def peek(self) -> dict[str, Any]:
        """What the join address offers for this code: a seat with a pawn, or watching; and the
        hash of the game's seed, which the phone keeps before it sends its own."""
        table = self.table
        with table.lock:
            if table.game is None:
                return {
                    "ok": True,
                    "status": "lobby",
                    "locked": table.lobby.locked,
                    "pawns": offer(table.lobby.taken_colours(), table.lobby.taken_signs()),
                    "seed_hash": seed_hash(table.lobby.seed),
                }
            return {"ok": True, "status": table.status, "seed_hash": table.game.view(None)["seed_hash"]}

    def watch(self, conn: Conn) -> dict[str, Any]:
        """A phone watches this game from now on (read only); refused before the start."""
        table = self.table
        with table.lock:
            if table.game is None:
                raise Refusal("not_started")
            table.watching.watch(conn)
            table.attach_watcher(conn)
            return {"ok": True, "game_id": table.id}

    def wrong_claim(self, address: str) -> None:
        """A wrong claim code reached the host from ``address`` (``Claims.wrong``); the banker's
        drawer says that codes are being guessed."""
        with self.table.lock:
            if self.table.claims.wrong(address):
                self.table.broadcast.everyone()

    def _chain_taken(self, chain: str, pid: str | None = None) -> bool:
        """Another seat of the lobby gave this chain head (a phone's chain must be its own)."""
        return any(p.chain == chain and p.pid != pid for p in self.table.lobby.players)

    def claim(self, conn: Conn, code: str, fair: Fair | None = None) -> dict[str, Any]:
        """A phone gives a claim code: it gets the seat and a new token; the old token dies. In an
        open lobby what it adds to the draws takes the seat's place; once the banker started, the
        seat keeps its seeds and its start value (the phone that committed to it is gone: the
        banker starts without it), and takes only the new phone's chain, which may be none shown
        before (``chain_used``). Refused while a stake's draw waits for the seat's link
        (``claim_waits``): the phone there may still give it, and after the draw the code works."""
        fair = fair or Fair()
        table = self.table
        with table.lock:
            pid = table.claims.check(code, conn.address)
            token = new_token()
            seat = table.lobby.seat_of(pid)
            saved = {"ok": True, "seat": seat}  # the answer as saved: never the token
            before = table.lobby.to_dict()
            lobby = table.game is None
            if table.game is not None and seat in table.game.owing_links():
                raise Refusal("claim_waits")
            if fair.chain is not None and (
                self._chain_taken(fair.chain, pid)
                if lobby
                else table.game is not None and table.game.chain_used(fair.chain)
            ):
                raise Refusal("chain_used")
            seeded = lobby and not table.lobby.starting
            if seeded:
                fair.seat(table.lobby.players[seat])
            elif lobby:
                table.lobby.players[seat].chain = fair.chain
            try:
                table.commit(
                    f"p:{pid}",
                    f"claim:{new_id()}",
                    {"type": "claim"},
                    saved,
                    lobby=lobby,
                    add={token_hash(token): pid},
                    drop=table.tokens_of(pid),
                )
            except Exception:
                table.lobby = Lobby.from_dict(before)
                raise
            table.claims.drop(pid)
            old = table.sockets.phones.pop(pid, None)
            if old is not None and old is not conn:
                table.sockets.close(old, "claimed")
            table.attach_phone(conn, pid, seated=True)
            if not lobby and fair.chain is not None:
                self._new_chain(seat, fair.chain)
            return {**saved, "token": token, "game_id": table.id, "seeded": seeded}

    def _new_chain(self, seat: int, head: str) -> None:
        """The game takes the chain of a phone that claimed a seat in play (the old phone's is lost)."""
        action = {"type": "new_chain", "seat": seat, "head": head}
        answer = self.acting.game_act("host", f"chain:{new_id()}", BANKER, action)
        if not answer["ok"]:
            log.warning("the game refused seat %s's new chain: %s", seat, answer["error"])

    def client_seed(self, conn: Conn, fair: Fair) -> dict[str, Any]:
        """A seated phone's new client seed, start commitment and chain for this lobby (``seed``);
        refused once the banker started."""
        table = self.table
        with table.lock:
            if table.game is not None:
                raise Refusal("game_started")
            if table.lobby.starting:
                raise Refusal("starting")
            pid = table.holder(conn)
            if pid is None:
                raise Refusal("not_seated")
            player = table.lobby.players[table.lobby.seat_of(pid)]
            if fair.chain is not None and self._chain_taken(fair.chain, pid):
                raise Refusal("chain_used")
            if not fair.at(player):
                before = table.lobby.to_dict()
                fair.seat(player)
                try:
                    table.commit(f"p:{pid}", f"seed:{new_id()}", {"type": "seed"}, {"ok": True}, lobby=True)
                except Exception:
                    table.lobby = Lobby.from_dict(before)
                    raise
                table.broadcast.everyone()
            return {"ok": True}

    def fair(self) -> dict[str, Any]:
        """The finished game's export (the engine's ``to_json``), for the check in the page."""
        table = self.table
        with table.lock:
            if table.game is None or not table.game.over:
                raise Refusal("not_over")
            return {"ok": True, "game_id": table.id, "export": table.export()}
