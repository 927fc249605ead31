"""The table's break (the pizza break): the banker stops every clock of a running game at once
and starts them again with the time each had left.

While the break lasts no game action is taken (``Acting.act`` refuses it with ``paused``), the
screens show the standings, and the only action is the banker's resume. A clock the banker had
paused before the break (the auction's) stays paused after it. The break is not saved: a
restarted host starts its clocks again (``LiveTable``), so a restart ends the break.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .countdown import Countdown
    from .reveal import Reveal


class Pause:
    def __init__(self) -> None:
        self.on = False
        self._held: list[Countdown] = []

    def hold(self, clocks: list[Countdown], reveal: Reveal) -> None:
        """Every running countdown and the reveal keep the seconds they have left."""
        self.on = True
        self._held = [clock for clock in clocks if clock.running()]
        for clock in self._held:
            clock.pause()
        reveal.pause()

    def release(self, reveal: Reveal) -> None:
        """Each clock held by the break runs again from where it stopped."""
        self.on = False
        for clock in self._held:
            clock.resume()
        self._held = []
        reveal.resume()
