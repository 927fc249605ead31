"""A write-ahead log damaged after a crash: ``cashrun`` says which game lost how many actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.live.livekit import lobby_of_three
from tests.support.cashrun import Cashrun

if TYPE_CHECKING:
    from pathlib import Path


def test_a_wal_cut_in_half_after_a_kill_is_named_on_the_next_start(tmp_path: Path):
    running = Cashrun(tmp_path)
    table, phones = lobby_of_three(running)
    for n in range(16):  # within the table socket's burst of messages
        assert table.call("act", {"id": f"m{n}", "action": {"type": "unlock" if n % 2 else "lock"}})["ok"]
    for peer in (table, *phones):
        peer.sio.disconnect()
    running.kill()  # SIGKILL: the actions are in the write-ahead log, not yet in the file
    wal = tmp_path / "cashrun.sqlite3-wal"
    data = wal.read_bytes()
    assert len(data) > 4096
    wal.write_bytes(data[: len(data) // 2])
    again = Cashrun(tmp_path)
    try:
        said = [line for line in again.lines if line.startswith(f"Saved game {running.code} lost its last")]
        assert len(said) == 1 and "damaged after a crash" in said[0], again.lines
        assert "Traceback" not in "\n".join(again.lines)
    finally:
        again.kill()
