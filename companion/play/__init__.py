"""Play at one live table: its lobby, seats and game, and who is told what after each change.

``table.LiveTable`` holds one table's state and sockets, and three parts that act on it, each
typed against a protocol of what it needs from the table (``state.TableState`` and its own
additions): ``acting`` applies the banker's, the phones' and the host's own actions, ``seating``
the join address (join, claim, watch), ``starting`` the start of a game. ``messages`` decides
who sees what and ``broadcast`` sends it; ``lobby``, ``claims``, ``reveal``, ``countdown``, ``pawns``, ``forms`` and ``codes`` are
the parts they use, ``services`` what every table of the host shares.

Named ``play`` rather than ``table``: a ``table`` package holding a ``table`` module would read as
one thing twice.
"""
