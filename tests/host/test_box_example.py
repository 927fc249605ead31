"""The lobby says whether its box is still the example (the host's starting box): until the family
saves its own, which the host then keeps for every new lobby (the box profile)."""

from __future__ import annotations

from hostkit import Client

from engine import DEFAULT_BOX


def test_the_example_box_is_named_until_the_family_saves_its_own(app, host, screen):
    assert screen.view()["view"]["box_example"] is True
    family = [{"name": f"Familie {i}", "colour": c.colour, "symbol": c.symbol} for i, c in enumerate(DEFAULT_BOX)]
    assert screen.act({"type": "set_box", "box": family})["ok"]
    assert screen.view()["view"]["box_example"] is False
    later = Client(app, {"table_key": host.new_table().key})
    assert later.view()["view"]["box_example"] is False
    assert [c["name"] for c in later.view()["view"]["settings"]["box"]] == [c["name"] for c in family]
    example = [{"name": c.name, "colour": c.colour, "symbol": c.symbol} for c in DEFAULT_BOX]
    assert later.act({"type": "set_box", "box": example})["ok"]
    assert later.view()["view"]["box_example"] is True  # the example again, said again
