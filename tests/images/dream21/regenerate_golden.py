"""Rewrite the Dream 21 golden images on purpose, after a deliberate change to the pictures.

Run: .venv/bin/python -m tests.images.dream21.regenerate_golden [scene ...]
(then look at every file, full size and at 360 px wide, before committing it)
"""

from __future__ import annotations

import sys

from tests.images.dream21.scenarios import SCENES
from tests.images.golden_io import GOLDEN, regenerate

GOLDEN_21 = GOLDEN / "dream21"


def main(argv: list[str] | None = None) -> int:
    """Render every scene (or those named) as tests/images/golden/dream21/<scene>.png."""
    return regenerate(SCENES, GOLDEN_21, set(argv if argv is not None else sys.argv[1:]))


if __name__ == "__main__":
    raise SystemExit(main())
