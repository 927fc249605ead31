"""What the watchers of one table may ask for: a new watcher's first message from a budget they
share, and each watcher's ``sync`` from a budget of its own, so that watchers who flood their
syncs neither crowd out one who already watches nor a new one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.errors import Refusal
from ..door.limits import WATCHER_SYNCS, WATCHER_WHOLES, TokenBucket

if TYPE_CHECKING:
    from ..common.timers import Clock
    from ..wire.transport import Conn


class Watching:
    """The watchers' budgets of whole messages (not thread-safe: used under the table's lock)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.new = TokenBucket(clock, *WATCHER_WHOLES)
        """The ``watch``es of every watcher together."""
        self.syncs: dict[Conn, TokenBucket] = {}
        """Each watcher's own ``sync``s."""

    def watch(self, conn: Conn) -> None:
        """``conn`` starts watching; ``rate_limited`` when the new watchers' budget is spent."""
        if not self.new.take():
            raise Refusal("rate_limited")
        self.syncs[conn] = TokenBucket(self.clock, *WATCHER_SYNCS)

    def sync(self, conn: Conn) -> None:
        """One more whole message for this watcher; ``rate_limited`` when its own budget is spent
        (a page asks again when the next update does not fit)."""
        bucket = self.syncs.get(conn)
        if bucket is None or not bucket.take():
            raise Refusal("rate_limited")

    def forget(self, conn: Conn) -> None:
        """``conn`` stopped watching (it left, or took a seat)."""
        self.syncs.pop(conn, None)
