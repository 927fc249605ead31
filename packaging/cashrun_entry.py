"""The single file's entry point: exactly what the ``cashrun`` command does.

Started by a double-click (no arguments) it must show its messages and how to stop it in a
window. Windows and macOS open a terminal window for it; a Linux file manager does not, so
there it starts itself again inside the desktop's terminal. A failure to start keeps its
message on screen until Enter is pressed: otherwise the window would close before anyone
could read why.

A double-click also names its window (the console's title on Windows, which is otherwise the
file's path; a terminal's title elsewhere) and says at once that it is starting: the single file
unpacks itself and loads the host before the first line of ``cashrun`` (2 to 5 s under Wine on
a busy machine, docs/packaging.md), and an empty black window looks broken.
"""

import os
import shutil
import subprocess
import sys

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


def name_the_window(title: str) -> None:
    """The console window's title on Windows; a terminal's elsewhere (its escape sequence)."""
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.kernel32.SetConsoleTitleW(title)
    elif sys.stdout is not None and sys.stdout.isatty():
        sys.stdout.write(f"\033]0;{title}\007")


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
double_click = len(sys.argv) == 1
if double_click:
    name_the_window(say(system_language(), "window_title"))
    print(say(system_language(), "starting"), flush=True)

from companion import cli  # noqa: E402 (after the first line: loading the host takes a moment)

code = cli.run()
if code and double_click and sys.stdin is not None and sys.stdin.isatty():
    input(say(system_language(), "press_enter"))
sys.exit(code)
