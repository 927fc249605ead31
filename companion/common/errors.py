"""The one error the host raises for a message it refuses, and the answer it gives."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A message the host refuses: nothing was changed.

    Not an engine error (``engine.IllegalAction``), though it answers the same way, so pages translate
    both alike: ``code`` is stable, ``values`` holds what a message needs.
    """

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(f"{code} {values}" if values else code)
        self.code = code
        self.values = values


def refusal(code: str, **values: Any) -> dict[str, Any]:
    """The answer to a refused message."""
    return {"ok": False, "error": {"code": code, **values}}
