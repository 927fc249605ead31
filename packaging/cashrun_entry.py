"""The single file's entry point: exactly what the ``cashrun`` command does.

Started by a double-click (no arguments, a fresh terminal window), a failure to start keeps
its message on screen until Enter is pressed: otherwise the window would close before
anyone could read why.
"""
import os
import sys

from companion.cli import main
from companion.texts import say, system_language


def system_libraries_for_children() -> None:
    """Let the programs this one starts (the browser) use the system's own libraries.

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


system_libraries_for_children()
code = main()
if code and len(sys.argv) == 1 and sys.stdin is not None and sys.stdin.isatty():
    input(say(system_language(), "press_enter"))
sys.exit(code)
