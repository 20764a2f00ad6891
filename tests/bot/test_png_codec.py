"""The pictures' PNG deflated by zlib-ng: other bytes than the standard library's, the very same pixels."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from bot import picture_work
from bot.png_codec import ZLIB_NG, ZLIB_NG_HASTY, use_zlib_ng
from images import encode_png
from images.bands import STANDARD, Codec, use_codec
from images.dreamcats import PictureText
from images.dreamcats.samples import NAMES, sample_observations
from tests.images import scenarios as dreamcats_scenes
from tests.images.dream21 import scenarios as dream21_scenes

SCENES: dict[str, Callable[[], Image.Image]] = {**dreamcats_scenes.SCENES, **dream21_scenes.SCENES}


@pytest.fixture
def standard_then_fast() -> Iterator[None]:
    """The test switches codecs; the bot's zlib-ng is installed again afterwards."""
    yield
    use_zlib_ng()


def pixels(png: bytes) -> bytes:
    """The decoded picture's RGB bytes."""
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").tobytes()


@pytest.mark.parametrize("codec", [ZLIB_NG, ZLIB_NG_HASTY], ids=["zlib-ng", "zlib-ng hasty"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_zlib_ng_encodes_every_scene_to_the_same_pixels(name: str, codec: Codec, standard_then_fast: None) -> None:
    picture = SCENES[name]()
    use_codec(STANDARD)
    standard = encode_png(picture)
    use_codec(codec)
    fast = encode_png(picture)
    assert pixels(fast) == pixels(standard)


def test_the_bot_draws_its_tables_with_zlib_ng(standard_then_fast: None) -> None:
    obs, events, _ = sample_observations()
    drawn, alt = picture_work.table_png(obs, NAMES, events, PictureText(), "in 2 minutes")
    use_codec(STANDARD)
    again, same_alt = picture_work.table_png(obs, NAMES, events, PictureText(), "in 2 minutes")
    assert alt == same_alt and drawn != again
    assert pixels(drawn) == pixels(again)


def test_a_picture_process_deflates_for_speed_only_when_asked_and_then_for_size_again(standard_then_fast: None
                                                                                      ) -> None:
    obs, events, _ = sample_observations()
    args = (obs, NAMES, events, PictureText(), "in 2 minutes")
    small = picture_work.table_png(*args)
    hasty = picture_work.drawn(True, picture_work.table_png, *args)
    assert hasty[1] == small[1] and pixels(hasty[0]) == pixels(small[0])
    assert len(hasty[0]) > len(small[0])  # level 1 writes more bytes
    assert picture_work.drawn(False, picture_work.table_png, *args) == small
