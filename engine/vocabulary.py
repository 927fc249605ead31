"""The game's vocabulary: seats, symbols, colours, phases, events, and the fixed amounts of the box."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Literal, NotRequired, TypeAlias, TypedDict

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

Seat = int
"""A player's index in the seat order given to ``Game.new``."""

BANKER: Seat = -1
"""The banker, that is the table screen: corrections, undo, closing an auction."""

Symbol = Literal["roulette", "dice", "cards"]
SYMBOLS: tuple[Symbol, ...] = ("roulette", "dice", "cards")
BLANK = "blank"
"""The symbol of a bluff card that matches nothing."""

Place = Seat | Literal["bank", "pot"]
"""Where money can be: a seat, the bank or the pot."""

SUITS = ("hearts", "diamonds", "spades", "clubs")
RED_SUITS = frozenset({"hearts", "diamonds"})
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HONOURS = frozenset({"J", "Q", "K", "A"})
RED_NUMBERS = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})


class Phase(StrEnum):
    """What the game waits for."""

    ROLL = "roll"
    LAND = "land"
    CHOOSE_SPACE = "choose_space"
    BUY_CASINO = "buy_casino"
    BET = "bet"
    BLUFF_OFFER = "bluff_offer"
    BLUFF_RESPONSE = "bluff_response"
    BUY_BLUFF = "buy_bluff"
    RETURN_BLUFF = "return_bluff"
    WIN_POT = "win_pot"
    EVERYBODY_PLAYS = "everybody_plays"
    GRAND_SLAM = "grand_slam"
    GRAND_SLAM_STEP = "grand_slam_step"
    BUY_BACK = "buy_back"
    BUY_BACK_CLAIM = "buy_back_claim"
    SELL = "sell"
    AUCTION = "auction"
    LAP_CLAIM = "lap_claim"
    OPPONENT_DRAW = "opponent_draw"
    PLACE_PAWN = "place_pawn"
    OVER = "over"


Step = Literal["turn_start", "bet", "end_space"]
"""How a turn goes on once a debt or an auction is settled (``continuations``): the current
player rolls as at the start of the turn, the visitor bets, or the space is done."""


class Then(TypedDict):
    """A continuation as a debt keeps it in the game's state: its step, and for a ``bet`` the casino."""

    step: Step
    casino: NotRequired[int]


WonBy = Literal["lap", "last_player"]
"""How a game was won (the ``game_won`` event's ``how``): a final lap, or everyone else bankrupt."""

Json: TypeAlias = "str | int | float | bool | Sequence[Json] | Mapping[str, Json] | None"
"""A value as JSON carries it. Arrays and objects as ``Sequence`` and ``Mapping``, so that a
``list[int]`` or a tuple of seats is one too."""

Event = dict[str, Json]
"""One thing that happened, in the log, the views and the wire: ``type`` names it, and its
other fields depend on the type (docs/engine.md, "Events")."""


class Space(StrEnum):
    """The kinds of space a pawn can land on."""

    CASH_AND_RUN = "cash_and_run"
    CASINO = "casino"
    BLUFF = "bluff"
    WIN_POT = "win_pot"
    EVERYBODY_PLAYS = "everybody_plays"
    GRAND_SLAM = "grand_slam"
    BUY_BACK = "buy_back"


CASINO_PRICE = 100_000
BLUFF_PRICE = 100_000
BUY_BACK_FEE = 100_000
MIN_BID = 100_000
BANK_BUYS_FOR = 50_000
EVERYBODY_PRIZE = 500_000
GRAND_SLAM_COLLECT = 100_000
GRAND_SLAM_LADDER = (250_000, 500_000, 1_000_000)
MAX_BLUFF_CARDS = 3
UNLIMITED_BANK_TRANSFER = 100_000_000
"""The largest correction the banker can take from an unlimited bank at once."""
REASON_LENGTH = 200

FIXED_AMOUNTS = (
    CASINO_PRICE,
    BLUFF_PRICE,
    BUY_BACK_FEE,
    MIN_BID,
    BANK_BUYS_FOR,
    EVERYBODY_PRIZE,
    GRAND_SLAM_COLLECT,
    *GRAND_SLAM_LADDER,
)
