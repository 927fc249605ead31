"""The one error the host raises for a message it refuses."""
from __future__ import annotations

from typing import Any


class HostError(ValueError):
    """A refusal by the host: nothing was changed.

    Shaped like the engine's ``IllegalAction`` so pages translate both the same way:
    ``code`` is stable, ``values`` holds what a message needs.
    """

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(f"{code} {values}" if values else code)
        self.code = code
        self.values = values

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, **self.values}


def refusal(code: str, **values: Any) -> dict[str, Any]:
    """The answer to a refused message."""
    return {"ok": False, "error": {"code": code, **values}}
