"""HTTP routes: pages with their context, the QR code, the table key at the door, static files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jinja2 import DictLoader

from companion.translations import PHONE_ONLY, TABLE_ONLY


@pytest.fixture
def http(app):
    """A test client whose templates echo their context (the real pages are web/'s)."""
    app.jinja_loader = DictLoader(
        {
            "phone.html": "phone code={{ code }} claim={{ claim }}",
            "table.html": "table key={{ table_key }} hk={{ host_key }}",
        }
    )
    return app.test_client()


def test_phone_pages(http):
    assert http.get("/").get_data(as_text=True) == "phone code=None claim=None"
    assert http.get("/j/kqtm").get_data(as_text=True) == "phone code=KQTM claim=None"
    assert http.get("/c/482913").get_data(as_text=True) == "phone code=None claim=482913"


def test_the_table_page_carries_no_key_and_an_old_address_moves_it_to_the_fragment(http, host, table):
    """The page is not a secret: the key stays in the address's fragment, which no browser sends."""
    response = http.get("/table")
    assert response.status_code == 200 and response.get_data(as_text=True) == f"table key= hk={host.key.public_b64}"
    for key in (table.key, "wrong"):
        moved = http.get(f"/table?key={key}")
        assert moved.status_code == 302 and moved.headers["Location"] == f"/table#key={key}"


def test_qr_codes(http, host, table):
    from companion.door.network import Addresses

    host.services.addresses = Addresses("http://127.0.0.1:9", ["http://192.168.1.20:9", "http://10.0.0.5:9"])
    assert http.get("/qr.svg").status_code == 404  # neither a join code nor a key
    assert http.get("/qr.png?key=nope").status_code == 403
    svg = http.get(f"/qr.svg?key={table.key}")
    assert svg.mimetype == "image/svg+xml" and svg.get_data().startswith(b"<svg")
    png = http.get(f"/qr.png?key={table.key}&i=1")
    assert png.mimetype == "image/png" and png.get_data()[:8] == b"\x89PNG\r\n\x1a\n"
    assert http.get(f"/qr.svg?key={table.key}&i=2").status_code == 404
    assert http.get(f"/qr.svg?key={table.key}&i=0").get_data() != http.get(f"/qr.svg?key={table.key}&i=1").get_data()


def test_qr_codes_by_the_public_join_code_hold_the_host_key(app, http, host, table):
    from companion import routes
    from companion.door.network import Addresses

    host.services.addresses = Addresses("http://127.0.0.1:9", ["http://192.168.1.20:9", "http://10.0.0.5:9"])
    by_code = http.get(f"/qr.svg?code={table.code.lower()}")
    assert by_code.status_code == 200 and by_code.get_data() == http.get(f"/qr.svg?key={table.key}").get_data()
    assert http.get(f"/qr.png?code={table.code}&i=1").get_data()[:8] == b"\x89PNG\r\n\x1a\n"
    for wrong in ("ZZZZ", "", "K" * 200):
        assert http.get(f"/qr.svg?code={wrong}").status_code == 404
    with app.test_request_context(f"/qr.svg?code={table.code}&i=1"):
        assert routes._join_url() == f"http://10.0.0.5:9/j/{table.code}#k={host.key.public_b64}"


def test_static_files_come_from_web(http):
    response = http.get("/static/vendor/socket.io-client.LICENSE")
    assert response.status_code == 200
    response.close()


I18N = Path(__file__).resolve().parents[2] / "web" / "static" / "i18n"


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_each_screen_gets_its_translations_without_white_space(http, lang):
    full = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    table = http.get(f"/i18n/table/{lang}.json")
    assert table.status_code == 200 and table.mimetype == "application/json"
    assert table.get_json() == {k: v for k, v in full.items() if k not in PHONE_ONLY} and b"\n" not in table.data
    phone = http.get(f"/i18n/phone/{lang}.json").get_json()
    assert phone == {k: v for k, v in full.items() if k not in TABLE_ONLY}
    assert http.get("/i18n/phone/de.json").status_code == 404
    assert http.get("/i18n/bank/nl.json").status_code == 404


JS = Path(__file__).resolve().parents[2] / "web" / "static" / "js"


def modules_of(screen: str) -> dict[str, str]:
    """Every module a screen can load, by name: its own and what it imports, at once or later (any
    "./name.js" a module names: an import, an import() or a path given to lazy.js)."""
    found: dict[str, str] = {}
    todo = [f"{screen}.js"]
    paths = {p.name: p for p in JS.rglob("*.js")}
    while todo:
        name = todo.pop()
        if name not in found:
            found[name] = paths[name].read_text(encoding="utf-8")
            todo += re.findall(r'"\.\.?/(?:\w+/)?([\w-]+\.js)"', found[name])
    return found


@pytest.mark.parametrize(("screen", "left_out"), [("phone", TABLE_ONLY), ("table", PHONE_ONLY)])
def test_no_module_of_a_screen_reads_a_section_left_out_of_its_copy(screen, left_out):
    modules = modules_of(screen)
    later = {"phone": "phone-play.js", "table": "board-editor.js"}[screen]
    assert {f"{screen}.js", later, "wakelock.js"} <= set(modules) and len(modules) > 20
    for name, text in modules.items():
        for section in left_out:
            assert not re.search(rf"[\"'`]{section}\.", text), (name, section)
