"""The door: what a request, a frame or a message passes before any table sees it.

The laptop's addresses and HTTP server (``network``), the Host header and the socket upgrades
(``gate``), every WebSocket frame (``packets``), the budgets of each address (``guard``), and a
message's size, shape, rate and text (``limits``, ``names``).
"""
