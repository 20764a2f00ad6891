"""Cat Duel's clicks: the lobby's cat pick, My move (the private reply), and the parts of a choice.

Changing the draft (a move, a card, a target) only rewrites the private reply's text and buttons, keeping its
picture; Confirm and the prelude buttons make the choice with the service (changeable until all have chosen).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.catduel.draft import Draft, parse_move, parse_targets, settle
from bot.catduel.lobby import CATS
from bot.catduel.match import match_of
from bot.catduel.names import strategy_text
from bot.catduel.private import ABILITIES, DuelStep, duel_step
from bot.i18n import t
from bot.service import StaleButtonError, Table
from bot.service.moves import person_seat
from bot.texts import text_names
from bot.views.click import Click, handler
from bot.views.holds import clicked_ephemeral, hold
from bot.views.replies import show
from game.catduel import Action, EventKind, Observation, Phase, Prelude, Strategy, legal_actions, observe


@handler("cdcat")
async def _pick_cat(click: Click) -> None:
    value = click.values[0] if click.values else ""
    if not value.isdecimal() or not 0 <= int(value) <= len(CATS):
        raise StaleButtonError("That cat is not one of ours.")
    await click.defer_update()  # the lobby message shows the pick
    await click.service.pick(click.bid.game_id, click.user_id, CATS[int(value) - 1].value if int(value) else None)


def _seat_view(click: Click) -> tuple[Table, int, Observation, list[Action]]:
    """The presser's table, seat, view and legal choices; the button's round must be the current one."""
    table = click.table()
    seat = person_seat(table, click.user_id)
    state = match_of(table)
    if click.bid.args and click.bid.int_arg(0) != state.rounds_so_far:
        click.service.refresh(table.game_id)
        raise StaleButtonError("That button is from an earlier round.")
    return table, seat, observe(state, seat), list(legal_actions(state, seat))


@handler("cdo")
async def _my_move(click: Click) -> None:
    table, _, obs, legal = _seat_view(click)
    # From the table (everyone's message) a new private reply; from a private reply, that reply is replaced.
    hold(click.interaction, new_message=not clicked_ephemeral(click.interaction), table=table)
    await show(click.interaction, duel_step(table, obs, legal, click.locale), table, obs)


async def _redraft(click: Click, draft: Draft) -> None:
    """Show the draft: the reply's text and buttons change, its picture stays."""
    if not clicked_ephemeral(click.interaction):
        raise StaleButtonError("a draft only ever changes the presser's private reply")  # a forged click
    table, _, obs, legal = _seat_view(click)
    step: DuelStep = duel_step(table, obs, legal, click.locale, draft=settle(draft, obs, legal))
    step.picture = bool(click.interaction.message and click.interaction.message.attachments)
    await click.interaction.response.edit_message(embed=step.embed(), view=step.view())


@handler("cdm")
async def _move(click: Click) -> None:
    await _redraft(click, Draft(parse_move(click.bid.int_arg(1))))


@handler("cdk")
async def _card(click: Click) -> None:
    value = click.values[0] if click.values else ""
    if not value.isdecimal():
        raise StaleButtonError("That card is not one of ours.")
    move, targets = parse_move(click.bid.int_arg(1)), parse_targets(click.bid.args[2])
    await _redraft(click, Draft(move, int(value), targets))


@handler("cdt")
async def _targets(click: Click) -> None:
    move, card = parse_move(click.bid.int_arg(1)), click.bid.int_arg(2)
    await _redraft(click, Draft(move, card, parse_targets(click.values[0] if click.values else "")))


@handler("cdc")
async def _confirm(click: Click) -> None:
    table, _, obs, legal = _seat_view(click)
    draft = Draft(parse_move(click.bid.int_arg(1)), click.bid.int_arg(3), parse_targets(click.bid.args[2]))
    choice = draft.choice(obs, legal)
    if choice is None:
        raise StaleButtonError("That choice is not possible now.")
    strategy = Strategy(choice.move, choice.targets, choice.card)
    said = t("catduel.private.confirmed", click.locale,
             strategy=strategy_text(strategy, text_names(table, click.locale), click.locale))
    await _choose(click, lambda _: choice, said)


@handler("cdp")
async def _prelude(click: Click) -> None:
    code = click.bid.int_arg(1)
    if not 0 <= code <= len(ABILITIES):
        raise StaleButtonError("That ability is not one of ours.")
    ability = ABILITIES[code - 1] if code else None
    if match_of(click.table()).duel.phase is not Phase.PRELUDE:  # the strategies have opened since
        click.service.refresh(click.bid.game_id)
        raise StaleButtonError("The prelude is over.")
    await _choose(click, lambda seat: Prelude(seat, ability), "")


async def _choose(click: Click, make: Callable[[int], Action], before: str) -> None:
    """Make (or change) the seat's choice, then show what is open to it now."""
    hold(click.interaction, new_message=not clicked_ephemeral(click.interaction))
    outcome = await click.service.play(click.bid.game_id, click.user_id, make, round_number=click.bid.int_arg(0))
    if any(event.kind is EventKind.STRATEGY_SHOWN for event in outcome.events):
        before = t("catduel.private.revealed", click.locale)
    legal = list(legal_actions(outcome.table.state, outcome.seat)) if outcome.table.playing else []
    await show(click.interaction, duel_step(outcome.table, outcome.view, legal, click.locale, before=before),
               outcome.table, outcome.view)
