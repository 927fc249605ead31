"""The sdist and the wheel hold everything, and the wheel installed into an empty virtual
environment gives a ``cashrun`` that starts and serves the pages."""

from __future__ import annotations

import subprocess
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
from served import check_pages

from companion import __version__
from tests.support.cashrun import Cashrun

ROOT = Path(__file__).resolve().parents[2]
LICENCES = ("LICENSE", "web/static/vendor/socket.io-client.LICENSE", "web/static/vendor/tweetnacl.LICENSE")

pytestmark = pytest.mark.packaging


def data_files() -> list[str]:
    """Every page, script, style, translation and licence of this checkout, as wheel paths."""
    found = [*(ROOT / "web").rglob("*"), *(ROOT / "companion" / "i18n").glob("*.json")]
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in found
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def test_the_sdist_and_the_wheel_hold_everything(built):
    names = set(zipfile.ZipFile(built.wheel).namelist())
    assert set(data_files()) <= names
    dist_info = f"cashrun_companion-{__version__}.dist-info"
    assert {f"{dist_info}/licenses/{licence}" for licence in LICENCES} <= names
    with tarfile.open(built.sdist) as sdist_file:
        sdist = {name.split("/", 1)[1] for name in sdist_file.getnames() if "/" in name}
    assert {*LICENCES, *data_files(), "README.md", "pyproject.toml"} <= sdist


def test_the_wheel_in_an_empty_venv_serves_the_pages(built, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(built.wheel)],
        check=True,
        cwd=tmp_path,
    )
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import web; print(web.__file__)"],
        check=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(env_dir)
    version = subprocess.run([str(bin_dir / "cashrun"), "--version"], check=True, capture_output=True, text=True)
    assert version.stdout.strip() == f"cashrun {__version__}"

    server = Cashrun(tmp_path / "data", program=[str(bin_dir / "cashrun")])
    try:
        check_pages(server)
    finally:
        server.stop()
