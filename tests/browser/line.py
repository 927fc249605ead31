"""A phone's line to the host: a TCP relay between one browser and the host that a test can cut,
switch off (offline) or hold (a phone asleep), as a family's Wi-Fi and a locked phone do.

The page is opened at the relay's address, so every socket it opens, the first and every
reconnect, goes through it. ``cut`` closes the connections under the page (the host's side sees
them close, the page's socket too); ``block`` closes them and refuses new ones until unblocked, as
a phone without Wi-Fi (or a locked iPhone, which closes its sockets); ``hold`` stops moving bytes
either way and keeps the connections open, as a phone whose radio sleeps: what is sent waits in
the kernel's buffers, and the host's pings go unanswered.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class Line:
    def __init__(self, port: int) -> None:
        self.port_to = port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.server.getsockname()[1]
        self.blocked = False
        self.flowing = threading.Event()
        self.flowing.set()
        self._pairs: set[tuple[socket.socket, socket.socket]] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.server.accept()
            except OSError:
                return
            if self.blocked:
                near.close()
                continue
            try:
                far = socket.create_connection(("127.0.0.1", self.port_to), timeout=2)
            except OSError:  # the host is down (a restart): the page sees its connection fail
                near.close()
                continue
            far.settimeout(None)
            for s in (near, far):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            pair = (near, far)
            with self._lock:
                self._pairs.add(pair)
            threading.Thread(target=self._pump, args=(near, far, pair), daemon=True).start()
            threading.Thread(target=self._pump, args=(far, near, pair), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, pair: tuple[socket.socket, socket.socket]) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                self.flowing.wait()
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._close(pair)

    def _close(self, pair: tuple[socket.socket, socket.socket]) -> None:
        with self._lock:
            self._pairs.discard(pair)
        for s in pair:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def cut(self) -> None:
        """Every connection through the line closed now (new ones pass)."""
        with self._lock:
            pairs = list(self._pairs)
        for pair in pairs:
            self._close(pair)

    def block(self, on: bool) -> None:
        """Offline: the connections closed and new ones refused, until ``block(False)``."""
        self.blocked = on
        if on:
            self.cut()

    def hold(self, on: bool) -> None:
        """Asleep: nothing moves either way, the connections stay open, until ``hold(False)``."""
        if on:
            self.flowing.clear()
        else:
            self.flowing.set()

    def close(self) -> None:
        self.server.close()
        self.flowing.set()
        self.cut()
