"""Rewrite the golden images on purpose, after a deliberate change to the pictures.

Run: .venv/bin/python -m tests.images.regenerate_golden   (then look at every file before committing it)
"""

from __future__ import annotations

import sys

from tests.images.golden_io import GOLDEN, versions
from tests.images.scenarios import SCENES


def main(argv: list[str] | None = None) -> int:
    """Render every scene and save it losslessly as tests/images/golden/<scene>.png."""
    only = set(argv if argv is not None else sys.argv[1:])
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, scene in SCENES.items():
        if only and name not in only:
            continue
        path = GOLDEN / f"{name}.png"
        scene().save(path, "PNG", optimize=True)
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    (GOLDEN / "VERSIONS.txt").write_text(versions() + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
