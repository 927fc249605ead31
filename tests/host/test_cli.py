"""The command line and the network: addresses, language, TCP_NODELAY, what ``cashrun`` prints."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from types import SimpleNamespace

import pytest
from hostkit import Client, FakeClock, fake_app, join

from companion import cli, translations
from companion.door import network
from companion.saving.datafolder import FolderLock
from companion.seal import HostKey
from tests.support.loopback import serving


def adapter(name: str, *ips: str) -> SimpleNamespace:
    return SimpleNamespace(
        name=name, nice_name=name, ips=[SimpleNamespace(ip=ip, is_IPv4=isinstance(ip, str)) for ip in ips]
    )


def test_lan_addresses_leave_out_loopback_and_link_local_and_rank_the_rest(monkeypatch):
    monkeypatch.setattr(
        network.ifaddr,
        "get_adapters",
        lambda: [
            adapter("lo", "127.0.0.1", ("::1", 0, 0)),
            adapter("docker0", "172.17.0.1"),
            adapter("eth0", "10.0.0.5", "169.254.3.4"),
            adapter("wlan0", "192.168.1.20", ("fe80::1", 0, 2)),
            adapter("tun0", "100.64.0.9"),
        ],
    )
    assert network.lan_addresses() == ["192.168.1.20", "10.0.0.5", "172.17.0.1", "100.64.0.9"]


@pytest.mark.parametrize(
    "env, language",
    [
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LC_ALL": "nl_BE"}, "nl"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE"}, "en"),
        ({"LANGUAGE": "nl"}, "nl"),
    ],
)
def test_language_from_the_locale(monkeypatch, env, language):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert translations.system_language() == language


def test_windows_locale_names(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(translations.locale, "getlocale", lambda: ("Dutch_Netherlands", "1252"))
    assert translations.system_language() == "nl"


def test_every_accepted_connection_has_nagle_off(app):
    seen: list[int] = []

    class Probe(network.NoDelayHandler):
        def setup(self) -> None:
            super().setup()
            seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    server = network.Server("127.0.0.1", 0, app, handler=Probe)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for _ in range(2):
            url = f"http://127.0.0.1:{server.server_address[1]}/static/vendor/socket.io-client.LICENSE"
            with urllib.request.urlopen(url, timeout=5):
                pass
    finally:
        server.shutdown()
        server.server_close()
    assert seen and all(seen)


class FakeServer:
    server_address = ("0.0.0.0", 8123)

    def serve_forever(self) -> None:
        raise KeyboardInterrupt

    def server_close(self) -> None:
        pass


@pytest.fixture
def run(monkeypatch, tmp_path, capsys):
    opened: list[str] = []
    monkeypatch.setattr(cli, "serve", lambda host, port, app, **_: FakeServer())
    monkeypatch.setattr(cli, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    monkeypatch.setattr(cli.webbrowser, "open", opened.append)

    def run(*args: str, lang: str = "en_US.UTF-8") -> tuple[str, list[str]]:
        monkeypatch.setenv("LC_ALL", lang)
        assert cli.main(["--data-dir", str(tmp_path), *args]) == 0
        return capsys.readouterr().out, opened

    return run


def test_cashrun_prints_the_addresses_and_opens_the_browser(run, tmp_path):
    """The table key and the host's public key only in the fragment, which no browser sends."""
    out, opened = run()
    lines = out.splitlines()
    table_line = next(line for line in lines if line.startswith("Table screen"))
    hk = HostKey.load(tmp_path).public_b64
    assert "http://127.0.0.1:8123/table#key=" in table_line and table_line.endswith(f"&k={hk}")
    assert opened == [table_line.split(": ", 1)[1]]
    join_line = next(line for line in lines if line.startswith("Phones join at"))
    assert "http://192.168.1.20:8123/j/" in join_line and f"#k={hk} " in join_line
    assert any("http://10.0.0.5:8123/j/" in line and line.endswith(f"#k={hk}") for line in lines)


def test_cashrun_in_dutch_without_browser_resumes_the_same_table(run):
    first, _ = run("--no-browser")
    second, opened = run("--no-browser", lang="nl_NL.UTF-8")
    assert opened == []
    assert "Tafelscherm" in second and "Telefoons doen mee via" in second
    key = first.split("key=")[1].split("&")[0]
    assert f"key={key}" in second  # the same lobby opens again


def test_cashrun_with_a_host_gives_that_address(run):
    out, _ = run("--no-browser", "--host", "10.1.2.3")
    assert "http://10.1.2.3:8123/table#key=" in out and "http://10.1.2.3:8123/j/" in out


def test_busy_port_is_reported_in_the_users_language(monkeypatch, tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("LC_ALL", "nl_NL.UTF-8")
        code = cli.main(serving(port, tmp_path))
    assert code == 1
    assert "Kies een andere poort met --port" in capsys.readouterr().out


def test_serve_binds_a_free_port_with_port_zero(app):
    server = network.serve("127.0.0.1", 0, app)
    try:
        port = server.server_address[1]
        assert port > 0
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        server.server_close()


def test_both_languages_have_every_sentence_of_every_section():
    def keys(tree: dict, prefix: str = "") -> set[str]:
        return {f"{prefix}{k}" if not isinstance(v, dict) else f"{prefix}{k}." for k, v in tree.items()} | {
            key for k, v in tree.items() if isinstance(v, dict) for key in keys(v, f"{prefix}{k}.")
        }

    assert keys(translations.messages("en")) == keys(translations.messages("nl"))


@pytest.fixture
def start(monkeypatch, capsys):
    """``cashrun`` in this process (no real server): its exit code and what it printed."""
    monkeypatch.setattr(cli, "serve", lambda host, port, app, **_: FakeServer())
    monkeypatch.setattr(cli, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")

    def start(data_dir) -> tuple[int, str]:
        code = cli.main(["--data-dir", str(data_dir), "--no-browser"])
        return code, capsys.readouterr().out

    return start


def test_a_second_cashrun_on_the_folder_names_the_running_one(start, tmp_path):
    running = FolderLock(tmp_path)
    assert running.acquire()
    running.note("http://192.168.1.20:8000")
    try:
        code, out = start(tmp_path)
    finally:
        running.release()
    assert code == 1 and "already running" in out and "http://192.168.1.20:8000" in out
    assert "Traceback" not in out
    assert start(tmp_path)[0] == 0  # once the first is gone


def test_a_damaged_database_is_moved_aside_and_a_new_one_started(start, tmp_path):
    (tmp_path / "cashrun.sqlite3").write_bytes(b"not a database at all " * 200)
    code, out = start(tmp_path)
    aside = [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert code == 0 and len(aside) == 1 and aside[0] in out and "damaged" in out
    assert "Opened a new table." in out


def test_an_empty_database_says_the_saved_games_are_gone(start, tmp_path):
    (tmp_path / "cashrun.sqlite3").write_bytes(b"")
    code, out = start(tmp_path)
    assert code == 0 and "is empty: the games saved before are gone" in out


def test_a_folder_that_cannot_hold_games_says_where_and_what_to_do(start, tmp_path):
    (tmp_path / "cashrun.sqlite3").mkdir()  # the database's place is taken: SQLite cannot open it
    code, out = start(tmp_path)
    assert code == 1 and "--data-dir" in out and str(tmp_path / "cashrun.sqlite3") in out
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    code, out = start(not_a_folder)
    assert code == 1 and "--data-dir" in out and "Traceback" not in out


def test_a_saved_game_that_fails_to_load_is_named_and_the_others_open(start, tmp_path):
    app = fake_app(tmp_path, FakeClock())
    host = app.extensions["cashrun"]
    table = host.new_table()
    screen = Client(app, {"table_key": table.key})
    for name in ("Ann", "Bob", "Cas"):
        join(app, table, name)
    assert screen.act({"type": "start"})["ok"]
    host.close()
    db = sqlite3.connect(tmp_path / "cashrun.sqlite3")
    db.execute("UPDATE games SET engine = 'nonsense'")
    db.commit()
    db.close()
    code, out = start(tmp_path)
    assert code == 0 and f"Saved game {table.code} could not be opened" in out and "Opened a new table." in out


SERVING_ONLY = """
import json, sys
from companion import cli
cli.serving_only()
from companion.app import create_app, socketio
app = create_app(sys.argv[1])
host = app.extensions["cashrun"]
table, _ = host.open_latest()
screen = socketio.test_client(app, auth={"table_key": table.key, "views": "whole"})
phone = socketio.test_client(app)
joined = phone.emit("join", {"code": table.code, "name": "Ann"}, callback=True)
heard = [m["args"][0]["view"]["players"] for m in screen.get_received() if m["name"] == "view"]
host.close()
print(json.dumps({"left_out": [m for m in cli.CLIENT_LIBRARIES if sys.modules[m] is None], "joined": joined["ok"], "players": heard[-1]}))
"""


def test_the_command_serves_without_the_socket_clients_libraries(tmp_path):
    """``cashrun`` leaves the Socket.IO client's libraries out of its process (``serving_only``):
    the host still serves the table screen and lets a phone join."""
    done = subprocess.run(
        [sys.executable, "-c", SERVING_ONLY, str(tmp_path)], capture_output=True, text=True, timeout=60, check=True
    )
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["left_out"] == list(cli.CLIENT_LIBRARIES)
    assert said["joined"] is True
    assert [p["name"] for p in said["players"]] == ["Ann"]
