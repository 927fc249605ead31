"""Claim codes: a one-time code the banker asks for, with which another phone takes a seat over."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..common.errors import Refusal
from ..door.limits import CLAIM_TRIES
from .codes import new_claim_code

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..common.timers import Clock, Wall
    from .services import HostedTable

CLAIM_SECONDS = 600
GUESS_WINDOW = 60.0
"""The banker's drawer says how many wrong claim codes the host checked in this many seconds."""
GUESS_TELL = 5.0
"""While codes are guessed, the table screens hear the count at most this often."""


@dataclass(slots=True)
class Claim:
    code: str
    expires: float
    """On the host's monotonic clock."""
    wrong: dict[str, int] = field(default_factory=dict)
    """Wrong claim codes sent to the host since this one was made, by address (each counted
    up to ``CLAIM_TRIES``)."""

    def barred(self, address: str) -> bool:
        """This address guessed wrong too often: even the right code is refused from it."""
        return self.wrong.get(address, 0) >= CLAIM_TRIES


class Claims:
    """One table's live claim codes, by player id; ``index`` is every table's, by code."""

    def __init__(self, owner: HostedTable, index: dict[str, HostedTable], clock: Clock, wall: Wall) -> None:
        self.owner = owner
        self.index = index
        self.clock = clock
        self.wall = wall
        self.codes: dict[str, Claim] = {}
        self.guesses: list[float] = []
        """When the host checked a wrong claim code while this table had live ones, the last
        ``GUESS_WINDOW`` seconds of them."""
        self._told = float("-inf")

    def make(self, pid: str) -> None:
        """A new code for the seat of ``pid`` (its older one ends)."""
        self.drop(pid)
        code = new_claim_code()
        while code in self.index:
            code = new_claim_code()
        self.codes[pid] = Claim(code, self.clock() + CLAIM_SECONDS)
        self.index[code] = self.owner

    def drop(self, pid: str | None) -> None:
        """The seat's code ends, if it has one."""
        claim = self.codes.pop(pid, None) if pid is not None else None
        if claim is not None:
            self.index.pop(claim.code, None)

    def end_all(self) -> None:
        for pid in list(self.codes):
            self.drop(pid)

    def wrong(self, address: str) -> bool:
        """A wrong claim code reached the host from ``address``: after ``CLAIM_TRIES`` of them a
        live code is closed to that address (no number of guesses ends a code: the host's rate for
        them, ``limits.WRONG_CLAIMS``, makes guessing hopeless). True when the table screens
        should hear that codes are being guessed (the first in ``GUESS_TELL`` seconds)."""
        for claim in self.codes.values():
            if not claim.barred(address):
                claim.wrong[address] = claim.wrong.get(address, 0) + 1
        now = self.clock()
        self.guesses = [t for t in self.guesses if t > now - GUESS_WINDOW]
        self.guesses.append(now)
        if now - self._told < GUESS_TELL:
            return False
        self._told = now
        return True

    def guessed(self) -> int:
        """Wrong claim codes the host checked in the last ``GUESS_WINDOW`` seconds while this
        table had live codes (the banker's drawer says so)."""
        now = self.clock()
        return sum(1 for t in self.guesses if t > now - GUESS_WINDOW)

    def check(self, code: str, address: str) -> str:
        """The player id whose seat ``code`` claims, or Refusal ``bad_claim`` (an expired code ends)."""
        pid = next((p for p, c in self.codes.items() if c.code == code), None)
        if pid is not None and self.codes[pid].barred(address):
            raise Refusal("bad_claim")
        if pid is None or self.codes[pid].expires < self.clock():
            self.index.pop(code, None)
            self.drop(pid)
            raise Refusal("bad_claim")
        return pid

    def shown(self, seat_of: Callable[[str], int]) -> dict[str, dict[str, Any]]:
        """What the table screen shows: each live code by seat, with its end on the wall clock."""
        now, wall = self.clock(), self.wall()
        return {
            str(seat_of(pid)): {"code": c.code, "expires": wall + c.expires - now}
            for pid, c in self.codes.items()
            if c.expires >= now
        }
