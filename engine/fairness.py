"""The fairness check of a finished game's export, step by step (docs/fairness.md).

The same checks, in the same order and with the same failure codes, as the page's own
check (web/static/js/fair/fair-check.js): the seed opens the published hash, the phone's own
client seed (and start value) is at its seat, every start value opens its commit, every link an
opponent gave follows its hash chain, the draw numbers run 0, 1, 2, ... without a gap (a hidden draw
``[k, n]``, every other ``[k, n, value]``), every value re-derives from the key (a hidden one is
derived; a draw that settled a stake with an opponent's link, derived with it), and what each
chance event shows follows from its values.
"""

from __future__ import annotations

from typing import Any

from .randomisers import HIDDEN_DECKS
from .rng import derive, is_client_seed, is_hash, key_of, seed_hash
from .vocabulary import BLANK, RANKS, SUITS, SYMBOLS

CHANCE = frozenset({"spin", "die", "dice", "card", "shuffle", "tuck"})


class Unfair(Exception):
    """A check failed: ``code`` names it, ``where`` the event index or draw number, if any."""

    def __init__(self, code: str, where: int | None = None) -> None:
        super().__init__(code if where is None else f"{code} at {where}")
        self.code = code
        self.where = where


def check(
    export: dict[str, Any],
    client_seed: str | None = None,
    seat: int | None = None,
    kept_hash: str | None = None,
    start_value: str | None = None,
) -> int:
    """Every check on a finished game's export (the engine's ``to_json``); the number of draws.

    ``client_seed``, ``start_value`` and ``seat``: a phone's own, to find at its seat (a start value
    not sent in time is null there, which ``check`` leaves to the caller to say); ``kept_hash``: the
    seed's hash as the phone was shown it before it joined. Raises ``Unfair``.
    """
    log = export.get("log") or []
    if not log or log[0].get("type") != "game_started":
        raise Unfair("no_start")
    start, seed = log[0], export.get("seed")
    if not isinstance(seed, str) or not any(e.get("type") == "game_won" for e in log):
        raise Unfair("not_over")
    if seed_hash(seed) != start.get("seed_hash"):
        raise Unfair("seed_hash")
    if kept_hash is not None and kept_hash != start["seed_hash"]:
        raise Unfair("kept_hash")
    seeds = start.get("client_seeds")
    if (
        not isinstance(seeds, list)
        or len(seeds) != len(start.get("players") or [])
        or any(c is not None and not is_client_seed(c) for c in seeds)
    ):
        raise Unfair("client_seeds")
    starts = _start_values(start)
    if client_seed is not None and (seat is None or not 0 <= seat < len(seeds) or seeds[seat] != client_seed):
        raise Unfair("own_seed")
    if start_value is not None and (
        seat is None or not 0 <= seat < len(starts) or starts[seat] not in (None, start_value)
    ):
        raise Unfair("own_start")
    _follow_chains(start, log)
    draws = [(hidden(e), _joined(e), d) for e in log if e.get("type") in CHANCE for d in e.get("draws") or []]
    for number, (secret, _, drawn) in enumerate(draws):
        if not (isinstance(drawn, list) and len(drawn) == (2 if secret else 3) and drawn[0] == number):
            raise Unfair("gap", number)
    key = key_of(seed, seeds, starts)
    values = []
    for _, link, (k, n, *shown) in draws:
        if not isinstance(n, int) or n < 1:
            raise Unfair("derive", k)
        value = derive(key, k, n, link)
        if shown and shown[0] != value:
            raise Unfair("derive", k)
        values.append(value)
    tucks = tuck_sizes(log, len(seeds), _bluff_deck_size(export))
    for index, event in enumerate(log):
        if event["type"] in CHANCE and not shows(event, values, export, log, tucks.get(index)):
            raise Unfair("shown", index)
    return len(draws)


HAND = {"bluff_bought": 1, "bluff_returned": -1, "bluff_accepted": -1, "bluff_challenged": -1}
"""How an event changes its seat's hand of bluff cards (a challenged card leaves it, then is tucked)."""


def tuck_sizes(log: list[dict[str, Any]], seats: int, deck: int) -> dict[int, int]:
    """The ``n`` each ``tuck`` (by event index) must have: the pile's size before the card goes in,
    plus one; that is the bluff deck less every card in a hand, counted from the events (``dealt``,
    bought, returned, played, given and taken by the banker, a bankrupt's hand, and an undo's counts)."""
    hands, sizes = [0] * seats, {}
    for index, event in enumerate(log):
        kind, at = event.get("type"), event.get("seat")
        seat: int = at if isinstance(at, int) else -1
        mine = 0 <= seat < seats
        if kind == "dealt" and mine and isinstance(event.get("bluff_count"), int):
            hands[seat] = event["bluff_count"]
        elif kind in HAND and mine:
            hands[seat] += HAND[kind]
        elif kind == "correction" and mine and event.get("kind") in ("give_bluff", "take_bluff"):
            hands[seat] += 1 if event["kind"] == "give_bluff" else -1
        elif kind == "bankrupt" and mine:
            hands[seat] = 0
        elif kind == "undone" and isinstance(event.get("bluff"), list) and len(event["bluff"]) == seats:
            hands = [c if isinstance(c, int) else 0 for c in event["bluff"]]
        elif kind == "tuck":
            sizes[index] = deck - sum(hands)
    return sizes


def alone_draws(export: dict[str, Any]) -> list[int]:
    """The numbers of the draws that settled a stake with the laptop's value alone (no side had a phone)."""
    return [d[0] for e in export.get("log") or [] if e.get("type") in CHANCE and e.get("alone") for d in e["draws"]]


def forfeits(export: dict[str, Any]) -> list[int]:
    """The seats whose phone did not give its link for a stake's draw in time, one per forfeit."""
    return [e["seat"] for e in export.get("log") or [] if e.get("type") == "forfeit"]


def _joined(event: dict[str, Any]) -> str | None:
    """A stake's draw's links joined by ``:``, the message's end (``rng.derive``); None for none."""
    links = event.get("links")
    return ":".join(pair[1] for pair in links) if isinstance(links, list) and links else None


def _start_values(start: dict[str, Any]) -> list[str | None]:
    """The start values, each null or opening its commit (sent before the seats were final)."""
    commits, values = start.get("start_commits"), start.get("start_values")
    seats = len(start.get("players") or [])
    if (
        not (isinstance(commits, list) and isinstance(values, list) and len(commits) == len(values) == seats)
        or any(c is not None and not is_hash(c) for c in commits)
        or any(v is not None and not (is_client_seed(v) and seed_hash(v) == c) for c, v in zip(commits, values))
    ):
        raise Unfair("start_values")
    return values


RESULTS = frozenset({"game_result", "pot_game", "grand_slam_step"})
"""The events a stake's draw (or a side's forfeit) decides."""


def _follow_chains(start: dict[str, Any], log: list[dict[str, Any]]) -> None:
    """Every stake's draw carries the links of exactly the sides that have a phone (``alone`` when
    none has), each hashing to its seat's head, which it then becomes (a new phone's ``chain`` event
    gives a new head); the spin after a zero keeps the links of its draw. A ``forfeit`` names a side;
    every result follows its own draw or forfeit (or a true bluff card turned over)."""
    heads = start.get("chains")
    seats = len(start.get("players") or [])
    if not isinstance(heads, list) or len(heads) != seats or any(h is not None and not is_hash(h) for h in heads):
        raise Unfair("chain", 0)
    heads, out, owner, last, decided = list(heads), set(), None, None, False
    for index, event in enumerate(log):
        kind = event.get("type")
        if (
            kind == "chain"
            and isinstance(event.get("seat"), int)
            and 0 <= event["seat"] < seats
            and is_hash(event.get("head"))
        ):
            heads[event["seat"]] = event["head"]
        elif kind == "bankrupt":
            out.add(event.get("seat"))
        elif kind in ("bet", "buy_back"):
            owner = event.get("owner")
        elif kind == "forfeit":
            sides = _sides(heads, out, event.get("bettor"), event.get("for"), owner)
            links = event.get("links")
            if (
                event.get("seat") not in sides
                or not isinstance(links, list)
                or any(
                    not (isinstance(p, list) and len(p) == 2 and p[0] in sides and p[0] != event["seat"]) for p in links
                )
            ):
                raise Unfair("chain", index)
            _follow(heads, links, index)
            decided = True
        elif kind in RESULTS:
            turned = log[index - 2] if index > 1 and log[index - 1].get("type") == "tuck" else {}  # a true card, tucked
            after_bluff = turned.get("type") == "bluff_challenged" and turned.get("valid") is True
            if not (decided or after_bluff):
                raise Unfair("chain", index)
            decided = False
        if kind not in CHANCE:
            continue
        links = event.get("links")
        if "for" not in event:
            if links is not None or "alone" in event:
                raise Unfair("chain", index)
            continue
        sides = _sides(heads, out, event.get("seat"), event["for"], owner)
        if not sides:
            if event.get("alone") is not True or links is not None:
                raise Unfair("chain", index)
        elif (
            "alone" in event
            or not isinstance(links, list)
            or [pair[0] if isinstance(pair, list) and len(pair) == 2 else None for pair in links] != sides
        ):
            raise Unfair("chain", index)
        elif links != last:
            _follow(heads, links, index)
        zero = kind == "spin" and event.get("number") == 0
        last = links if zero else None
        decided = decided or not zero


def _follow(heads: list[str | None], links: list[list[Any]], index: int) -> None:
    """Each ``[seat, link]`` opens the seat's head, which the link then becomes."""
    for seat, link in links:
        if not is_hash(link) or seed_hash(link) != heads[seat]:
            raise Unfair("chain", index)
        heads[seat] = link


def _sides(heads: list[str | None], out: set[Any], bettor: Any, kind: Any, owner: Any) -> list[int]:
    """The sides of a stake's draw that give a link (``opponent.draw_or_wait``): the bettor, then
    the casino's owner for a duel, else the next player after the bettor; each if it has a phone."""
    seats = len(heads)
    if not (isinstance(bettor, int) and 0 <= bettor < seats) or kind not in ("duel", "pot", "slam"):
        return []

    def has(seat: Any) -> bool:
        return isinstance(seat, int) and 0 <= seat < seats and heads[seat] is not None and seat not in out

    preferred = owner if kind == "duel" else None
    other = (
        preferred
        if has(preferred) and preferred != bettor
        else next((s for s in ((bettor + step) % seats for step in range(1, seats)) if has(s)), None)
    )
    return [s for s in (bettor, other) if s is not None and has(s)]


def hidden(event: dict[str, Any]) -> bool:
    """Whether the chance event fixes a secret, so that its draws are ``[k, n]`` without a value."""
    return event.get("type") == "tuck" or (event.get("type") == "shuffle" and event.get("deck") in HIDDEN_DECKS)


def shows(
    event: dict[str, Any],
    values: list[int],
    export: dict[str, Any],
    log: list[dict[str, Any]],
    tuck_n: int | None = None,
) -> bool:
    """Whether what the chance event shows follows from its draws' values (``values`` by draw number);
    ``tuck_n``: the ``n`` a tuck must have (``tuck_sizes``)."""
    draws: list[tuple[int, int]] = [(d[1], values[d[0]]) for d in event["draws"]]
    if event["type"] == "shuffle":
        return _shuffle_shows(event, draws, export, log)
    if len(draws) != 1:
        return False
    n, value = draws[0]
    if event["type"] == "tuck":
        return n == tuck_n
    if event["type"] == "spin":
        return n == 37 and event.get("number") == value
    if event["type"] == "die":
        return n == 6 and event.get("value") == value + 1
    if event["type"] == "dice":
        return n == 36 and event.get("values") == [value // 6 + 1, value % 6 + 1]
    return n == 52 and event.get("rank") == RANKS[value % 13] and event.get("suit") == SUITS[value // 13]


def fisher_yates(items: list[Any], values: list[int]) -> list[Any]:
    """``items`` shuffled with these values: for i from the last index down to 1, swap i and the value."""
    items = list(items)
    for i, j in zip(range(len(items) - 1, 0, -1), values):
        items[i], items[j] = items[j], items[i]
    return items


def _bluff_deck_size(export: dict[str, Any]) -> int:
    return sum((export.get("settings") or {}).get("bluff_deck", {}).values())


def _shuffle_shows(
    event: dict[str, Any], draws: list[tuple[int, int]], export: dict[str, Any], log: list[dict[str, Any]]
) -> bool:
    """The draws are below len, len - 1, ..., 2; the casinos dealt (or the bluff pile) follow from them."""
    settings = export.get("settings") or {}
    deck: list[str] | list[int]
    if event.get("deck") == "bluff":
        deck = [s for s in (BLANK, *SYMBOLS) for _ in range(settings.get("bluff_deck", {}).get(s, 0))]
    else:
        deck = list(range(len(settings.get("box") or [])))
    if [n for n, _ in draws] != list(range(len(deck), 1, -1)):
        return False
    order = fisher_yates(deck, [v for _, v in draws])
    if event.get("deck") == "bluff":
        return order == export.get("bluff_symbols")
    each = settings.get("starting_casinos", 0)
    dealt = [e for e in log if e.get("type") == "dealt"]
    return all(e["casinos"] == sorted(order[e["seat"] * each : (e["seat"] + 1) * each]) for e in dealt)
