"""The QR code of the join address, as SVG and PNG."""
from __future__ import annotations

import io
from functools import lru_cache

import qrcode
import qrcode.image.svg


@lru_cache(maxsize=16)
def svg(url: str) -> bytes:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return image.to_string()


@lru_cache(maxsize=16)
def png(url: str) -> bytes:
    image = qrcode.make(url, border=2, box_size=10)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
