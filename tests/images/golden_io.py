"""Where the golden images live, and the library versions that drew them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import PIL
from PIL import Image, features

GOLDEN = Path(__file__).parent / "golden"


def versions() -> str:
    """The Pillow and FreeType versions: text rasterising may change between them."""
    return f"pillow={PIL.__version__} freetype={features.version('freetype2')}"


def recorded_versions() -> str:
    """The versions written when the golden images were made."""
    path = GOLDEN / "VERSIONS.txt"
    return path.read_text(encoding="utf-8").strip() if path.exists() else ""


def regenerate(scenes: Mapping[str, Callable[[], Image.Image]], folder: Path, only: set[str]) -> int:
    """Render the scenes (those named in `only`, or all) losslessly as folder/<scene>.png, noting the versions."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, scene in scenes.items():
        if only and name not in only:
            continue
        path = folder / f"{name}.png"
        scene().save(path, "PNG", optimize=True)
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    (folder / "VERSIONS.txt").write_text(versions() + "\n", encoding="utf-8")
    return 0


def golden_of(folder: Path, name: str, command: str) -> tuple[Image.Image, bool]:
    """The golden image of a scene (RGB) and whether it was drawn by this Pillow and FreeType."""
    path = folder / f"{name}.png"
    assert path.exists(), f"no golden image: run .venv/bin/python -m {command} {name}"
    with Image.open(path) as golden:
        expected = golden.convert("RGB")
    recorded = folder / "VERSIONS.txt"
    return expected, recorded.exists() and recorded.read_text(encoding="utf-8").strip() == versions()
