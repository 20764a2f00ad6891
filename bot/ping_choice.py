"""/dreamcats pings: a person's own choice, in this server, whether to be pinged when it is their turn.

The choice is kept per server, like the server's default it overrides: a person may want pings where they play
now and then, and none where a table is always busy. The server and the person's choice are read by the same bot
process (the one running that server's shard), so a change applies from the next turn.
"""

from __future__ import annotations

import discord
from sqlalchemy.ext.asyncio import AsyncSession

from bot.answers import Answer
from bot.i18n import resolve_locale, t
from bot.storage import Database, get_server_settings, get_turn_pings_choice, save_turn_pings_choice

# The command's choices: always ping me, never ping me, follow the server's default.
PING_CHOICES: dict[str, bool | None] = {"on": True, "off": False, "server": None}


def pings_text(own: bool | None, server_default: bool, locale: str, *, saved: bool) -> str:
    """Where the person stands: pinged or not, and whether by their own choice or the server's default."""
    pinged = server_default if own is None else own
    default = t(f"standings.settings.turn_pings.{'on' if server_default else 'off'}", locale)
    parts = [t("pings.saved", locale)] if saved else []
    parts.append(t("pings.on" if pinged else "pings.off", locale))
    parts.append(t("pings.server", locale) if own is None else t("pings.own", locale, default=default))
    return " ".join(parts)


async def pings_answer(interaction: discord.Interaction, db: Database, choice: str | None) -> Answer:
    """Save the person's choice ("on", "off", "server"; None only shows it) and answer privately where they stand."""
    locale = resolve_locale(interaction.locale)
    if interaction.guild_id is None:
        return Answer(t("standings.guild_only", locale), ephemeral=True)
    if choice is not None and choice not in PING_CHOICES:  # Discord offers only the choices; an old command may not
        return Answer(t("pings.invalid", locale), ephemeral=True)
    guild_id, user_id = interaction.guild_id, interaction.user.id

    async def look(session: AsyncSession) -> tuple[bool | None, bool]:
        if choice is not None:
            await save_turn_pings_choice(session, guild_id=guild_id, user_id=user_id, choice=PING_CHOICES[choice])
        own = await get_turn_pings_choice(session, guild_id=guild_id, user_id=user_id)
        return own, (await get_server_settings(session, guild_id=guild_id)).turn_pings

    own, server_default = await (db.read(look) if choice is None else db.write(look))
    return Answer(pings_text(own, server_default, locale, saved=choice is not None), ephemeral=True)
