"""/dreamcats rules game:Dream 21 — the rules in one private embed, in the asker's language."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.views.shown import COLOUR


def rules_embed(locale: str) -> discord.Embed:
    """Dream 21's rules, short enough for one embed (the whole rulebook is RULES-dream21.md)."""
    return discord.Embed(title=t("dream21.rules.title", locale), description=t("dream21.rules.body", locale),
                         colour=COLOUR)


async def show_rules(interaction: discord.Interaction, locale: str) -> None:
    """Answer with the rules, privately."""
    await interaction.response.send_message(embed=rules_embed(locale), ephemeral=True)
