"""Turn clicks: the table buttons (quick refusals, else a private reply) and the private steps (answered at once,
or deferred first when late: bot.views.holds.hold)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import discord

from bot.i18n import t
from bot.service import StaleButtonError, Table
from bot.service.moves import person_seat
from bot.service.stand_in import mark_peek_shown
from bot.service.unseen import unseen_since
from bot.storage.records import DREAMCATS
from bot.views import private
from bot.views.click import Click, handler
from bot.views.holds import clicked_ephemeral, hold
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.public import table_items
from bot.views.replies import show
from game.dreamcats import (
    Card,
    DiscardDrawn,
    Draw,
    EventKind,
    InitialPeek,
    KeepCard,
    Observation,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    observe,
)
from game.errors import WrongStepError

dreamcats = partial(handler, game=DREAMCATS)  # a Dreamcats turn button: refused on other games' tables


# -- the table message: quick refusals, else a deferred ephemeral reply ------------------------------------------------
async def _peek_first(click: Click, table: Table, seat: int) -> bool:
    """A seat that has not looked at two cards yet is shown the initial peek first; one whose turn timed out is shown
    the cards its stand-in looked at for it (bot.service.unseen), once, before anything else it does."""
    assert table.state is not None
    if table.state.round.peeked[seat]:
        start = unseen_since(table, seat)
        if start is None:  # the usual click: nothing more is worked out
            return False
        obs = observe(table.state, seat)
        shown = private.stand_in_peek(table, obs, seat, start, click.locale)
        if shown is None:  # what it saw has left the dreams since; the mark goes with the person's own next move
            return False
        hold(click.interaction, new_message=True, table=table)
        table = await mark_peek_shown(click.service, table.game_id, seat)
        await show(click.interaction, shown, table, obs)
        return True
    hold(click.interaction, new_message=True, table=table)
    await show(click.interaction, private.peek_choice(table, click.locale), table, observe(table.state, seat))
    return True


async def _resumed(click: Click, table: Table, seat: int) -> bool:
    """A person mid-turn (holding a drawn card, or choosing one of two) who presses a turn button on the table again
    has lost the private reply with their choice (Discord failed it, or they dismissed it): it is shown again."""
    assert table.state is not None
    if table.state.round.step is Step.START:
        return False
    hold(click.interaction, new_message=True, table=table)
    await _next_step(click, table, observe(table.state, seat))
    return True


@dreamcats("draw")
async def _draw(click: Click) -> None:
    table, seat = click.my_turn()
    if await _peek_first(click, table, seat) or await _resumed(click, table, seat):
        return
    hold(click.interaction, new_message=True, table=table)
    outcome = await click.service.play(table.game_id, click.user_id, Draw, move_number=click.bid.int_arg(0))
    await _next_step(click, outcome.table, outcome.view)


@dreamcats("take")
async def _take(click: Click) -> None:
    table, seat = click.my_turn()
    if await _peek_first(click, table, seat) or await _resumed(click, table, seat):
        return
    assert table.state is not None
    hold(click.interaction, new_message=True, table=table)
    await show(click.interaction, private.take_choice(table, observe(table.state, seat), click.locale), table,
               observe(table.state, seat))


@dreamcats("wake")
async def _wake(click: Click) -> None:
    # Wake up! ends the round for everyone: one stray tap on a phone must not do that, so it asks first.
    table, seat = click.my_turn()
    if await _peek_first(click, table, seat) or await _resumed(click, table, seat):
        return
    assert table.state is not None
    hold(click.interaction, new_message=True, table=table)
    confirm = GameButton(make_id(table.game_id, "wakeok", table.move_number),
                         t("private.wake_confirm_button", click.locale), style=discord.ButtonStyle.danger)
    await show(click.interaction, private.Private(t("private.wake_confirm", click.locale), [confirm]), table,
               observe(table.state, seat))


@dreamcats("wakeok")
async def _wake_confirmed(click: Click) -> None:
    click.my_turn()
    hold(click.interaction, new_message=False)
    outcome = await click.service.play(click.bid.game_id, click.user_id, WakeUp, move_number=click.bid.int_arg(0))
    await show(click.interaction, private.Private(t("private.woke", click.locale)), outcome.table, outcome.view)


@handler("next")
async def _next_round(click: Click) -> None:
    number = click.bid.int_arg(0) if click.bid.args else None  # buttons of old carried no round
    await click.defer_update()  # the table itself shows who is ready, and then the new round
    await click.service.ready_for_next_round(click.bid.game_id, click.user_id, number)


@dreamcats("dream")
async def _dream(click: Click) -> None:
    table = click.table()
    seat = person_seat(table, click.user_id)
    assert table.state is not None
    hold(click.interaction, new_message=True, table=table)
    obs = observe(table.state, seat)
    start = unseen_since(table, seat)
    if start is not None and obs.peeked[seat]:
        table = await mark_peek_shown(click.service, table.game_id, seat)
        step = private.stand_in_peek(table, obs, seat, start, click.locale)
        if step is not None:
            await show(click.interaction, step, table, obs)
            return
    await show(click.interaction, private.my_dream(table, obs, seat, click.locale), table, obs)


async def _next_step(click: Click, table: Table, obs: Observation) -> None:
    """After a move: the pending choice, or nothing more to do this turn."""
    if obs.my_turn and obs.step is Step.HOLDING:
        await show(click.interaction, private.holding(table, obs, click.locale), table, obs)
    elif obs.my_turn and obs.step is Step.CHOOSING:
        await show(click.interaction, private.choosing(table, obs, click.locale), table, obs)
    else:
        await show(click.interaction, private.Private(t("private.turn_done", click.locale)), table, obs)


# -- the private (ephemeral) steps: a deferred update, then the same message shows the next step -----------------------
@dreamcats("peek0")
async def _initial_peek(click: Click) -> None:
    if len(click.values) != 2 or not all(value.isdecimal() for value in click.values):
        raise StaleButtonError("choose two cards")
    positions = tuple(sorted(int(v) for v in click.values))
    hold(click.interaction, new_message=False)
    outcome = await click.service.play(click.bid.game_id, click.user_id,
                                       lambda s: InitialPeek(s, (positions[0], positions[1])),
                                       round_number=click.bid.int_arg(0))
    view, table = outcome.view, outcome.table
    starting = view.my_turn and view.step is Step.START and table.paused_until is None
    turn = [spec.item() for spec in table_items(table, click.locale)[:3]] if starting else []  # Draw, Take, Wake up!
    await show(click.interaction, private.peek_result(view, outcome.seat, positions, click.locale, turn), table, view)


async def _move(click: Click, make: Callable[[int], Any]) -> None:
    click.my_turn()
    hold(click.interaction, new_message=False)
    outcome = await click.service.play(click.bid.game_id, click.user_id, make, move_number=click.bid.int_arg(0))
    await _next_step(click, outcome.table, outcome.view)


@dreamcats("tpos")
async def _take_into(click: Click) -> None:
    position = click.bid.int_arg(1)
    await _move(click, lambda s: TakeDiscard(s, position))


@dreamcats("swap")
async def _swap(click: Click) -> None:
    position = click.bid.int_arg(1)
    await _move(click, lambda s: SwapDrawn(s, position))


@dreamcats("disc")
async def _discard(click: Click) -> None:
    await _move(click, DiscardDrawn)


@dreamcats("keep")
async def _keep(click: Click) -> None:
    index = click.bid.int_arg(1)
    await _move(click, lambda s: KeepCard(s, index))


@dreamcats("power")
async def _power(click: Click) -> None:
    table, seat = click.my_turn()
    assert table.state is not None
    held = table.state.round.held if table.state.round.step is Step.HOLDING else None
    if held is None or not held.is_special:
        raise WrongStepError("You can only do that while holding a card you drew.")
    if held is Card.TAKE_2:
        await _move(click, UseTakeTwo)
        return
    hold(click.interaction, new_message=False)
    step = private.peek_target(table, click.locale) if held is Card.PEEK_1 else private.swap_pick(table, click.locale)
    await show(click.interaction, step, table, observe(table.state, seat))


@dreamcats("ptgt")
async def _peek_target(click: Click) -> None:
    [target] = click.chosen_slots(1)
    click.my_turn()
    hold(click.interaction, new_message=False)
    outcome = await click.service.play(click.bid.game_id, click.user_id, lambda s: UsePeek(s, target),
                                       move_number=click.bid.int_arg(0))
    # The card from the move itself: a Peek 1 drawn last ends the round, and the view is then the next round's.
    seen = next((e.cards[0] for e in outcome.events
                 if e.kind is EventKind.USED_PEEK and e.private_to == outcome.seat and e.cards), None)
    await show(click.interaction, private.peek_seen(outcome.table, outcome.view, target, click.locale, seen=seen),
               outcome.table, outcome.view)


@dreamcats("s2")
async def _swap_pick(click: Click) -> None:
    table, seat = click.my_turn()
    first, second = click.chosen_slots(2)
    assert table.state is not None
    hold(click.interaction, new_message=False)
    await show(click.interaction, private.swap_confirm(table, first, second, click.locale), table,
               observe(table.state, seat))


@dreamcats("s2ok")
async def _swap_confirm(click: Click) -> None:
    first, second = click.bid.slot_arg(1), click.bid.slot_arg(2)
    await _move(click, lambda s: UseSwap(s, first, second))


@handler("quit")
async def _quit(click: Click) -> None:
    table = click.table()
    person_seat(table, click.user_id)
    # From the table (everyone's message) the question comes privately; from My dream it replaces that reply.
    hold(click.interaction, new_message=not clicked_ephemeral(click.interaction))
    label = t("private.leave_confirm_button", click.locale)
    confirm = GameButton(make_id(table.game_id, "quitok"), label, style=discord.ButtonStyle.danger)
    assert table.state is not None
    seat = person_seat(table, click.user_id)
    others = [other for i, other in enumerate(table.seats) if other.is_person and i != seat]
    key = ("private.leave_confirm_alone" if not others else
           "private.leave_confirm_last" if all(other.left for other in others) else "private.leave_confirm")
    question = t(key, click.locale)
    await show(click.interaction, private.Private(question, [confirm]), table, table.mode.observe(table.state, seat))


@handler("quitok")
async def _quit_confirmed(click: Click) -> None:
    hold(click.interaction, new_message=False)
    table = await click.service.leave_match(click.bid.game_id, click.user_id)
    seat = table.seat_of(click.user_id)
    assert table.state is not None and seat is not None
    said = "private.left_last" if table.everyone_left else "private.left"  # the match ended without a result
    await show(click.interaction, private.Private(t(said, click.locale)), table, table.mode.observe(table.state, seat))
