"""A seat's private Cat Duel reply: its cat and chance cards as a picture, and the choice open to it as buttons.

In the strategy phase: the three moves as buttons, then a menu of the chance cards that go with the move, a menu
of targets for a scratch with more than one, and Confirm. In the prelude: one button per ready prelude ability,
and Pass. A choice can be changed until everyone has chosen. Every custom_id carries the round it was shown in
(a button from an earlier round is refused) and names cards only by their place in the seat's own sorted hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.catduel.draft import MOVES, Draft, card_at, cards_for, draft_of, options_for, place_of
from bot.catduel.names import ability_name, card_effect, card_name, move_name, strategy_text, targets_text
from bot.catduel.pictures import hand_file
from bot.catduel.texts import picture_text
from bot.catduel.words import choosing_line
from bot.i18n import t
from bot.pictures import in_time
from bot.service import Table
from bot.texts import seat_names, text_names
from bot.views.ids import make_id, make_select_id
from bot.views.items import GameButton, GameSelect
from bot.views.shown import COLOUR, make_view
from game.catduel import Ability, Action, Observation, Phase, Prelude, Strategy

PICTURE_WITHIN = 2.0  # a reply waits at most this long for its picture; the text and buttons name the cards anyway
ABILITIES = tuple(Ability)  # a prelude button's argument is the ability's place here plus one; 0 passes


@dataclass
class DuelStep:
    """An ephemeral reply: text, the seat's picture (hand, cat, choice) and the buttons of its open choice."""

    text: str
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    picture: bool = True
    reveal: bool = False  # Cat Duel has no timed reveals

    def embed(self) -> discord.Embed:
        """The reply's embed; its image is the hand.png attachment (kept when only the draft changes)."""
        embed = discord.Embed(description=self.text, colour=COLOUR)
        return embed.set_image(url="attachment://hand.png") if self.picture else embed

    def view(self) -> discord.ui.View | None:
        """The buttons and menus, if any."""
        if not self.items:
            return None
        return make_view(*self.items)

    async def render(self, table: Table, obs: Observation, locale: str
                     ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """Embed, view and attachments."""
        picture = await _hand_picture(table, obs, locale) if self.picture else None
        self.picture = picture is not None
        return self.embed(), self.view(), [picture] if picture is not None else []


async def _hand_picture(table: Table, obs: Observation, locale: str) -> discord.File | None:
    """The seat's picture, or None when it cannot be drawn in time (the text and the buttons name the cards)."""
    drawing = hand_file(obs, seat_names(table, locale), picture_text(locale), choosing=table.paused_until is None)
    return await in_time(drawing, table.game_id, PICTURE_WITHIN)


def duel_step(table: Table, obs: Observation, legal: Sequence[Action], locale: str, *, draft: Draft | None = None,
              before: str = "") -> DuelStep:
    """The seat's reply now: its open choice (prelude or strategy), or what it waits for."""
    names = text_names(table, locale)
    if table.paused_until is not None or obs.over or not obs.to_choose:
        text = _waiting_text(table, obs, names, locale)
        items: list[discord.ui.Item[Any]] = []
    elif obs.phase is Phase.PRELUDE:
        text, items = _prelude_text(table, obs, locale), prelude_buttons(table, obs, legal, locale)
    else:
        chosen = draft_of(obs.my_strategy, obs)
        draft = draft if draft is not None else chosen
        text = _strategy_text(table, obs, names, draft, chosen, legal, locale)
        items = strategy_items(table, obs, legal, draft, seat_names(table, locale), locale)
    return DuelStep(f"{before}\n\n{text}" if before else text, items)


def _waiting_text(table: Table, obs: Observation, names: Sequence[str], locale: str) -> str:
    """The match's end, between duels, out of the duel, or waiting for the others to choose."""
    if obs.over:
        return t("catduel.private.match_over", locale)
    if table.paused_until is not None:
        return t("catduel.private.between", locale)
    if obs.seat not in obs.living:
        return t("catduel.private.out", locale)
    # In the prelude a seat with no ready ability has nothing to choose: it waits, as one that has chosen does.
    if obs.seat in obs.chosen or not obs.waiting_for or obs.phase is Phase.PRELUDE:
        return choosing_line(obs, names, locale)
    return t("catduel.private.skipping", locale)  # Loneliness: no strategy this round


def _prelude_text(table: Table, obs: Observation, locale: str) -> str:
    """What the prelude asks, what the seat chose if it has, and when the one clock runs out."""
    lines = [t("catduel.private.prelude", locale, round=obs.round)]
    if obs.seat in obs.chosen:
        mine = (t("catduel.private.pass", locale) if obs.my_prelude is None
                else ability_name(obs.my_prelude, locale))
        lines.append(t("catduel.private.prelude_chosen", locale, choice=mine))
    return "\n".join([*lines, *_deadline(table, locale)])


def _deadline(table: Table, locale: str) -> list[str]:
    """When the phase's one clock runs out, where it runs."""
    if table.deadline is None:
        return []
    return [t("table.deadline", locale, when=f"<t:{int(table.deadline.timestamp())}:R>")]


def _strategy_text(table: Table, obs: Observation, names: Sequence[str], draft: Draft, chosen: Draft,
                   legal: Sequence[Action], locale: str) -> str:
    """The round's question, the choice confirmed (changeable until all have chosen) or the draft so far."""
    lines = [t("catduel.private.choose", locale, round=obs.round)]
    if obs.seat in obs.chosen and obs.my_strategy is not None:
        lines.append(t("catduel.private.chosen", locale, strategy=strategy_text(obs.my_strategy, names, locale)))
    if draft.move is not None and draft != chosen:
        strategy = Strategy(draft.move, draft.targets, card_at(obs, draft.card))
        complete = draft.choice(obs, legal) is not None  # a scratch with several cats in reach names its target
        key = "catduel.private.draft" if complete else "catduel.private.draft_target"
        lines.append(t(key, locale, strategy=strategy_text(strategy, names, locale)))
    return "\n".join([*lines, *_deadline(table, locale)])


def prelude_buttons(table: Table, obs: Observation, legal: Sequence[Action], locale: str
                    ) -> list[discord.ui.Item[Any]]:
    """One button per ready prelude ability, then Pass; the seat's current choice in blue."""
    number, gid = table.turn_key[0] if table.turn_key else 0, table.game_id
    items: list[discord.ui.Item[Any]] = []
    for action in legal:
        if not isinstance(action, Prelude):
            continue
        code = 0 if action.ability is None else ABILITIES.index(action.ability) + 1
        label = (t("catduel.private.pass", locale) if action.ability is None
                 else t("catduel.button.use", locale, ability=ability_name(action.ability, locale)))
        mine = obs.seat in obs.chosen and obs.my_prelude == action.ability
        items.append(GameButton(make_id(gid, "cdp", number, code), label, row=0,
                                style=discord.ButtonStyle.primary if mine else discord.ButtonStyle.secondary))
    return items


def strategy_items(table: Table, obs: Observation, legal: Sequence[Action], draft: Draft, names: Sequence[str],
                   locale: str) -> list[discord.ui.Item[Any]]:
    """Moves, the card menu, the target menu and Confirm, for this draft (`names` as typed: menus show no
    markdown)."""
    number, gid = table.turn_key[0] if table.turn_key else 0, table.game_id
    items: list[discord.ui.Item[Any]] = [
        GameButton(make_id(gid, "cdm", number, code + 1), move_name(move, locale), row=0,
                   style=discord.ButtonStyle.primary if draft.move is move else discord.ButtonStyle.secondary)
        for code, move in enumerate(MOVES) if options_for(legal, move, None)]
    cards = cards_for(legal, draft.move)
    if draft.move is not None and cards:
        options = [discord.SelectOption(label=t("catduel.private.no_card", locale), value="0",
                                        default=draft.card == 0)]
        options += [discord.SelectOption(label=card_name(card, locale), value=str(place_of(obs, card)),
                                         description=card_effect(card, locale)[:100],
                                         default=draft.card == place_of(obs, card)) for card in cards]
        items.append(GameSelect(make_select_id(gid, "cdk", number, draft.move_code, draft.targets_code), options,
                                row=1))
    targets = options_for(legal, draft.move, card_at(obs, draft.card)) if draft.move is not None else []
    if len(targets) > 1:
        options = [discord.SelectOption(label=targets_text(option.targets, names, locale)[:100],
                                        value="".join(str(seat + 1) for seat in option.targets),
                                        default=option.targets == draft.targets) for option in targets[:25]]
        items.append(GameSelect(make_select_id(gid, "cdt", number, draft.move_code, draft.card), options,
                                placeholder=t("catduel.private.target", locale), row=2))
    complete = draft.choice(obs, legal) is not None
    items.append(GameButton(make_id(gid, "cdc", number, draft.move_code, draft.targets_code, draft.card),
                            t("catduel.button.confirm", locale), style=discord.ButtonStyle.success,
                            disabled=not complete, row=3))
    return items
