"""The Cat Duel pictures' words in a locale, from the catalogues (bot/locales/*/catduel.po): the captions under
catduel.picture.*, and the names of cats, moves, chance cards and abilities from the keys the table text uses."""

from __future__ import annotations

import dataclasses

from bot.i18n import DEFAULT_LOCALE, catalogue_keys, default_catalogues, t
from game.catduel import Ability, Cat, Chance, Move
from images.catduel import ENGLISH_WORDS, CatDuelText

KEY_PREFIX = "catduel.picture."
NAMED = (("cat", Cat), ("move", Move), ("card", Chance), ("ability", Ability))


def picture_text(locale: str = DEFAULT_LOCALE, /) -> CatDuelText:
    """The Cat Duel pictures' captions and alt texts in `locale` ("en"/"pl"); a missing key keeps the English."""
    keys = catalogue_keys(DEFAULT_LOCALE)
    values = {item.name: default_catalogues().template(KEY_PREFIX + item.name, locale)
              for item in dataclasses.fields(CatDuelText) if KEY_PREFIX + item.name in keys}
    words = {str(piece): t(f"catduel.{kind}.{piece}", locale) for kind, pieces in NAMED for piece in pieces}
    return CatDuelText(**values, words={**ENGLISH_WORDS, **words})
