"""The single file's entry point: exactly what the ``cashrun`` command does.

Started by a double-click (no arguments, a fresh terminal window), a failure to start keeps
its message on screen until Enter is pressed: otherwise the window would close before
anyone could read why.
"""
import sys

from companion.cli import main
from companion.texts import say, system_language

code = main()
if code and len(sys.argv) == 1 and sys.stdin is not None and sys.stdin.isatty():
    input(say(system_language(), "press_enter"))
sys.exit(code)
