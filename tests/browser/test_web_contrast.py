"""Text colours of both themes meet WCAG AA (4.5:1) against the backgrounds they are used on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "web" / "static" / "css" / "base.css").read_text(encoding="utf-8")

# (text, background) pairs the pages use for words.
PAIRS = [
    ("text", "bg"),
    ("text", "surface"),
    ("text", "surface2"),
    ("muted", "bg"),
    ("muted", "surface"),
    ("muted", "surface2"),
    ("accent", "bg"),
    ("accent", "surface"),
    ("on-accent", "accent"),
    ("bad", "bg"),
    ("bad", "surface"),
    ("on-felt", "felt"),
]


def theme(selector: str) -> dict[str, str]:
    block = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS).group(1)
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


DARK = theme(":root")
LIGHT = {**DARK, **theme(':root[data-theme="light"]')}


@pytest.mark.parametrize("name,colours", [("dark", DARK), ("light", LIGHT)])
def test_text_contrast_is_aa(name, colours):
    low = {
        f"{fg} on {bg}": round(ratio(colours[fg], colours[bg]), 2)
        for fg, bg in PAIRS
        if ratio(colours[fg], colours[bg]) < 4.5
    }
    assert not low, f"{name} theme below 4.5:1: {low}"


def test_the_system_light_theme_is_the_same_as_the_chosen_one():
    system = theme(":root:not([data-theme])")
    assert system == theme(':root[data-theme="light"]')


PAWNS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


@pytest.mark.parametrize("name,colours", [("dark", DARK), ("light", LIGHT)])
def test_pawn_colours_stand_out_on_every_surface(name, colours):
    """A pawn colour marks a player's panel edge and swatch: 3:1 for such marks (WCAG 1.4.11)."""
    low = {
        f"{pawn} on {bg}": round(ratio(colours[f"pawn-{pawn}"], colours[bg]), 2)
        for pawn in PAWNS
        for bg in ("bg", "surface", "surface2")
        if ratio(colours[f"pawn-{pawn}"], colours[bg]) < 3
    }
    assert not low, f"{name} theme below 3:1: {low}"


def test_every_pawn_colour_of_the_host_has_a_class():
    from companion.play.pawns import COLOURS

    assert COLOURS == PAWNS
    for pawn in PAWNS:
        assert f".pawn-{pawn} {{ --pc: var(--pawn-{pawn}); }}" in CSS
