"""The host's modules import only downward: no module of ``companion`` reaches, through its
imports (type-only ones included), back to itself; the app shell is on top of its rooms, and
each room imports only the rooms below it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def a_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One chain of imports that comes back to where it started, if any."""
    done: set[str] = set()

    def walk(name: str, chain: list[str]) -> list[str] | None:
        if name in chain:
            return [*chain[chain.index(name) :], name]
        if name in done:
            return None
        for other in sorted(edges[name]):
            found = walk(other, [*chain, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(edges):
        found = walk(name, [])
        if found:
            return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


# The host (companion): its modules by dotted name, through every sub-package.

HOST = ROOT / "companion"
SHELL = {
    "companion",
    "companion.app",
    "companion.cli",
    "companion.handlers",
    "companion.routes",
    "companion.seal",
    "companion.host",
    "companion.logs",
    "companion.translations",
}
"""The app shell: the app factory, the command, the Socket.IO events, the HTTP routes, the sealed
messages' keys, the host of every table, the console and the words people read. Nothing in a room
imports them (the wire seals through its ``Sealer`` protocol)."""
ROOMS = {
    "common": set(),
    "door": {"common"},
    "saving": {"common"},
    "wire": {"common", "door"},
    "play": {"common", "door", "saving", "wire"},
}
"""Each room of the host and the rooms it may import: the door, saving and the wire never reach
the play at a table, nor saving the door or the wire."""
TYPE_HINTS_UP = {("companion.wire.transport", "companion.play.lobby")}
"""Type hints that name a room above: the socket's ``Seating`` protocol takes a phone's ``Fair``."""


def module_names(package: Path) -> dict[str, Path]:
    """Every module of ``package`` and its sub-packages by dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports_of(name: str, path: Path, known: set[str]) -> dict[str, bool]:
    """The ``known`` modules that module ``name`` imports, each True when only a type hint
    (``if TYPE_CHECKING:``) imports it. A function's imports count as the module's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
    }
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            anchor = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*anchor, *([node.module] if node.module else [])])
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        for target in targets:
            if target in known and target != name:
                found[target] = found.get(target, True) and id(node) in type_only
    return found


def host_imports() -> dict[str, dict[str, bool]]:
    modules = module_names(HOST)
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def room_of(name: str) -> str | None:
    """``door`` for ``companion.door.gate``; None for a module of the shell."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in ROOMS) else None


def test_the_module_finder_reads_the_rooms():
    imports = host_imports()
    assert {
        "companion.play.table",
        "companion.wire.updates",
        "companion.door.gate",
        "companion.saving.database",
        "companion.host",
    } <= set(imports)
    assert imports["companion.wire.sockets"]["companion.wire.updates"] is False
    assert imports["companion.play.state"]["companion.play.broadcast"] is True  # a type hint
    assert imports["companion.play.broadcast"]["companion.play.messages"] is False  # ``from . import messages``
    assert {room_of(name) for name in imports} == {None, *ROOMS}


def test_no_host_module_imports_itself_back():
    """Type hints included. The app factory (``companion.app``) is left out: ``create_app``
    imports the shell to wire it, and ``handlers`` takes the factory's ``socketio`` to register on."""
    factory = "companion.app"
    edges = {name: set(imported) - {factory} for name, imported in host_imports().items() if name != factory}
    assert a_cycle(edges) is None, " imports ".join(a_cycle(edges) or [])


def test_the_shell_is_on_top():
    for name, imported in host_imports().items():
        if room_of(name) is not None:
            assert not set(imported) & SHELL, f"{name} imports the shell: {sorted(set(imported) & SHELL)}"


def test_each_room_imports_only_the_rooms_below():
    for name, imported in host_imports().items():
        room = room_of(name)
        if room is None:
            continue
        for other, type_only in imported.items():
            below = room_of(other)
            if below == room or below in ROOMS[room]:
                continue
            assert type_only and (name, other) in TYPE_HINTS_UP, f"{name} ({room}) imports {other} ({below})"
