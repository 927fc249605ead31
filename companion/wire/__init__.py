"""The wire: how a table's messages reach its sockets.

The Socket.IO server and one connection (``transport``), a table's sockets and the round of
messages after each change (``sockets``), and the updates format: what changed since a socket's
last message (``updates``).
"""
