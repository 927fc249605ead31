"""The join address's side of a table: peek, join, claim, watch, and the phones' client seeds.

A phone adds its own randomness to the game (docs/fairness.md): a client seed with ``join``,
with ``claim``, or with ``seed`` in a lobby it was moved to (Play again). Only a lobby takes
one; the seeds are fixed when the game starts. ``fair`` gives a seated phone the finished
game's export, for the check in the page.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from engine import Game
from engine.rng import is_client_seed, seed_hash

from .claims import Claims
from .codes import new_id, new_token, token_hash
from .errors import HostError
from .lobby import Lobby
from .pawns import offer
from .sockets import Sockets
from .transport import Conn

if TYPE_CHECKING:
    from .broadcast import Broadcast


def client_seed(data: dict[str, Any]) -> str | None:
    """The message's ``client_seed``: None when it has none; ``bad_client_seed`` unless 32 lowercase hex."""
    value = data.get("client_seed")
    if value is not None and not is_client_seed(value):
        raise HostError("bad_client_seed")
    return value


class Joining:
    """Mixed into ``companion.table.Table``, whose state and acts these use."""

    id: str
    status: str
    lock: threading.RLock
    lobby: Lobby
    game: Game | None
    sockets: Sockets
    claims: Claims
    tell: Broadcast

    def join(self, conn: Conn, name: str, pawn: Any = None, client_seed: str | None = None) -> dict[str, Any]:
        """A phone with the join code takes a new seat in the lobby, with its pawn and client seed."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            if self.lobby.locked:
                raise HostError("lobby_locked")
            pid, token = new_id(), new_token()
            before = self.lobby.to_dict()
            seat = len(self.lobby.players)
            self.lobby.add(pid, name, phone=True, pawn=pawn, client_seed=client_seed)
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
        """What the join address offers for this code: a seat with a pawn, or watching; and the
        hash of the game's seed, which the phone keeps before it sends its own."""
        with self.lock:
            if self.game is None:
                return {"ok": True, "status": "lobby", "locked": self.lobby.locked,
                        "pawns": offer(self.lobby.taken_colours(), self.lobby.taken_signs()), "seed_hash": seed_hash(self.lobby.seed)}
            return {"ok": True, "status": self.status, "seed_hash": self.game.view(None)["seed_hash"]}

    def watch(self, conn: Conn) -> dict[str, Any]:
        """A phone watches this game from now on (read only); refused before the start."""
        with self.lock:
            if self.game is None:
                raise HostError("not_started")
            self.spend_watching()
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

    def claim(self, conn: Conn, code: str, client_seed: str | None = None) -> dict[str, Any]:
        """A phone gives a claim code: it gets the seat and a new token; the old token dies. In the
        lobby its client seed takes the seat's place; a game that started keeps its seeds."""
        with self.lock:
            pid = self.claims.check(code, conn.address)
            token = new_token()
            seat = self.lobby.seat_of(pid)
            record = {"ok": True, "seat": seat}
            before = self.lobby.to_dict()
            lobby = self.game is None
            if lobby:
                self.lobby.players[seat].client_seed = client_seed
            try:
                self._commit(f"p:{pid}", f"claim:{new_id()}", {"type": "claim"}, record, lobby=lobby,
                             add={token_hash(token): pid}, drop=self._tokens_of(pid))
            except Exception:
                self.lobby = Lobby.from_dict(before)
                raise
            self.claims.drop(pid)
            old = self.sockets.phones.pop(pid, None)
            if old is not None and old is not conn:
                self.sockets.close(old, "claimed")
            self.attach_phone(conn, pid, seated=True)
            return {**record, "token": token, "game_id": self.id, "seeded": lobby}

    def client_seed(self, conn: Conn, client_seed: str | None) -> dict[str, Any]:
        """A seated phone's new client seed for this lobby (``seed``); refused once the game started."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            pid = self.holder(conn)
            if pid is None:
                raise HostError("not_seated")
            player = self.lobby.players[self.lobby.seat_of(pid)]
            if player.client_seed != client_seed:
                before, player.client_seed = player.client_seed, client_seed
                try:
                    self._commit(f"p:{pid}", f"seed:{new_id()}", {"type": "seed"}, {"ok": True}, lobby=True)
                except Exception:
                    player.client_seed = before
                    raise
                self.tell.everyone()
            return {"ok": True}

    def fair(self) -> dict[str, Any]:
        """The finished game's export (the engine's ``to_json``), for the check in the page."""
        with self.lock:
            if self.game is None or not self.game.over:
                raise HostError("not_over")
            return {"ok": True, "game_id": self.id, "export": self.export()}
