"""A move's private answer, begun while the move is being saved and sent once the save has succeeded."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord

from bot.service import Outcome, Table
from bot.views.private import Private
from bot.views.replies import Rendered, show
from game.dreamcats import Observation

StepFor = Callable[[Table, Observation, int], Private]  # the private step for a seat, from the changed table


class EarlyReply:
    """The private answer to a move: worked out and rendered as soon as the move is made (`begin`, handed to the
    service as its before_save) and sent after the save (`send`).

    A private picture is drawn in the pool's threads. Begun after the save it added its own wait to the answer; begun
    here it is drawn while the save waits for the writer. Nothing is sent before the save succeeds: a move that is
    refused or not saved cancels the rendering (`cancel`) and is answered as any failed click is (bot.views.click).
    """

    def __init__(self, step_for: StepFor, locale: str) -> None:
        self._step_for, self._locale = step_for, locale
        self._begun: tuple[Private, asyncio.Task[Rendered]] | None = None

    def begin(self, table: Table, seat: int) -> None:
        """Work out the seat's step from the changed table and start rendering it."""
        assert table.state is not None
        obs = table.mode.observe(table.state, seat)
        step = self._step_for(table, obs, seat)
        self._begun = (step, asyncio.get_running_loop().create_task(step.render(table, obs, self._locale)))

    def cancel(self) -> None:
        """Drop the rendering begun for a move that was not saved."""
        if self._begun is None:
            return
        rendering = self._begun[1]
        self._begun = None
        if not rendering.done():
            rendering.cancel()
        elif not rendering.cancelled():
            rendering.exception()  # retrieved, so that a failed drawing of an unsaved move is not logged as lost

    async def send(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """Show the step for the saved move: the one begun, or one worked out now if none was."""
        if self._begun is None:
            step = self._step_for(outcome.table, outcome.view, outcome.seat)
            await show(interaction, step, outcome.table, outcome.view)
            return
        step, rendering = self._begun
        await show(interaction, step, outcome.table, outcome.view, rendering)
