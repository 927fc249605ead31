"""What a saved game is made of: the database's tables and the rows the database reads and writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    table_key TEXT NOT NULL UNIQUE,
    code TEXT NOT NULL,
    status TEXT NOT NULL,            -- lobby | playing | over
    created REAL NOT NULL,
    updated REAL NOT NULL,
    lobby TEXT NOT NULL,             -- players, settings, locked (JSON)
    engine TEXT,                     -- the engine's to_json (exact) once the game started ...
    engine_n INTEGER NOT NULL DEFAULT 0  -- ... including the actions up to this number
);
CREATE INDEX IF NOT EXISTS games_code ON games (code, status);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,           -- sha256 of a seat token
    game TEXT NOT NULL REFERENCES games (id),
    pid TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_game ON tokens (game);
CREATE TABLE IF NOT EXISTS left_out (
    hash TEXT PRIMARY KEY,           -- sha256 of the token of a seat the banker started without
    game TEXT NOT NULL REFERENCES games (id)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    actor TEXT NOT NULL,             -- "p:<pid>", "table" or "host"
    id TEXT NOT NULL,
    seat INTEGER,                    -- the engine seat of a game action (-1 the banker)
    action TEXT NOT NULL,
    answer TEXT NOT NULL,
    at REAL NOT NULL,
    first_event INTEGER NOT NULL,    -- the log's length before the action
    events INTEGER NOT NULL,         -- the log's length after it
    PRIMARY KEY (game, n),
    UNIQUE (game, actor, id)
);
CREATE TABLE IF NOT EXISTS prefs (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action, with the answer its sender got and the host's time.

    ``seat`` is set for a game action: replaying it on the engine gives the same state.
    """

    actor: str
    id: str
    seat: int | None
    action: dict[str, Any]
    answer: dict[str, Any]
    at: float
    first_event: int = 0
    events: int = 0


@dataclass(slots=True)
class SavedGame:
    id: str
    table_key: str
    code: str
    status: str
    created: float
    updated: float
    lobby: dict[str, Any]
    engine: str | None
    """The engine's ``to_json`` after the action numbered ``engine_n``."""
    engine_n: int = 0
    tokens: dict[str, str] = field(default_factory=dict)
    """Token hash to player id."""
    actions: list[tuple[int, ActionRow]] = field(default_factory=list)
    """Every accepted action with its number, in order."""


@dataclass(slots=True)
class Change:
    """What one accepted message changes, written in one transaction."""

    status: str
    at: float
    action: ActionRow
    lobby: dict[str, Any] | None = None
    engine: str | None = None
    """A snapshot of the game including this action."""
    add_tokens: dict[str, str] = field(default_factory=dict)
    drop_tokens: list[str] = field(default_factory=list)
    prefs: dict[str, Any] = field(default_factory=dict)
    """Host preferences saved with it (the box profile after ``set_box``)."""
