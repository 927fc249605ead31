"""The Cash & Run host: Flask + Flask-SocketIO (threading mode, simple-websocket).

The app factory is ``companion.app``; the ``cashrun`` command is ``companion.cli``. This package
itself loads nothing: the command leaves the Socket.IO client's libraries out before the app loads.
"""

__version__ = "0.1.0"
"""The one place the version is written: the package, ``cashrun --version`` and the table screen read it."""
