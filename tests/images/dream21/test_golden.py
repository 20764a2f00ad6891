"""Each Dream 21 picture matches its golden image: exactly under the recorded Pillow and FreeType, else closely."""

from __future__ import annotations

import pytest

from tests.images.dream21.regenerate_golden import GOLDEN_21
from tests.images.dream21.scenarios import SCENES
from tests.images.golden_io import golden_of
from tests.images.test_golden import assert_image_equal, assert_image_similar


@pytest.mark.parametrize("name", sorted(SCENES))
def test_picture_matches_golden(name: str) -> None:
    expected, same_versions = golden_of(GOLDEN_21, name, "tests.images.dream21.regenerate_golden")
    actual = SCENES[name]()
    if same_versions:
        assert_image_equal(actual, expected)
    else:  # another Pillow or FreeType draws glyph edges a little differently; the layout must still match
        assert_image_similar(actual, expected)
