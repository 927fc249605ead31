"""How the packaging tests build the single file: packaging/build_single_file.py from the session's
wheel, run by this Python (Linux) or by the Windows CPython under Wine."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def single_file_command(python: str, wheel: Path, work: Path) -> list[str]:
    """The build of the single file from ``wheel`` by ``python``, into ``work``'s ``dist`` (and its ``work``)."""
    return [
        python,
        str(ROOT / "packaging" / "build_single_file.py"),
        "--wheel",
        str(wheel),
        "--dist",
        str(work / "dist"),
        "--work",
        str(work / "work"),
    ]
