"""One place for every click: who pressed, the handler registry, and turning errors into friendly lines."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import cast

import discord

from bot.answers import finished_within
from bot.hub import DreamcatsBase
from bot.i18n import error_text, resolve_locale, t
from bot.permission_hints import hint_missing_permissions
from bot.pulse import Outcome
from bot.sending import interaction_gone, log_failure
from bot.service import GameGoneError, GameService, Person, StaleButtonError, Table
from bot.service.moves import person_seat
from bot.views.holds import lend_token
from bot.views.ids import ButtonId, MalformedButtonError, parse_slot
from bot.views.replies import complete_deferred, refuse, retire, say
from game.dreamcats import Slot
from game.errors import GameError, NotYourTurnError

log = logging.getLogger(__name__)
# A "thinking…" reply still open after this long gets a line saying the result is coming (it replaces the line).
STILL_WORKING_AFTER = 5.0


@dataclass
class Click:
    """One click or choice with what every handler needs."""

    interaction: discord.Interaction
    bid: ButtonId
    values: tuple[str, ...]

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        # discord.py types interaction.client as the base Client; here it is always our bot.
        return cast(DreamcatsBase, self.interaction.client).service

    @property
    def locale(self) -> str:
        """The presser's language."""
        return resolve_locale(self.interaction.locale)

    @property
    def person(self) -> Person:
        """The presser."""
        user = self.interaction.user
        return Person(user.id, user.display_name, self.locale)

    @property
    def user_id(self) -> int:
        """The presser's id."""
        return self.interaction.user.id

    def chosen_slots(self, count: int) -> list[Slot]:
        """The places chosen in a select menu (MalformedButtonError if fewer came than the menu asks for)."""
        if len(self.values) < count:
            raise MalformedButtonError(f"{self.bid.action} came with {len(self.values)} of {count} choices")
        return [parse_slot(value) for value in self.values[:count]]

    def table(self) -> Table:
        """The live table of the button's game."""
        return self.service.get(self.bid.game_id)

    def my_turn(self) -> tuple[Table, int]:
        """The presser's table and seat if it is their turn and the button is current (checked before deferring)."""
        table = self.table()
        seat = person_seat(table, self.user_id)
        # A button of a turn that is over (the timer played it) is stale for good: not "wait for your turn".
        self.check_fresh(table)
        if table.turn != seat:
            raise NotYourTurnError("It is not your turn.")
        return table, seat

    async def defer_update(self) -> None:
        """Acknowledge a click on a game's public message with nothing to say privately (the message shows the
        result); the click's token may then edit that message (bot.edit_tokens)."""
        await self.interaction.response.defer()
        lend_token(self.interaction, self.bid.game_id)

    def check_fresh(self, table: Table) -> None:
        """Refuse a button from an earlier moment (its first argument is the move number)."""
        if self.bid.int_arg(0) != table.move_number:
            self.service.refresh(table.game_id)  # the presser may be looking at an old picture: show the new one
            raise StaleButtonError("That button is from an earlier moment of the game.")


Handler = Callable[[Click], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


def handler(*names: str, game: str | None = None) -> Callable[[Handler], Handler]:
    """Register a handler for custom_id actions; with `game`, one pressed on another game's table (a forged click:
    the bot draws that game's buttons only on its tables) is refused as stale before the handler looks at it."""
    def register(function: Handler) -> Handler:
        async def on_its_table(click: Click) -> None:
            if click.table().game != game:
                raise StaleButtonError("That button belongs to another game.")
            await function(click)
        for name in names:
            HANDLERS[name] = function if game is None else on_its_table
        return function
    return register


async def dispatch(interaction: discord.Interaction, bid: ButtonId, values: tuple[str, ...]) -> None:
    """Run the handler; a GameError is one friendly line, anything else an apology and one log line.

    A deferred reply is always completed: with the result, the refusal, or the apology (never left "thinking…").
    """
    bot = cast(DreamcatsBase, interaction.client)
    late, began = bot.lateness.record(interaction.created_at, discord.utils.utcnow()), time.perf_counter()
    click = Click(interaction, bid, values)
    outcome = Outcome.FAILED  # unless it ends one of the ways below (a cancelled click got no answer)
    try:
        function = HANDLERS.get(bid.action)
        if function is None:
            raise StaleButtonError(f"unknown action {bid.action!r}")
        await _run(function(click), click)
    except GameGoneError as exc:  # its private buttons are of no use any more
        outcome = Outcome.REFUSED
        await retire(interaction, error_text(exc, click.locale))
    except GameError as exc:
        outcome = Outcome.REFUSED
        await refuse(interaction, exc)
    except Exception as exc:
        await _failed(click, exc)
    else:
        outcome = Outcome.DONE
        await complete_deferred(interaction, t("error.generic", click.locale))
        await hint_missing_permissions(interaction, bid.game_id)
    finally:
        bot.pulse.click(late, time.perf_counter() - began, outcome)


async def _failed(click: Click, exc: Exception) -> None:
    """One log line and, where Discord still takes one, an apology. Discord's own failures (it is unwell, or the
    click's 3 s passed) are warnings: nothing in the bot to fix."""
    interaction, bid = click.interaction, click.bid
    # Not the button's arguments: a private button's (Cat Duel's chosen strategy, a card's place in a hand) are the
    # seat's secret until the reveal, and an operator's log is no place for them.
    log_failure(log, exc, "click failed: game=%s user=%s action=%s: %r", bid.game_id, interaction.user.id,
                bid.action, exc)
    if not interaction_gone(exc):  # an expired interaction takes no answer at all: trying would only fail again
        await say(interaction, t("error.generic", click.locale))


async def _run(work: Awaitable[None], click: Click) -> None:
    """Await the handler; if a deferred reply is still open after a while, say that the result is coming."""
    task = asyncio.ensure_future(work)
    try:
        if not await finished_within(task, STILL_WORKING_AFTER):
            await complete_deferred(click.interaction, t("private.still_working", click.locale), final=False)
        await task
    finally:
        del task  # a refusal's traceback holds this frame: without the task, no reference cycle
