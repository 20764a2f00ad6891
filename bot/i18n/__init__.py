"""The translation layer: message catalogues (English, Polish) and the slash-command translator.

    t("error.NotYourTurnError", "pl")            -> the Polish text
    tn("unit.points", 5, "pl")                   -> "5 punktów"
    resolve_locale(interaction.locale)           -> "pl" or "en"
"""

from __future__ import annotations

import functools
from typing import Any

from discord import app_commands

from bot.i18n.catalog import (
    DEFAULT_LOCALE,
    LOCALES_DIR,
    SUPPORTED_LOCALES,
    Catalogues,
    CatalogueError,
    placeholders,
    resolve_locale,
)
from bot.i18n.translator import DreamcatsTranslator, command_key

__all__ = [
    "DEFAULT_LOCALE", "LOCALES_DIR", "SUPPORTED_LOCALES", "CatalogueError", "Catalogues", "DreamcatsTranslator",
    "catalogue_keys", "command_key", "command_str", "default_catalogues", "placeholders", "resolve_locale", "t", "tn",
]


@functools.cache
def default_catalogues() -> Catalogues:
    """The bot's catalogues, read from bot/locales once, on first use."""
    return Catalogues.load(LOCALES_DIR, SUPPORTED_LOCALES)


def t(key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """The text of `key` in `locale` ("en"/"pl"), str.format-ed with params; never raises."""
    return default_catalogues().t(key, locale, **params)


def tn(key: str, count: int, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """The plural form of `key` for `count` (Polish has three forms); `{count}` is usable; never raises."""
    return default_catalogues().tn(key, count, locale, **params)


def catalogue_keys(locale: str) -> set[str]:
    """Every key of a locale, over all its .po files."""
    return default_catalogues().keys(locale)


def command_str(key: str, /, **params: Any) -> app_commands.locale_str:
    """A locale_str for a command name/description/choice: the English text, carrying the key for the translator."""
    return app_commands.locale_str(t(key, DEFAULT_LOCALE, **params), key=key)
