"""The errors the engine raises: a move it refuses, and settings that cannot work."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow now. Nothing was changed.

    ``code`` is stable (pages translate it); ``values`` holds what a message needs.
    """

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(f"{code} {values}" if values else code)
        self.code = code
        self.values = values

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, **self.values}


class SettingsError(ValueError):
    """A setting that cannot work: ``str(error)`` and ``field`` name the field, ``detail`` says more."""

    def __init__(self, field_name: str, **detail: Any) -> None:
        super().__init__(field_name)
        self.field = field_name
        self.detail = detail
