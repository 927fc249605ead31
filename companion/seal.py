"""Sealed messages: the host's key pair, each sealed socket's key, and a page's side for Python clients.

NaCl (X25519, XSalsa20-Poly1305) through PyNaCl; the pages use tweetnacl-js, which computes the same
bytes (``nacl.box.before`` is ``Box.shared_key``, ``nacl.secretbox`` is ``SecretBox.encrypt``). The
contract is ``docs/protocol.md``, "Sealed messages"; why NaCl is ``docs/decisions/sealed-messages.md``.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import os
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from nacl.exceptions import CryptoError
from nacl.public import Box, PrivateKey, PublicKey
from nacl.secret import SecretBox
from nacl.utils import random

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

log = logging.getLogger(__name__)

KEY_FILE = "host-key"
"""The host's secret key in the data folder: its 32 bytes, nothing else."""
KEY_BYTES = 32
KEY_TEXT = 43
"""A key as base64url without padding."""
NONCE_BYTES = SecretBox.NONCE_SIZE
REMEMBERED = 100_000
"""Page keys remembered against replays, of connects that brought a token or a table key."""
REMEMBERED_BARE = 10_000
"""Page keys remembered of connects without one (a phone before it joins): anyone can make those."""


class SealError(ValueError):
    """Anything sealed that does not open: not text, not base64, a wrong key or MAC, not JSON, a replay."""


def b64url(raw: bytes) -> str:
    """``raw`` as base64url without padding (a key's 32 bytes are 43 characters)."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def key_of(text: Any) -> bytes:
    """A key's 32 bytes from its 43 base64url characters; ``SealError`` for anything else."""
    if not isinstance(text, str) or len(text) != KEY_TEXT:
        raise SealError("key")
    try:
        raw = base64.urlsafe_b64decode(text.encode("ascii") + b"=")
    except (UnicodeEncodeError, binascii.Error) as error:
        raise SealError("key") from error
    if len(raw) != KEY_BYTES or b64url(raw) != text:  # strict: no other spelling of the same bytes
        raise SealError("key")
    return raw


class Seal:
    """One sealed socket's key (the X25519 shared key of the page's and the host's key pairs):
    ``seal`` a text for the other side, ``open`` what it sealed. Thread-safe (libsodium)."""

    __slots__ = ("_box",)

    def __init__(self, shared: bytes) -> None:
        self._box = SecretBox(shared)

    def seal(self, text: str) -> str:
        """Standard base64 (padded) of a fresh random nonce and the secretbox of ``text``'s UTF-8:
        ``4 * ceil((40 + n) / 3)`` characters for ``n`` bytes, whatever they hold."""
        return base64.b64encode(self._box.encrypt(text.encode("utf-8"), random(NONCE_BYTES))).decode("ascii")

    def seal_json(self, value: Any) -> str:
        """``value`` as compact JSON (as Socket.IO writes it), sealed."""
        return self.seal(json.dumps(value, separators=(",", ":")))

    def open(self, sealed: Any) -> str:
        """The text ``sealed`` holds; ``SealError`` if it is not a string, not base64, too short,
        fails its MAC or is not UTF-8."""
        if not isinstance(sealed, str):
            raise SealError("not_text")
        try:
            raw = base64.b64decode(sealed.encode("ascii"), validate=True)
            return self._box.decrypt(raw).decode("utf-8")
        except (UnicodeError, binascii.Error, CryptoError, ValueError) as error:
            raise SealError("does_not_open") from error

    def open_json(self, sealed: Any) -> Any:
        """The JSON value ``sealed`` holds (``SealError`` if it does not open or is not JSON)."""
        try:
            return json.loads(self.open(sealed))
        except (ValueError, RecursionError) as error:
            raise SealError("not_json") from error


class HostKey:
    """The host's X25519 key pair, kept across restarts in the data folder (``host-key``), so a
    phone that came from the QR code (``#k=`` its public key) keeps trusting this laptop."""

    def __init__(self, secret: PrivateKey) -> None:
        self.secret = secret
        self.public_b64 = b64url(bytes(secret.public_key))
        """``hk``: the public key as the URLs and the pages carry it (43 characters)."""

    @classmethod
    def load(cls, folder: Path) -> HostKey:
        """The folder's key; made (file mode 0600 where the system has it) when it has none or
        the file is not a key (a damaged one is replaced: phones scan the QR code again)."""
        path = folder / KEY_FILE
        folder.mkdir(parents=True, exist_ok=True)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raw = b""
        if len(raw) == KEY_BYTES:
            return cls(PrivateKey(raw))
        if raw:
            log.warning("%s is not a key (%d bytes); a new one is made", path, len(raw))
        secret = PrivateKey.generate()
        cls._write(path, bytes(secret))
        return cls(secret)

    @staticmethod
    def _write(path: Path, raw: bytes) -> None:
        """Write the key whole or not at all: a new file (readable by its owner only) moved in place."""
        new = path.with_name(f"{path.name}.new")
        new.unlink(missing_ok=True)
        fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.replace(new, path)

    def seal_with(self, page_public: bytes) -> Seal:
        """The seal of a page that connected with ``page_public``."""
        return Seal(Box(self.secret, PublicKey(page_public)).shared_key())


class Replays:
    """The page keys of this run's sealed connects: one seen before is a replay. Bounded: the
    oldest are forgotten first, those without a token or table key sooner (anyone can make them,
    and a replay of one only gets a socket that opens nothing)."""

    def __init__(self, lasting: int = REMEMBERED, bare: int = REMEMBERED_BARE) -> None:
        self._kinds: dict[bool, tuple[OrderedDict[bytes, None], int]] = {
            True: (OrderedDict(), lasting),
            False: (OrderedDict(), bare),
        }
        self._lock = threading.Lock()

    def first(self, page_public: bytes, credentialed: bool) -> bool:
        """Remember ``page_public``; False if it was seen before (a replay)."""
        with self._lock:
            if any(page_public in seen for seen, _ in self._kinds.values()):
                return False
            seen, bound = self._kinds[credentialed]
            seen[page_public] = None
            if len(seen) > bound:
                seen.popitem(last=False)
            return True


def open_auth(key: HostKey, replays: Replays, auth: dict[str, Any]) -> tuple[dict[str, Any], Seal]:
    """A sealed connect's credentials and the socket's seal; ``SealError`` for a malformed key, a
    replayed one, a box that does not open, or credentials that are not a JSON object."""
    page_public = key_of(auth.get("seal"))
    seal = key.seal_with(page_public)
    credentials = seal.open_json(auth.get("box"))
    if not isinstance(credentials, dict):
        raise SealError("not_object")
    if not replays.first(page_public, "token" in credentials or "table_key" in credentials):
        raise SealError("replay")
    return credentials, seal


class PageSeal:
    """A page's side, for Python clients (tests, benches): a fresh key pair per connect."""

    @staticmethod
    def new(host_public_b64: str) -> tuple[Callable[[dict[str, Any]], dict[str, Any]], Seal]:
        """``(auth_fields, seal)``: ``auth_fields(credentials)`` is the connect's ``auth``
        (``{seal, box}``); ``seal`` seals and opens every message of that socket."""
        page = PrivateKey.generate()
        seal = Seal(Box(page, PublicKey(key_of(host_public_b64))).shared_key())

        def auth_fields(credentials: dict[str, Any]) -> dict[str, Any]:
            return {"seal": b64url(bytes(page.public_key)), "box": seal.seal_json(credentials)}

        return auth_fields, seal
