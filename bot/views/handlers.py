"""Every click and choice: check who pressed, call one service function, answer within Discord's 3 seconds."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import resolve_locale, t
from bot.service import GameService, Person, StaleButtonError, Table
from bot.service.moves import person_seat
from bot.views import private
from bot.views.ids import ButtonId, make_id, parse_slot
from bot.views.items import GameButton
from bot.views.replies import refuse, say, show
from game import (
    Card,
    DiscardDrawn,
    Draw,
    GameError,
    InitialPeek,
    KeepCard,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    observe,
)
from game.errors import NotYourTurnError, WrongStepError

if TYPE_CHECKING:
    from bot.client import DreamcatsBot

log = logging.getLogger(__name__)


@dataclass
class Click:
    """One click or choice with what every handler needs."""

    interaction: discord.Interaction
    bid: ButtonId
    values: tuple[str, ...]

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        bot: DreamcatsBot = self.interaction.client  # type: ignore[assignment]
        return bot.service

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

    def table(self) -> Table:
        """The live table of the button's game."""
        return self.service.get(self.bid.game_id)

    def check_fresh(self, table: Table) -> None:
        """Refuse a button from an earlier moment (its first argument is the move number)."""
        if self.bid.int_arg(0) != table.move_number:
            raise StaleButtonError("That button is from an earlier moment of the game.")


Handler = Callable[[Click], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


def handler(*names: str) -> Callable[[Handler], Handler]:
    """Register a handler for custom_id actions."""
    def register(function: Handler) -> Handler:
        for name in names:
            HANDLERS[name] = function
        return function
    return register


async def dispatch(interaction: discord.Interaction, bid: ButtonId, values: tuple[str, ...]) -> None:
    """Run the handler; a GameError is one friendly line, anything else an apology and one log line."""
    click = Click(interaction, bid, values)
    try:
        function = HANDLERS.get(bid.action)
        if function is None:
            raise StaleButtonError(f"unknown action {bid.action!r}")
        await function(click)
    except GameError as exc:
        await refuse(interaction, exc)
    except Exception as exc:
        log.error("click failed: game=%s user=%s action=%s args=%s: %r", bid.game_id, interaction.user.id,
                  bid.action, bid.args, exc, exc_info=log.isEnabledFor(logging.DEBUG))
        await say(interaction, t("error.generic", click.locale))


# -- the lobby: answered by a deferred update; the presenter redraws the lobby message -------------------------------
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


# -- the table message: quick refusals, else a deferred ephemeral reply ------------------------------------------------
def _my_turn(click: Click, *, fresh: bool = True) -> tuple[Table, int]:
    table = click.table()
    seat = person_seat(table, click.user_id)
    if table.turn != seat:
        raise NotYourTurnError("It is not your turn.")
    if fresh:
        click.check_fresh(table)
    return table, seat


async def _peek_first(click: Click, table: Table, seat: int) -> bool:
    """A seat that has not looked at two cards yet is shown the initial peek first."""
    assert table.state is not None
    if table.state.round.peeked[seat]:
        return False
    await click.interaction.response.defer(ephemeral=True, thinking=True)
    await show(click.interaction, private.peek_choice(table, click.locale), table, observe(table.state, seat))
    return True


@handler("draw")
async def _draw(click: Click) -> None:
    table, seat = _my_turn(click)
    if await _peek_first(click, table, seat):
        return
    await click.interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await click.service.play(table.game_id, click.user_id, Draw, move_number=click.bid.int_arg(0))
    await _next_step(click, outcome.table, outcome.view)


@handler("take")
async def _take(click: Click) -> None:
    table, seat = _my_turn(click)
    if await _peek_first(click, table, seat):
        return
    assert table.state is not None
    await click.interaction.response.defer(ephemeral=True, thinking=True)
    await show(click.interaction, private.take_choice(table, observe(table.state, seat), click.locale), table,
               observe(table.state, seat))


@handler("wake")
async def _wake(click: Click) -> None:
    table, seat = _my_turn(click)
    if await _peek_first(click, table, seat):
        return
    await click.interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await click.service.play(table.game_id, click.user_id, WakeUp, move_number=click.bid.int_arg(0))
    await show(click.interaction, private.Private(t("private.woke", click.locale)), outcome.table, outcome.view)


@handler("dream")
async def _dream(click: Click) -> None:
    table = click.table()
    seat = person_seat(table, click.user_id)
    assert table.state is not None
    await click.interaction.response.defer(ephemeral=True, thinking=True)
    obs = observe(table.state, seat)
    await show(click.interaction, private.my_dream(table, obs, seat, click.locale), table, obs)


async def _next_step(click: Click, table: Table, obs: Any) -> None:
    """After a move: the pending choice, or nothing more to do this turn."""
    if obs.my_turn and obs.step is Step.HOLDING:
        await show(click.interaction, private.holding(table, obs, click.locale), table, obs)
    elif obs.my_turn and obs.step is Step.CHOOSING:
        await show(click.interaction, private.choosing(table, obs, click.locale), table, obs)
    else:
        await show(click.interaction, private.Private(t("private.turn_done", click.locale)), table, obs)


# -- the private (ephemeral) steps: a deferred update, then the same message shows the next step -----------------------
@handler("peek0")
async def _initial_peek(click: Click) -> None:
    positions = tuple(sorted(int(v) for v in click.values))
    if len(positions) != 2:
        raise StaleButtonError("choose two cards")
    await click.interaction.response.defer()
    outcome = await click.service.play(click.bid.game_id, click.user_id,
                                       lambda s: InitialPeek(s, (positions[0], positions[1])),
                                       round_number=click.bid.int_arg(0))
    await show(click.interaction, private.peek_result(outcome.view, outcome.seat, positions, click.locale),
               outcome.table, outcome.view)


async def _move(click: Click, make: Callable[[int], Any]) -> None:
    _my_turn(click)
    await click.interaction.response.defer()
    outcome = await click.service.play(click.bid.game_id, click.user_id, make, move_number=click.bid.int_arg(0))
    await _next_step(click, outcome.table, outcome.view)


@handler("tpos")
async def _take_into(click: Click) -> None:
    position = click.bid.int_arg(1)
    await _move(click, lambda s: TakeDiscard(s, position))


@handler("swap")
async def _swap(click: Click) -> None:
    position = click.bid.int_arg(1)
    await _move(click, lambda s: SwapDrawn(s, position))


@handler("disc")
async def _discard(click: Click) -> None:
    await _move(click, DiscardDrawn)


@handler("keep")
async def _keep(click: Click) -> None:
    index = click.bid.int_arg(1)
    await _move(click, lambda s: KeepCard(s, index))


@handler("power")
async def _power(click: Click) -> None:
    table, seat = _my_turn(click)
    assert table.state is not None
    held = table.state.round.held if table.state.round.step is Step.HOLDING else None
    if held is None or not held.is_special:
        raise WrongStepError("You can only do that while holding a card you drew.")
    if held is Card.TAKE_2:
        await _move(click, UseTakeTwo)
        return
    await click.interaction.response.defer()
    step = private.peek_target(table, click.locale) if held is Card.PEEK_1 else private.swap_pick(table, click.locale)
    await show(click.interaction, step, table, observe(table.state, seat))


@handler("ptgt")
async def _peek_target(click: Click) -> None:
    target = parse_slot(click.values[0])
    _my_turn(click)
    await click.interaction.response.defer()
    outcome = await click.service.play(click.bid.game_id, click.user_id, lambda s: UsePeek(s, target),
                                       move_number=click.bid.int_arg(0))
    await show(click.interaction, private.peek_seen(outcome.table, outcome.view, target, click.locale),
               outcome.table, outcome.view)


@handler("s2")
async def _swap_pick(click: Click) -> None:
    table, seat = _my_turn(click)
    first, second = (parse_slot(v) for v in click.values[:2])
    assert table.state is not None
    await click.interaction.response.defer()
    await show(click.interaction, private.swap_confirm(table, first, second, click.locale), table,
               observe(table.state, seat))


@handler("s2ok")
async def _swap_confirm(click: Click) -> None:
    first, second = click.bid.slot_arg(1), click.bid.slot_arg(2)
    await _move(click, lambda s: UseSwap(s, first, second))


@handler("quit")
async def _quit(click: Click) -> None:
    table = click.table()
    person_seat(table, click.user_id)
    await click.interaction.response.defer()
    label = t("private.leave_confirm_button", click.locale)
    confirm = GameButton(make_id(table.game_id, "quitok"), label, style=discord.ButtonStyle.danger)
    assert table.state is not None
    await show(click.interaction, private.Private(t("private.leave_confirm", click.locale), [confirm]), table,
               observe(table.state, person_seat(table, click.user_id)))


@handler("quitok")
async def _quit_confirmed(click: Click) -> None:
    await click.interaction.response.defer()
    table = await click.service.leave_match(click.bid.game_id, click.user_id)
    seat = table.seat_of(click.user_id)
    assert table.state is not None and seat is not None
    await show(click.interaction, private.Private(t("private.left", click.locale)), table, observe(table.state, seat))
