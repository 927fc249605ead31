"""Acting at a live table: the banker's, the phones' and the host's own actions, each checked,
applied, committed to the database (``record``) and told (``broadcast``), in that order, under the table's lock.

A game action goes to the engine; a lobby action to the lobby (``lobby``); the table screen's
own actions (claim codes, skipping a reveal, the auction's clock, play again, a new game) are
the host's. What an action starts (a reveal, the countdowns) is undone with the game when its
commit fails: nothing is seen before it is saved.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from engine import BANKER, IllegalAction
from engine.checks import HOST_ONLY
from engine.strict import same

from ..common.errors import Refusal, refusal
from ..saving.record import load_game
from . import tonight
from .codes import new_id
from .lobby import Lobby, LobbySeat, profile_set
from .state import TableState

if TYPE_CHECKING:
    from ..saving.record import Record
    from ..wire.transport import Conn
    from .broadcast import Prepared
    from .countdown import Countdown
    from .pause import Pause
    from .reveal import Reveal
    from .services import HostedTable, Services
    from .starting import Starting

log = logging.getLogger(__name__)

HOST_ACTIONS = (
    "claim_code",
    "new_game",
    "skip_reveal",
    "play_again",
    "auction_more_time",
    "auction_pause",
    "auction_resume",
    "pause_game",
    "resume_game",
)


class ActingTable(TableState, Protocol):
    """What acting needs of its table (``companion.play.table.LiveTable``)."""

    services: Services
    id: str
    tokens: dict[str, str]
    record: Record
    reveal: Reveal
    auction_countdown: Countdown
    draw_countdown: Countdown
    pause: Pause
    again: HostedTable | None

    def auction_seconds(self) -> float | None: ...

    def draw_seconds(self) -> float: ...


class Acting:
    """One table's actions: the banker's, the phones', the table screen's own (``HOST_ACTIONS``) and
    the host's (a clock's end, a claimed seat's new chain). The lobby's ``start`` goes to ``starting``."""

    def __init__(self, table: ActingTable, starting: Starting) -> None:
        self.table = table
        self.starting = starting

    def act(self, conn: Conn, action_id: str, action: Any, as_seat: int | None) -> dict[str, Any]:
        """An action from a seated phone (its own seat) or the table screen (banker or ``as``)."""
        table = self.table
        table.services.timing("received")
        with table.lock:
            pid = table.holder(conn)
            actor = "table" if pid is None else f"p:{pid}"
            known = table.record.answers.get((actor, action_id))
            if known is not None:
                return known
            kind = action.get("type") if isinstance(action, dict) else None
            if kind in HOST_ONLY:
                raise Refusal("host_only", type=kind)
            if conn.screen and kind in HOST_ACTIONS and as_seat is None:
                answer = self._host_action(actor, action_id, action)
                table.record.answers[(actor, action_id)] = answer
                return answer
            if table.pause.on:
                raise Refusal("paused")
            if table.game is None:
                if as_seat is not None:
                    raise Refusal("not_phoneless", seat=as_seat)
                return self._lobby_act(actor, action_id, pid, action)
            if table.reveal.active:
                raise Refusal("revealing", remaining=round(table.reveal.remaining(), 1))
            if pid is None:  # the table screen (``holder``)
                seat = BANKER if as_seat is None else self._phoneless_seat(as_seat)
            else:
                seat = table.lobby.seat_of(pid)
            return self.game_act(actor, action_id, seat, action)

    def _phoneless_seat(self, seat: int) -> int:
        players = self.table.lobby.players
        phones = set(self.table.tokens.values())
        if not 0 <= seat < len(players) or players[seat].pid in phones:
            raise Refusal("not_phoneless", seat=seat)
        return seat

    def _host_action(self, actor: str, action_id: str, action: dict[str, Any]) -> dict[str, Any]:
        table = self.table
        if not any(same(action, listed) for listed in self.host_actions()):
            raise Refusal("bad_choice", type=action["type"])
        if action["type"] == "claim_code":
            table.claims.make(table.lobby.players[action["seat"]].pid)
            table.broadcast.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "skip_reveal":
            table.reveal.stop()
            table.broadcast.everyone()
            return {"ok": True, "events": []}
        if action["type"].startswith("auction_"):
            return self._saved_clock_action(actor, action_id, action)
        if action["type"] == "pause_game":
            table.pause.hold([table.auction_countdown, table.draw_countdown], table.reveal)
            table.broadcast.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "resume_game":
            table.pause.release(table.reveal)
            table.broadcast.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "play_again":
            if table.again is None:
                table.again = self._play_again()
            table.sockets.tell_screens("moved", {"table_key": table.again.key})
            return {"ok": True, "events": [], "table_key": table.again.key}
        key = table.services.new_table(None).key
        self.left_behind()
        return {"ok": True, "events": [], "table_key": key}

    def _clock_actions(self) -> list[dict[str, Any]]:
        """The banker's hand on a running auction's clock: more time, and pause or resume."""
        countdown = self.table.auction_countdown
        if countdown.running():
            return [{"type": "auction_more_time"}, {"type": "auction_pause"}]
        if countdown.paused is not None:
            return [{"type": "auction_more_time"}, {"type": "auction_resume"}]
        return []

    def _saved_clock_action(self, actor: str, action_id: str, action: dict[str, Any]) -> dict[str, Any]:
        """The banker's hand on the auction clock, saved as a row the engine never replays, so
        that a clock paused before a restart is paused after it (``countdown.paused_in``)."""
        table = self.table
        countdown = table.auction_countdown
        deadline, paused = countdown.deadline, countdown.paused
        if action["type"] == "auction_pause":
            countdown.banker_pause()
        elif action["type"] == "auction_resume":
            countdown.resume()
        else:
            countdown.banker_more(table.auction_seconds() or 0)
        answer = {"ok": True, "events": []}
        length = table.record.log_length
        try:
            table.commit(actor, action_id, action, answer, first=length, events=length)
        except Exception:
            countdown.restore(deadline, paused)
            raise
        table.broadcast.everyone()
        return answer

    def left_behind(self) -> None:
        """The table screen moved on to another game: a lobby stops taking joins (it is locked)."""
        table = self.table
        with table.lock:
            if table.game is None and not table.lobby.locked:
                table.lobby.locked = True
                try:
                    table.commit("host", f"left:{new_id()}", {"type": "lock"}, {"ok": True, "events": []}, lobby=True)
                except Exception:
                    table.lobby.locked = False
                    raise
                table.broadcast.everyone()

    def host_actions(self) -> list[dict[str, Any]]:
        """The table screen's own actions, in the lobby and in the game."""
        table = self.table
        skip = [{"type": "skip_reveal"}] if table.reveal.active else []
        again = [{"type": "play_again"}] if table.game is not None and table.game.over else []
        seats = range(len(table.lobby.players)) if table.again is None else range(0)
        if table.pause.on:
            return [{"type": "claim_code", "seat": seat} for seat in seats] + [{"type": "resume_game"}]
        running = [{"type": "pause_game"}] if table.game is not None and not table.game.over else []
        return (
            [{"type": "claim_code", "seat": seat} for seat in seats]
            + [{"type": "new_game"}]
            + skip
            + again
            + self._clock_actions()
            + running
        )

    def _play_again(self) -> HostedTable:
        """A new lobby with the same players in the same order, settings and box; every phone's
        token moves there, so the phones are seated at once (this game stays saved, its seats empty
        and its claim codes ended: a seat is claimed in the new lobby now)."""
        table = self.table
        lobby = Lobby(
            [LobbySeat(p.pid, p.name, p.pawn, fair_due=p.start_commit is not None) for p in table.lobby.players],
            dict(table.lobby.settings),
        )
        lobby.tonight = tonight.after(table.lobby, table.game)
        # a new seed and hash; each phone sends a new client seed there (``seed``)
        again = table.services.new_table(lobby)
        table.services.database.move_tokens(table.id, again.id)
        again.tokens, table.tokens = table.tokens, {}
        phones, table.sockets.phones = table.sockets.phones, {}
        table.claims.end_all()
        for pid, conn in phones.items():
            again.attach_phone(conn, pid, seated=True)
        return again

    def _lobby_act(self, actor: str, action_id: str, pid: str | None, action: Any) -> dict[str, Any]:
        table = self.table
        before = table.lobby.to_dict()
        removed = table.lobby.apply_table(action, new_id()) if pid is None else table.lobby.apply_phone(pid, action)
        if action["type"] == "start":
            return self.starting.start(actor, action_id)
        if action["type"] == "start_without":
            return self.starting.start_game(actor, action_id, without=True)
        answer = {"ok": True, "events": []}
        prefs = {key: table.lobby.settings[key] for key in profile_set(action)} if pid is None else {}
        try:
            table.commit(actor, action_id, action, answer, lobby=True, drop=table.tokens_of(removed), prefs=prefs)
        except Exception:
            table.lobby = Lobby.from_dict(before)
            raise
        if removed is not None:
            table.claims.drop(removed)
            conn = table.sockets.phones.pop(removed, None)
            if conn is not None and pid is None:
                table.sockets.close(conn, "removed")
            elif conn is not None:
                conn.table, conn.pid = None, None
        table.broadcast.everyone()
        return answer

    def game_act(self, actor: str, action_id: str, seat: int, action: Any) -> dict[str, Any]:
        """A game action for ``seat``, by a socket (``act``) or by the host itself (``actor``
        ``host``): applied, saved, then told; an illegal one is refused and changes nothing."""
        table = self.table
        services = table.services
        game = table.game
        assert game is not None
        try:
            events = game.apply(seat, action)
        except IllegalAction as error:
            return refusal(error.code, **error.values)
        except Exception:
            log.exception("the engine failed on %r", action)
            self._restore()
            return refusal("internal")
        services.timing("applied")
        length = len(game.log)
        answer = {"ok": True, "events": events}
        table.status = "over" if game.over else "playing"
        first, at = table.record.log_length, services.wall()
        deadline, paused, until = table.auction_countdown.deadline, table.auction_countdown.paused, table.reveal.until
        draw_deadline = table.draw_countdown.deadline

        def started() -> Prepared:
            """While the database writes the action (its sync is the act's longest step, so nothing
            comes before it that can wait): what the action starts, undone below if it is not
            saved, then every socket's message, sent only once the commit returned: nothing is
            seen before it is saved."""
            table.record.events_added(length, at)
            table.reveal.start(first, events)
            phase = game.view(None)["phase"]
            table.auction_countdown.update(events, phase, table.auction_seconds())
            table.draw_countdown.update(events, phase, table.draw_seconds())
            return table.broadcast.prepare()

        try:
            prepared = table.commit(
                actor,
                action_id,
                action,
                answer,
                seat=seat,
                first=first,
                events=length,
                engine=game.to_json() if game.over else None,
                at=at,
                meanwhile=started,
            )
        except Exception:
            log.exception("could not save an action")
            table.record.events_undone(first)
            if table.reveal.until != until:
                table.reveal.stop()
            table.auction_countdown.restore(deadline, paused)
            table.draw_countdown.restore(draw_deadline, None)
            self._restore()
            return refusal("storage")
        services.timing("committed")
        if prepared is None:  # preparing failed (logged): the action is saved, so it is told all the same
            table.broadcast.everyone()
        else:
            table.broadcast.deliver(prepared)
        services.timing("encoded")
        return answer

    def _restore(self) -> None:
        """Back to the last committed game after a failure, as if nothing happened."""
        saved = self.table.record.saved()
        self.table.game = load_game(saved)
        self.table.status = saved.status
