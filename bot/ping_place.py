"""What a turn ping is: when one is due, what it needs to know of its table and person, and what it says."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game_choice import game_title
from bot.game_threads import post_channel
from bot.i18n import t
from bot.markdown import escape_name
from bot.service import Table
from bot.service.rulebooks import rules_of

TurnKey = tuple[int, int, int, int]  # round, turns played, seat, user id


def pings_due(table: Table) -> list[TurnKey]:
    """The turns whose person should hear about them (round, turns played, seat, user id): the seat in turn, or,
    where the seats choose at once (Cat Duel), every person still to choose; none in a pause or the lobby."""
    if not table.playing or table.state is None or table.paused_until is not None or table.turn_key is None:
        return []
    due: list[TurnKey] = []
    for seat in rules_of(table).untouched_seats(table):
        person = table.seats[seat]
        if person.user_id is not None and not person.computer_plays:
            due.append((*table.turn_key, seat, person.user_id))
    return due


@dataclass(frozen=True, slots=True)
class PingPlace:
    """What a ping needs to know of its table and person. Kept instead of the table: a table is replaced by a new
    copy at every move, and one held until its turn's ping ended kept a whole extra game state alive per waiting
    table for the garbage collector to walk (issue 10)."""

    game_id: str
    guild_id: int
    channel_id: int  # where the table's posts go (its thread, if it has one)
    locale: str
    title: str  # the game's name
    user_id: int
    name: str  # the person's name at the table

    @classmethod
    def of(cls, table: Table, seat: int, user_id: int) -> PingPlace:
        """The place of a ping for the person in `seat` of the table."""
        return cls(table.game_id, table.guild_id, post_channel(table), table.locale,
                   game_title(table.game, table.locale), user_id, table.seats[seat].name)


def ping_text(place: PingPlace, message_id: int | None) -> str:
    """The ping: a mention and a link to the table message (when there is one); nothing hidden."""
    mention = f"<@{place.user_id}>"
    if message_id is None:
        return t("ping.turn", place.locale, mention=mention, game=place.title)
    link = f"https://discord.com/channels/{place.guild_id}/{place.channel_id}/{message_id}"
    return t("ping.turn_link", place.locale, mention=mention, link=link, game=place.title)


def folded_text(place: PingPlace) -> str:
    """What a ping becomes when it cannot be deleted: a line that pings no one and asks nothing."""
    return t("ping.folded", place.locale, name=escape_name(place.name))
