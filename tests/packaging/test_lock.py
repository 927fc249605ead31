"""The single file's lock (packaging/single-file.lock) and the bounds in pyproject.toml: every
dependency of the companion is pinned at a version its range allows, the Socket.IO libraries stay
below their next major version, and the build's check names what the lock does not pin. Fast: no build."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "packaging" / "single-file.lock"
BOUNDED = ("flask", "flask-socketio", "python-socketio", "python-engineio", "simple-websocket")
"""The libraries whose insides the host leans on (companion/door/upstream.py) and Flask under them."""


def build_script():
    spec = importlib.util.spec_from_file_location("build_single_file", ROOT / "packaging" / "build_single_file.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dependencies() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {canonicalize_name(r.name): r for r in map(Requirement, project["dependencies"])}


def test_every_dependency_is_pinned_in_the_lock_within_its_range():
    pins = build_script().pins(LOCK.read_text(encoding="utf-8"))
    for name, requirement in dependencies().items():
        assert name in pins, f"{name} is not in {LOCK.name}"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} is outside {requirement}"


@pytest.mark.parametrize("name", BOUNDED)
def test_each_socketio_library_stays_below_its_next_major_version(name: str):
    requirement = dependencies()[name]
    pinned = Version(build_script().pins(LOCK.read_text(encoding="utf-8"))[name])
    assert not requirement.specifier.contains(f"{pinned.major + 1}.0"), f"{requirement} has no upper bound"
    assert requirement.specifier.contains(str(pinned))


def test_the_build_names_what_the_lock_does_not_pin():
    unlocked = build_script().unlocked
    lock = "# a comment\nFlask==3.1.3\npython_engineio==4.15.1  # a note\n"
    assert unlocked("flask==3.1.3\nPython-EngineIO==4.15.1\ncashrun-companion @ file:///x\n", lock) == []
    assert unlocked("Flask==3.1.4\nnewcomer==1.0\npython-engineio==4.15.1\n", lock) == [
        "flask==3.1.4",
        "newcomer==1.0",
    ]
