"""Rewrite the Dream 21 golden images on purpose, after a deliberate change to the pictures.

Run: .venv/bin/python -m tests.images.dream21.regenerate_golden [scene ...]
(then look at every file, full size and at 360 px wide, before committing it)
"""

from __future__ import annotations

import sys

from tests.images.dream21.scenarios import SCENES
from tests.images.golden_io import GOLDEN, versions

GOLDEN_21 = GOLDEN / "dream21"


def main(argv: list[str] | None = None) -> int:
    """Render every scene and save it losslessly as tests/images/golden/dream21/<scene>.png."""
    only = set(argv if argv is not None else sys.argv[1:])
    GOLDEN_21.mkdir(parents=True, exist_ok=True)
    for name, scene in SCENES.items():
        if only and name not in only:
            continue
        path = GOLDEN_21 / f"{name}.png"
        scene().save(path, "PNG", optimize=True)
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    (GOLDEN_21 / "VERSIONS.txt").write_text(versions() + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
