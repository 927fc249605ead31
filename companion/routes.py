"""HTTP routes: the pages, the join address as a QR code (SVG and PNG) and the export of a saved game."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import quote

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, redirect, render_template, request

from .play.codes import normal_join_code
from .translations import LANGS, SCREENS, translations

if TYPE_CHECKING:
    from werkzeug.wrappers import Response as WerkzeugResponse

    from .host import Host
    from .play.table import LiveTable

pages = Blueprint("pages", __name__)

MAX_CODE = 10
"""No join code is longer; a longer one is not looked up."""


def _host() -> Host:
    return current_app.extensions["cashrun"]


def _table() -> LiveTable:
    """The table whose key the request carries, or 403."""
    table = _host().table_of_key(request.args.get("key"))
    if table is None:
        abort(403)
    return table


def _table_of_code() -> LiveTable:
    """The table whose join code (``code``, public: it is on the screen) or key (``key``, for
    scripts) the request carries: 404 for an unknown code, 403 for a wrong key."""
    if "key" in request.args:
        return _table()
    host = _host()
    code = normal_join_code(request.args.get("code", ""))
    game_id = (host.database.lobby_of_code(code) or host.database.game_of_code(code)) if len(code) <= MAX_CODE else None
    table = host.table(game_id) if game_id is not None else None
    if table is None:
        abort(404)
    return table


@pages.get("/")
def phone() -> str:
    """The phone page: type the join code (or a claim code)."""
    return render_template("phone.html", code=None, claim=None)


@pages.get("/j/<code>")
def phone_join(code: str) -> str:
    """The phone page with the join code filled in: the QR code points here."""
    return render_template("phone.html", code=code[:10].upper(), claim=None)


@pages.get("/c/<claim>")
def phone_claim(claim: str) -> str:
    """The phone page with a claim code filled in."""
    return render_template("phone.html", code=None, claim=claim[:10])


@pages.get("/i18n/<screen>/<lang>.json")
def translations_for(screen: str, lang: str) -> Response:
    """One language's texts as one screen needs them."""
    if screen not in SCREENS or lang not in LANGS:
        abort(404)
    return Response(translations(screen, lang), mimetype="application/json")


@pages.get("/table")
def table_screen() -> str | WerkzeugResponse:
    """The table screen, without any key: the page reads it from its address's fragment, which
    the browser never sends. An old address with ``?key=`` goes to the fragment's form."""
    key = request.args.get("key")
    if key is not None:
        return redirect(f"/table#key={quote(key, safe='')}", code=302)
    return render_template("table.html")


def _join_url() -> str:
    """The join address the QR code holds, with the host's public key in its fragment (``#k=``)."""
    table = _table_of_code()
    host = _host()
    bases = host.addresses.join_bases
    index = request.args.get("i", 0, type=int)
    if not 0 <= index < len(bases):
        abort(404)
    return f"{bases[index]}/j/{table.code}#k={host.key.public_b64}"


@lru_cache(maxsize=16)
def qr_svg_of(url: str) -> bytes:
    """The QR code of ``url`` as SVG."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return image.to_string()


@lru_cache(maxsize=16)
def qr_png_of(url: str) -> bytes:
    """The QR code of ``url`` as PNG."""
    image = qrcode.make(url, border=2, box_size=10)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@pages.get("/qr.svg")
def qr_svg() -> Response:
    """The join address as an SVG QR code, for the table screen."""
    return Response(qr_svg_of(_join_url()), mimetype="image/svg+xml")


@pages.get("/qr.png")
def qr_png() -> Response:
    """The join address as a PNG QR code."""
    return Response(qr_png_of(_join_url()), mimetype="image/png")


@pages.get("/export/<game_id>.json")
def export(game_id: str) -> Response:
    """A saved game as JSON, for the banker (any table key of this host)."""
    _table()
    table = _host().table(game_id)
    if table is None:
        abort(404)
    return Response(
        table.export(),
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="cashrun-{game_id}.json"',
        },
    )
