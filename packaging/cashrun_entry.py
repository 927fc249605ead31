"""The single file's entry point: exactly what the ``cashrun`` command does."""
import sys

from companion.cli import main

sys.exit(main())
