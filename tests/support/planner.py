"""A local copy of the engine that works out a browser test's steps.

The engine is deterministic given its seed and the actions, so a test plays the same actions on
a local ``Game`` as the host does, and looks ahead on copies of it to pick the actions that give
each outcome the test wants (a lost bet, a winning pick, ...). The banker's corrections
(``transfer``, ``move_casino``) set up the bankruptcy and the winning combination, as a banker at
a real table could.

Each step is ``(seat, action, tag)``: seat is a player's seat or ``BANKER``, and tag names the
stage a step completes (for screenshots), or ``None``. An opponent spins a stake's draw (issue
25): after each step that waits for it, the planner adds the spinner's tap (``draw_for`` with the
next link of its phone's chain, which the test reads from the phone's local storage) as steps of
their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import BANKER, Game
from tests.support.phonefair import link_for

if TYPE_CHECKING:
    from tests.engine.randomplay import PhoneChain


@dataclass
class Planner:
    game: Game
    chains: dict[int, PhoneChain] = field(default_factory=dict)
    """Per seat with a phone: its hash chain, for the spins it makes for opponents."""
    steps: list[tuple[int, dict[str, Any], str | None]] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)
    runner: int | None = None

    # ---- basics ----
    @property
    def view(self) -> dict[str, Any]:
        return self.game.view(None)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return self.game.legal_actions(seat)

    def do(self, seat: int, action: dict[str, Any], tag: str | None = None) -> list[dict[str, Any]]:
        """Apply a step (tagged), then every opponent's spin it waits for (untagged steps after it)."""
        steps: list[tuple[int, dict[str, Any], str | None]] = []
        events = self.spun(self.game, seat, action, steps)
        steps[0] = (seat, action, tag)
        self.steps += steps
        if tag:
            self.tags.add(tag)
        return events

    def spun(
        self,
        game: Game,
        seat: int,
        action: dict[str, Any],
        steps: list[tuple[int, dict[str, Any], str | None]] | None = None,
    ) -> list[dict[str, Any]]:
        """Apply on ``game``, then each side's link while a stake's draw waits for one; all the events
        (the steps, into ``steps``)."""
        steps = [] if steps is None else steps
        events = game.apply(seat, action)
        steps.append((seat, action, None))
        while (tap := link_for(game.view(None), self.chains)) is not None:
            side, link = tap
            events += game.apply(side, link)
            steps.append((side, link, None))
        return events

    def try_(
        self, seat: int, *actions: tuple[int, dict[str, Any]] | dict[str, Any]
    ) -> tuple[Game, list[dict[str, Any]]]:
        """Apply on a copy, with the spins it waits for: (the copy, all events)."""
        copy = Game.from_json(self.game.to_json())
        events = self.spun(copy, seat, actions[0])  # type: ignore[arg-type]
        return copy, events

    def find(self, seat: int, kind: str, **fields: Any) -> dict[str, Any] | None:
        for a in self.legal(seat):
            if a["type"] == kind and all(a.get(k) == v for k, v in fields.items()):
                return a
        return None

    def actor(self) -> int:
        seats = self.game.to_act()
        return seats[0] if seats else BANKER

    def money(self, seat: int) -> int:
        return self.view["players"][seat]["money"]

    # ---- a turn that changes little: roll, Grand Slam, take 100,000 ----
    def filler_step(self, avoid: set[int] = frozenset()) -> None:
        seat = self.actor()
        phase = self.view["phase"]
        legal = self.legal(seat)
        types = {a["type"] for a in legal}
        if phase == "roll":
            self.do(seat, {"type": "roll"})
        elif phase in ("land", "choose_space"):
            self.do(seat, self.find(seat, "land", space="grand_slam"))
        elif phase == "grand_slam":
            self.do(seat, {"type": "collect"})
        elif phase == "grand_slam_step":
            self.do(seat, {"type": "stop_slam"})
        elif "accept_loss" in types:
            self.do(seat, {"type": "accept_loss"})
        elif "challenge_bluff" in types:
            self.do(seat, {"type": "challenge_bluff"})
        elif "pass_bid" in types:
            self.do(seat, {"type": "pass_bid"})
        elif "decline" in types:
            self.do(seat, {"type": "decline"})
        elif "sell" in types or "take_casino" in types or "draw" in types:
            self.do(seat, legal[0])
        else:
            raise AssertionError(f"filler: nothing to do in {phase}: {legal}")

    def until_turn_start(self, seat: int | None = None, limit: int = 60, step=None) -> int:
        """Play ``step`` (filler) until a player stands at the start of a turn (seat: that player)."""
        for _ in range(limit):
            v = self.view
            if v["over"]:
                raise AssertionError("game over too early")
            if v["phase"] == "roll" and v["waiting"].get("start") and (seat is None or v["turn"] == seat):
                return v["turn"]
            (step or self.filler_step)()
        raise AssertionError("no turn start")

    def until_bluff_holder(self, tries: int) -> int:
        """Turns (filler) until a player starts one holding a bluff card, at most ``tries`` of them."""
        for _ in range(tries):
            seat = self.until_turn_start()
            if self.view["players"][seat]["bluff_count"]:
                break
            self.filler_step()
        return seat

    def owned_by_other(self, seat: int) -> list[dict[str, Any]]:
        return [
            c
            for c in self.view["casinos"]
            if c["owner"] not in (None, seat) and not self.view["players"][c["owner"]]["out"]
        ]

    # ---- a casino game the visitor loses, then a bluff ----
    def losing_visit(self, seat: int, respond: str, tag: str) -> None:
        """seat lands on another's casino, bets and loses, offers a bluff card; the owner
        answers with ``respond`` (accept_bluff or challenge_bluff)."""
        self.do(seat, {"type": "roll"})
        if self.view["phase"] != "land":
            raise AssertionError("no land phase")
        for casino in self.owned_by_other(seat):
            land = self.find(seat, "land", space="casino", casino=casino["id"])
            after, _ = self.try_(seat, land)
            for bet in after.legal_actions(seat):
                if bet["type"] != "bet":
                    continue
                stake = min(100_000, bet["amount"]["max"])
                concrete = dict(bet, amount=stake)
                probe = Game.from_json(after.to_json())
                events = self.spun(probe, seat, concrete)
                lost = any(e["type"] == "game_result" and e["loser"] == seat for e in events)
                if lost and probe.view(None)["phase"] == "bluff_offer":
                    self.do(seat, land, "landed_casino")
                    self.do(seat, concrete, "casino_game")
                    card = self.legal(seat)[-2] if len(self.legal(seat)) > 2 else self.find(seat, "offer_bluff")
                    self.do(seat, card, "bluff_offered")
                    owner = casino["owner"]
                    self.do(owner, {"type": respond}, tag)
                    return
        raise AssertionError("no losing bet found")

    # ---- an auction at the start of a turn ----
    def auction(self) -> None:
        seat = self.until_turn_start()
        own = self.find(seat, "auction")
        if own is None:
            raise AssertionError("nothing to auction")
        self.do(seat, own, "auction_started")
        bidders = self.game.to_act()
        first = bidders[0]
        bid = self.find(first, "bid")
        self.do(first, dict(bid, amount=bid["amount"]["min"] + 50_000), "auction_bid")
        while self.view["phase"] == "auction":
            s = self.actor()
            if s == BANKER:
                self.do(BANKER, {"type": "close_auction"})
            else:
                self.do(s, {"type": "pass_bid"})
        self.tags.add("auction")
        self.steps[-1] = (*self.steps[-1][:2], "auction")

    # ---- a bankruptcy set up by the banker ----
    def bankruptcy(self) -> int:
        seat = self.until_turn_start()
        victim = next(p["seat"] for p in self.view["players"] if p["seat"] != seat and not p["out"])
        # Keep one casino for the victim; the banker moves the rest to the bank and most of the money.
        mine = [c["id"] for c in self.view["casinos"] if c["owner"] == victim]
        keep = mine[0]
        for c in mine[1:]:
            self.do(BANKER, {"type": "move_casino", "casino": c, "to": "bank", "reason": "Set up for the test"})
        take = self.money(victim) - 10_000
        if take > 0:
            a = next(
                a for a in self.legal(BANKER) if a["type"] == "transfer" and a["from"] == victim and a["to"] == "bank"
            )
            self.do(BANKER, dict(a, amount=take, reason="Lent to the bank"), "banker_correction")
        self.do(seat, {"type": "roll"})
        land = self.find(seat, "land", space="casino", casino=keep)
        after, _ = self.try_(seat, land)
        for bet in after.legal_actions(seat):
            if bet["type"] != "bet":
                continue
            concrete = dict(bet, amount=min(300_000, bet["amount"]["max"]))
            probe = Game.from_json(after.to_json())
            events = self.spun(probe, seat, concrete)
            if any(e["type"] == "game_result" and e["winner"] == seat for e in events):
                self.do(seat, land)
                self.do(seat, concrete, "winning_bet")
                break
        else:
            raise AssertionError("no winning bet")
        for _ in range(30):
            if self.view["players"][victim]["out"]:
                break
            s = self.actor()
            legal = self.legal(s) if s != BANKER else []
            types = {a["type"] for a in legal}
            if s == BANKER:
                self.do(BANKER, {"type": "close_auction"})
            elif "accept_loss" in types:
                self.do(s, {"type": "accept_loss"})
            elif "pass_bid" in types:
                self.do(s, {"type": "pass_bid"}, "forced_auction" if "forced_auction" not in self.tags else None)
            elif "sell" in types:
                self.do(s, self.find(s, "sell"))
            else:
                raise AssertionError(f"bankruptcy stuck: {self.view['phase']} {legal}")
        assert self.view["players"][victim]["out"], "no bankruptcy"
        self.steps[-1] = (*self.steps[-1][:2], "bankrupt")
        self.tags.add("bankrupt")
        return victim

    # ---- the winning combination, the lap and the win ----
    def give_combination(self, runner: int) -> list[int]:
        """The banker moves enough roulette casinos to the runner for a winning combination."""
        size = self.view["combination_size"]["symbol"]
        roulette = [c["id"] for c in self.view["casinos"] if c["symbol"] == "roulette"][:size]
        for c in roulette:
            if self.view["casinos"][c]["owner"] != runner:
                self.do(
                    BANKER, {"type": "move_casino", "casino": c, "to": runner, "reason": "A winning set for the test"}
                )
        self.steps[-1] = (*self.steps[-1][:2], "combination")
        return sorted(roulette)

    def start_lap(self, runner: int, combination: list[int], step=None) -> None:
        """The runner announces at each turn start until a card starts the lap (``step``: how the others play)."""
        for _ in range(12):
            self.until_turn_start(runner, step=step)
            events = self.do(runner, self.find(runner, "announce", combination=combination), "announced")
            if any(e["type"] == "lap_started" for e in events):
                self.steps[-1] = (*self.steps[-1][:2], "lap_started")
                return
        raise AssertionError("the lap never started")

    def lap_and_win(self, last: bool = False, turns: int = 60, claim_tag: str | None = None) -> int:
        """The first (or ``last``) player still in runs a lap, claims it and the banker confirms."""
        live = [p["seat"] for p in self.view["players"] if not p["out"]]
        runner = self.runner = live[-1] if last else live[0]
        self.start_lap(runner, self.give_combination(runner))
        # The others play quiet turns until the runner is back.
        for _ in range(turns):
            v = self.view
            if v["turn"] == runner and v["phase"] == "land":
                break
            self.filler_step()
        self.do(runner, {"type": "claim_lap"}, claim_tag)
        self.do(BANKER, {"type": "confirm_lap"}, "won")
        assert self.game.over and self.game.winner == runner
        return runner

    # ---- with a board: the pawns follow the dice ----
    def board_step(self) -> None:
        """One step of whoever acts, every pawn going where the dice lead (the land listed first)."""
        seat = self.actor()
        legal = self.legal(seat) if seat != BANKER else []
        types = {a["type"] for a in legal}
        if self.view["phase"] == "place_pawn":
            self.do(seat, self.find(seat, "place_pawn"))
        elif self.view["phase"] == "land":
            assert legal[0]["at"] == self.view["waiting"]["suggested"]["at"]
            self.do(seat, legal[0], "suggested")
        elif "claim_lap" in types:
            raise AssertionError("a lap to claim with a board")
        elif "bet" in types:
            bet = self.find(seat, "bet")
            self.do(seat, dict(bet, amount=bet["amount"]["min"]))
        elif "play_pot" in types:
            play = self.find(seat, "play_pot")
            self.do(seat, dict(play, amount=play["amount"]["min"]) if isinstance(play.get("amount"), dict) else play)
        else:
            self.filler_step()
