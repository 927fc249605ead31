"""A scripted game for the browser test, worked out on a local copy of the engine.

The engine is deterministic given its seed and the actions, so the test plays the same
actions on a local ``Game`` as the host does, and looks ahead on copies of it to pick the
actions that give each outcome the test wants (a lost bet, a winning pick, ...). The banker's
corrections (``transfer``, ``move_casino``) set up the bankruptcy and the winning combination,
as a banker at a real table could.

``plan_game`` returns the steps: ``(seat, action, tag)`` where seat is a player's seat or
``BANKER``, and tag names the stage a step completes (for screenshots), or ``None``.

An opponent spins a stake's draw (issue 25): after each step that waits for it, the plan adds the
spinner's tap (``draw_for`` with the next link of its phone's chain, which the test reads from
the phone's local storage) as steps of their own; ``with_spins`` gives each step with the taps
that follow it. The local game starts with what the game's start holds of the phones
(``started_fair``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import BANKER, Game, Settings
from tests.phonefair import link_for

if TYPE_CHECKING:
    from tests.engine.randomplay import PhoneChain

NAMES = ["Ann", "Bob", "Cas"]


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
        """Apply on ``game``, then each spinner's tap while it waits for one; all the events (the
        steps, into ``steps``)."""
        steps = [] if steps is None else steps
        events = game.apply(seat, action)
        steps.append((seat, action, None))
        while (tap := link_for(game.view(None), self.chains)) is not None:
            spinner = game.view(None)["waiting"]["spinner"]
            events += game.apply(spinner, tap)
            steps.append((spinner, tap, None))
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
        victim = next(s for s in range(len(NAMES)) if s != seat and not self.view["players"][s]["out"])
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


Step = tuple[int, dict[str, Any], "str | None"]


def with_spins(steps: list[Step]) -> list[tuple[int, dict[str, Any], str | None, list[Step]]]:
    """Each step that is not an opponent's tap, with the taps that follow it (its stake's draws)."""
    out: list[tuple[int, dict[str, Any], str | None, list[Step]]] = []
    for step in steps:
        if step[1]["type"] == "draw_for":
            out[-1][3].append(step)
        else:
            out.append((*step, []))
    return out


def plan_board_game(
    seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain], turns: int = 3
) -> Planner:
    """With a board: the pawns placed, a few turns, then a lap that ends by itself and wins."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    while p.view["phase"] == "place_pawn":
        p.board_step()
    # The banker puts a knocked pawn on space 1 (the first space: `at` 0).
    move = next(a for a in p.legal(BANKER) if a["type"] == "move_pawn" and a["seat"] == 0)
    at = 0 if p.view["players"][0]["position"] != 0 else 1
    p.do(BANKER, dict(move, at=at, reason="Knocked over"), "pawn_moved")
    while p.view["turn_number"] < turns:
        p.board_step()
    runner = p.runner = p.until_turn_start(step=p.board_step)
    p.start_lap(runner, p.give_combination(runner), step=p.board_step)
    for _ in range(400):
        if p.game.over:
            break
        p.board_step()
    assert p.game.over and p.game.winner == runner, "the lap did not end by itself"
    p.steps[-1] = (*p.steps[-1][:2], "won")
    return p


def plan_game(seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain]) -> Planner:
    """The steps for the host's seed and what the phones added (``fair``: read from the game's
    start; ``chains``: their hash chains, from their local storage)."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    # 1. a casino bought
    seat = p.until_turn_start()
    p.do(seat, {"type": "roll"})
    free = next(c for c in p.view["casinos"] if c["owner"] is None)
    p.do(seat, p.find(seat, "land", space="casino", casino=free["id"]), "landed_free")
    p.do(seat, p.find(seat, "buy"), "bought")
    # 2. a casino game lost, a bluff accepted
    seat = p.until_turn_start()
    p.losing_visit(seat, "accept_bluff", "bluff_accepted")
    # 3. another lost, a bluff challenged
    seat = p.until_bluff_holder(6)
    # The banker deals one more card, so this player picks which card to lay down.
    p.do(BANKER, {"type": "give_bluff", "seat": seat, "reason": "Found under the board"}, "bluff_given")
    p.losing_visit(seat, "challenge_bluff", "bluff_challenged")
    # 4. an auction
    p.auction()
    # 5. a bankruptcy
    p.bankruptcy()
    # 6. a Cash & Run lap and the win
    p.lap_and_win()
    return p


def plan_phone_game(
    seed: str, settings: Settings, fair: dict[str, Any], chains: dict[int, PhoneChain], phone: int = 0
) -> Planner:
    """A lean game around one phone (the others play quiet turns): the phone rolls, lands on
    another's casino, loses its game and offers a bluff card, which the owner believes; it bids in
    an auction another player starts; then it runs the lap, claims it, the banker confirms, it wins.
    ``fair``: what the phones added at the start; ``chains``: their hash chains (the phone spins
    for the others' stakes)."""
    p = Planner(Game.new(NAMES, settings=settings, seed=seed, **fair), chains)
    for _ in range(8):
        p.until_turn_start(phone)
        try:
            p.losing_visit(phone, "accept_bluff", "bluff_accepted")
            break
        except AssertionError:  # no bet here loses: the turn goes on quietly
            p.filler_step()
    else:
        raise AssertionError("the phone never lost a casino game")
    for _ in range(20):
        seat = p.until_turn_start()
        own = p.find(seat, "auction") if seat != phone else None
        if own is not None:
            break
        p.filler_step()
    else:
        raise AssertionError("nobody else started an auction")
    p.do(seat, own, "auction_started")
    bid = p.find(phone, "bid")
    p.do(phone, dict(bid, amount=bid["amount"]["min"] + 50_000), "auction_bid")
    while p.view["phase"] == "auction":
        s = p.actor()
        p.do(s, {"type": "close_auction"} if s == BANKER else {"type": "pass_bid"})
    p.lap_and_win()
    assert p.runner == phone
    return p
