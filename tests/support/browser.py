"""The browser settings the browser tests and the page benches share: Debian's Chromium, its
arguments, and the screens' sizes."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CASHRUN_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SEED = "7"
"""The seed of the host a page test or bench starts, so its game is the same every run."""
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
TABLE = {"viewport": {"width": 1366, "height": 768}}
"""A laptop's screen; TV is a television's."""
TV = {"width": 1920, "height": 1080}
PORTRAIT = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}
SMALL_PHONE = {"viewport": PORTRAIT, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
"""A small phone (360x640, touch): the decision must fit it without scrolling."""
