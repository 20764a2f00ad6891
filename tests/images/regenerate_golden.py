"""Rewrite the golden images on purpose, after a deliberate change to the pictures.

Run: .venv/bin/python -m tests.images.regenerate_golden   (then look at every file before committing it)
"""

from __future__ import annotations

import sys

from tests.images.golden_io import GOLDEN, regenerate
from tests.images.scenarios import SCENES


def main(argv: list[str] | None = None) -> int:
    """Render every scene (or those named) as tests/images/golden/<scene>.png."""
    return regenerate(SCENES, GOLDEN, set(argv if argv is not None else sys.argv[1:]))


if __name__ == "__main__":
    raise SystemExit(main())
