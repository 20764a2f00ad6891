"""The Dream 21 pictures' words come from the catalogues, in English and Polish."""

from __future__ import annotations

import dataclasses
import random

from bot.dream21.texts import KEY_PREFIX, picture_text
from bot.i18n import catalogue_keys
from game.dream21 import Dream21Settings, new_match, public_observation
from images.dream21 import ENGLISH, Dream21Text, render_trick
from tests.images.dream21.polish import POLISH


def test_every_picture_word_has_a_key_in_both_languages() -> None:
    wanted = {KEY_PREFIX + item.name for item in dataclasses.fields(Dream21Text)}
    assert wanted <= catalogue_keys("en") and wanted <= catalogue_keys("pl")


def test_english_is_the_pictures_default_and_polish_is_the_set_the_goldens_are_drawn_with() -> None:
    assert picture_text("en") == ENGLISH
    assert picture_text("pl") == POLISH  # the Polish goldens (tests/images/dream21) prove these words fit
    assert picture_text("de") == ENGLISH  # an unsupported language falls back to English


def test_the_polish_words_draw_a_table() -> None:
    state = new_match(3, Dream21Settings(), random.Random(2), dealer=0)
    assert render_trick(public_observation(state), ["Ana", "Bo", "Cy"], text=picture_text("pl")).width > 0
