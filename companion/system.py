"""Which system the laptop runs: the table screen's first-start help explains that system's firewall."""
from __future__ import annotations

import platform

SYSTEMS = {"Windows": "windows", "Darwin": "macos"}


def laptop_system() -> str:
    """``windows``, ``macos`` or ``linux``; any other system gets the Linux help (ask the firewall, if any)."""
    return SYSTEMS.get(platform.system(), "linux")
