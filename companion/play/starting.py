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

from typing import TYPE_CHECKING, Any, Protocol

from engine import Game, Settings
from engine.rng import is_client_seed, seed_hash

from ..common.errors import Refusal
from .codes import new_id
from .lobby import MIN_PLAYERS, Lobby, checked_settings
from .state import TableState

if TYPE_CHECKING:
    from ..common.timers import Handle
    from ..saving.record import Record
    from ..wire.transport import Conn
    from .countdown import Countdown
    from .reveal import Reveal
    from .services import Services

REVEAL_SECONDS = 5.0
"""How long the phones have to reveal their start values before the banker may start without them."""


class StartingTable(TableState, Protocol):
    """What the start of a game needs of its table (``companion.play.table.LiveTable``)."""

    services: Services
    tokens: dict[str, str]
    record: Record
    auction_countdown: Countdown
    draw_countdown: Countdown
    reveal: Reveal

    def auction_seconds(self) -> float | None: ...

    def draw_seconds(self) -> float: ...


class Starting:
    """The start of one table's game: the banker's ``start``, the phones' start values, the
    game's beginning, and the clock that lets the banker start without a phone that is late."""

    def __init__(self, table: StartingTable) -> None:
        self.table = table
        self._late_timer: Handle | None = None

    def start(self, actor: str, action_id: str) -> dict[str, Any]:
        """The banker's ``start``: refused until every phone moved here by Play again has sent what it
        adds to the draws; the game begins at once when no phone committed to a start value;
        otherwise the lobby locks for good and waits for the values."""
        table = self.table
        phones = set(table.tokens.values())
        unready = [seat for seat, p in enumerate(table.lobby.players) if p.pid in phones and p.fair_due]
        if unready:
            raise Refusal("phones_not_ready", seats=unready)
        if not table.lobby.waiting():
            return self.start_game(actor, action_id)
        before = table.lobby.to_dict()
        table.lobby.starting = table.lobby.locked = True
        answer = {"ok": True, "events": [], "starting": True}
        try:
            table.commit(actor, action_id, {"type": "start"}, answer, lobby=True)
        except Exception:
            table.lobby = Lobby.from_dict(before)
            raise
        self.wait_for_values()
        table.broadcast.everyone()
        return answer

    def wait_for_values(self) -> None:
        """The phones get ``REVEAL_SECONDS`` (again, after a restart) before the banker may start without them."""
        scheduler, clock = self.table.services.scheduler, self.table.services.clock
        if self._late_timer is not None:
            self._late_timer.cancel()
        if not self.table.lobby.waiting():  # the last value was saved and the host stopped before the game's start
            scheduler.call_at(clock(), self._values_in)
        self._late_timer = scheduler.call_at(clock() + REVEAL_SECONDS, self._values_late)

    def _values_in(self) -> None:
        """The scheduler's call: every value is in and the game has not begun (its start was not saved)."""
        table = self.table
        with table.lock:
            if table.game is None and table.lobby.starting and not table.lobby.waiting():
                self.start_game("host", f"start:{new_id()}")

    def _values_late(self) -> None:
        """The scheduler's call: the phones still waited for are named, and the banker may start without them."""
        table = self.table
        with table.lock:
            if table.game is None and table.lobby.starting and not table.lobby.late:
                table.lobby.late = True
                table.broadcast.everyone()

    def start_value(self, conn: Conn, value: str) -> dict[str, Any]:
        """A phone reveals its start value: it must open the seat's commitment (``bad_start_value``)."""
        table = self.table
        with table.lock:
            if table.game is not None:
                raise Refusal("game_started")
            if not table.lobby.starting:
                raise Refusal("not_starting")
            pid = table.holder(conn)
            if pid is None:
                raise Refusal("not_seated")
            player = table.lobby.players[table.lobby.seat_of(pid)]
            if not (is_client_seed(value) and player.start_commit and seed_hash(value) == player.start_commit):
                raise Refusal("bad_start_value")
            if player.start_value == value:  # sent again: the game begins if its start was not saved
                if not table.lobby.waiting():
                    self.start_game("host", f"start:{new_id()}")
                return {"ok": True}
            player.start_value = value
            try:
                table.commit(f"p:{pid}", f"reveal:{new_id()}", {"type": "start_value"}, {"ok": True}, lobby=True)
            except Exception:
                player.start_value = None
                raise
            if not table.lobby.waiting():
                self.start_game("host", f"start:{new_id()}")
            else:
                table.broadcast.everyone()
            return {"ok": True}

    def start_game(self, actor: str, action_id: str, without: bool = False) -> dict[str, Any]:
        """The game begins with every value revealed. ``without``: the banker's ``start_without``,
        and the seats still waited for leave the game first (``not_enough_players`` when too few
        would be left, and nothing changes)."""
        table = self.table
        before = table.lobby.to_dict()
        left = [table.lobby.players[seat].pid for seat in table.lobby.waiting()] if without else []
        table.lobby.players = [p for p in table.lobby.players if p.pid not in left]
        if len(table.lobby.players) < MIN_PLAYERS:
            table.lobby = Lobby.from_dict(before)
            raise Refusal("not_enough_players", min=MIN_PLAYERS)
        settings = Settings.from_dict(checked_settings(table.lobby.settings, len(table.lobby.players), True))
        game = Game.new(
            [p.name for p in table.lobby.players], settings=settings, seed=table.lobby.seed, **table.lobby.fair_args()
        )
        public = game.view(None)
        length = public["log_start"] + len(public["log"])
        answer = {"ok": True, "events": public["log"], "left": left}
        table.status = "playing"
        drop = [token for pid in left for token in table.tokens_of(pid)]
        try:
            table.commit(
                actor, action_id, {"type": "start"}, answer, lobby=True, engine=game.to_json(), events=length, drop=drop
            )
        except Exception:
            table.status = "lobby"
            table.lobby = Lobby.from_dict(before)
            raise
        for pid in left:
            table.claims.drop(pid)
            conn = table.sockets.phones.pop(pid, None)
            if conn is not None:
                table.sockets.close(conn, "removed")
        if self._late_timer is not None:
            self._late_timer.cancel()
        table.game = game
        table.record.events_added(length, table.services.wall())
        table.auction_countdown.update(public["log"], public["phase"], table.auction_seconds())
        table.draw_countdown.update(public["log"], public["phase"], table.draw_seconds())
        table.reveal.start(public["log_start"], public["log"])
        table.broadcast.everyone()
        return answer
