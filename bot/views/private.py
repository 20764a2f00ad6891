"""The private (ephemeral) steps of a seat: initial peek, drawn card, Take 2, Peek 1, Swap 2, taking the discard."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import card_name, picture_text, t
from bot.pictures import private_file
from bot.service import Table
from bot.texts import card_power, seat_names, slot_text, text_names
from bot.views.ids import make_id, make_select_id, slot_value
from bot.views.items import GameButton, GameSelect
from bot.views.shown import COLOUR, make_view
from game.dreamcats import DREAM_SIZE, Card, EventKind, Observation, Slot, Step
from game.dreamcats.tracking import seen_since

log = logging.getLogger(__name__)
# A private step waits at most this long for its picture, so the reply is never held behind a long drawing queue.
PICTURE_WITHIN = 2.0


@dataclass
class Private:
    """An ephemeral reply: text, optional picture and the buttons of the next step; `reveal` marks shown cards."""

    text: str
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    showing: Collection[Slot] | None = None  # None: no picture
    reveal: bool = False

    async def render(self, table: Table, obs: Observation, locale: str
                     ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """Embed, view and attachments."""
        embed = discord.Embed(description=self.text, colour=COLOUR)
        files: list[discord.File] = []
        picture = await self._picture(table, obs, locale) if self.showing is not None else None
        if picture is not None:
            files.append(picture)
            embed.set_image(url="attachment://dream.png")
        return embed, make_view(*self.items) if self.items else None, files

    async def _picture(self, table: Table, obs: Observation, locale: str) -> discord.File | None:
        """The private picture, or None when it cannot be drawn in time (the text names the cards anyway)."""
        assert self.showing is not None
        drawing = private_file(obs, seat_names(table, locale), self.showing, picture_text(locale))
        try:
            return await asyncio.wait_for(drawing, PICTURE_WITHIN)
        except TimeoutError:
            log.info("game %s: a private picture took over %.0f s; sent the step without it", table.game_id,
                        PICTURE_WITHIN)
            return None


def peek_choice(table: Table, locale: str) -> Private:
    """Choose 2 of your 4 cards to look at."""
    assert table.state is not None
    options = [discord.SelectOption(label=t("private.position", locale, position=p + 1), value=str(p))
               for p in range(DREAM_SIZE)]
    select = GameSelect(make_select_id(table.game_id, "peek0", table.state.round.number), options,
                        placeholder=t("private.peek_placeholder", locale), min_values=2, max_values=2)
    return Private(t("private.peek_prompt", locale), [select])


def peek_result(obs: Observation, seat: int, positions: tuple[int, ...], locale: str,
                items: Sequence[discord.ui.Item[Any]] = ()) -> Private:
    """The two cards of the initial peek; `items`: the turn's first buttons, where it is the seat's turn (a person
    sent to the peek by Draw, Take or Wake up! goes on from here, not from the table again)."""
    slots = [Slot(seat, p) for p in positions]
    seen = ", ".join(t("private.card_at", locale, card=card_name(obs.known[s], locale), position=s.position + 1)
                     for s in slots if s in obs.known)
    return Private(t("private.peek_result", locale, cards=seen), list(items), showing=slots, reveal=True)


def stand_in_peek(table: Table, obs: Observation, seat: int, start: int, locale: str) -> Private | None:
    """The cards a stand-in looked at for the seat from the history's event `start` on (the initial peek, a drawn
    card it kept, Peek 1), where they lie now (Swap 2 may have moved one into another dream; the seat's knowledge
    moved with it); None when none is left in a dream."""
    slots = [slot for slot in seen_since(obs.history, seat, start) if slot in obs.known]
    if not slots:
        return None
    names = text_names(table, locale)
    seen = ", ".join(t("private.card_at", locale, card=card_name(obs.known[s], locale), position=s.position + 1)
                     if s.seat == seat else
                     t("private.card_elsewhere", locale, card=card_name(obs.known[s], locale),
                       slot=slot_text(s, names, locale)) for s in slots)
    return Private(t("private.stand_in_peek", locale, cards=seen), showing=slots, reveal=True)


def take_choice(table: Table, obs: Observation, locale: str) -> Private:
    """Which position takes the face-up discard."""
    number = table.move_number
    buttons = [GameButton(make_id(table.game_id, "tpos", number, p), t("private.swap_into", locale, position=p + 1))
               for p in range(DREAM_SIZE)]
    # With the memory aid, the cards the seat knows are in view while it chooses a place in its dream (RULES.md §5).
    aid = table.settings.memory_aid
    return Private(t("private.take_prompt", locale, card=card_name(obs.discard_top, locale)), list(buttons),
                   showing=remembered(table, obs) if aid else None)


def holding(table: Table, obs: Observation, locale: str) -> Private:
    """The drawn card: swap into 1-4, discard, or use its power."""
    assert obs.holding is not None
    gid, number, card = table.game_id, table.move_number, obs.holding
    items: list[discord.ui.Item[Any]] = [
        GameButton(make_id(gid, "swap", number, p), t("private.swap_into", locale, position=p + 1), row=0)
        for p in range(DREAM_SIZE)
    ]
    items.append(GameButton(make_id(gid, "disc", number), t("private.discard", locale), row=1))
    if card.is_special:
        label = t("private.use_power", locale, card=card_name(card, locale))
        items.append(GameButton(make_id(gid, "power", number), label, style=discord.ButtonStyle.primary, row=1))
    # A card kept from Take 2 was drawn a step earlier: "You kept", not "You drew" (another seat's initial peek, made
    # at any moment, is not a move of this turn).
    last = next((e for e in reversed(obs.history) if e.kind is not EventKind.INITIAL_PEEK), None)
    key = "private.kept" if last is not None and last.kind is EventKind.KEPT and last.seat == obs.seat else (
        "private.holding")
    if card.is_special:
        power = card_power(card, locale)
        if card is Card.TAKE_2 and obs.draw_count < 2:  # what using it does now (RULES.md §6)
            power = t("private.take2_one" if obs.draw_count else "private.take2_empty", locale)
        text = t(f"{key}_special", locale, card=card_name(card, locale), power=power)
    else:
        text = t(key, locale, card=card_name(card, locale))
    # A held card is not a memory test (RULES.md §5): it stays in view until the player decides.
    return Private(text, items, showing=remembered(table, obs))


def choosing(table: Table, obs: Observation, locale: str) -> Private:
    """Take 2: keep one of the two cards."""
    gid, number = table.game_id, table.move_number
    buttons = [GameButton(make_id(gid, "keep", number, i), t("private.keep", locale, card=card_name(c, locale)),
                          style=discord.ButtonStyle.primary) for i, c in enumerate(obs.options)]
    cards = ", ".join(card_name(c, locale) for c in obs.options)
    # The two cards are held: they stay in view (and, with the memory aid, the cards the seat knows).
    return Private(t("private.choosing", locale, cards=cards), list(buttons), showing=remembered(table, obs))


def remembered(table: Table, obs: Observation) -> list[Slot]:
    """The seat's own cards it knows, to show face up when the memory aid is on ("at any time", RULES.md §5);
    none without it."""
    return [slot for slot in obs.known if slot.seat == obs.seat] if table.settings.memory_aid else []


def _slot_options(table: Table, locale: str) -> list[discord.SelectOption]:
    names = seat_names(table, locale)
    return [discord.SelectOption(label=slot_text(Slot(s, p), names, locale)[:100], value=slot_value(Slot(s, p)))
            for s in range(len(table.seats)) for p in range(DREAM_SIZE)]


def peek_target(table: Table, locale: str) -> Private:
    """Peek 1: any card of any dream."""
    select = GameSelect(make_select_id(table.game_id, "ptgt", table.move_number), _slot_options(table, locale),
                        placeholder=t("private.peek_target_placeholder", locale))
    return Private(t("private.peek_target", locale), [select])


def swap_pick(table: Table, locale: str) -> Private:
    """Swap 2: choose two cards anywhere."""
    select = GameSelect(make_select_id(table.game_id, "s2", table.move_number), _slot_options(table, locale),
                        placeholder=t("private.swap_placeholder", locale), min_values=2, max_values=2)
    return Private(t("private.swap_prompt", locale), [select])


def swap_confirm(table: Table, first: Slot, second: Slot, locale: str) -> Private:
    """Swap 2: confirm the pair (or choose again)."""
    names, gid, number = text_names(table, locale), table.game_id, table.move_number
    items: list[discord.ui.Item[Any]] = [
        GameButton(make_id(gid, "s2ok", number, slot_value(first), slot_value(second)), t("private.confirm", locale),
                   style=discord.ButtonStyle.primary),
        GameButton(make_id(gid, "power", number), t("private.choose_again", locale)),
    ]
    text = t("private.swap_confirm", locale, first=slot_text(first, names, locale),
             second=slot_text(second, names, locale))
    return Private(text, items)


def peek_seen(table: Table, obs: Observation, target: Slot, locale: str, *, seen: Card | None = None) -> Private:
    """Peek 1: the card seen (`seen`, from the move's own event; else what the seat knows there). Drawn where the
    seat still knows it; not where the move ended the round and `obs` is the next round's."""
    names = text_names(table, locale)
    card = seen if seen is not None else obs.known.get(target)
    text = t("private.peek_seen", locale, slot=slot_text(target, names, locale),
             card=card_name(card, locale) if card is not None else "?")
    return Private(text, showing=[target] if obs.known.get(target) == card else None, reveal=True)


def my_dream(table: Table, obs: Observation, seat: int, locale: str) -> Private:
    """The player's own view: their pending step, or their dream (known cards with the memory aid)."""
    if not obs.peeked[seat]:
        return peek_choice(table, locale)
    if obs.my_turn and obs.step is Step.HOLDING:
        return holding(table, obs, locale)
    if obs.my_turn and obs.step is Step.CHOOSING:
        return choosing(table, obs, locale)
    aid = table.settings.memory_aid
    showing = remembered(table, obs)
    quit_button = GameButton(make_id(table.game_id, "quit"), t("private.leave", locale),
                             style=discord.ButtonStyle.danger)
    key = "private.dream_aid" if aid else "private.dream"
    return Private(t(key, locale), [quit_button], showing=showing)


