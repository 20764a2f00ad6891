"""/dreamcats rules game:Cat Duel — the rules in one private embed, in the asker's language."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.views.shown import COLOUR

SECTIONS = ("round", "scratch", "cards", "cats", "winning")


def rules_embed(locale: str) -> discord.Embed:
    """Cat Duel's rules, short enough for one embed (the whole rulebook is RULES-catduel.md)."""
    embed = discord.Embed(title=t("catduel.rules.title", locale), description=t("catduel.rules.body", locale),
                          colour=COLOUR)
    for section in SECTIONS:
        embed.add_field(name=t(f"catduel.rules.{section}.title", locale),
                        value=t(f"catduel.rules.{section}.body", locale)[:1024], inline=False)
    return embed


async def show_rules(interaction: discord.Interaction, locale: str) -> None:
    """Answer with the rules, privately."""
    await interaction.response.send_message(embed=rules_embed(locale), ephemeral=True)
