"""Lobby clicks: answered by a deferred update; the presenter then redraws the lobby message."""

from __future__ import annotations

from bot.views.click import Click, handler


@handler("join")
async def _join(click: Click) -> None:
    await click.interaction.response.defer()
    await click.service.join(click.bid.game_id, click.person)


@handler("leave")
async def _leave(click: Click) -> None:
    await click.interaction.response.defer()
    await click.service.leave_lobby(click.bid.game_id, click.user_id)


@handler("addbot")
async def _add_computer(click: Click) -> None:
    await click.interaction.response.defer()
    await click.service.add_computer(click.bid.game_id, click.user_id, click.values[0] if click.values else "")


@handler("start")
async def _start(click: Click) -> None:
    await click.interaction.response.defer()
    await click.service.start(click.bid.game_id, click.user_id)


@handler("cancel")
async def _cancel(click: Click) -> None:
    manager = bool(click.interaction.permissions.manage_guild)
    await click.interaction.response.defer()
    await click.service.close(click.bid.game_id, click.user_id, is_manager=manager, reason="cancelled")


