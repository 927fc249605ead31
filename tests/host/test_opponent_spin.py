"""A stake's draw takes a link from each side's phone (issues 25 and 47): the player rolls the die
and draws the card himself, an opponent spins a casino's roulette, and the other side's phone gives
its link without a tap; eight seconds after the draw began, a side whose link did not come forfeits
(the host's ``draw_late``, as the banker), and the log names it. ``draw_late`` and ``new_chain`` are
the host's own: refused from every socket. And the owner's attacks: with every seed the laptop holds
he cannot foresee a draw before the other side's link arrives, cannot pick one with a chain brought
by a claim while it waits, and gains nothing by staying silent once he can work it out."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hostkit import Client

from engine import Game
from engine.fairness import CHANCE, forfeits
from engine.rng import derive, key_of
from tests.engine.randomplay import PhoneChain, concrete
from tests.support.phonefair import PhoneFair, link_for

NAMES = ["Ann", "Bob", "Cas", "Dee"]
AVOID = ("announce", "auction", "claim_lap", "draw_for")


@pytest.fixture
def fairs() -> list[PhoneFair]:
    rnd = random.Random(2025)
    return [PhoneFair(rnd) for _ in NAMES]


@pytest.fixture
def playing(app, table, screen, fairs) -> list[Client]:
    """Four phones with their randomness, started (every start value revealed)."""
    phones = []
    for name, fair in zip(NAMES, fairs):
        phone = Client(app)
        assert phone.emit("join", {"code": table.code, "name": name, **fair.sent()})["ok"]
        phones.append(phone)
    assert screen.act({"type": "start"})["ok"]
    for phone, fair in zip(phones, fairs):
        assert phone.emit("start_value", {"start_value": fair.start_value})["ok"]
    assert table.game is not None
    return phones


def chains(fairs: list[PhoneFair]) -> dict[int, PhoneChain]:
    return {seat: fair.chain for seat, fair in enumerate(fairs)}


def until_spin(screen: Client, phones: list[Client], rnd: random.Random, clock, limit: int = 3000) -> dict:
    """Random play (no stake's link), one act each 0.2 s, until a stake's draw waits for the sides'
    links; its view."""
    for _ in range(limit):
        message = screen.view()
        view = message["view"]
        if view["phase"] == "opponent_draw":
            return view
        assert not view["over"], "the game ended before a stake's draw"
        seats = view["waiting"]["seats"]
        if not seats:
            clock.advance(0.2)
            assert screen.act({"type": "confirm_lap"})["ok"]
            continue
        seat = rnd.choice(seats)
        legal = phones[seat].view()["legal_actions"]
        choices = [a for a in legal if a["type"] not in AVOID] or legal
        clock.advance(0.2)
        answer = phones[seat].act(concrete(rnd.choice(choices), rnd))
        assert answer["ok"], answer
    raise AssertionError("no stake's draw")


def drawn_so_far(log: list[dict]) -> int:
    """The number of the next draw: the draws of the log so far."""
    return sum(len(e["draws"]) for e in log if e["type"] in CHANCE)


def spun(screen: Client) -> dict:
    """The last chance event of the table's log."""
    return next(e for e in reversed(screen.view()["view"]["log"]) if e["type"] in CHANCE)


def give_all(phones: list[Client], fairs: list[PhoneFair], screen: Client) -> None:
    """Every side gives its link, as the pages do: the other side's phone first, the tap last."""
    while (tap := link_for(screen.view()["view"], chains(fairs))) is not None:
        seat, action = tap
        assert phones[seat].act(action)["ok"]


def test_each_side_gives_its_link_and_the_rulebook_says_who_taps(screen, playing, fairs, clock):
    rnd, kinds = random.Random(1), set()
    for _ in range(30):
        if kinds == {True, False}:
            break
        view = until_spin(screen, playing, rnd, clock)
        w = view["waiting"]
        spinner, bettor, sides = w["spinner"], w["bettor"], w["sides"]
        roulette_casino = w["then"] == "duel" and w["game"]["context"] == "casino" and w["symbol"] == "roulette"
        assert spinner == (w["other"] if roulette_casino else bettor) and sides == [bettor, w["other"]]
        kinds.add(roulette_casino)
        assert sorted(view["waiting"]["seats"]) == sorted(sides)
        for seat in sides:
            assert {"type": "draw_for", "link": {"hex": 64}} in playing[seat].view()["legal_actions"]
        wrong = fairs[spinner].chain.links[0]
        assert playing[spinner].act({"type": "draw_for", "link": wrong})["error"]["code"] == "bad_link"
        links = []
        while (tap := link_for(screen.view()["view"], chains(fairs))) is not None:
            seat, action = tap
            others = [p for s, p in enumerate(playing) if s not in sides]
            assert others[0].act(action)["error"]["code"] == "not_your_turn"
            assert playing[seat].act(action)["ok"]
            links.append([seat, action["link"]])
        event = spun(screen)
        assert sorted(event["links"]) == sorted(links) and "alone" not in event
        assert [screen.view()["view"]["players"][s]["chain"] for s, _ in event["links"]] == [
            x for _, x in event["links"]
        ]
    assert kinds == {True, False}


@pytest.mark.parametrize("kind", ["draw_late", "new_chain"])
def test_the_hosts_own_actions_are_refused_from_every_socket(table, screen, playing, fairs, kind, clock):
    view = until_spin(screen, playing, random.Random(1), clock)
    action = {"type": "draw_late"} if kind == "draw_late" else {"type": "new_chain", "seat": 0, "head": "e" * 64}
    spinner = view["waiting"]["spinner"]
    length = len(table.game.log)
    for sender in [screen, *playing]:
        assert sender.act(action)["error"] == {"code": "host_only", "type": kind}
    assert screen.act({"type": "add_player", "name": "Eve"})["error"]["code"] != "host_only"
    assert len(table.game.log) == length and screen.view()["view"]["phase"] == "opponent_draw"
    assert screen.view()["view"]["waiting"]["spinner"] == spinner


def test_a_side_silent_for_eight_seconds_forfeits_and_the_log_names_it(table, screen, playing, fairs, clock):
    view = until_spin(screen, playing, random.Random(1), clock)
    w = view["waiting"]
    bettor, other = w["bettor"], w["other"]
    head = w["heads"][w["sides"].index(bettor)]
    assert playing[bettor].act({"type": "draw_for", "link": fairs[bettor].chain.before(head)})["ok"]
    length, k = len(table.game.log), drawn_so_far(table.game.log)
    clock.advance(7.9)
    assert screen.view()["view"]["phase"] == "opponent_draw" and len(table.game.log) == length
    clock.advance(0.2)
    events = table.game.log[length:]
    forfeit = next(e for e in events if e["type"] == "forfeit")
    assert forfeit["seat"] == other and drawn_so_far(table.game.log) == k  # nothing drawn
    result = next(e for e in events if e["type"] in ("game_result", "pot_game", "grand_slam_step"))
    assert result.get("winner", bettor) == bettor and result.get("won", True) is True
    assert forfeits(json.loads(table.game.to_json())) == [other]


def test_a_link_before_the_timeout_stops_it(table, screen, playing, fairs, clock):
    until_spin(screen, playing, random.Random(1), clock)
    clock.advance(7)
    give_all(playing, fairs, screen)
    length = len(table.game.log)
    if screen.view()["view"]["phase"] != "opponent_draw":
        clock.advance(5)
        assert len(table.game.log) == length


def test_a_claim_while_a_draw_waits_cannot_pick_it(app, table, screen, playing, fairs, clock):
    """Attack 1: the owner holds the other side's seat; he asks for its claim code to bring a chain
    whose first link gives the outcome he wants. While the draw waits for that seat's link the
    claim is refused (``claim_waits``); if he stays silent his seat forfeits; after the draw the
    claim works, and the chain he brings serves only the draws after it. Another seat's public head
    is refused as a chain (``chain_used``)."""
    view = until_spin(screen, playing, random.Random(1), clock)
    w = view["waiting"]
    owner, bettor = w["other"], w["bettor"]
    head = w["heads"][w["sides"].index(bettor)]
    assert playing[bettor].act({"type": "draw_for", "link": fairs[bettor].chain.before(head)})["ok"]
    assert screen.act({"type": "claim_code", "seat": owner})["ok"]
    code = screen.view()["table"]["claims"][str(owner)]["code"]
    chosen = PhoneFair(random.Random(9))
    claimer = Client(app)
    claimer._ids = itertools.count(1000)  # the seat's ids so far were the lost phone's
    assert claimer.emit("claim", {"code": code, **chosen.sent()})["error"]["code"] == "claim_waits"
    clock.advance(8.1)
    forfeit = next(e for e in reversed(table.game.log) if e["type"] == "forfeit")
    assert forfeit["seat"] == owner
    borrowed = {**chosen.sent(), "chain": fairs[bettor].chain.head}
    assert claimer.emit("claim", {"code": code, **borrowed})["error"]["code"] == "chain_used"
    answer = claimer.emit("claim", {"code": code, **chosen.sent()})
    assert answer["ok"] and answer["seeded"] is False
    assert {"type": "chain", "seat": owner, "head": chosen.chain.head} in table.game.log
    assert screen.view()["view"]["players"][owner]["chain"] == chosen.chain.head


def test_tap_or_stay_silent_gains_the_owner_nothing(app, table, screen, playing, fairs, clock):
    """Attack 2: the owner holds Ann's phone and knows the key. At every draw with Ann as a side he
    waits for the other side's link, works out the outcome on a copy of the game, and gives his link
    only when it is good for him. Staying silent gives him the outcome that is worst for him, so his
    results are those of giving every time."""
    owner, rnd, tried, silent = 0, random.Random(3), 0, 0
    while tried < 8:
        view = until_spin(screen, playing, rnd, clock)
        w = view["waiting"]
        if owner not in w["sides"]:
            give_all(playing, fairs, screen)
            continue
        tried += 1
        while tap := link_for(screen.view()["view"], {s: c for s, c in chains(fairs).items() if s != owner}):
            assert playing[tap[0]].act(tap[1])["ok"]
        mine = fairs[owner].chain.before(w["heads"][w["sides"].index(owner)])
        copy = Game.from_json(table.game.to_json())
        good_if_given = good_for(owner, w, copy.apply(owner, {"type": "draw_for", "link": mine}))
        if good_if_given:
            assert playing[owner].act({"type": "draw_for", "link": mine})["ok"]
            continue
        silent += 1
        length = len(table.game.log)
        clock.advance(8.1)
        events = table.game.log[length:]
        assert next(e for e in events if e["type"] == "forfeit")["seat"] == owner
        assert not good_for(owner, w, events), "staying silent turned a bad outcome into a good one"
    assert silent >= 1, "the test never tried staying silent"


def good_for(seat: int, waiting: dict, events: list[dict]) -> bool:
    """Whether a stake's result is good for ``seat``: it won the duel, or it played and won, or it
    was the other side of a game the player lost."""
    result = next(e for e in events if e["type"] in ("game_result", "pot_game", "grand_slam_step"))
    if result["type"] == "game_result":
        return result["winner"] == seat
    return result["won"] == (waiting["bettor"] == seat)


def test_the_owners_attack_fails(app, table, screen, fairs, clock):
    """The laptop's owner knows the host's seed (the data folder) and every phone's client seed,
    commitment and chain head (they arrive with the joins). It works out the deal for the seats
    as they are, and each stake's draw from what it knows before the sides' links come: it must
    fail. Seeds are fixed, so the test is deterministic."""
    phones = []
    for name, fair in zip(NAMES, fairs):
        phone = Client(app)
        assert phone.emit("join", {"code": table.code, "name": name, **fair.sent()})["ok"]
        phones.append(phone)
    known = table.lobby.fair_args()
    seed = table.lobby.seed
    guessed = Game.new(
        NAMES,
        seed=seed,
        client_seeds=known["client_seeds"],
        start_commits=known["start_commits"],
        chains=known["chains"],
    )
    assert screen.act({"type": "start"})["ok"]
    for phone, fair in zip(phones, fairs):
        assert phone.emit("start_value", {"start_value": fair.start_value})["ok"]
    real = table.game
    assert [e.get("draws") for e in guessed.log] != [e.get("draws") for e in real.log]
    assert [e for e in guessed.log if e["type"] == "dealt"] != [e for e in real.log if e["type"] == "dealt"]
    # Now the owner knows every start value too (they came in): the draws it names before the links.
    key = key_of(seed, known["client_seeds"], [f.start_value for f in fairs])
    rnd, hits, spins = random.Random(1), 0, 0
    while spins < 12:
        view = until_spin(screen, phones, rnd, clock)
        k = drawn_so_far(real.log)
        n = {"roulette": 37, "dice": 6, "cards": 52}[view["waiting"]["symbol"]]
        foreseen = derive(key, k, n)
        give_all(phones, fairs, screen)
        drawn = next(d for e in real.log if e["type"] in CHANCE for d in e["draws"] if d[0] == k)
        hits += drawn[2] == foreseen
        spins += 1
    assert hits <= 2, f"the owner foresaw {hits} of {spins} draws"
