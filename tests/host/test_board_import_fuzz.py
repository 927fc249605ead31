"""Crafted board imports and box profiles through the host: huge, deep, of the wrong types,
with odd text. Every one gets a clear answer, and nothing is saved that cannot be loaded:
the lobby reloads from the file and the next lobby takes the remembered profile."""

from __future__ import annotations

from typing import Any

from hostkit import Client, fake_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_board_host import board

ODD = ["\ud800", "\u202e", "\x00", "\u200b", "😀" * 30, "é", " ", "Montreal" * 40, "", "red", "roulette", "casino"]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(ODD),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(["name", "colour", "symbol", "space", "casino", "version", "spaces", "x"])
            | st.text(max_size=5),
            inner,
            max_size=6,
        )
    ),
    max_leaves=40,
)


@st.composite
def casinos(draw: Any) -> list[Any]:
    """A box close to a real one, with a few fields bent."""
    box = [
        {"name": f"C{n}", "colour": c, "symbol": s}
        for n, (c, s) in enumerate(
            (c, s) for c in ("red", "blue", "green", "yellow") for s in ("roulette", "dice", "cards")
        )
    ]
    for _ in range(draw(st.integers(0, 3))):
        casino = box[draw(st.integers(0, len(box) - 1))]
        casino[draw(st.sampled_from(["name", "colour", "symbol", "extra"]))] = draw(values)
    return box[: draw(st.integers(0, len(box)))] if draw(st.booleans()) else box


@st.composite
def boards(draw: Any) -> Any:
    """A real board with spaces bent, dropped or repeated, or anything at all."""
    if draw(st.booleans()):
        return draw(values)
    shaped = board()
    for _ in range(draw(st.integers(1, 4))):
        n = draw(st.integers(0, len(shaped["spaces"]) - 1))
        shaped["spaces"][n] = draw(
            st.sampled_from(
                [{"space": "bluff"}, {"space": "casino", "casino": 0.0}, {"space": "casino", "casino": True}, {}]
            )
            | values
        )
    if draw(st.booleans()):
        shaped["spaces"] *= draw(st.integers(0, 40))
    return shaped


DEEP = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
MESSAGES = st.one_of(
    casinos().map(lambda box: {"type": "set_box", "box": box}),
    values.map(lambda box: {"type": "set_box", "box": box}),
    boards().map(lambda shaped: {"type": "set_settings", "settings": {"board": shaped}}),
    values.map(lambda anything: {"type": "set_settings", "settings": anything}),
    st.just({"type": "set_settings", "settings": {"board": DEEP}}),
    st.just({"type": "set_settings", "settings": {"board": {"version": 1, "spaces": [{"space": "bluff"}] * 5000}}}),
)


def clear(answer: Any) -> bool:
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
        return False
    return answer["ok"] or isinstance(answer.get("error", {}).get("code"), str)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(action=MESSAGES)
def test_every_crafted_import_gets_a_clear_answer_and_saves_only_what_loads(host, clock, table, screen, action):
    clock.advance(1)  # an honest pace: the rates are not what is tested here
    answer = screen.act(action)
    assert clear(answer), answer
    assert answer.get("error", {}).get("code") != "internal", answer
    host.tables.pop(table.id)
    again = host.table(table.id)  # the lobby as saved, read back from the file
    assert again is not None and table.id not in host.set_aside
    assert again.lobby.to_dict() == table.lobby.to_dict()
    host.tables[table.id] = table
    fresh = host.new_table()  # takes the remembered box profile
    assert fresh.lobby.settings["box"]


def test_after_the_fuzz_a_restarted_host_opens_every_table(tmp_path, clock):
    app = fake_app(tmp_path, clock)
    host = app.extensions["cashrun"]
    table = host.new_table()
    screen = Client(app, {"table_key": table.key})
    for box in ([{"name": "\u202eX", "colour": "red", "symbol": "dice"}], [1, 2], {"a": []}):
        assert clear(screen.act({"type": "set_box", "box": box}))
    host.close()
    again = fake_app(tmp_path, clock).extensions["cashrun"]
    assert again.table(table.id) is not None and again.set_aside == {}
    assert again.new_table().lobby.settings["box"]
