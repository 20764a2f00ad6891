"""Where the golden images live, and the library versions that drew them."""

from __future__ import annotations

from pathlib import Path

import PIL
from PIL import features

GOLDEN = Path(__file__).parent / "golden"


def versions() -> str:
    """The Pillow and FreeType versions: text rasterising may change between them."""
    return f"pillow={PIL.__version__} freetype={features.version('freetype2')}"


def recorded_versions() -> str:
    """The versions written when the golden images were made."""
    path = GOLDEN / "VERSIONS.txt"
    return path.read_text(encoding="utf-8").strip() if path.exists() else ""
