"""Helpers for the engine's unit tests: a scripted random source and short ways to
arrange a table through the public API (the banker's corrections).

The module has an unusual name on purpose: the test folders have no ``__init__.py``,
so a plain ``helpers.py`` could clash with a namesake in another test folder.
"""

from __future__ import annotations

import json
from typing import Any

import engine.rng
from engine import BANKER, Game, IllegalAction, Settings
from engine.vocabulary import RANKS, SUITS

REASON = "test arrangement"


# ---------------------------------------------------------------- chosen outcomes

Outcome = tuple[int, int]
"""``(n, value)``: the next draw must be ``below(n)`` and yields ``value``."""


def spin(number: int) -> list[Outcome]:
    """A roulette spin landing on ``number`` (0 is a zero that the engine respins)."""
    assert 0 <= number <= 36
    return [(37, number)]


def die(value: int) -> list[Outcome]:
    assert 1 <= value <= 6
    return [(6, value - 1)]


def dice(a: int, b: int) -> list[Outcome]:
    assert 1 <= a <= 6 and 1 <= b <= 6
    return [(36, (a - 1) * 6 + (b - 1))]


def card(rank: str, suit: str) -> list[Outcome]:
    return [(52, SUITS.index(suit) * 13 + RANKS.index(rank))]


class Scripted(engine.rng.Rng):
    """The game's source with a queue of chosen outcomes in front of the real draws."""

    def __init__(self, rng: engine.rng.Rng, queue: list[Outcome]) -> None:
        super().__init__(rng.seed, rng.client_seeds, rng.draws, rng.start_values)
        self.queue = queue

    def value(self, draw: int, n: int, hidden: bool, link: str | None) -> int:
        if not self.queue:
            return super().value(draw, n, hidden, link)
        want_n, value = self.queue.pop(0)
        assert want_n == n, f"scripted a draw below {want_n}, the engine asked below {n}"
        assert 0 <= value < n
        return value


def script(game: Game, *outcomes: list[Outcome]) -> Scripted:
    """Queue chosen outcomes for the next draws of ``game`` (the one private access)."""
    queue = [o for group in outcomes for o in group]
    rng = game._t.rng
    if isinstance(rng, Scripted):
        rng.queue.extend(queue)
        return rng
    scripted = Scripted(rng, queue)
    game._t.rng = scripted
    return scripted


def script_left(game: Game) -> int:
    """How many scripted outcomes have not been drawn yet."""
    rng = game._t.rng
    return len(rng.queue) if isinstance(rng, Scripted) else 0


# ---------------------------------------------------------------- games and actions


def new_game(players: int = 3, seed: str = "fixed", first: int | None = 0, **settings: Any) -> Game:
    """A seeded game; with ``first`` set, turns are passed until that seat is to roll."""
    game = Game.new([f"P{i}" for i in range(players)], settings=Settings(**settings), seed=seed)
    if first is not None:
        turn_to(game, first)
    return game


def find(game: Game, seat: int, type_: str, /, **fields: Any) -> dict[str, Any]:
    """The one listed action of that type matching ``fields``, with amounts and reasons filled in."""
    matches = []
    for template in game.legal_actions(seat):
        if template["type"] != type_:
            continue
        if any(k not in template for k in fields):
            continue
        action, ok = {}, True
        for key, want in template.items():
            if isinstance(want, dict) and "step" in want:
                if key not in fields:
                    ok = False
                    break
                action[key] = fields[key]
            elif isinstance(want, dict) and "text" in want:
                action[key] = fields.get(key, REASON)
            else:
                if key in fields and fields[key] != want:
                    ok = False
                    break
                action[key] = want
        if ok:
            matches.append(action)
    assert matches, f"no listed {type_} {fields} for seat {seat}: {str(game.legal_actions(seat))[:600]}"
    assert len(matches) == 1, f"several listed {type_} match {fields}: {matches}"
    return matches[0]


def act(game: Game, seat: int, type_: str, /, **fields: Any) -> list[dict[str, Any]]:
    """Apply the listed action of that type matching ``fields``; return its events."""
    return game.apply(seat, find(game, seat, type_, **fields))


def listed(game: Game, seat: int, type_: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a["type"] == type_]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def one(events: list[dict[str, Any]], type_: str) -> dict[str, Any]:
    found = of_type(events, type_)
    assert len(found) == 1, f"expected one {type_} in {types(events)}"
    return found[0]


def pub(game: Game) -> dict[str, Any]:
    return game.view(None)


def phase(game: Game) -> str:
    return game.view(None)["phase"]


def turn(game: Game) -> int:
    return game.view(None)["turn"]


def money(game: Game, place: int | str) -> int:
    view = game.view(None)
    if place in ("bank", "pot"):
        return view[place]
    return view["players"][place]["money"]


def casinos(game: Game, seat: int) -> list[int]:
    return game.view(None)["players"][seat]["casinos"]


def owner(game: Game, casino: int) -> int | None:
    return game.view(None)["casinos"][casino]["owner"]


def hand(game: Game, seat: int) -> list[dict[str, Any]]:
    return game.view(seat)["you"]["bluff_cards"]


def total_money(game: Game) -> int:
    view = game.view(None)
    return sum(p["money"] for p in view["players"]) + view["pot"] + (view["bank"] or 0)


def state(game: Game) -> dict[str, Any]:
    """The whole saved state, for 'nothing changed' comparisons."""
    return json.loads(game.to_json())


def refused(game: Game, seat: int, action: Any) -> IllegalAction:
    """Apply an action that must be refused; check nothing changed; return the error."""
    before = game.to_json()
    try:
        game.apply(seat, action)
    except IllegalAction as error:
        assert game.to_json() == before, "a refused action changed the game"
        return error
    raise AssertionError(f"{action} was accepted")


# ---------------------------------------------------------------- arranging a table


def banker(game: Game, type_: str, /, **fields: Any) -> list[dict[str, Any]]:
    return act(game, BANKER, type_, **fields)


def set_money(game: Game, place: int | str, amount: int, via: str = "bank") -> None:
    """Move money between ``via`` (the bank, or the pot for the bank itself) and ``place``
    until ``place`` holds ``amount``."""
    if place == "bank":
        via = "pot"
    have = money(game, place)
    if amount > have:
        banker(game, "transfer", **{"from": via, "to": place, "amount": amount - have})
    elif amount < have:
        banker(game, "transfer", **{"from": place, "to": via, "amount": have - amount})
    assert money(game, place) == amount


def set_casinos(game: Game, holdings: dict[int, list[int]], free_others: bool = False) -> None:
    """Give each listed seat exactly these casinos (taking others of theirs back to the bank)."""
    wanted = {c: seat for seat, owned in holdings.items() for c in owned}
    view = game.view(None)
    for casino in view["casinos"]:
        cid, current = casino["id"], casino["owner"]
        if cid in wanted:
            target = wanted[cid]
        elif current in holdings or free_others:
            target = None
        else:
            continue
        if current != target:
            banker(game, "move_casino", casino=cid, to="bank" if target is None else target)
    for seat, owned in holdings.items():
        assert sorted(casinos(game, seat)) == sorted(owned)


def set_hand(game: Game, seat: int, symbols: list[str]) -> list[int]:
    """Give ``seat`` exactly cards of these symbols, cycling the pile with give/take; return the ids."""
    while hand(game, seat):
        banker(game, "take_bluff", seat=seat)
    ids: list[int] = []
    for symbol in symbols:
        for _ in range(60):
            banker(game, "give_bluff", seat=seat)
            newest = hand(game, seat)[-1]
            if newest["symbol"] == symbol:
                ids.append(newest["id"])
                break
            banker(game, "take_bluff", seat=seat)
        else:
            raise AssertionError(f"no {symbol} bluff card in the pile")
    assert [c["symbol"] for c in hand(game, seat)] == symbols
    return ids


def pass_turn(game: Game) -> None:
    """The current player rolls a non-double, lands on Bluff and declines."""
    seat = turn(game)
    script(game, dice(1, 2))
    act(game, seat, "roll")
    act(game, seat, "land", space="bluff")
    act(game, seat, "decline")


def turn_to(game: Game, seat: int) -> None:
    for _ in range(10):
        if turn(game) == seat and phase(game) == "roll":
            return
        pass_turn(game)
    raise AssertionError(f"seat {seat} never got the turn")


def roll_and_land(game: Game, seat: int, a: int = 1, b: int = 2, **land: Any) -> list[dict[str, Any]]:
    """Roll chosen dice, then land where ``land`` says; return all the events."""
    script(game, dice(a, b))
    events = act(game, seat, "roll")
    return events + act(game, seat, "land", **land)


def casino_of(game: Game, symbol: str, colour: str | None = None, exclude: tuple[int, ...] = ()) -> int:
    """The first casino of the box with that symbol (and colour)."""
    for casino in game.view(None)["casinos"]:
        if (
            casino["symbol"] == symbol
            and (colour is None or casino["colour"] == colour)
            and casino["id"] not in exclude
        ):
            return casino["id"]
    raise AssertionError(symbol)


def pile(game: Game) -> list[str]:
    """The bluff pile's symbols, top first, as the engine holds them (its save file)."""
    return json.loads(game.to_json())["core"]["pile"]
