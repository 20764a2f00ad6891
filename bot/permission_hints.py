"""What the bot needs in a game's channel, and a private hint to a player when a server took some of it away.

A table's own edits mostly go through the clicks' tokens, which need no channel permission, so a match goes on when a
server takes Send Messages, Embed Links or Attach Files from the bot mid-game; but a round's reveal, the table moved
below it and the standings are new messages, and they cannot appear. Only a server admin can fix that, and only the
players notice, so a player whose click comes from such a channel is told privately, once per game every
HINT_EVERY seconds.
"""

from __future__ import annotations

import logging
import time

import discord

from bot.i18n import resolve_locale, t
from bot.sending import SENDING_FAILED

log = logging.getLogger(__name__)
NEEDED = ("send_messages", "embed_links", "attach_files")  # to post a table, a reveal or the standings
HINT_EVERY = 600.0
MAX_REMEMBERED = 10_000  # (game, person) pairs told lately; the oldest are forgotten first
_told: dict[tuple[str, int], float] = {}


def missing_permissions(interaction: discord.Interaction, *, in_parent: bool = False) -> list[str]:
    """The channel permissions the bot lacks to run a table where this interaction came from (`in_parent`: in the
    channel of the thread it came from, whose permissions a thread inherits)."""
    permissions = interaction.app_permissions
    needed = list(NEEDED)
    if isinstance(interaction.channel, discord.Thread) and not in_parent:
        needed[0] = "send_messages_in_threads"
    return [name for name in needed if not getattr(permissions, name)]


async def hint_missing_permissions(interaction: discord.Interaction, game_id: str) -> None:
    """After a game's click was answered: if the bot lacks a permission there, tell the presser privately (at most
    once per game every HINT_EVERY seconds); never raises."""
    missing = missing_permissions(interaction)
    if not missing or not _due(game_id, interaction.user.id):
        return
    locale = resolve_locale(interaction.locale)
    names = ", ".join(t(f"permission.{name}", locale) for name in missing)
    log.info("game %s: the bot lacks %s in channel %s; told the player", game_id, ", ".join(missing),
             interaction.channel_id)
    try:
        await interaction.followup.send(t("table.missing_permissions", locale, permissions=names), ephemeral=True)
    except SENDING_FAILED as exc:
        log.info("game %s: could not send the missing permissions hint: %r", game_id, exc)


def _due(game_id: str, user_id: int) -> bool:
    """Whether this person at this game was not told within HINT_EVERY seconds; if so, they are now."""
    now, key = time.monotonic(), (game_id, user_id)
    if now - _told.get(key, -HINT_EVERY) < HINT_EVERY:
        return False
    _told.pop(key, None)  # re-inserted last: the dict's order is the order they were told
    _told[key] = now
    while len(_told) > MAX_REMEMBERED:
        del _told[next(iter(_told))]
    return True


__all__ = ["HINT_EVERY", "NEEDED", "hint_missing_permissions", "missing_permissions"]
