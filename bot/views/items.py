"""The DynamicItems: every button and select menu of the bot, so they keep working after a restart."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot.views.ids import TEMPLATE, ButtonId, parse_id

log = logging.getLogger(__name__)
Dispatcher = Callable[[discord.Interaction, ButtonId, tuple[str, ...]], Awaitable[None]]
# bot.views.click.dispatch, handed over by the package (bot.views): the click handlers build these items, so this
# module may not import them.
_dispatchers: list[Dispatcher] = []


def dispatch_clicks_to(dispatcher: Dispatcher) -> None:
    """Send every click and choice of these items to `dispatcher` (bot.views does, on import)."""
    _dispatchers[:] = [dispatcher]


def _let_go(item: discord.ui.Item[Any], interaction: discord.Interaction) -> None:
    """Break the reference cycles a handled click leaves, so that refcounting frees it at once.

    discord.py dispatched the click through a View it rebuilt from the message, whose items point back at it; the
    interaction and its response (and its original message, once fetched) point at each other too. Left to the
    garbage collector, a click's objects outlived its young collection whenever the click was still being answered
    at it, and at 500 tables they made most of what the middle collections walked: 60,000-100,000 objects and
    250-390 ms of a paused event loop each (tests/benchmarks/bench_load.py). The click is fully answered here
    (bot.views.click.dispatch completes every deferred reply), so nothing asks the interaction anything after this.
    """
    if item.view is not None:
        item.view.clear_items()
    for cached in ("_cs_response", "_cs_followup"):
        if hasattr(interaction, cached):
            delattr(interaction, cached)
    interaction._original_response = None  # its message state points back at the interaction


async def _dispatch(item: GameButton | GameSelect, interaction: discord.Interaction, values: tuple[str, ...]) -> None:
    try:
        parsed = parse_id(item.custom_id)
        if parsed is None:
            return
        if not _dispatchers:
            # ids only: a private button's custom_id may hold its owner's draft (Cat Duel's move and targets)
            log.error("a click on game %s (%s) arrived before the click handlers were set up", parsed.game_id,
                      parsed.action)
            return
        await _dispatchers[0](interaction, parsed, values)
    finally:
        _let_go(item, interaction)

LABEL_MAX = 80  # characters Discord takes in a button's label

_BUTTONS = re.compile(TEMPLATE.pattern.replace("(?P<kind>dc|ds)", "(?P<kind>dc)"))
_SELECTS = re.compile(TEMPLATE.pattern.replace("(?P<kind>dc|ds)", "(?P<kind>ds)"))


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_BUTTONS):
    """A button whose custom_id names the game, the action and public arguments."""

    def __init__(self, custom_id: str, label: str, *, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:LABEL_MAX], style=style, emoji=emoji,
                                           disabled=disabled), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        """Rebuild the button from a click."""
        button = item if isinstance(item, discord.ui.Button) else None
        return cls(match.string, button.label or "" if button else "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the one dispatcher."""
        await _dispatch(self, interaction, ())


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """A GameButton not built yet: what the table's text edits send is only its JSON.

    A table's text follows almost every move, and building its buttons (discord.py's Button, its component and the
    DynamicItem around it, each custom_id checked against the template again) was most of that edit's own work: the
    rows of Dreamcats' five table buttons took 176 µs built, 85 µs as specs, on a slow machine
    (tests/benchmarks/bench_table_edit.py). A spec is built into a GameButton only where a view is sent
    (bot.views.shown.make_view).
    """

    custom_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    row: int | None = None
    width: ClassVar[int] = 1  # as a button's: a message row holds five

    def to_component_dict(self) -> dict[str, Any]:
        """The button's JSON: what GameButton(...).to_component_dict() gives (tests/bot/test_component_rows.py)."""
        payload: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            payload["label"] = self.label[:LABEL_MAX]
        payload["custom_id"] = self.custom_id
        return payload

    def item(self) -> GameButton:
        """The GameButton itself."""
        return GameButton(self.custom_id, self.label, style=self.style, disabled=self.disabled, row=self.row)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_SELECTS):
    """A select menu (initial peek, Peek 1 target, Swap 2 pair, computer strength)."""

    def __init__(self, custom_id: str, options: Sequence[discord.SelectOption], *, placeholder: str | None = None,
                 min_values: int = 1, max_values: int = 1, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=list(options), placeholder=placeholder,
                                           min_values=min_values, max_values=max_values), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameSelect:
        """Rebuild the select menu from a choice."""
        select = item if isinstance(item, discord.ui.Select) else None
        options = select.options if select and select.options else [discord.SelectOption(label="-", value="-")]
        low = select.min_values if select else 1
        high = select.max_values if select else 1
        return cls(match.string, options, min_values=low, max_values=high)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the choice to the one dispatcher."""
        await _dispatch(self, interaction, tuple(self.item.values))


DYNAMIC_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [GameButton, GameSelect]
