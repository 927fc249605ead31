"""The rules of Cash & Run, pure and deterministic given the seed. See docs/engine.md."""

from .errors import IllegalAction, SettingsError
from .game import Game
from .settings import DEFAULT_BOX, CasinoSpec, Settings
from .vocabulary import BANKER, Phase, Seat, Space, Symbol

__all__ = [
    "BANKER",
    "DEFAULT_BOX",
    "CasinoSpec",
    "Game",
    "IllegalAction",
    "Phase",
    "Seat",
    "Settings",
    "SettingsError",
    "Space",
    "Symbol",
]
