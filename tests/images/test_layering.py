"""images/ imports only the standard library, Pillow, game/ and itself (never discord, SQLAlchemy or bot/)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import images

ALLOWED = {"PIL", "game", "images", "__future__"}


def imported_roots(path: Path) -> set[str]:
    """The top-level package of every import in a module."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_images_imports_only_pillow_game_and_the_standard_library() -> None:
    package = Path(images.__file__).parent
    for path in sorted(package.glob("*.py")):
        foreign = {root for root in imported_roots(path) if root not in ALLOWED | sys.stdlib_module_names}
        assert not foreign, f"{path.name} imports {sorted(foreign)}"


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
    assert first == paint.noise(64, 32, 7, 4).tobytes() and len(set(first)) > 8
