"""Per game, its rules shown privately to the person who asked: Dreamcats' as an illustrated guide turned with
buttons (bot.rules_guide), Dream 21's and Cat Duel's in one embed each. A new game adds one entry."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.catduel.rules import show_rules as show_catduel_rules
from bot.dream21.rules import show_rules as show_dream21_rules
from bot.rules_guide import show_rules
from bot.storage.records import DREAMCATS


async def _show_dreamcats_rules(interaction: discord.Interaction, locale: str) -> None:
    await show_rules(interaction)  # the guide reads the person's own locale from the interaction


RULES_SHOWN: dict[str, Callable[[discord.Interaction, str], Awaitable[None]]] = {
    DREAMCATS: _show_dreamcats_rules, "dream21": show_dream21_rules, "catduel": show_catduel_rules}
