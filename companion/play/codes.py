"""The host's secrets and short codes: table keys, seat tokens, join and claim codes."""

from __future__ import annotations

import hashlib
import secrets

JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
"""Capital letters without I and O, which read as 1 and 0."""
JOIN_LENGTH = 4
CLAIM_LENGTH = 8
"""Digits of a claim code: a hundred million codes, so guessing at the host's rate for claim
guesses (``limits.WRONG_CLAIMS``) is hopeless. Shown and typed as two groups of four."""


def new_table_key() -> str:
    return secrets.token_urlsafe(16)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_hex(8)


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def new_claim_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(CLAIM_LENGTH))


def normal_claim_code(code: str) -> str:
    """A typed claim code as made: without the spaces that group its digits."""
    return "".join(code.split())


def token_hash(token: str) -> str:
    """What the host stores of a seat token: the token itself never touches the disk."""
    return hashlib.sha256(token.encode()).hexdigest()


def normal_join_code(code: str) -> str:
    """A typed join code as stored: trimmed and in capitals."""
    return code.strip().upper()
