"""The Dream 21 pictures' words in a locale, from the catalogues (bot/locales/*/dream21.po)."""

from __future__ import annotations

import dataclasses

from bot.i18n import DEFAULT_LOCALE, catalogue_keys, default_catalogues
from images.dream21 import Dream21Text

KEY_PREFIX = "dream21.picture."


def picture_text(locale: str = DEFAULT_LOCALE, /) -> Dream21Text:
    """The Dream 21 pictures' captions and alt texts in `locale` ("en"/"pl"); a missing key keeps the English."""
    keys = catalogue_keys(DEFAULT_LOCALE)
    values = {item.name: default_catalogues().template(KEY_PREFIX + item.name, locale)
              for item in dataclasses.fields(Dream21Text) if KEY_PREFIX + item.name in keys}
    return Dream21Text(**values)
