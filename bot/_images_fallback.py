"""TEMPORARY stand-in for the images package API while it is being written; delete once images/ exports it."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from images.text import PictureText

__all__ = ["PictureText", "encode_png", "private_alt", "render_private", "render_reveal", "render_standings",
           "render_table", "reveal_alt", "standings_alt", "table_alt"]


def _blank(*_: Any, **__: Any) -> Image.Image:
    return Image.new("RGB", (64, 40), (40, 30, 80))


render_table = render_private = render_reveal = render_standings = _blank


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _alt(*_: Any, **__: Any) -> str:
    return "Dreamcats picture"


table_alt = private_alt = reveal_alt = standings_alt = _alt
