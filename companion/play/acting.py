"""Acting at a live table: the banker's, the phones' and the host's own actions, each checked,
applied, committed to the store (``record``) and told (``tell``), in that order, under the table's lock.

A game action goes to the engine; a lobby action to the lobby (``lobby``); the table screen's
own actions (claim codes, skipping a reveal, the auction's clock, play again, a new game) are
the host's. What an action starts (a reveal, the countdowns) is undone with the game when its
commit fails: nothing is seen before it is saved.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from engine import BANKER, Game, IllegalAction
from engine.door import HOST_ONLY
from engine.strict import same

from ..common.errors import HostError, refusal
from ..saving.record import load_game
from . import tonight
from .codes import new_id
from .lobby import Lobby, Player, profile_set

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from ..saving.record import Record
    from ..wire.sockets import Sockets
    from ..wire.transport import Conn
    from .broadcast import Broadcast, Prepared
    from .claims import Claims
    from .countdown import Countdown
    from .pause import Pause
    from .reveal import Reveal
    from .services import Services

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


class Acting:
    """Mixed into ``companion.play.table.LiveTable``, whose state and acts these use."""

    s: Services
    id: str
    key: str
    status: str
    lock: threading.RLock
    lobby: Lobby
    game: Game | None
    tokens: dict[str, str]
    record: Record
    claims: Claims
    sockets: Sockets
    tell: Broadcast
    reveal: Reveal
    countdown: Countdown
    spin: Countdown
    pause: Pause
    again: Acting | None
    holder: Callable[[Conn], str | None]
    attach_phone: Callable[..., None]
    _tokens_of: Callable[[str | None], list[str]]
    _start: Callable[[str, str], dict[str, Any]]
    _start_game: Callable[..., dict[str, Any]]
    auction_seconds: Callable[[], float | None]
    spin_seconds: Callable[[], float]
    _clock_actions: Callable[[], list[dict[str, Any]]]
    _clock_action: Callable[[str], None]

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
                answer = self._host_action(actor, action_id, action)
                self.record.answers[(actor, action_id)] = answer
                return answer
            if self.pause.on:
                raise HostError("paused")
            if self.game is None:
                if as_seat is not None:
                    raise HostError("not_phoneless", seat=as_seat)
                return self._lobby_act(actor, action_id, pid, action)
            if self.reveal.active:
                raise HostError("revealing", remaining=round(self.reveal.remaining(), 1))
            if pid is None:  # the table screen (``holder``)
                seat = BANKER if as_seat is None else self._phoneless_seat(as_seat)
            else:
                seat = self.lobby.seat_of(pid)
            return self._game_act(actor, action_id, seat, action)

    def _phoneless_seat(self, seat: int) -> int:
        phones = set(self.tokens.values())
        if not 0 <= seat < len(self.lobby.players) or self.lobby.players[seat].pid in phones:
            raise HostError("not_phoneless", seat=seat)
        return seat

    def _host_action(self, actor: str, action_id: str, action: dict[str, Any]) -> dict[str, Any]:
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
            return self._saved_clock_action(actor, action_id, action)
        if action["type"] == "pause_game":
            self.pause.hold([self.countdown, self.spin], self.reveal)
            self.tell.everyone()
            return {"ok": True, "events": []}
        if action["type"] == "resume_game":
            self.pause.release(self.reveal)
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

    def _saved_clock_action(self, actor: str, action_id: str, action: dict[str, Any]) -> dict[str, Any]:
        """The banker's hand on the auction clock, saved as a row the engine never replays, so
        that a clock paused before a restart is paused after it (``countdown.paused_in``)."""
        deadline, paused = self.countdown.deadline, self.countdown.paused
        self._clock_action(action["type"])
        answer = {"ok": True, "events": []}
        length = self.record.log_length
        try:
            self._commit(actor, action_id, action, answer, first=length, events=length)
        except Exception:
            self.countdown.restore(deadline, paused)
            raise
        self.tell.everyone()
        return answer

    def left_behind(self) -> None:
        """The table screen moved on to another game: a lobby stops taking joins (it is locked)."""
        with self.lock:
            if self.game is None and not self.lobby.locked:
                self.lobby.locked = True
                try:
                    self._commit("host", f"left:{new_id()}", {"type": "lock"}, {"ok": True, "events": []}, lobby=True)
                except Exception:
                    self.lobby.locked = False
                    raise
                self.tell.everyone()

    def host_actions(self) -> list[dict[str, Any]]:
        """The table screen's own actions, in the lobby and in the game."""
        skip = [{"type": "skip_reveal"}] if self.reveal.active else []
        again = [{"type": "play_again"}] if self.game is not None and self.game.over else []
        seats = range(len(self.lobby.players)) if self.again is None else range(0)
        if self.pause.on:
            return [{"type": "claim_code", "seat": seat} for seat in seats] + [{"type": "resume_game"}]
        running = [{"type": "pause_game"}] if self.game is not None and not self.game.over else []
        return (
            [{"type": "claim_code", "seat": seat} for seat in seats]
            + [{"type": "new_game"}]
            + skip
            + again
            + self._clock_actions()
            + running
        )

    def _play_again(self) -> Acting:
        """A new lobby with the same players in the same order, settings and box; every phone's
        token moves there, so the phones are seated at once (this game stays saved, its seats empty
        and its claim codes ended: a seat is claimed in the new lobby now)."""
        lobby = Lobby(
            [Player(p.pid, p.name, p.pawn, fair_due=p.start_commit is not None) for p in self.lobby.players],
            dict(self.lobby.settings),
        )
        lobby.tonight = tonight.after(self.lobby, self.game)
        # a new seed and hash; each phone sends a new client seed there (``seed``)
        table: Acting = self.s.new_table(lobby)
        self.s.store.move_tokens(self.id, table.id)
        table.tokens, self.tokens = self.tokens, {}
        phones, self.sockets.phones = self.sockets.phones, {}
        self.claims.end_all()
        for pid, conn in phones.items():
            table.attach_phone(conn, pid, seated=True)
        return table

    def _lobby_act(self, actor: str, action_id: str, pid: str | None, action: Any) -> dict[str, Any]:
        before = self.lobby.to_dict()
        removed = self.lobby.apply_table(action, new_id()) if pid is None else self.lobby.apply_phone(pid, action)
        if action["type"] == "start":
            return self._start(actor, action_id)
        if action["type"] == "start_without":
            return self._start_game(actor, action_id, without=True)
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
        length = len(game.log)
        answer = {"ok": True, "events": events}
        self.status = "over" if game.over else "playing"
        first, at = self.record.log_length, self.s.wall()
        deadline, paused, until = self.countdown.deadline, self.countdown.paused, self.reveal.until
        spin_deadline = self.spin.deadline

        def started() -> Prepared:
            """While the store writes the action (its sync is the act's longest step, so nothing
            comes before it that can wait): what the action starts, undone below if it is not
            saved, then every socket's message, sent only once the commit returned: nothing is
            seen before it is saved."""
            self.record.events_added(length, at)
            self.reveal.start(first, events)
            phase = game.view(None)["phase"]
            self.countdown.update(events, phase, self.auction_seconds())
            self.spin.update(events, phase, self.spin_seconds())
            return self.tell.prepare()

        try:
            told: Prepared | None = self._commit(
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

    def _commit(
        self,
        actor: str,
        action_id: str,
        action: dict[str, Any],
        answer: dict[str, Any],
        *,
        lobby: bool = False,
        add: dict[str, str] | None = None,
        drop: list[str] | None = None,
        **row: Any,
    ) -> Any:
        """Write one accepted message (``Record.commit``, whose ``meanwhile`` result it returns);
        only then is it remembered and told."""
        row.setdefault("at", self.s.wall())
        made = self.record.commit(
            self.status,
            actor,
            action_id,
            action,
            answer,
            lobby=self.lobby.to_dict() if lobby else None,
            add=add,
            drop=drop,
            **row,
        )
        for dropped in drop or []:
            del self.tokens[dropped]
        self.tokens.update(add or {})
        return made
