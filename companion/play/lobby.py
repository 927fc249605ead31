"""The lobby before a game: who joined, in which order, with which settings and box."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine import DEFAULT_BOX, Settings
from engine.rng import new_seed, seed_hash

from ..common.errors import Refusal
from ..door.limits import MAX_NAME
from ..door.names import name_key
from .forms import match
from .pawns import checked_pawn, default_pawn

MIN_PLAYERS = 3
MAX_PLAYERS = 6
NAME = {"text": MAX_NAME}


@dataclass(slots=True)
class LobbySeat:
    """A seat in the lobby; ``pid`` stays the same when the seat order changes."""

    pid: str
    name: str
    pawn: dict[str, str] | None = None
    """The pawn's colour and emoji; None for a seat without a phone."""
    client_seed: str | None = None
    """The randomness the seat's phone added (docs/fairness.md); None for none."""
    start_commit: str | None = None
    """The SHA-256 hex of the start value the seat's phone keeps until the start; None for none."""
    start_value: str | None = None
    """That start value, once the phone revealed it after the banker's ``start``."""
    chain: str | None = None
    """The head of the phone's hash chain (its links for stakes' draws); None for a seat without a phone."""
    fair_due: bool = False
    """The seat's phone took part in the last game and was moved here (Play again): the lobby
    cannot start until it sends its new seeds, commitment and chain (``seed``)."""


@dataclass(frozen=True, slots=True)
class Fair:
    """What a phone sends with ``join``, ``claim`` or ``seed`` for the draws (docs/fairness.md):
    its client seed, the commitment to its start value and its hash chain's head."""

    client_seed: str | None = None
    start_commit: str | None = None
    chain: str | None = None

    def seat(self, player: LobbySeat) -> None:
        """The seat takes these (a new start value: none revealed yet)."""
        player.client_seed, player.start_commit, player.chain = self.client_seed, self.start_commit, self.chain
        player.start_value = None
        player.fair_due = player.fair_due and self.start_commit is None

    def at(self, player: LobbySeat) -> bool:
        """Whether the seat has exactly these already."""
        return (player.client_seed, player.start_commit, player.chain) == (
            self.client_seed,
            self.start_commit,
            self.chain,
        )


@dataclass(slots=True)
class Lobby:
    players: list[LobbySeat] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=lambda: Settings().to_dict())
    locked: bool = False
    seed: str = field(default_factory=new_seed)
    """The game's secret seed, made when the lobby opens; only its hash is shown until the end."""
    starting: bool = False
    """The banker pressed start: seats, players and settings are final (for good) while the
    phones reveal their start values."""
    late: bool = False
    """Some phone did not reveal in time: the banker may start without it (a restarted host
    gives the phones their time again: ``LiveTable`` sets it back)."""
    tonight: dict[str, int] = field(default_factory=dict)
    """Games won this evening by player id, before this lobby's game: Play again carries it on."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lobby:
        """The lobby ``to_dict`` saved; ValueError("format") for one saved before the seeds (no seed)."""
        if "seed" not in data:
            raise ValueError("format")
        return cls(
            [LobbySeat(**p) for p in data["players"]],
            data["settings"],
            data["locked"],
            data["seed"],
            data.get("starting", False),
            data.get("late", False),
            _wins(data.get("tonight", {})),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [asdict(p) for p in self.players],
            "settings": self.settings,
            "locked": self.locked,
            "seed": self.seed,
            "starting": self.starting,
            "late": self.late,
            "tonight": self.tonight,
        }

    def fair_args(self) -> dict[str, list[str | None]]:
        """What ``Game.new`` takes of the phones, per seat: client seeds, start commitments and
        values, chain heads (None where a seat has none)."""
        return {
            "client_seeds": [p.client_seed for p in self.players],
            "start_commits": [p.start_commit for p in self.players],
            "start_values": [p.start_value for p in self.players],
            "chains": [p.chain for p in self.players],
        }

    def waiting(self) -> list[int]:
        """The seats whose phone committed to a start value and has not revealed it yet."""
        return [seat for seat, p in enumerate(self.players) if p.start_commit and p.start_value is None]

    def seat_of(self, pid: str) -> int:
        return next(seat for seat, player in enumerate(self.players) if player.pid == pid)

    def view(self, code: str, phones: set[str], connected: set[str]) -> dict[str, Any]:
        """What every screen sees of the lobby (phones add ``you``)."""
        return {
            "code": code,
            "locked": self.locked,
            "seed_hash": seed_hash(self.seed),
            "players": [
                {
                    "seat": seat,
                    "name": p.name,
                    "phone": p.pid in phones,
                    "connected": p.pid in connected,
                    **({"pawn": p.pawn} if p.pawn else {}),
                }
                for seat, p in enumerate(self.players)
            ],
            "settings": self.settings,
            "box_example": self.settings["box"] == EXAMPLE_BOX,
            "starting": {"waiting": self.waiting(), "late": self.late} if self.starting else None,
            "min_players": MIN_PLAYERS,
            "max_players": MAX_PLAYERS,
        }

    # The banker's lobby actions (the table screen).

    def table_actions(self) -> list[dict[str, Any]]:
        if self.starting:
            return [{"type": "start_without"}] if self.late else []
        seats = range(len(self.players))
        actions: list[dict[str, Any]] = [
            {"type": "move_seat", "seat": i, "to": j} for i in seats for j in seats if i != j
        ]
        actions += [{"type": "remove_player", "seat": i} for i in seats]
        if len(self.players) < MAX_PLAYERS:
            actions.append({"type": "add_player", "name": NAME})
        actions.append({"type": "unlock"} if self.locked else {"type": "lock"})
        actions.append({"type": "set_settings", "settings": {"edit": self.settings}})
        actions.append({"type": "set_box", "box": {"edit": self.settings["box"]}})
        if len(self.players) >= MIN_PLAYERS:
            actions.append({"type": "start"})
        return actions

    def apply_table(self, action: Any, new_pid: str) -> str | None:
        """Apply a banker's lobby action; returns the pid of a removed player.

        ``start`` is only checked here: the table starts the game. ``new_pid`` names a
        player that ``add_player`` creates. Once started, every change is refused (``starting``).
        """
        if self.starting and not (isinstance(action, dict) and action.get("type") == "start_without"):
            raise Refusal("starting")
        action = match(self.table_actions(), action)
        kind = action["type"]
        if kind == "move_seat":
            self.players.insert(action["to"], self.players.pop(action["seat"]))
        elif kind == "remove_player":
            return self.players.pop(action["seat"]).pid
        elif kind == "add_player":
            self.add(new_pid, action["name"])
        elif kind in ("lock", "unlock"):
            self.locked = kind == "lock"
        elif kind == "set_settings":
            self.settings = checked_settings({**self.settings, **action["settings"]}, len(self.players))
        elif kind == "set_box":
            self.settings = checked_settings({**self.settings, "box": action["box"]}, len(self.players))
        elif kind == "start":
            checked_settings(self.settings, len(self.players), starting=True)
        return None

    # A phone's lobby actions.

    def phone_actions(self) -> list[dict[str, Any]]:
        return [] if self.starting else [{"type": "rename", "name": NAME}, {"type": "leave"}]

    def apply_phone(self, pid: str, action: Any) -> str | None:
        """Apply a player's own lobby action; returns the pid if the player left."""
        if self.starting:
            raise Refusal("starting")
        action = match(self.phone_actions(), action)
        if action["type"] == "leave":
            return self.players.pop(self.seat_of(pid)).pid
        self._check_name(action["name"], pid)
        self.players[self.seat_of(pid)].name = action["name"]
        return None

    def add(self, pid: str, name: str, phone: bool = False, pawn: Any = None, fair: Fair | None = None) -> LobbySeat:
        """A new seat at the end of the order. A phone's seat gets a pawn: ``pawn`` as the page
        sent it (checked here), or the first free colour when the page sent none; and what it
        adds to the draws (``fair``)."""
        if len(self.players) >= MAX_PLAYERS:
            raise Refusal("lobby_full", max=MAX_PLAYERS)
        self._check_name(name)
        player = LobbySeat(pid, name)
        (fair or Fair()).seat(player)
        if phone:
            taken = self.taken_colours()
            player.pawn = default_pawn(taken, self.taken_signs()) if pawn is None else checked_pawn(pawn, taken)
        self.players.append(player)
        return player

    def taken_colours(self) -> set[str]:
        return {p.pawn["colour"] for p in self.players if p.pawn}

    def taken_signs(self) -> set[str]:
        return {p.pawn["emoji"] for p in self.players if p.pawn}

    def pawns(self) -> list[dict[str, str] | None]:
        """Per seat: its pawn, or None."""
        return [p.pawn for p in self.players]

    def _check_name(self, name: str, pid: str | None = None) -> None:
        key = name_key(name)
        if any(name_key(p.name) == key and p.pid != pid for p in self.players):
            raise Refusal("name_taken", name=name)


def _wins(data: Any) -> dict[str, int]:
    """A saved scoreboard, with anything but a count per player id left out."""
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if type(v) is int and v > 0}


def checked_settings(data: dict[str, Any], players: int, starting: bool = False) -> dict[str, Any]:
    """Settings the engine accepts for this many players (clamped to 3..6 before the start)."""
    if starting and players < MIN_PLAYERS:
        raise Refusal("not_enough_players", min=MIN_PLAYERS)
    try:
        settings = Settings.from_dict(data)
        settings.validate(min(max(players, MIN_PLAYERS), MAX_PLAYERS))
        return settings.to_dict()
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        field_name = str(error) if str(error) in Settings.__dataclass_fields__ else "settings"
        detail = getattr(error, "detail", None)
        raise Refusal("bad_settings", **(detail if isinstance(detail, dict) else {}), field=field_name) from error


EXAMPLE_BOX = [asdict(casino) for casino in DEFAULT_BOX]
"""The box the host starts with, four real names and eight placeholders, until the family sets up its own."""

PROFILE = ("box", "board")
"""The settings the host remembers for the next lobby (the box profile): the casinos and the board map."""


def profile_set(action: dict[str, Any]) -> list[str]:
    """The parts of the box profile that a (checked) banker's lobby action sets."""
    if action["type"] == "set_box":
        return ["box"]
    return [key for key in PROFILE if key in action["settings"]] if action["type"] == "set_settings" else []


def with_profile(settings: dict[str, Any], profile: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``settings`` with each remembered part of the box profile that the engine accepts (the
    board is checked against the box taken before it); also the parts refused."""
    refused = []
    for key in PROFILE:
        if profile.get(key) is None:
            continue
        try:
            settings = checked_settings({**settings, key: profile[key]}, MIN_PLAYERS)
        except Refusal:
            refused.append(key)
    return settings, refused
