"""Rewrite the Cat Duel golden images on purpose, after a deliberate change to the pictures.

Run: .venv/bin/python -m tests.images.catduel.regenerate_golden [scene ...]
(then look at every file before committing it)
"""

from __future__ import annotations

import sys

from tests.images.catduel.scenarios import SCENES
from tests.images.golden_io import GOLDEN, regenerate

GOLDEN_CATDUEL = GOLDEN / "catduel"

if __name__ == "__main__":
    raise SystemExit(regenerate(SCENES, GOLDEN_CATDUEL, set(sys.argv[1:])))
