"""The builds the packaging tests start: the sdist and wheel once per run, and the single file
built by packaging/build_single_file.py from that same wheel (so the wheel is built only once)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from builds import single_file_command

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Built:
    sdist: Path
    wheel: Path


def _run(*args: str) -> str:
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Built:
    """``python -m build`` (the wheel is built from the sdist), then ``twine check``."""
    out = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "build", "--outdir", str(out), str(ROOT))
    sdist, wheel = next(out.glob("*.tar.gz")), next(out.glob("*.whl"))
    _run(sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel))
    return Built(sdist, wheel)


@pytest.fixture(scope="session")
def single_file(built, tmp_path_factory) -> Path:
    """The single file the packaging script builds from the wheel."""
    work = tmp_path_factory.mktemp("single-file")
    printed = _run(*single_file_command(sys.executable, built.wheel, work))
    path = Path(printed.splitlines()[-1].rsplit(" ", 2)[0])  # the script's last line: "PATH SIZE MB"
    assert path.is_file()
    return path
