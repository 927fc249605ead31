"""``cashrun``: start the host, print where the table screen and the phones go, open the browser."""

from __future__ import annotations

import argparse
import gc
import signal
import sqlite3
import sys
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from . import __version__
from .door.network import Addresses, lan_addresses, serve
from .logs import setup as setup_logs
from .saving.database import STORAGE_ERRORS
from .saving.datafolder import DB_NAME, FolderLock, is_damage, is_empty, move_aside
from .translations import say, system_language

if TYPE_CHECKING:
    from flask import Flask

    from .host import Host

DEFAULT_PORT = 8000
ALL_INTERFACES = ("0.0.0.0", "::", "")


def _steady() -> None:
    """Once the host is loaded: what it loaded so far (the libraries and the app, about 50,000
    objects that live as long as the process) is left out of every later garbage collection,
    whose full pass would otherwise walk it all while an act waits."""
    gc.freeze()


CLIENT_LIBRARIES = ("requests", "websocket")
"""What python-socketio's client side loads where it is installed (HTTP and websocket-client):
about 230 modules and 7 MB that a host, which only serves, never uses."""


def serving_only() -> None:
    """Leave the Socket.IO client's libraries out of this process, as if they were not installed
    (the client's own fallback; ``sys.modules`` holding None makes their import fail). Python-socketio's
    package loads its client with its server, so this must come before the app is loaded. Only the
    command's own process does it: a test process runs real clients."""
    for name in CLIENT_LIBRARIES:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


def run(argv: list[str] | None = None) -> int:
    """The ``cashrun`` command (and the single file's entry): ``main`` in a process of its own."""
    serving_only()
    return main(argv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cashrun", description=__doc__)
    parser.add_argument(
        "--host", default="0.0.0.0", help="address to listen on and to give the phones (default: every interface)"
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)"
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="where games are saved (default: the user's data folder)"
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open the table screen")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    lang = system_language()
    data_dir = args.data_dir or Path(platformdirs.user_data_dir("cashrun", appauthor=False))
    setup_logs()

    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        lock = FolderLock(data_dir)
        held = lock.acquire()
    except OSError as error:
        _print(say(lang, "hardening.folder_unusable", path=data_dir, reason=error.strerror or error))
        return 1
    if not held:
        _print(say(lang, "hardening.already_running", address=lock.holder() or "?", path=data_dir))
        return 1
    try:
        return _run(args, lang, data_dir, lock)
    finally:
        lock.release()


def _run(args: argparse.Namespace, lang: str, data_dir: Path, lock: FolderLock) -> int:
    opened = _open(lang, data_dir)
    if opened is None:
        return 1
    app, host = opened
    _steady()
    try:
        server = serve(args.host, args.port, app, trusted=host.guard.trusted, banned=host.guard.banned)
    except OSError as error:
        host.close()
        _print(say(lang, "port_busy", host=args.host, port=args.port, reason=error.strerror or error))
        return 1
    port = server.server_address[1]
    if args.host in ALL_INTERFACES:
        local, join_hosts = "127.0.0.1", lan_addresses()
    else:
        local, join_hosts = args.host, [args.host]
    host.services.addresses = Addresses(
        table_base=_base(local, port),
        join_bases=[_base(h, port) for h in join_hosts],
    )
    lock.note(host.addresses.table_base)
    try:
        table, resumed = host.open_latest()
    except sqlite3.DatabaseError as error:
        server.server_close()
        host.close()
        _print(say(lang, "hardening.folder_unusable", path=data_dir / DB_NAME, reason=error))
        return 1
    hk = host.key.public_b64
    table_url = f"{host.addresses.table_base}/table#key={table.key}&k={hk}"

    _print(say(lang, "running"))
    for game in host.set_aside.values():
        _print(say(lang, "hardening.set_aside", code=game.code, reason=game.reason))
    for lost in host.database.lost:
        form = "one" if lost.count == 1 else "other"
        _print(say(lang, f"hardening.lost_actions.{form}", code=lost.code or "?", count=lost.count, held=lost.held))
    _print(say(lang, "resumed", code=table.code) if resumed else say(lang, "new_table"))
    _print(say(lang, "table", url=table_url))
    joins = host.addresses.join_bases
    if joins:
        _print(say(lang, "join", url=f"{joins[0]}/j/{table.code}#k={hk}", code=table.code))
        if len(joins) > 1:
            _print(say(lang, "other_addresses", urls=", ".join(f"{j}/j/{table.code}#k={hk}" for j in joins[1:])))
    else:
        _print(say(lang, "no_network"))
    _print(say(lang, "data_dir", path=data_dir))
    if not args.no_browser:
        _print(say(lang, "opening_browser"))
        webbrowser.open(table_url)
    _print(say(lang, "stop"))
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.server_close()
        host.close()
    _print(say(lang, "stopped"))
    return 0


def _open(lang: str, data_dir: Path) -> tuple[Flask, Host] | None:
    """The app on the data folder's database; a damaged file is moved aside and a new one started.

    None (after saying why and what to do) when the folder cannot hold a database.
    """
    from .app import create_app  # here: after ``serving_only``

    db = data_dir / DB_NAME
    if is_empty(db):
        _print(say(lang, "hardening.empty", path=db))
    try:
        app = create_app(data_dir)
    except sqlite3.Error as error:
        if not is_damage(error):
            _print(say(lang, "hardening.folder_unusable", path=db, reason=error))
            return None
        _print(say(lang, "hardening.damaged", path=move_aside(db), reason=error))
        try:
            app = create_app(data_dir)
        except STORAGE_ERRORS as again:
            _print(say(lang, "hardening.folder_unusable", path=db, reason=again))
            return None
    except OSError as error:
        _print(say(lang, "hardening.folder_unusable", path=db, reason=error.strerror or error))
        return None
    return app, app.extensions["cashrun"]


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops ``cashrun`` like Ctrl+C: the database is closed cleanly."""
    raise KeyboardInterrupt


def _base(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _print(line: str) -> None:
    """Print when there is a terminal to print to (``pythonw`` on Windows has none)."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        print(line, file=stream, flush=True)
    except UnicodeEncodeError:
        encoding = stream.encoding or "ascii"
        print(line.encode(encoding, "replace").decode(encoding), file=stream, flush=True)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(run())
