"""Stopping a match: `/dreamcats stop` asks first (privately), the confirmation button stops it for everyone."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.service import StaleButtonError
from bot.views.click import Click, handler
from bot.views.holds import clicked_ephemeral
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.shown import make_view


def stop_confirmation(game_id: str, locale: str) -> dict[str, Any]:
    """The private question and its one button (keyword arguments of a message)."""
    view = make_view(GameButton(make_id(game_id, "stopok"), t("stop.confirm_button", locale),
                                style=discord.ButtonStyle.danger))
    view.stop()  # only sent: the button is dispatched by its custom_id (see bot.views.replies._answer)
    return {"content": t("stop.confirm", locale), "view": view}


@handler("stopok")
async def _stop_confirmed(click: Click) -> None:
    if not clicked_ephemeral(click.interaction):  # the question is private: this one is forged
        raise StaleButtonError("The stop confirmation pressed on a public message.")
    is_manager = bool(click.interaction.permissions.manage_guild)
    await click.interaction.response.defer()
    await click.service.close(click.bid.game_id, click.user_id, is_manager=is_manager, reason="stopped")
    await click.interaction.edit_original_response(content=t("stop.done", click.locale), view=None)
