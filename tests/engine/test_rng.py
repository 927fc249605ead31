"""The seeded source: deterministic, in range, without modulo bias, and reproducible
from the seed and the client seeds once the seed is revealed."""

import random

import pytest

from engine import Game
from engine.rng import Rng, derive, key_of, seed_hash
from engine.vocabulary import RANKS, SUITS

VECTOR_SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
VECTOR_CLIENTS = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"]


def test_the_test_vector_of_docs_fairness():
    key = key_of(VECTOR_SEED, VECTOR_CLIENTS)
    assert key == (VECTOR_SEED + "|" + "|".join(VECTOR_CLIENTS)).encode()
    assert [derive(key, k, 37) for k in range(10)] == [17, 13, 21, 26, 16, 34, 34, 18, 15, 6]
    assert [derive(key, k, 6) for k in range(10)] == [0, 3, 5, 4, 2, 1, 1, 5, 3, 4]
    assert seed_hash(VECTOR_SEED) == "2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737"


VECTOR_STARTS = ["0f1e2d3c4b5a69788796a5b4c3d2e1f0", None]
VECTOR_LINK = "5e" * 32


def test_the_test_vector_with_start_values_and_an_opponents_link():
    """docs/fairness.md's second vector: seat 1 sent no start value in time; a draw for a stake
    with the opponent's link."""
    key = key_of(VECTOR_SEED, VECTOR_CLIENTS, VECTOR_STARTS)
    assert key == (VECTOR_SEED + "|" + "|".join(VECTOR_CLIENTS) + "|" + VECTOR_STARTS[0] + "|").encode()
    assert seed_hash(VECTOR_STARTS[0]) == "a1bf4dc2c0cea821798c38e16fcc1667d6f0504afa821b181672035fc5967890"
    assert seed_hash(VECTOR_LINK) == "8414cd6b08e92be7f34132d9f8fabaa0cf0f072bab807b434e7ff02efc918a1e"
    assert [derive(key, k, 37) for k in range(10)] == [23, 10, 8, 30, 22, 24, 12, 34, 14, 11]
    assert [derive(key, k, 37, VECTOR_LINK) for k in range(10)] == [13, 8, 33, 26, 4, 29, 30, 29, 17, 9]
    assert [derive(key, k, 6, VECTOR_LINK) for k in range(10)] == [2, 0, 0, 3, 0, 2, 3, 1, 5, 5]


def test_a_seat_without_a_client_seed_adds_an_empty_part():
    assert key_of("s", [None, "ab", None]) == b"s||ab|"
    assert key_of("s", []) == b"s"


def test_derive_is_deterministic_and_depends_on_the_key_and_draw():
    assert derive(b"s", 5, 37) == derive(b"s", 5, 37)
    assert [derive(b"s", d, 1000) for d in range(20)] != [derive(b"t", d, 1000) for d in range(20)]
    assert len({derive(b"s", d, 1000) for d in range(20)}) > 10


@pytest.mark.parametrize("n", [1, 2, 6, 36, 37, 52, 1000, 2**32 + 7, 3 * 2**62, 2**64])
def test_derive_stays_in_range(n):
    values = [derive(b"range", d, n) for d in range(300)]
    assert all(0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}


def test_derive_refuses_an_empty_range():
    with pytest.raises(ValueError):
        derive(b"s", 0, 0)


def test_derive_covers_a_small_range_evenly():
    counts = [0] * 6
    for d in range(6000):
        counts[derive(b"even", d, 6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_derive_has_no_modulo_bias():
    # n = 3 * 2**62 does not divide 2**64: a plain "64 bits mod n" would land below 2**62
    # half of the time (a quarter of the raw values wrap around), an unbiased draw a third.
    n = 3 * 2**62
    low = sum(derive(b"bias", d, n) < 2**62 for d in range(3000)) / 3000
    assert 0.30 < low < 0.37


def test_rng_counts_its_draws_and_names_each():
    rng = Rng("count", ["a" * 32, None], 7)
    outcome, drawn = rng.below(37)
    assert drawn == [7, 37, outcome] and rng.draws == 8
    assert outcome == derive(b"count|" + b"a" * 32 + b"|", 7, 37)


def _play(seed, steps=300, players=4, client_seeds=None):
    """Deterministic 'random' play: the choice of action depends only on a local PRNG."""
    game = Game.new([f"p{i}" for i in range(players)], seed=seed, client_seeds=client_seeds)
    chooser = random.Random(1)
    for _ in range(steps):
        if game.over:
            break
        seat = chooser.choice(game.to_act())
        action = chooser.choice(game.legal_actions(seat))
        action = {k: (v["min"] if isinstance(v, dict) and "step" in v else v) for k, v in action.items()}
        game.apply(seat, action)
    return game


CLIENTS = ["1" * 32, None, "abcdef0123456789" * 2, "0" * 32]


def test_same_seed_client_seeds_and_actions_give_the_same_events():
    a, b = _play("same", client_seeds=CLIENTS), _play("same", client_seeds=CLIENTS)
    assert a.log == b.log and a.to_json() == b.to_json()
    assert _play("other", client_seeds=CLIENTS).log != a.log


def test_a_changed_client_seed_changes_the_draws():
    other = [*CLIENTS[:3], "0" * 31 + "1"]
    values = lambda game: [d for e in game.log for d in e.get("draws", []) if e["type"] != "game_started"]
    a, b = _play("same", client_seeds=CLIENTS), _play("same", client_seeds=other)
    assert values(a)[:40] != values(b)[:40]
    assert a.log[0]["client_seeds"] == CLIENTS and b.log[0]["client_seeds"] == other


def test_every_outcome_in_the_log_is_derived_from_the_key_and_its_draw_number():
    game = _play("check", client_seeds=CLIENTS)
    key = key_of("check", CLIENTS, [None] * len(CLIENTS))
    assert key == key_of("check", CLIENTS)  # no start value: no part for them
    chance = [e for e in game.log if e["type"] in ("dice", "die", "spin", "card")]
    assert len({e["type"] for e in chance}) >= 3
    for event in chance:
        [[k, n, value]] = event["draws"]
        assert derive(key, k, n) == value
        if event["type"] == "dice":
            assert n == 36 and event["values"] == [value // 6 + 1, value % 6 + 1]
        elif event["type"] == "die":
            assert n == 6 and event["value"] == value + 1
        elif event["type"] == "spin":
            assert n == 37 and event["number"] == value
        else:
            assert n == 52 and (event["rank"], event["suit"]) == (RANKS[value % 13], SUITS[value // 13])


def test_the_seed_hash_and_the_client_seeds_are_published_at_the_start():
    game = Game.new(["a", "b", "c"], seed="published", client_seeds=[None, "f" * 32, None])
    start = game.log[0]
    assert start["type"] == "game_started" and start["seed_hash"] == seed_hash("published")
    assert start["client_seeds"] == [None, "f" * 32, None]
    assert "published" not in str(game.view(None))
    assert Game.new(["a", "b", "c"], seed="x").log[0]["client_seeds"] == [None, None, None]


@pytest.mark.parametrize(
    "seeds", [["a" * 32], ["A" * 32, None, None], ["a" * 31, None, None], [7, None, None], ["g" * 32, None, None]]
)
def test_client_seeds_of_another_shape_are_refused(seeds):
    with pytest.raises(ValueError, match="client_seeds"):
        Game.new(["a", "b", "c"], seed="x", client_seeds=seeds)


def test_a_new_game_without_a_seed_draws_a_fresh_secret_one():
    a, b = Game.new(["a", "b", "c"]), Game.new(["a", "b", "c"])
    assert a.view(None)["seed_hash"] != b.view(None)["seed_hash"]


def test_a_saved_game_has_the_same_future():
    game = _play("saved", steps=120, client_seeds=CLIENTS)
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    chooser = random.Random(5)
    for _ in range(60):
        if game.over:
            break
        seat = chooser.choice(game.to_act())
        action = chooser.choice(list(game.legal_actions(seat)))
        action = {k: (v["max"] if isinstance(v, dict) and "step" in v else v) for k, v in action.items()}
        assert game.apply(seat, action) == copy.apply(seat, action)
    assert copy.to_json() == game.to_json()
