"""Matching an applied action against the listed ones, for the host's own actions.

A listed action's fields are fixed values, except these forms the page fills in:
``{"text": n}`` (a string of 1 to n characters) and ``{"edit": current}`` (a value of
the same JSON type, checked by whoever applies it).
"""

from __future__ import annotations

from typing import Any

from engine.strict import same

from ..common.errors import Refusal
from ..door.limits import text


def match(listed: list[dict[str, Any]], action: Any) -> dict[str, Any]:
    """The applied action, checked and cleaned, if it fits one listed action; else Refusal."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise Refusal("malformed", field="action")
    same_type = [entry for entry in listed if entry["type"] == action["type"]]
    if not same_type:
        raise Refusal("not_legal_now", type=action["type"])
    for entry in same_type:
        if set(entry) != set(action):
            continue
        fixed = [key for key, value in entry.items() if not _is_form(value)]
        if all(same(action[key], entry[key]) for key in fixed):
            return {key: _fill(key, entry[key], action[key]) if _is_form(entry[key]) else action[key] for key in entry}
    raise Refusal("bad_choice", type=action["type"])


def _is_form(value: Any) -> bool:
    return isinstance(value, dict) and set(value) in ({"text"}, {"edit"})


def _fill(key: str, form: dict[str, Any], value: Any) -> Any:
    if "text" in form:
        if not isinstance(value, str):
            raise Refusal("malformed", field=key)
        return text(value, form["text"], f"bad_{key}")
    if type(value) is not type(form["edit"]):
        raise Refusal("malformed", field=key)
    return value
