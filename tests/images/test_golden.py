"""Each kind of picture matches its golden image (mode, size and pixels, as Pillow's assert_image_equal)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.images.golden_io import GOLDEN, recorded_versions, versions
from tests.images.scenarios import SCENES


def assert_image_equal(actual: Image.Image, expected: Image.Image) -> None:
    """Same mode, same size, same pixel bytes."""
    assert actual.mode == expected.mode
    assert actual.size == expected.size
    assert actual.tobytes() == expected.tobytes()


def assert_image_similar(actual: Image.Image, expected: Image.Image, mean_limit: float = 1.0) -> None:
    """Same mode and size, and on average within `mean_limit` levels per channel (text may rasterise anew)."""
    assert actual.mode == expected.mode
    assert actual.size == expected.size
    diff = ImageStat.Stat(ImageChops.difference(actual, expected)).mean
    assert max(diff) <= mean_limit, diff


@pytest.mark.parametrize("name", sorted(SCENES))
def test_picture_matches_golden(name: str) -> None:
    path = GOLDEN / f"{name}.png"
    assert path.exists(), f"no golden image: run .venv/bin/python -m tests.images.regenerate_golden {name}"
    with Image.open(path) as golden:
        expected = golden.convert("RGB")
    actual = SCENES[name]()
    if versions() == recorded_versions():
        assert_image_equal(actual, expected)
    else:  # another Pillow or FreeType draws glyph edges a little differently; the layout must still match
        assert_image_similar(actual, expected)
