"""Build the single-file ``cashrun`` for the system this runs on, with PyInstaller.

    python packaging/build_single_file.py [--wheel WHEEL] [--dist DIR] [--work DIR]

The file holds Python, the companion, its pages and translations and every dependency:
the family's laptop needs nothing else and nothing from the internet. A double-click
starts it with no arguments, which is what ``cashrun`` does: it serves the table,
opens the table screen in the browser and keeps running in its terminal window, which
says how to stop it. PyInstaller builds only for the system it runs on, so the Windows
and macOS files are built on those systems (docs/packaging.md, the release workflow).

The build runs in a fresh virtual environment holding only the companion (this
checkout, or ``--wheel``) and PyInstaller, so nothing else installed on the machine
ends up in the file; every package in it is at the version ``single-file.lock`` pins
(the host's library hooks were checked against those), and the build stops if the
environment holds one the lock does not pin so. Prints the file's path and size.
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRY = Path(__file__).with_name("cashrun_entry.py")
SYSTEMS = {"Windows": "windows", "Darwin": "macos", "Linux": "linux"}
PYINSTALLER = "pyinstaller>=6.10"
LOCK = Path(__file__).with_name("single-file.lock")
"""The exact version of every package the build environment installs (docs/packaging.md, "Moving the lock")."""


def pins(text: str) -> dict[str, str]:
    """``name==version`` lines (``pip freeze``'s, the lock's) by normalised name; comments and
    other lines (the companion itself, ``name @ url``) are left out."""
    found = {}
    for line in text.splitlines():
        name, _, version = line.split("#", 1)[0].strip().partition("==")
        if version:
            found[re.sub(r"[-_.]+", "-", name).lower()] = version.strip()
    return found


def unlocked(frozen: str, lock: str) -> list[str]:
    """What ``pip freeze`` shows that ``lock`` does not pin at that version: a new dependency, a moved pin."""
    locked = pins(lock)
    return [f"{name}=={version}" for name, version in pins(frozen).items() if locked.get(name) != version]


def file_name(version: str) -> str:
    """``cashrun-VERSION-SYSTEM-MACHINE`` (``.exe`` on Windows), the release asset's name."""
    system = SYSTEMS.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"cashrun-{version}-{system}-{machine}"


def build(dist: Path, work: Path, wheel: Path | None = None) -> Path:
    """Build into ``dist`` (the environment and PyInstaller's scratch files in ``work``); the file's path."""
    env_dir = work / "venv"
    venv.create(env_dir, clear=True, with_pip=True)
    python = str(env_dir / ("Scripts/python.exe" if platform.system() == "Windows" else "bin/python"))

    def run(*args: str) -> str:
        return subprocess.run([python, *args], check=True, cwd=work, stdout=subprocess.PIPE, text=True).stdout

    run(
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "-c",
        str(LOCK),
        str(wheel or ROOT),
        PYINSTALLER,
    )
    stray = unlocked(run("-m", "pip", "freeze", "--exclude", "cashrun-companion"), LOCK.read_text(encoding="utf-8"))
    if stray:
        sys.exit(f"not in {LOCK.name}: {', '.join(stray)} (docs/packaging.md, 'Moving the lock')")
    name = file_name(run("-c", "import companion; print(companion.__version__)").strip())
    run(
        "-m",
        "PyInstaller",
        str(ENTRY),
        "--name",
        name,
        "--onefile",
        "--console",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work / "pyinstaller"),
        "--specpath",
        str(work),
        "--collect-data",
        "web",
        "--collect-data",
        "companion",
        # Flask-SocketIO picks its async driver by name at run time.
        "--hidden-import",
        "engineio.async_drivers.threading",
        # PyNaCl's compiled module (nacl._sodium) imports cffi's from C, where PyInstaller cannot see it.
        "--hidden-import",
        "_cffi_backend",
    )
    return dist / (f"{name}.exe" if platform.system() == "Windows" else name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="build from this wheel instead of this checkout")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the file goes (default: dist/)")
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "single-file",
        help="the build's environment and scratch files (default: build/single-file/)",
    )
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    wheel = args.wheel.resolve() if args.wheel else None
    path = build(args.dist.resolve(), args.work.resolve(), wheel)
    print(f"{path} {path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    sys.exit(main())
