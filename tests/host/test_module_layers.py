"""The host's modules import only downward: no module of ``companion`` reaches, through its
imports (type-only ones included), back to itself."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def imports_of(path: Path) -> set[str]:
    """The ``companion`` modules that ``path`` imports, by name (``table``, ``updates``…)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                names.add(node.module.split(".")[0])
            elif node.level == 1:
                names.update(alias.name for alias in node.names)
            elif node.level == 0 and (node.module or "").startswith("companion."):
                names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            names.update(a.name.split(".")[1] for a in node.names if a.name.startswith("companion."))
    return names


def graph() -> dict[str, set[str]]:
    modules = {path.stem: path for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    return {name: imports_of(path) & set(modules) for name, path in modules.items()}


def a_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One chain of imports that comes back to where it started, if any."""
    done: set[str] = set()

    def walk(name: str, chain: list[str]) -> list[str] | None:
        if name in chain:
            return chain[chain.index(name):] + [name]
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


def test_no_host_module_imports_itself_back():
    edges = graph()
    assert {"table", "messages", "transport", "updates", "sockets", "broadcast"} <= set(edges)
    assert "updates" in edges["sockets"] and "sockets" in edges["messages"]  # the graph is read at all
    assert a_cycle(edges) is None, " imports ".join(a_cycle(edges) or [])
