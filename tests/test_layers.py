"""The import rules that keep the layers honest: bot -> images -> game, and nothing imports bot."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLOCK_AND_IO = {"time", "datetime", "asyncio", "threading", "socket", "os", "logging"}


def _python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", _python_files("game"), ids=lambda p: str(p.relative_to(ROOT)))
def test_game_uses_only_the_standard_library_without_clock_or_io(path: Path) -> None:
    foreign = {
        root for root in _imported_roots(path) if root != "game" and root not in sys.stdlib_module_names
    }
    assert not foreign, f"{path} imports {foreign}"
    assert not _imported_roots(path) & CLOCK_AND_IO, f"{path} imports a clock or I/O module"


@pytest.mark.parametrize("path", _python_files("game"), ids=lambda p: str(p.relative_to(ROOT)))
def test_game_never_uses_the_global_random_generator(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            assert node.attr == "Random", f"{path}:{node.lineno} uses random.{node.attr}"
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            assert all(a.name == "Random" for a in node.names), f"{path}:{node.lineno} imports from random"


@pytest.mark.parametrize("path", _python_files("images"), ids=lambda p: str(p.relative_to(ROOT)))
def test_images_import_only_pillow_and_game(path: Path) -> None:
    allowed = {"PIL", "game", "images"}
    foreign = {r for r in _imported_roots(path) if r not in allowed and r not in sys.stdlib_module_names}
    assert not foreign, f"{path} imports {foreign}"


@pytest.mark.parametrize(
    "path",
    [*_python_files("game"), *_python_files("images"), *_python_files("migrations")],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_nothing_outside_bot_imports_bot_or_discord(path: Path) -> None:
    roots = _imported_roots(path)
    assert "bot" not in roots, f"{path} imports bot"
    assert "discord" not in roots, f"{path} imports discord"
    if not str(path).startswith(str(ROOT / "migrations")):
        assert "sqlalchemy" not in roots, f"{path} imports sqlalchemy"
