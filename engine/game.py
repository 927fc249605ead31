"""``Game``: the engine's public face. Checks every action at the door, performs it,
records it, and builds the views."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from . import auction, banker, duel, everybody, flow, lap, legal, opponent, spaces, views
from .checks import BANKER_TYPES, HOST_ONLY, Action, action_type, check_host_only, check_legal, check_seat
from .errors import IllegalAction
from .randomisers import shuffle
from .rng import is_client_seed, is_hash, new_seed, seed_hash
from .settings import Settings
from .state import Core, GameState
from .vocabulary import (
    BANKER,
    BLANK,
    SYMBOLS,
    Event,
    Phase,
    Seat,
)

Handler = Callable[[GameState, Seat, Action], None]

_HANDLERS: dict[str, Handler] = {
    "roll": lambda t, s, a: flow.roll(t, s),
    "announce": lambda t, s, a: lap.announce(t, s, a["combination"]),
    "auction": lambda t, s, a: auction.start(t, a["casino"], s, forced=False),
    "place_pawn": lambda t, s, a: flow.place_pawn(t, s, a["casino"]),
    "land": spaces.land,
    "claim_lap": lambda t, s, a: lap.claim(t, s),
    "confirm_lap": lambda t, s, a: lap.confirm(t, s),
    "reject_lap": lambda t, s, a: lap.reject(t, s),
    "buy": lambda t, s, a: spaces.buy_casino(t, s, a["casino"]),
    "decline": lambda t, s, a: spaces.decline(t, s),
    "bet": lambda t, s, a: duel.bet(t, s, a["game"], a.get("pick"), a["amount"]),
    "offer_bluff": lambda t, s, a: duel.offer_bluff(t, s, a["card"]),
    "accept_loss": lambda t, s, a: duel.accept_loss(t, s),
    "accept_bluff": lambda t, s, a: duel.accept_bluff(t, s),
    "challenge_bluff": lambda t, s, a: duel.challenge_bluff(t, s),
    "buy_bluff": lambda t, s, a: spaces.buy_bluff(t, s),
    "return_bluff": lambda t, s, a: spaces.return_bluff(t, s, a["card"]),
    "play_pot": lambda t, s, a: spaces.play_pot(t, s, a["game"], a.get("pick")),
    "draw": lambda t, s, a: everybody.draw(t, s),
    "collect": lambda t, s, a: spaces.collect(t, s),
    "try_slam": lambda t, s, a: spaces.slam_step(t, s, 1),
    "continue_slam": lambda t, s, a: spaces.slam_step(t, s, t.core.pending["step"] + 1),
    "stop_slam": lambda t, s, a: spaces.stop_slam(t, s, t.core.pending["step"]),
    "buy_back": lambda t, s, a: duel.buy_back(t, s, a["casino"], a["game"], a.get("pick")),
    "take_casino": lambda t, s, a: duel.take_casino(t, s, a["casino"]),
    "sell": lambda t, s, a: auction.start(t, a["casino"], s, forced=True),
    "bid": lambda t, s, a: auction.bid(t, s, a["amount"]),
    "pass_bid": lambda t, s, a: auction.pass_bid(t, s),
    "close_auction": lambda t, s, a: banker.close_auction(t, a),
    "transfer": lambda t, s, a: banker.transfer(t, a),
    "move_casino": lambda t, s, a: banker.move_casino(t, a),
    "give_bluff": lambda t, s, a: banker.give_bluff(t, a),
    "take_bluff": lambda t, s, a: banker.take_bluff(t, a),
    "move_pawn": lambda t, s, a: banker.move_pawn(t, a),
    "draw_for": lambda t, s, a: _after_draw(t, opponent.give(t, s, a["link"])),
    "draw_late": lambda t, s, a: _after_draw(t, opponent.late(t)),
}
_AFTER_DRAW: dict[opponent.DrawnFor, Callable[[GameState, dict[str, Any], Any, Seat | None], None]] = {
    "duel": duel.played,
    "pot": spaces.pot_played,
    "slam": spaces.slam_played,
}
"""The next step of each game whose draw waited for the phones (``opponent.draw_or_wait``)."""
ACTION_TYPES = frozenset(_HANDLERS) | BANKER_TYPES | {"new_chain"}
SHOWS_HIDDEN = frozenset({"offer_bluff", "accept_loss", "challenge_bluff", "buy_bluff", "return_bluff", "give_bluff"})
"""Actions that showed someone a hidden card, or answered in a bluff exchange that the other
side has reacted to: like a chance outcome, they cannot be undone."""
UNDO_DEPTH = 50
SAVE_FORMAT = 5
"""The shape of ``to_json``; 5 since a stake's draw takes a link from each side's phone (``opponent``:
its events carry ``for`` and ``links`` or ``alone``, a side that gave none ``forfeit``)."""


class Game:
    """One game of Cash & Run. Pure: no I/O, no clock; every chance outcome from its seed."""

    def __init__(
        self, table: GameState, log: list[Event], history: list[list[Any]], undo_stack: list[list[Any]], final: str
    ) -> None:
        self._t = table
        self.log = log
        """Every event since the start, public, append-only."""
        self.history = history
        """The ``[seat, action]`` pairs that made the current state (undo removes the last)."""
        self._undo_stack = undo_stack
        self._final = final
        """Why the action below the undo stack cannot be undone (an error code)."""
        self._version = 0
        self._public: tuple[int, dict[str, Any]] | None = None

    # creation and saving

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        settings: Settings | None = None,
        seed: str | None = None,
        client_seeds: Sequence[str | None] | None = None,
        start_commits: Sequence[str | None] | None = None,
        start_values: Sequence[str | None] | None = None,
        chains: Sequence[str | None] | None = None,
    ) -> Game:
        """Deal a new game; seats follow the order of ``names``. ``seed`` is the host's (fresh when
        None). One per seat, None for a seat without: ``client_seeds`` (32 lowercase hex);
        ``start_commits``, the SHA-256 of each phone's start value, sent before the seats were final,
        and ``start_values`` (32 lowercase hex), sent once they were, each opening its commit
        (None: not sent in time); ``chains``, the head of each phone's hash chain (64 lowercase
        hex), whose links spin for other players' stakes (``opponent``)."""
        settings = settings or Settings()
        settings.validate(len(names))
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise ValueError("names")
        client_seeds = _per_seat("client_seeds", client_seeds, len(names), is_client_seed)
        start_commits = _per_seat("start_commits", start_commits, len(names), is_hash)
        start_values = _per_seat("start_values", start_values, len(names), is_client_seed)
        if any(v is not None and (c is None or seed_hash(v) != c) for c, v in zip(start_commits, start_values)):
            raise ValueError("start_values")
        chains = _per_seat("chains", chains, len(names), is_hash)
        seed = seed or new_seed()
        core = Core(
            players=[
                {
                    "name": n,
                    "money": settings.starting_money,
                    "bluff": [],
                    "out": False,
                    "lap": None,
                    "position": None,
                    "lap_from": None,
                    "lap_steps": None,
                }
                for n in names
            ],
            owner=[None] * len(settings.box),
            pile=[],
            pot=0,
            bank=settings.bank_reserve or 0,
            players_at_start=len(names),
            chains=list(chains),
        )
        t = GameState(settings, seed, core, [], client_seeds, start_values)
        t.emit(
            "game_started",
            players=list(names),
            seed_hash=seed_hash(seed),
            client_seeds=client_seeds,
            start_commits=start_commits,
            start_values=start_values,
            chains=chains,
            settings=settings.to_dict(),
        )
        symbols = [symbol for symbol in (BLANK, *SYMBOLS) for _ in range(settings.bluff_deck.get(symbol, 0))]
        shuffle(t.rng, symbols, "bluff", t.events)
        t.bluff_symbols = list(symbols)
        core.pile = symbols
        casinos = list(range(len(settings.box)))
        shuffle(t.rng, casinos, "casinos", t.events)
        for seat, player in enumerate(core.players):
            dealt = [casinos.pop(0) for _ in range(settings.starting_casinos)]
            for casino in dealt:
                core.owner[casino] = seat
            for _ in range(settings.starting_bluff_cards):
                t.draw_bluff(seat)
            t.emit("dealt", seat=seat, casinos=sorted(dealt), bluff_count=len(player["bluff"]))
        first = flow.choose_first_player(t)
        if settings.board is None:
            flow.start_turn(t, first)
        else:
            core.turn = first
            t.set_phase(Phase.PLACE_PAWN, first=first)
        log, t.events = t.events, []
        return cls(t, log, [], [], "undo_random")

    def to_json(self) -> str:
        """Everything, the secret seed and bluff cards included: for the host's save file only."""
        t = self._t
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "settings": t.settings.to_dict(),
                "seed": t.rng.seed,
                "client_seeds": t.rng.client_seeds,
                "start_values": t.rng.start_values,
                "bluff_symbols": t.bluff_symbols,
                "core": json.loads(t.snapshot()),
                "money_history": t.money_history,
                "log": self.log,
                "history": self.history,
                "undo": self._undo_stack,
                "final": self._final,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, data: str | dict[str, Any]) -> Game:
        """The game ``to_json`` saved; ValueError("format") for a save of another format."""
        state = json.loads(data) if isinstance(data, str) else data
        if state.get("format") != SAVE_FORMAT:
            raise ValueError("format")
        t = GameState(
            Settings.from_dict(state["settings"]),
            state["seed"],
            Core(**state["core"]),
            state["bluff_symbols"],
            state["client_seeds"],
            state["start_values"],
        )
        t.money_history = state["money_history"]
        return cls(t, state["log"], state["history"], state["undo"], state["final"])

    # the contract

    @property
    def over(self) -> bool:
        return self._t.core.over

    @property
    def winner(self) -> Seat | None:
        return self._t.core.winner

    @property
    def settings(self) -> Settings:
        return self._t.settings

    @property
    def seats(self) -> range:
        return range(len(self._t.core.players))

    def to_act(self) -> list[Seat]:
        return legal.to_act(self._t)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == BANKER:
            undo = [{"type": "undo"}] if self._undo_stack and not self.over else []
            return [] if self.over else banker.legal(self._t) + undo
        return legal.for_seat(self._t, seat)

    def apply(self, seat: Seat, action: Any) -> list[Event]:
        """Check the action against the seat's legal actions, then perform it."""
        check_seat(self._t, seat)
        kind = action_type(action, ACTION_TYPES)
        if self.over:
            raise IllegalAction("game_over")
        if kind in BANKER_TYPES and seat != BANKER:
            raise IllegalAction("banker_only")
        if kind == "undo":
            return self.undo()
        if kind in HOST_ONLY:
            check_host_only(self._t, action)
        else:
            check_legal(self._t, seat, action, self.legal_actions(seat))
        t = self._t
        snapshot = t.snapshot()
        money_len, draws = len(t.money_history), t.rng.draws
        t.events = []
        try:
            if kind == "new_chain":
                opponent.new_chain(t, action["seat"], action["head"], self._seen_links())
            else:
                _HANDLERS[kind](t, seat, action)
        except Exception:
            t.restore(snapshot)
            del t.money_history[money_len:]
            raise
        events, t.events = t.events, []
        self.log.extend(events)
        self.history.append([seat, json.loads(json.dumps(action))])
        final = (
            "undo_hidden"
            if kind in SHOWS_HIDDEN
            else "undo_random"
            if t.rng.draws != draws or t.core.phase == Phase.OPPONENT_DRAW or kind == "draw_late"
            else "undo_phone"
            if kind == "new_chain"
            else None
        )
        if final:
            self._final = final
            self._undo_stack.clear()
        else:
            self._undo_stack.append([snapshot, len(self.history) - 1, money_len])
            del self._undo_stack[:-UNDO_DEPTH]
        self._version += 1
        return events

    def owing_links(self) -> list[Seat]:
        """The seats whose link a waiting stake's draw still needs (none when no draw waits)."""
        return opponent.owing(self._t) if self._t.core.phase == Phase.OPPONENT_DRAW else []

    def chain_used(self, head: str) -> bool:
        """Whether a new phone's chain head was shown already (``new_chain`` refuses it: ``chain_used``)."""
        return head in self._seen_links() or any(h == head for _, h in self._t.core.pending.get("chains_after", []))

    def _seen_links(self) -> set[str]:
        """Every chain head and link the game has shown: a new phone's chain may reuse none."""
        seen: set[Any] = {h for h in self._t.core.chains if h}
        for event in json.loads(json.dumps(self.log)):
            seen.update(event.get("chains") or [])
            seen.update(link for _, link in event.get("links") or [])
            if event["type"] == "chain":
                seen.add(event["head"])
        return seen

    def undo(self) -> list[Event]:
        """Take back the last action; refused when it drew a random outcome or showed a hidden card."""
        if self.over:
            raise IllegalAction("game_over")
        if not self._undo_stack:
            raise IllegalAction(self._final if self.history else "nothing_to_undo")
        snapshot, history_len, money_len = self._undo_stack.pop()
        t = self._t
        t.restore(snapshot)
        del t.money_history[money_len:]
        seat, action = self.history[history_len]
        del self.history[history_len:]
        bluff = [len(p["bluff"]) for p in t.core.players]  # the hands again: the check counts the pile
        event = {"type": "undone", "action": action["type"], "seat": seat, "bluff": bluff}
        self.log.append(event)
        self._version += 1
        return [event]

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The public table view, plus ``you`` with the seat's own bluff cards."""
        if self._public is None or self._public[0] != self._version:
            self._public = (self._version, views.public(self._t, self.log))
        base = self._public[1]
        if seat is None or seat == BANKER:
            return dict(base)
        check_seat(self._t, seat)
        return {**base, "you": views.private(self._t, seat)}


def _after_draw(t: GameState, drawn: opponent.Drawn | None) -> None:
    """The game goes on once its draw is made or forfeited (None: a side's link is still owed)."""
    if drawn is not None:
        then, game, result, forfeit = drawn
        _AFTER_DRAW[then](t, game, result, forfeit)


def _per_seat(
    field: str, values: Sequence[str | None] | None, seats: int, valid: Callable[[object], bool]
) -> list[str | None]:
    """One value per seat, each None or valid (None for all when not given); ValueError(field)."""
    values = [None] * seats if values is None else list(values)
    if len(values) != seats or any(v is not None and not valid(v) for v in values):
        raise ValueError(field)
    return values
