"""The engine's modules import in one direction but for one loop, the rules' own: a debt starts a
forced sale (``money`` → ``auction``), whose close returns to the debt (``auction`` → ``money``).
The continuation a debt carries is dispatched by ``continuations``, which reaches only down to
the turn steps, and the board's format check (``board_format``) sits below the settings."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.host.test_module_layers import a_cycle

ENGINE = Path(__file__).resolve().parents[2] / "engine"
RULES_LOOP = frozenset({"money", "auction"})


def engine_imports(path: Path) -> set[str]:
    """The engine modules that ``path`` imports (type-only ones included), by name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names.update([node.module.split(".")[0]] if node.module else [alias.name for alias in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine."):
            names.add(node.module.split(".")[1])
    return names


def engine_graph() -> dict[str, set[str]]:
    modules = {path.stem: path for path in ENGINE.glob("*.py") if path.stem != "__init__"}
    return {name: engine_imports(path) & set(modules) for name, path in modules.items()}


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(edges[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += edges[name]
    return seen


def test_the_engine_graph_is_read():
    edges = engine_graph()
    assert {"flow", "continuations", "money", "auction", "board", "board_format", "settings", "state"} <= set(edges)
    assert "continuations" in edges["money"] and "flow" in edges["continuations"]
    assert "state" in edges["board"]  # an import for type hints only counts too


def test_the_only_engine_modules_that_import_themselves_back_are_the_debt_and_its_forced_sale():
    edges = engine_graph()
    looping = {name for name in edges if name in reached(edges, name)}
    others = {name: imports - RULES_LOOP if name in RULES_LOOP else imports for name, imports in edges.items()}
    assert looping == RULES_LOOP, " imports ".join(a_cycle(others) or sorted(looping))
    assert "auction" in edges["money"] and "money" in edges["auction"]


def test_the_turn_steps_and_the_board_format_reach_no_rule_above_them():
    edges = engine_graph()
    assert reached(edges, "flow") <= {
        "board",
        "state",
        "settings",
        "board_format",
        "randomisers",
        "rng",
        "errors",
        "vocabulary",
    }
    assert reached(edges, "continuations") - reached(edges, "flow") == {"flow"}
    assert reached(edges, "board_format") == {"errors", "vocabulary"}
