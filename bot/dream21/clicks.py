"""Dream 21's clicks: My hand (the private reply, with the moves on the presser's turn), Draw and playing a card.

Every move's button carries the move number it was shown at, so a button from an earlier moment is refused; a
card is named by its place in the seat's sorted hand, which cannot change while the move number stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.dream21.match import match_of
from bot.dream21.private import HandStep, hand_step
from bot.i18n import t
from bot.service import Outcome, StaleButtonError, Table
from bot.service.moves import person_seat
from bot.texts import text_names
from bot.views.click import Click, handler
from bot.views.holds import clicked_ephemeral, hold
from bot.views.replies import show
from game.dream21 import Action, Draw, Event, EventKind, Observation, Play, legal_actions, observe


async def _show_hand(click: Click, table: Table, seat: int, *, before: str = "") -> None:
    state = match_of(table)
    obs = observe(state, seat)
    step = hand_step(table, obs, list(legal_actions(state, seat)), click.locale, before=before)
    await show(click.interaction, step, table, obs)


@handler("d21h")
async def _my_hand(click: Click) -> None:
    table = click.table()
    seat = person_seat(table, click.user_id)
    match_of(table)
    # From the table (everyone's message) a new private reply; from a private reply, that reply is replaced.
    hold(click.interaction, new_message=not clicked_ephemeral(click.interaction), table=table)
    await _show_hand(click, table, seat)


async def _move(click: Click, make: Callable[[int], Action]) -> Outcome:
    hold(click.interaction, new_message=False)
    return await click.service.play(click.bid.game_id, click.user_id, make, move_number=click.bid.int_arg(0))


@handler("d21d")
async def _draw(click: Click) -> None:
    click.my_turn()
    outcome = await _move(click, Draw)
    drawn = next((e.card for e in outcome.events if e.kind is EventKind.DREW and e.private_to == outcome.seat), None)
    stuck = any(e.kind is EventKind.COULD_NOT_PLAY and e.seat == outcome.seat for e in outcome.events)
    before = t("dream21.private.stuck", click.locale, card=str(drawn)) if stuck and drawn is not None else ""
    await _show_hand(click, outcome.table, outcome.seat, before=before)


def _play_of(obs: Observation, place: int, ace_high: bool) -> Play:
    """The play a card button stands for (its place in the sorted hand); a stale place is refused."""
    if obs.seat is None or not 0 <= place < len(obs.hand):
        raise StaleButtonError("That card is no longer in your hand.")
    return Play(obs.seat, obs.hand[place], ace_high)


async def _play(click: Click, place: int, ace_high: bool) -> None:
    table, seat = click.my_turn()
    play = _play_of(observe(match_of(table), seat), place, ace_high)
    outcome = await _move(click, lambda _: play)
    before = played_line(outcome.events, outcome.seat, text_names(outcome.table, click.locale), click.locale)
    if not outcome.table.playing or match_of(outcome.table).hand.number != match_of(table).hand.number:
        # The hand (or the match) is over: the table shows its end; the next hand's cards come with My hand.
        await show(click.interaction, HandStep(before, picture=False), outcome.table, outcome.view)
        return
    await _show_hand(click, outcome.table, outcome.seat, before=before)


@handler("d21p")
async def _play_button(click: Click) -> None:
    await _play(click, click.bid.int_arg(1), click.bid.int_arg(2) == 1)


@handler("d21s")
async def _play_choice(click: Click) -> None:
    place, _, high = (click.values[0] if click.values else "").partition(".")
    if not place.isdecimal() or high not in ("0", "1"):
        raise StaleButtonError("choose a card")
    await _play(click, int(place), high == "1")


def played_line(events: Sequence[Event], seat: int, names: Sequence[str], locale: str) -> str:
    """What the seat's play did, in its own words: the new total, a 21 made, going out, or the next seat stuck."""
    played = next(e for e in events if e.kind is EventKind.PLAYED and e.seat == seat)
    card = str(played.card)
    if any(e.kind is EventKind.WENT_OUT and e.seat == seat for e in events):
        return t("dream21.private.went_out", locale, card=card)
    made = next((e for e in events if e.kind is EventKind.MADE_21 and e.seat == seat), None)
    if made is not None and made.other is not None:
        return t("dream21.private.made_21", locale, card=card, other=names[made.other])
    stuck = next((e for e in events if e.kind is EventKind.COULD_NOT_PLAY and e.seat != seat), None)
    if stuck is not None and stuck.seat is not None:  # the next seat took the trick at once, and the lead is back
        return t("dream21.private.next_stuck", locale, card=card, total=played.total, name=names[stuck.seat])
    return t("dream21.private.played", locale, card=card, total=played.total)
