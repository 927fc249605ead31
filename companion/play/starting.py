"""The start of a game: the lobby locks for good, the phones reveal their start values, the game begins.

After Play again the banker may start only once every phone moved there has sent its new client
seed, start commitment and chain with ``seed`` (``phones_not_ready`` before). When the banker
starts, seats, players and settings are final: every change is refused from then on and nothing
unlocks it, so the laptop cannot see a value and then rearrange the table. Each phone
reveals its start value without a tap (``start_value``); the host checks it against the
commitment, and the game starts when the last one is in. A phone that has not answered after
``REVEAL_SECONDS`` is named on the stage, and the banker may start without it (``start_without``):
its seat then leaves the game, so that withholding a value never puts its holder in a deal he
chose; a late value is taken until then. The lock and every value are saved, so a restarted host
keeps them and gives the phones their time again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import Game, Settings
from engine.rng import is_client_seed, seed_hash

from ..common.errors import HostError
from .codes import new_id
from .lobby import MIN_PLAYERS, Lobby, checked_settings

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from ..common.timers import Handle
    from ..saving.record import Record
    from ..wire.sockets import Sockets
    from ..wire.transport import Conn
    from .broadcast import Broadcast
    from .claims import Claims
    from .countdown import Countdown
    from .reveal import Reveal
    from .services import Services

REVEAL_SECONDS = 5.0
"""How long the phones have to reveal their start values before the banker may start without them."""


class Starting:
    """Mixed into ``companion.play.table.LiveTable``, whose state and acts these use."""

    s: Services
    status: str
    tokens: dict[str, str]
    sockets: Sockets
    claims: Claims
    lock: threading.RLock
    lobby: Lobby
    game: Game | None
    record: Record
    countdown: Countdown
    reveal: Reveal
    tell: Broadcast
    spin: Countdown
    holder: Callable[[Conn], str | None]
    auction_seconds: Callable[[], float | None]
    spin_seconds: Callable[[], float]
    _commit: Callable[..., Any]
    _tokens_of: Callable[[str | None], list[str]]
    _late_timer: Handle | None = None

    def _start(self, actor: str, action_id: str) -> dict[str, Any]:
        """The banker's ``start``: refused until every phone moved here by Play again has sent what it
        adds to the draws; the game begins at once when no phone committed to a start value;
        otherwise the lobby locks for good and waits for the values."""
        phones = set(self.tokens.values())
        unready = [seat for seat, p in enumerate(self.lobby.players) if p.pid in phones and p.fair_due]
        if unready:
            raise HostError("phones_not_ready", seats=unready)
        if not self.lobby.waiting():
            return self._start_game(actor, action_id)
        before = self.lobby.to_dict()
        self.lobby.starting = self.lobby.locked = True
        answer = {"ok": True, "events": [], "starting": True}
        try:
            self._commit(actor, action_id, {"type": "start"}, answer, lobby=True)
        except Exception:
            self.lobby = Lobby.from_dict(before)
            raise
        self._wait_for_values()
        self.tell.everyone()
        return answer

    def _wait_for_values(self) -> None:
        """The phones get ``REVEAL_SECONDS`` (again, after a restart) before the banker may start without them."""
        if self._late_timer is not None:
            self._late_timer.cancel()
        if not self.lobby.waiting():  # the last value was saved and the host stopped before the game's start
            self.s.scheduler.call_at(self.s.clock(), self._values_in)
        self._late_timer = self.s.scheduler.call_at(self.s.clock() + REVEAL_SECONDS, self._values_late)

    def _values_in(self) -> None:
        """The scheduler's call: every value is in and the game has not begun (its start was not saved)."""
        with self.lock:
            if self.game is None and self.lobby.starting and not self.lobby.waiting():
                self._start_game("host", f"start:{new_id()}")

    def _values_late(self) -> None:
        """The scheduler's call: the phones still waited for are named, and the banker may start without them."""
        with self.lock:
            if self.game is None and self.lobby.starting and not self.lobby.late:
                self.lobby.late = True
                self.tell.everyone()

    def start_value(self, conn: Conn, value: str) -> dict[str, Any]:
        """A phone reveals its start value: it must open the seat's commitment (``bad_start_value``)."""
        with self.lock:
            if self.game is not None:
                raise HostError("game_started")
            if not self.lobby.starting:
                raise HostError("not_starting")
            pid = self.holder(conn)
            if pid is None:
                raise HostError("not_seated")
            player = self.lobby.players[self.lobby.seat_of(pid)]
            if not (is_client_seed(value) and player.start_commit and seed_hash(value) == player.start_commit):
                raise HostError("bad_start_value")
            if player.start_value == value:  # sent again: the game begins if its start was not saved
                if not self.lobby.waiting():
                    self._start_game("host", f"start:{new_id()}")
                return {"ok": True}
            player.start_value = value
            try:
                self._commit(f"p:{pid}", f"reveal:{new_id()}", {"type": "start_value"}, {"ok": True}, lobby=True)
            except Exception:
                player.start_value = None
                raise
            if not self.lobby.waiting():
                self._start_game("host", f"start:{new_id()}")
            else:
                self.tell.everyone()
            return {"ok": True}

    def _start_game(self, actor: str, action_id: str, without: bool = False) -> dict[str, Any]:
        """The game begins with every value revealed. ``without``: the banker's ``start_without``,
        and the seats still waited for leave the game first (``not_enough_players`` when too few
        would be left, and nothing changes)."""
        before = self.lobby.to_dict()
        left = [self.lobby.players[seat].pid for seat in self.lobby.waiting()] if without else []
        self.lobby.players = [p for p in self.lobby.players if p.pid not in left]
        if len(self.lobby.players) < MIN_PLAYERS:
            self.lobby = Lobby.from_dict(before)
            raise HostError("not_enough_players", min=MIN_PLAYERS)
        settings = Settings.from_dict(checked_settings(self.lobby.settings, len(self.lobby.players), True))
        game = Game.new(
            [p.name for p in self.lobby.players], settings=settings, seed=self.lobby.seed, **self.lobby.fair_args()
        )
        public = game.view(None)
        length = public["log_start"] + len(public["log"])
        answer = {"ok": True, "events": public["log"], "left": left}
        self.status = "playing"
        drop = [token for pid in left for token in self._tokens_of(pid)]
        try:
            self._commit(
                actor, action_id, {"type": "start"}, answer, lobby=True, engine=game.to_json(), events=length, drop=drop
            )
        except Exception:
            self.status = "lobby"
            self.lobby = Lobby.from_dict(before)
            raise
        for pid in left:
            self.claims.drop(pid)
            conn = self.sockets.phones.pop(pid, None)
            if conn is not None:
                self.sockets.close(conn, "removed")
        if self._late_timer is not None:
            self._late_timer.cancel()
        self.game = game
        self.record.events_added(length, self.s.wall())
        self.countdown.update(public["log"], public["phase"], self.auction_seconds())
        self.spin.update(public["log"], public["phase"], self.spin_seconds())
        self.reveal.start(public["log_start"], public["log"])
        self.tell.everyone()
        return answer
