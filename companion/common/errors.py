"""The one error the host raises for a message it refuses."""

from __future__ import annotations

from typing import Any

from engine import IllegalAction


class HostError(IllegalAction):
    """A refusal by the host: nothing was changed.

    The engine's refusal with the host's own codes, so pages translate both the same way:
    ``code`` is stable, ``values`` holds what a message needs.
    """


def refusal(code: str, **values: Any) -> dict[str, Any]:
    """The answer to a refused message."""
    return {"ok": False, "error": {"code": code, **values}}
