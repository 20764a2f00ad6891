"""custom_ids dc:<game>:<action>[:<arg>...] (ds: for selects): game and action, never a hidden card (<= 100 chars)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.service import StaleButtonError
from game.dreamcats import Slot

TEMPLATE = re.compile(
    r"^(?P<kind>dc|ds):(?P<game>[0-9a-f]{4,20}):(?P<action>[a-z0-9]{1,12})(?P<args>(?::[0-9.]{1,12}){0,4})$"
)
MAX_LENGTH = 100


class MalformedButtonError(StaleButtonError, ValueError):
    """An argument none of the bot's buttons carries (a modified client): refused with the stale button's line."""


@dataclass(frozen=True, slots=True)
class ButtonId:
    """A parsed custom_id."""

    game_id: str
    action: str
    args: tuple[str, ...] = ()
    select: bool = False

    def __str__(self) -> str:
        text = ":".join(("ds" if self.select else "dc", self.game_id, self.action, *self.args))
        assert len(text) <= MAX_LENGTH and TEMPLATE.match(text), text
        return text

    def int_arg(self, index: int) -> int:
        """An integer argument (MalformedButtonError, a ValueError, if missing or not a whole number)."""
        if index >= len(self.args) or not self.args[index].isdecimal():
            raise MalformedButtonError(f"custom_id {self} has no whole number at {index}")
        return int(self.args[index])

    def slot_arg(self, index: int) -> Slot:
        """A "seat.position" argument (MalformedButtonError if missing or malformed)."""
        if index >= len(self.args):
            raise MalformedButtonError(f"custom_id {self} has no seat and position at {index}")
        return parse_slot(self.args[index])


def make_id(game_id: str, action: str, *args: object) -> str:
    """The custom_id of a button."""
    return str(ButtonId(game_id, action, tuple(str(a) for a in args)))


def make_select_id(game_id: str, action: str, *args: object) -> str:
    """The custom_id of a select menu (prefix ds, so only the select item class matches it)."""
    return str(ButtonId(game_id, action, tuple(str(a) for a in args), select=True))


def parse_id(custom_id: str) -> ButtonId | None:
    """The parsed custom_id, or None if it is not ours."""
    match = TEMPLATE.match(custom_id)
    if match is None:
        return None
    args = tuple(a for a in match["args"].split(":") if a)
    return ButtonId(match["game"], match["action"], args, select=match["kind"] == "ds")


def slot_value(slot: Slot) -> str:
    """"seat.position" for a select option or custom_id argument."""
    return f"{slot.seat}.{slot.position}"


def parse_slot(value: str) -> Slot:
    """The slot of a "seat.position" value (MalformedButtonError, a ValueError, if malformed)."""
    seat, _, position = value.partition(".")
    if not (seat.isdecimal() and position.isdecimal()):
        raise MalformedButtonError(f"{value!r} is not a seat and position")
    return Slot(int(seat), int(position))
