"""Lobby clicks: answered by a deferred update; the presenter then redraws the lobby message."""

from __future__ import annotations

from bot.service import StaleButtonError
from bot.views.click import Click, handler


@handler("join")
async def _join(click: Click) -> None:
    await click.defer_update()
    await click.service.join(click.bid.game_id, click.person)


@handler("leave")
async def _leave(click: Click) -> None:
    await click.defer_update()
    await click.service.leave_lobby(click.bid.game_id, click.user_id)


@handler("addbot")
async def _add_computer(click: Click) -> None:
    await click.defer_update()
    await click.service.add_computer(click.bid.game_id, click.user_id, click.values[0] if click.values else "")


@handler("kick")
async def _remove_seat(click: Click) -> None:
    seat, _, rest = (click.values[0] if click.values else "").partition(".")
    occupant, dot, computer = rest.partition(".")  # "2.0.Miso": a computer player; "2.0" from an older menu
    if not seat.isdecimal() or not occupant.isdecimal():
        raise StaleButtonError("That choice is not one of ours.")
    await click.defer_update()
    await click.service.remove_seat(click.bid.game_id, click.user_id, int(seat), int(occupant) or None,
                                    computer if dot else None)


@handler("start")
async def _start(click: Click) -> None:
    await click.defer_update()
    await click.service.start(click.bid.game_id, click.user_id)


@handler("cancel")
async def _cancel(click: Click) -> None:
    manager = bool(click.interaction.permissions.manage_guild)
    await click.defer_update()
    # A lobby message can still show Cancel for a moment after Start (or for good, if turning it into the match's
    # line failed): stopping a match takes /dreamcats stop and its confirmation, never this button.
    await click.service.close(click.bid.game_id, click.user_id, is_manager=manager, reason="cancelled",
                              lobby_only=True)


