"""The single file's entry point: exactly what the ``cashrun`` command does.

Started by a double-click (no arguments) it must show its messages and how to stop it in a
window. Windows and macOS open a terminal window for it; a Linux file manager does not, so
there it starts itself again inside the desktop's terminal. A failure to start keeps its
message on screen until Enter is pressed: otherwise the window would close before anyone
could read why.
"""

import os
import shutil
import subprocess
import sys

from companion import cli
from companion.translations import say, system_language

TERMINALS = (
    ("x-terminal-emulator", "-e"),
    ("gnome-terminal", "--"),
    ("konsole", "-e"),
    ("xfce4-terminal", "-x"),
    ("xterm", "-e"),
)
"""Linux terminal programs and the option after which each runs a command."""


def system_libraries_for_children() -> None:
    """Let the programs this one starts (the browser, a terminal) use the system's own libraries.

    On Linux, PyInstaller's bootloader puts the libraries it unpacked first on
    ``LD_LIBRARY_PATH`` and keeps the old value in ``LD_LIBRARY_PATH_ORIG``; a browser started
    with them may not start at all. This process found its libraries when it started, so
    putting the old value back changes only what its children see.
    """
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is not None:
        os.environ["LD_LIBRARY_PATH"] = original
    else:
        os.environ.pop("LD_LIBRARY_PATH", None)


def started_in_a_terminal() -> bool:
    """On a Linux desktop, double-clicked without a terminal: start again in one (True)."""
    if not sys.platform.startswith("linux") or len(sys.argv) > 1:
        return False
    if (sys.stdin is not None and sys.stdin.isatty()) or not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    for program, run in TERMINALS:
        found = shutil.which(program)
        if found:
            subprocess.Popen([found, run, sys.executable], start_new_session=True)
            return True
    return False


system_libraries_for_children()
if started_in_a_terminal():
    sys.exit(0)
code = cli.run()
if code and len(sys.argv) == 1 and sys.stdin is not None and sys.stdin.isatty():
    input(say(system_language(), "press_enter"))
sys.exit(code)
