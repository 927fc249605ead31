"""Limits by address, checked before any lock or disk work.

Every phone on the Wi-Fi has its own address; a hostile one may open many sockets. So
besides each socket's own rate (``Conn.bucket``), one address shares a budget of
messages, of new sockets, and of guessed join and claim codes. A socket that keeps
sending after it was told ``rate_limited`` is closed: an honest page never does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .limits import (
    ADDRESS_BURST,
    ADDRESS_PACKETS,
    ADDRESS_RATE,
    BAN_SECONDS,
    CLAIM_GUESSES,
    CLAIM_TYPOS,
    JOIN_GUESSES,
    SEAT_CONNECTS,
    SOCKET_OPENS,
    STRANGER_OPENS,
    STRIKES,
    WRONG_CLAIMS,
    WRONG_JOIN_MEMORY,
    WRONG_JOINS,
    TokenBucket,
)
from .network import LAPTOP

if TYPE_CHECKING:
    from ..common.timers import Clock

MAX_ADDRESSES = 1024
"""Above this many known addresses, the idle ones are forgotten."""
TRUST_SECONDS = 12 * 3600.0
"""How long an address that held a seat or a table screen keeps its place in the reserve."""
MAX_TRUSTED = 256


@dataclass(slots=True)
class AddressBudget:
    """What one address may still do now."""

    messages: TokenBucket
    opens: TokenBucket
    joins: TokenBucket
    claims: TokenBucket
    packets: TokenBucket
    typos: TokenBucket
    """Its own wrong claim codes, checked even while the host's are spent (``CLAIM_TYPOS``)."""
    wrong_join: float = float("-inf")
    """When this address last sent a wrong join code (monotonic clock)."""

    def idle(self) -> bool:
        return all(b.full() for b in (self.messages, self.opens, self.joins, self.claims, self.packets, self.typos))


class Guard:
    """The budgets of every address; thread-safe and cheap (no I/O, one short lock)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._budgets: dict[str, AddressBudget] = {}
        self._banned: dict[str, float] = {}
        """Addresses whose connections are refused until then (closed for flooding)."""
        self._trusted: dict[str, float] = {}
        """Addresses that held a seat or a table screen, and when they last did."""
        self._wrong_joins = TokenBucket(clock, *WRONG_JOINS)
        """Wrong join codes of the whole host: guessing from many addresses is bounded too."""
        self._wrong_claims = TokenBucket(clock, *WRONG_CLAIMS)
        """Wrong claim codes of the whole host: guesses from many addresses only slow down."""
        self._stranger_opens = TokenBucket(clock, *STRANGER_OPENS)
        """New sockets of addresses that hold no seat or table screen, all together."""
        self._seats: dict[str, TokenBucket] = {}
        """Connections of each seat token (by its hash) that a table knows."""
        self._lock = threading.Lock()

    def _budget(self, address: str) -> AddressBudget:
        budget = self._budgets.get(address)
        if budget is None:
            if len(self._budgets) >= MAX_ADDRESSES:
                for known in [a for a, b in self._budgets.items() if b.idle()]:
                    del self._budgets[known]
            budget = self._budgets[address] = AddressBudget(
                TokenBucket(self.clock, ADDRESS_RATE, ADDRESS_BURST),
                TokenBucket(self.clock, *SOCKET_OPENS),
                TokenBucket(self.clock, *JOIN_GUESSES),
                TokenBucket(self.clock, *CLAIM_GUESSES),
                TokenBucket(self.clock, *ADDRESS_PACKETS),
                TokenBucket(self.clock, *CLAIM_TYPOS),
            )
        return budget

    def message(self, address: str) -> bool:
        """One more message from this address (any socket)."""
        with self._lock:
            return self._budget(address).messages.take()

    def packet(self, address: str) -> bool:
        """One more WebSocket frame from this address (any connection), before it is decoded."""
        with self._lock:
            return self._budget(address).packets.take()

    def open_socket(self, address: str) -> bool:
        """One more new socket from this address; a stranger's (no seat or table screen lately, not
        the laptop) also from the strangers' budget of the whole host."""
        with self._lock:
            if not self._budget(address).opens.take():
                return False
            return address in LAPTOP or self._is_trusted(address) or self._stranger_opens.take()

    def seat_connect(self, token_hash: str) -> bool:
        """One more connection with this seat token (a known one: the caller looked it up)."""
        with self._lock:
            bucket = self._seats.get(token_hash)
            if bucket is None:
                if len(self._seats) >= MAX_ADDRESSES:
                    for known in [t for t, b in self._seats.items() if b.full()]:
                        del self._seats[known]
                bucket = self._seats[token_hash] = TokenBucket(self.clock, *SEAT_CONNECTS)
            return bucket.take()

    def guess(self, address: str, kind: str) -> bool:
        """One more checked ``join`` or ``claim`` code from this address.

        While the host's wrong codes of its kind are spent, a join code is not checked from an
        address that sent a wrong one lately, a claim code from one that used up its typos."""
        with self._lock:
            budget, now = self._budget(address), self.clock()
            if kind != "join":
                if budget.typos.empty() and self._wrong_claims.empty():
                    return False
                return budget.claims.take()
            if budget.wrong_join > now - WRONG_JOIN_MEMORY and self._wrong_joins.empty():
                return False
            return budget.joins.take()

    def wrong_join(self, address: str) -> None:
        """A join code from this address named no table."""
        with self._lock:
            self._budget(address).wrong_join = self.clock()
            self._wrong_joins.take()

    def wrong_claim(self, address: str) -> None:
        """A claim code from this address named no live code."""
        with self._lock:
            self._budget(address).typos.take()
            self._wrong_claims.take()

    def ban(self, address: str) -> None:
        """A connection of this address was closed for flooding: refuse its new ones for a while."""
        with self._lock:
            now = self.clock()
            for known in [a for a, until in self._banned.items() if until <= now]:
                del self._banned[known]
            self._banned[address] = now + BAN_SECONDS

    def banned(self, address: str) -> bool:
        with self._lock:
            return self._banned.get(address, float("-inf")) > self.clock()

    def trust(self, address: str) -> None:
        """This address holds a seat or a table screen now."""
        with self._lock:
            self._trusted.pop(address, None)
            if len(self._trusted) >= MAX_TRUSTED:
                del self._trusted[next(iter(self._trusted))]  # the longest unseen
            self._trusted[address] = self.clock()

    def trusted(self, address: str) -> bool:
        """Did this address hold a seat or a table screen lately? (The reserved connections.)"""
        with self._lock:
            return self._is_trusted(address)

    def _is_trusted(self, address: str) -> bool:
        seen = self._trusted.get(address)
        return seen is not None and self.clock() - seen < TRUST_SECONDS

    def strikes(self) -> TokenBucket:
        """A new socket's allowance of ``rate_limited`` answers before it is closed."""
        return TokenBucket(self.clock, *STRIKES)
