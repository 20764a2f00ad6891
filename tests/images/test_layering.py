"""images/ ships its fonts with their licences and paints the same sky in every process (what it may import:
tests/test_layers.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import images
from tests.probe import printed_by


def test_the_bundled_font_has_its_licence() -> None:
    assets = Path(images.__file__).parent / "assets"
    assert (assets / "DejaVuSans-Bold.ttf").exists()
    assert "Bitstream Vera" in (assets / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def test_the_display_font_has_its_licence() -> None:
    assets = Path(images.__file__).parent / "assets"
    assert (assets / "AmaticSC-Bold.ttf").exists()
    licence = (assets / "LICENSE-AmaticSC.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Amatic SC Project Authors" in licence


def test_the_painted_sky_is_the_same_in_every_process() -> None:
    from images import paint

    first = paint.noise(64, 32, 7, 4).tobytes()
    probe = ("import hashlib; from images import paint; "
             "print(hashlib.sha256(paint.noise(64, 32, 7, 4).tobytes()).hexdigest())")
    assert printed_by("-c", probe) == hashlib.sha256(first).hexdigest()  # another process, another hash seed
    assert len(set(first)) > 8
