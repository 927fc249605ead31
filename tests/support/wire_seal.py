"""A page's Socket.IO frames as they travel, opened as the laptop's owner can: with the host's
secret key from its data folder and the page key in the socket's connect frame (docs/protocol.md,
"Sealed messages"). A listener on the Wi-Fi has the frames but not the key."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.seal import HostKey, Seal, key_of

PACKET = re.compile(r"4(\d)(\d*)(.*)", re.S)
"""An Engine.IO message (4) holding a Socket.IO packet: its type, its ack id, its JSON."""
CONNECT, EVENT, ACK, CONNECT_ERROR = "0", "2", "3", "4"


def host_key(host: Any) -> HostKey:
    """The key pair of a ``cashrun`` the tests started, from the data folder it was given."""
    args = list(host.proc.args)
    return HostKey.load(Path(args[args.index("--data-dir") + 1]))


def text_of(payload: str | bytes) -> str:
    return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload


@dataclass
class Packet:
    """One Socket.IO packet: ``kind`` (connect, event, ack, connect_error), the event's ``name``
    (events only), ``data`` opened (the event's data, the ack's answer, the connect's credentials)
    and ``sealed``, what travelled in its place (None for a plain packet)."""

    kind: str
    name: str | None
    data: Any
    sealed: list[str] = field(default_factory=list)


class SealedSocket:
    """One WebSocket of a page: its seal once its connect frame went out, and its frames opened."""

    def __init__(self, key: HostKey) -> None:
        self.key = key
        self.seal: Seal | None = None

    def packet(self, payload: str | bytes) -> Packet | None:
        """The Socket.IO packet in a frame, its sealed data opened; None for Engine.IO's own frames
        (open, ping, pong). Raises ``SealError`` for sealed data that does not open."""
        m = PACKET.fullmatch(text_of(payload))
        if m is None:
            return None
        kind = m.group(1)
        body: Any = json.loads(m.group(3)) if m.group(3) else None
        if kind == CONNECT and isinstance(body, dict) and "seal" in body:
            self.seal = self.key.seal_with(key_of(body["seal"]))
            return Packet("connect", None, self.seal.open_json(body["box"]), [body["seal"], body["box"]])
        if kind == EVENT:
            return Packet("event", body[0], *self._open(body[1] if len(body) > 1 else None))
        if kind == ACK:
            return Packet("ack", None, *self._open(body[0] if body else None))
        return Packet({CONNECT: "connect", CONNECT_ERROR: "connect_error"}.get(kind, kind), None, body)

    def _open(self, data: Any) -> tuple[Any, list[str]]:
        if self.seal is None or not isinstance(data, str):
            return data, []
        return self.seal.open_json(data), [data]
