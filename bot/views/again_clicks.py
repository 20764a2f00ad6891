"""The Play again button under the final standings: a new lobby (who sits where: bot.service.again)."""

from __future__ import annotations

from typing import cast

from sqlalchemy.ext.asyncio import AsyncSession

from bot.game_threads import lobby_in_new_thread
from bot.hub import DreamcatsBase
from bot.i18n import resolve_locale, t
from bot.permission_hints import missing_permissions
from bot.running_game import point_to
from bot.service import GameRunningError
from bot.service.again import play_again
from bot.storage import LastMatch, ServerSettingsRecord, get_server_settings, last_match
from bot.views.click import Click, handler
from bot.views.public import lobby_message
from bot.views.replies import say


def _missing_where_it_goes(click: Click, last: LastMatch | None) -> list[str]:
    """What the bot lacks to post the new lobby where it goes: the last match's own place when pressed there (a
    thread people made needs Send Messages in Threads), else, from the bot's game thread of that match, the channel
    (a thread inherits its channel's permissions, so the press reads the channel's)."""
    if last is None:
        return []  # play_again says why there is nothing to play again
    return missing_permissions(click.interaction, in_parent=click.interaction.channel_id != last.channel_id)


@handler("again")
async def _play_again(click: Click) -> None:
    """Open the lobby (answered by a deferred update); the presenter posts it as a new message."""
    bot = cast(DreamcatsBase, click.interaction.client)
    guild_id, game_id = click.interaction.guild_id or 0, click.bid.game_id
    bot.lateness.refuse_new_table("play again", game=game_id, user=click.user_id)
    await click.interaction.response.defer()

    async def read(session: AsyncSession) -> tuple[LastMatch | None, ServerSettingsRecord]:
        return await last_match(session, game_id=game_id), await get_server_settings(session, guild_id=guild_id)

    last, server = await bot.db.read(read)
    missing = _missing_where_it_goes(click, last)
    if missing:  # as /dreamcats start: a lobby nobody could see would only hold the channel
        names = ", ".join(t(f"permission.{name}", click.locale) for name in missing)
        await say(click.interaction, t("start.missing_permissions", click.locale, permissions=names))
        return
    locale = server.table_locale or resolve_locale(click.interaction.guild_locale)
    try:
        table = await play_again(click.service, last, click.person, locale=locale)
    except GameRunningError as exc:  # a lobby or match is open there already (a second press, say): linked to
        await point_to(click.interaction, exc)
        return
    if click.interaction.channel_id not in (None, table.channel_id):  # pressed in the last match's own thread
        await lobby_in_new_thread(bot, click.interaction, table, lobby_message(table))
        # The thread it was pressed in is archived and shows nothing new: the presser is told where the lobby is.
        await say(click.interaction, t("again.lobby_in_channel", click.locale, channel=f"<#{table.channel_id}>"))
        return
    click.service.notifier.table_changed(table)
