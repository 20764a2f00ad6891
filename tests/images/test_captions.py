"""The two pile captions never run into each other, however long a translation is."""

from __future__ import annotations

import random
from dataclasses import replace

from game import MatchSettings, new_match, public_observation
from images import PictureText, render_table
from images.layout import WIDTH


def _gap_strip(text: PictureText) -> bytes:
    """The pixels of the 16 px wide strip between the two piles, top to bottom."""
    obs = public_observation(new_match(2, MatchSettings(), random.Random(5)))
    image = render_table(obs, ["Ana", "Bo"], text=text).convert("RGB")
    return image.crop((WIDTH // 2 - 8, 0, WIDTH // 2 + 8, image.height)).tobytes()


def test_long_pile_captions_leave_the_gap_between_the_piles_clear() -> None:
    blank = _gap_strip(replace(PictureText(), draw_pile="", discard=""))
    long = _gap_strip(replace(PictureText(), draw_pile="W" * 40, discard="M" * 40))
    assert long == blank


def test_the_usual_captions_are_drawn() -> None:
    obs = public_observation(new_match(2, MatchSettings(), random.Random(5)))
    plain = render_table(obs, ["Ana", "Bo"], text=PictureText()).tobytes()
    blank = render_table(obs, ["Ana", "Bo"], text=replace(PictureText(), draw_pile="", discard="")).tobytes()
    assert plain != blank
