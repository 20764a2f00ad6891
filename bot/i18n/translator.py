"""The discord.py command translator: Polish names and descriptions from the catalogues."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n.catalog import Catalogues, default_catalogues

log = logging.getLogger(__name__)


def command_key(string: app_commands.locale_str) -> str:
    """The catalogue key of a command string: extras["key"], else the message itself."""
    key = string.extras.get("key")
    return key if isinstance(key, str) and key else string.message


class DreamcatsTranslator(app_commands.Translator):
    """Translates command names, descriptions, options and choices for Discord's Polish locale."""

    def __init__(self, catalogues: Catalogues | None = None) -> None:
        self._catalogues = catalogues

    def _lookup(self) -> Catalogues:
        if self._catalogues is None:
            self._catalogues = default_catalogues()
        return self._catalogues

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The Polish text for Locale.polish; None (keep the English default) for every other locale."""
        return self.translate_now(string, locale)

    def translate_now(self, string: app_commands.locale_str, locale: discord.Locale) -> str | None:
        """The synchronous lookup behind `translate`."""
        if locale is not discord.Locale.polish:
            return None
        key = command_key(string)
        text = self._lookup().entry(key, "pl")
        if text is None:
            if "key" in string.extras:
                log.warning("i18n: command key %r has no Polish text", key)
            return None
        return text if isinstance(text, str) else text[0]
