"""``cashrun``: start the host, print where the table screen and the phones go, open the browser."""
from __future__ import annotations

import argparse
import logging
import sys
import webbrowser
from pathlib import Path

import platformdirs

from . import __version__, create_app
from .host import Host
from .network import lan_addresses, serve
from .table import Addresses
from .texts import say, system_language

DEFAULT_PORT = 8000
ALL_INTERFACES = ("0.0.0.0", "::", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cashrun", description=__doc__)
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on and to give the phones (default: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where games are saved (default: the user's data folder)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the table screen")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    lang = system_language()
    data_dir = args.data_dir or Path(platformdirs.user_data_dir("cashrun", appauthor=False))

    app = create_app(data_dir)
    host: Host = app.extensions["cashrun"]
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    try:
        server = serve(args.host, args.port, app)
    except OSError as error:
        _print(say(lang, "port_busy", host=args.host, port=args.port, reason=error.strerror or error))
        return 1
    port = server.server_address[1]
    if args.host in ALL_INTERFACES:
        local, join_hosts = "127.0.0.1", lan_addresses()
    else:
        local, join_hosts = args.host, [args.host]
    host.services.addresses = Addresses(
        table_base=_base(local, port), join_bases=[_base(h, port) for h in join_hosts],
    )
    table, resumed = host.open_latest()
    table_url = f"{host.addresses.table_base}/table?key={table.key}"

    _print(say(lang, "running"))
    _print(say(lang, "resumed", code=table.code) if resumed else say(lang, "new_table"))
    _print(say(lang, "table", url=table_url))
    joins = host.addresses.join_bases
    if joins:
        _print(say(lang, "join", url=f"{joins[0]}/j/{table.code}", code=table.code))
        if len(joins) > 1:
            _print(say(lang, "other_addresses", urls=", ".join(f"{j}/j/{table.code}" for j in joins[1:])))
    else:
        _print(say(lang, "no_network"))
    _print(say(lang, "data_dir", path=data_dir))
    if not args.no_browser:
        _print(say(lang, "opening_browser"))
        webbrowser.open(table_url)
    _print(say(lang, "stop"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        _print(say(lang, "stopped"))
    finally:
        server.server_close()
    return 0


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
    sys.exit(main())
