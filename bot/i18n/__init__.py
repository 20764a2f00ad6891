"""The translation layer: message catalogues (English, Polish) and the slash-command translator.

    t("error.NotYourTurnError", "pl")            -> the Polish text
    tn("unit.points", 5, "pl")                   -> "5 punktów"
    resolve_locale(interaction.locale)           -> "pl" or "en"
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any

from discord import app_commands

from bot.i18n.catalog import (
    DEFAULT_LOCALE,
    LOCALES_DIR,
    SUPPORTED_LOCALES,
    Catalogues,
    default_catalogues,
    placeholders,
    resolve_locale,
)
from bot.i18n.helpers import PICTURE_ALIASES, RULES_SECTIONS, card_key, error_key
from bot.i18n.translator import DreamcatsTranslator, command_key

if TYPE_CHECKING:
    from images.dreamcats import PictureText

__all__ = [
    "DEFAULT_LOCALE", "LOCALES_DIR", "RULES_SECTIONS", "SUPPORTED_LOCALES", "Catalogues",
    "DreamcatsTranslator", "card_key", "card_name", "catalogue_keys", "command_key", "command_str",
    "default_catalogues", "error_key", "error_text", "picture_text", "placeholders", "resolve_locale", "rules_fields",
    "t", "tn",
]


def t(key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """The text of `key` in `locale` ("en"/"pl"), str.format-ed with params; never raises."""
    return default_catalogues().t(key, locale, **params)


def tn(key: str, count: int, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """The plural form of `key` for `count` (Polish has three forms); `{count}` is usable; never raises."""
    return default_catalogues().tn(key, count, locale, **params)


def catalogue_keys(locale: str) -> set[str]:
    """Every key of a locale, over all its .po files."""
    return default_catalogues().keys(locale)


def command_str(key: str, /) -> app_commands.locale_str:
    """A locale_str for a command name/description/choice: the English text, carrying the key for the translator."""
    return app_commands.locale_str(t(key, DEFAULT_LOCALE), key=key)


def card_name(card: int, locale: str = DEFAULT_LOCALE, /) -> str:
    """A card's name: "7" for number cards, "Take 2"/"Weź 2" for the specials (pass a game.Card or its value)."""
    return t(f"{card_key(card)}.name", locale)


def error_text(error: BaseException, locale: str = DEFAULT_LOCALE, /) -> str:
    """The friendly message for an exception: "error.<ClassName>" of the nearest class that has one, else generic;
    an exception's `text_args` fill the line's placeholders."""
    return t(error_key(error, catalogue_keys(DEFAULT_LOCALE)), locale, **getattr(error, "text_args", {}))


def rules_fields(locale: str = DEFAULT_LOCALE, /) -> list[tuple[str, str]]:
    """The rules as (title, body) pairs in order, each body short enough for one embed field (<= 1024 chars)."""
    return [(t(f"rules.{s}.title", locale), t(f"rules.{s}.body", locale)) for s in RULES_SECTIONS]


@functools.cache
def picture_text(locale: str = DEFAULT_LOCALE, /) -> PictureText:
    """The images' captions and alt texts in a locale: "picture.<field>" keys (a few shared with card.*/term.*)."""
    from images.dreamcats import PictureText

    keys = catalogue_keys(DEFAULT_LOCALE)
    values = {}
    for item in dataclasses.fields(PictureText):
        key = PICTURE_ALIASES.get(item.name, f"picture.{item.name}")
        if key in keys:
            values[item.name] = default_catalogues().template(key, locale)
    return PictureText(**values)
