"""Equality of decoded JSON without Python's number coercion: ``0.0``, ``False`` and ``0`` differ."""

from __future__ import annotations

from typing import Any


def same(a: Any, b: Any) -> bool:
    """``a == b`` with the same type at every level, as two JSON texts would compare."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(value, b[key]) for key, value in a.items())
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)
