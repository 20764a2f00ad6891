"""Each Dream 21 picture matches its golden image: exactly under the recorded Pillow and FreeType, else closely."""

from __future__ import annotations

import pytest
from PIL import Image

from tests.images.dream21.regenerate_golden import GOLDEN_21
from tests.images.dream21.scenarios import SCENES
from tests.images.golden_io import versions
from tests.images.test_golden import assert_image_equal, assert_image_similar


@pytest.mark.parametrize("name", sorted(SCENES))
def test_picture_matches_golden(name: str) -> None:
    path = GOLDEN_21 / f"{name}.png"
    assert path.exists(), f"no golden image: run .venv/bin/python -m tests.images.dream21.regenerate_golden {name}"
    with Image.open(path) as golden:
        expected = golden.convert("RGB")
    actual = SCENES[name]()
    recorded = GOLDEN_21 / "VERSIONS.txt"
    if recorded.exists() and recorded.read_text(encoding="utf-8").strip() == versions():
        assert_image_equal(actual, expected)
    else:  # another Pillow or FreeType draws glyph edges a little differently; the layout must still match
        assert_image_similar(actual, expected)
