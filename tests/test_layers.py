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


FACE_MEASURES = {"getlength", "getmask", "getmask2"}  # FreeType calls on a font face


@pytest.mark.parametrize("path", _python_files("images"), ids=lambda p: str(p.relative_to(ROOT)))
def test_images_measure_text_only_through_the_fonts_module(path: Path) -> None:
    """A FreeType face must not be used by two threads at once (pictures are drawn in threads too): outside
    images/fonts.py text is measured with fonts.text_length, which takes the fonts' lock, never on a face itself."""
    if path.name == "fonts.py":
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and node.func.attr in FACE_MEASURES]
    assert not calls, f"{path} measures text on a face at lines {calls}"


@pytest.mark.parametrize("path", _python_files("game"), ids=lambda p: str(p.relative_to(ROOT)))
def test_game_never_uses_the_global_random_generator(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {"random"} | {alias.asname for node in ast.walk(tree) if isinstance(node, ast.Import)
                          for alias in node.names if alias.name == "random" and alias.asname}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
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


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, known: set[str], root: Path) -> set[str]:
    """The package's own modules a file imports anywhere: at the top, under TYPE_CHECKING or inside a function.

    `from a.b import c` counts as importing a.b.c when that is a module, else a.b.
    """
    own: set[str] = set()
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            own.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            subs = {f"{base}.{alias.name}" for alias in node.names} & known
            own.update(subs or ({base} & known))
    return own | _outer_packages(name, own, known)


def _outer_packages(name: str, imported: set[str], known: set[str]) -> set[str]:
    """The packages whose __init__ Python runs first for these imports: those of other packages than the file's own
    (a package's own modules import their siblings after its __init__ has begun, so those are no cycle)."""
    packages = set()
    for module in imported:
        parts = module.split(".")
        for length in range(2, len(parts)):
            package = ".".join(parts[:length])
            if package in known and not (name == package or name.startswith(package + ".")):
                packages.add(package)
    return packages


def _import_cycles(package: str, root: Path = ROOT) -> list[set[str]]:
    """The groups of modules that import each other in a circle (strongly connected components of two or more)."""
    files = {_module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}
    graph = {name: _imported_modules(path, set(files), root) - {name} for name, path in files.items()}
    reaches = {name: _reachable(graph, name) for name in graph}
    return [group for group in {frozenset(n for n in reaches[m] if m in reaches[n]) | {m} for m in graph}
            if len(group) > 1]


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph[name])
    return seen


@pytest.mark.parametrize("package", ["bot", "game"])
def test_no_import_cycles_not_even_for_typing(package: str) -> None:
    assert _import_cycles(package) == []


def test_the_cycle_check_sees_typing_and_late_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    (package / "b.py").write_text("def late() -> None:\n    from . import a\n")
    (package / "c.py").write_text("from pkg import a\n")
    assert _import_cycles("pkg", tmp_path) == [{"pkg.a", "pkg.b"}]


def test_the_cycle_check_sees_a_package_init_that_imports_back(tmp_path: Path) -> None:
    # Importing pkg.views.ids runs pkg/views/__init__.py first; if that imports a module that imports the first
    # one, a fresh interpreter fails with "partially initialized module".
    views = tmp_path / "pkg" / "views"
    views.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (views / "__init__.py").write_text("from pkg.views import clicks\n")
    (views / "ids.py").write_text("")
    (views / "clicks.py").write_text("from pkg import lobby\n")
    (tmp_path / "pkg" / "lobby.py").write_text("from pkg.views.ids import *\n")
    (tmp_path / "pkg" / "other.py").write_text("from pkg.views.ids import *\n")
    assert _import_cycles("pkg", tmp_path) == [{"pkg.lobby", "pkg.views", "pkg.views.clicks"}]
