"""Sealed messages, the host's side without a server: the host's key in its data folder, a seal's
length and what does not open, a sealed connect's credentials and its replay (companion/seal.py)."""

from __future__ import annotations

import base64
import math
import os
import stat

import pytest
from nacl.public import Box, PrivateKey

from companion.door.limits import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES
from companion.seal import KEY_FILE, HostKey, PageSeal, Replays, Seal, SealError, b64url, key_of, open_auth


def test_the_host_key_is_made_once_kept_private_and_loaded_again(tmp_path):
    folder = tmp_path / "new"
    made = HostKey.load(folder)
    path = folder / KEY_FILE
    assert len(path.read_bytes()) == 32 and path.read_bytes() == bytes(made.secret)
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert HostKey.load(folder).public_b64 == made.public_b64
    assert len(made.public_b64) == 43 and key_of(made.public_b64) == bytes(made.secret.public_key)


def test_a_damaged_host_key_is_replaced(tmp_path):
    (tmp_path / KEY_FILE).write_bytes(b"short")
    made = HostKey.load(tmp_path)
    assert (tmp_path / KEY_FILE).read_bytes() == bytes(made.secret)
    assert HostKey.load(tmp_path).public_b64 == made.public_b64


def test_a_sealed_text_opens_and_its_length_depends_on_the_length_only():
    seal = Seal(bytes(range(32)))
    for text in ("", "a", "é", "x" * 4096, '{"symbol":"r"}'):
        n = len(text.encode())
        sealed = seal.seal(text)
        assert len(sealed) == 4 * math.ceil((40 + n) / 3)
        assert seal.open(sealed) == text
    assert seal.seal("same") != seal.seal("same")  # a fresh nonce each time


@pytest.mark.parametrize(
    "wrong",
    [
        None,
        17,
        {"a": 1},
        "",
        "not base64!",
        base64.b64encode(b"too short").decode(),
        "another key",
    ],
)
def test_what_does_not_open_raises_one_error(wrong):
    if wrong == "another key":
        wrong = Seal(bytes(32)).seal(wrong)
    with pytest.raises(SealError):
        Seal(bytes(range(32))).open(wrong)


def test_a_flipped_bit_does_not_open():
    seal = Seal(bytes(range(32)))
    raw = bytearray(base64.b64decode(seal.seal('{"ok":true}')))
    raw[-1] ^= 1
    with pytest.raises(SealError):
        seal.open(base64.b64encode(bytes(raw)).decode())


def test_a_key_is_43_base64url_characters_for_32_bytes():
    good = b64url(bytes(range(32)))
    assert key_of(good) == bytes(range(32))
    for wrong in (None, 5, good[:-1], good + "A", good[:-1] + "!", "é" * 43, good[:-1] + "B"):
        with pytest.raises(SealError):
            key_of(wrong)


def test_the_page_side_agrees_with_the_host_side(tmp_path):
    host = HostKey.load(tmp_path)
    auth_fields, page = PageSeal.new(host.public_b64)
    auth = auth_fields({"token": "abc", "views": "whole"})
    credentials, seal = open_auth(host, Replays(), auth)
    assert credentials == {"token": "abc", "views": "whole"}
    assert page.open(seal.seal("to the page")) == "to the page"
    assert seal.open(page.seal("to the host")) == "to the host"
    box = Box(host.secret, PrivateKey(bytes(32)).public_key)  # a test reads frames as SEAL.md says
    assert isinstance(box.shared_key(), bytes)


def test_a_replayed_or_malformed_connect_does_not_open(tmp_path):
    host = HostKey.load(tmp_path)
    replays = Replays()
    auth_fields, _ = PageSeal.new(host.public_b64)
    auth = auth_fields({"table_key": "k"})
    open_auth(host, replays, auth)
    with pytest.raises(SealError):
        open_auth(host, replays, auth)  # the same page key again
    other_fields, _ = PageSeal.new(HostKey.load(tmp_path / "other").public_b64)
    fresh_fields, fresh = PageSeal.new(host.public_b64)
    fresh_auth = fresh_fields({})
    for wrong in (
        other_fields({}),  # sealed for another host
        {**fresh_auth, "box": fresh_auth["box"][:-4] + "AAAA"},
        {**fresh_auth, "seal": fresh_auth["seal"][:-1]},
        {"seal": fresh_auth["seal"], "box": fresh.seal("[1, 2]")},  # not an object
        {"seal": fresh_auth["seal"], "box": fresh.seal("not json")},
        {"seal": fresh_auth["seal"]},
    ):
        with pytest.raises(SealError):
            open_auth(host, replays, wrong)
    assert open_auth(host, replays, fresh_auth)[0] == {}  # what failed before did not spend its key


def test_replays_are_remembered_within_a_bound_those_without_credentials_forgotten_first():
    replays = Replays(lasting=3, bare=2)
    keys = [bytes([n]) * 32 for n in range(10)]
    assert all(replays.first(k, True) for k in keys[:3])
    assert all(replays.first(k, False) for k in keys[3:6])  # the bare bound is 2: keys[3] goes
    assert not replays.first(keys[0], False) and not replays.first(keys[5], True)
    assert replays.first(keys[3], False)
    assert replays.first(keys[6], True) and replays.first(keys[0], True)  # keys[0] was the oldest lasting one


def test_the_largest_message_sealed_fits_in_one_frame():
    """The door takes 4,096 bytes of JSON per message and 8,192 per frame: sealed, the largest
    message is 5,516 characters, in an event frame of a few more."""
    sealed = Seal(bytes(32)).seal("x" * MAX_MESSAGE_BYTES)
    frame = f'421234["act","{sealed}"]'
    assert len(sealed) == 5_516 and len(frame.encode()) < MAX_FRAME_BYTES
