"""One game at one channel: its lobby seats, the engine state, the public log and the turn deadline."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot.storage.records import DREAMCATS
from game.dreamcats import Card, Event, Slot
from game.games import game_mode
from game.modes import GameMode, UnknownGameError

PAYLOAD_FORMAT = 1
LOG_LENGTH = 6
# A person's seat handed to the computer (time-outs, leaving) is played at this strength.
STAND_IN_STRENGTH = "normal"


@dataclass(frozen=True, slots=True)
class Person:
    """Someone pressing a button: their Discord user id, display name and language ("en"/"pl")."""

    user_id: int
    name: str
    locale: str = "en"


@dataclass(slots=True)
class Seat:
    """A seat: a person (user_id set) or a computer player (strength set), or a person whose seat a computer plays."""

    user_id: int | None
    name: str
    locale: str = "en"
    strength: str | None = None
    timeouts: int = 0
    left: bool = False
    handed_over: bool = False
    # The cards a stand-in looked at for this person (their turn timed out), until they are shown them: (round number,
    # where in its public history the first such turn began), bot.service.unseen; empty when there is none.
    unseen_peek: tuple[int, ...] = ()
    # What the seat picked in the lobby where its game has such a pick (Cat Duel: its cat's key); None: at random.
    choice: str | None = None
    # The person is still to be told that a computer plays their seat: saved with the handover, cleared with the next
    # save after the presenter posted the notice, posted after a restart (bot.service.resume) if still set.
    handover_owed: bool = False

    @property
    def is_person(self) -> bool:
        """Whether a person sat down here (even if a computer now plays for them)."""
        return self.user_id is not None

    @property
    def computer_plays(self) -> bool:
        """Whether the computer makes this seat's moves."""
        return self.strength is not None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One public line of the table log: an engine event kind or a table happening (timeout, handover, left)."""

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    slots: tuple[tuple[int, int], ...] = ()
    count: int = 0

    @classmethod
    def of(cls, event: Event) -> LogEntry:
        """The log entry for a public engine event."""
        assert event.is_public, "only public events go into the table log"
        return cls(str(event.kind), event.seat, tuple(int(c) for c in event.cards),
                   tuple((s.seat, s.position) for s in event.slots), event.count)

    @property
    def card_values(self) -> tuple[Card, ...]:
        """The (public) cards of the entry."""
        return tuple(Card(c) for c in self.cards)

    @property
    def slot_values(self) -> tuple[Slot, ...]:
        """The slots of the entry."""
        return tuple(Slot(s, p) for s, p in self.slots)


@dataclass(slots=True)
class Table:
    """A game from lobby to the end of the match, with everything needed to resume it after a restart.

    `game` names its game (game.games): `settings` and `state` are that game's settings and match state, and the
    turn, the move number and the turn key come from its GameMode. Code of one game (its views, its rules in
    bot.service.rulebooks) knows the types; the lobby, the service and storage never look inside them.
    """

    game_id: str
    guild_id: int
    channel_id: int
    host_id: int
    settings: Any  # the game's settings (MatchSettings, Dream21Settings, ...)
    locale: str
    seats: list[Seat]
    created_at: datetime
    state: Any = None  # the game's match state; None in the lobby
    started_at: datetime | None = None
    log: list[LogEntry] = field(default_factory=list)
    deadline: datetime | None = None
    message_id: int | None = None
    version: int = 0
    active_at: datetime | None = None  # the last lobby activity (join, leave, add); None: created_at
    host_active_at: datetime | None = None  # the host's last lobby activity; None: created_at (bot.service.lobby)
    # Between rounds: the next round's first move waits until then, or until every person pressed Next round.
    paused_until: datetime | None = None
    ready: list[int] = field(default_factory=list)  # the seats whose person pressed Next round
    invited: list[int] = field(default_factory=list)  # Play again: the last match's people, not yet seated
    thread_id: int | None = None  # the game's own thread (bot.game_threads), started from the lobby message
    game: str = DREAMCATS  # which game (game.games); its matches and standings are kept under this key
    # The rounds this match ended whose reveals may not be posted yet: saved with the move that ended them, cleared
    # with the next save after the presenter posted them, posted after a restart (bot.service.resume) if still here.
    reveals_owed: list[int] = field(default_factory=list)

    @property
    def mode(self) -> GameMode[Any, Any, Any]:
        """The game's engine functions."""
        return game_mode(self.game)

    @property
    def message_place(self) -> int:
        """The channel or thread that holds the table message: the game's thread once the table was posted there
        (while the match's first table is on its way, the lobby message in the channel still is it)."""
        if self.thread_id is not None and self.state is not None and self.message_id != self.thread_id:
            return self.thread_id
        return self.channel_id

    @property
    def last_activity(self) -> datetime:
        """When someone last did something in the lobby."""
        return self.active_at or self.created_at

    @property
    def host_last_active(self) -> datetime:
        """When the host last did something in the lobby (or became its host)."""
        return self.host_active_at or self.created_at

    @property
    def playing(self) -> bool:
        """Whether the match has started and is not over."""
        return self.state is not None and not self.mode.is_over(self.state)

    @property
    def names(self) -> list[str]:
        """The seat names in seat order."""
        return [seat.name for seat in self.seats]

    @property
    def people_playing(self) -> list[int]:
        """The seats a person still plays themselves (not left, not handed to a computer)."""
        return [index for index, seat in enumerate(self.seats) if seat.is_person and not seat.computer_plays]

    @property
    def everyone_left(self) -> bool:
        """Whether every person who sat at the match has left it (it then ends as abandoned, nothing recorded)."""
        return all(seat.left for seat in self.seats if seat.is_person)

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a person, if they have one."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is, while playing."""
        return self.mode.turn(self.state) if self.playing else None

    @property
    def move_number(self) -> int:
        """How many turn actions (not initial peeks) have been made: a button from an earlier moment is stale."""
        return 0 if self.state is None else self.mode.move_number(self.state)

    @property
    def turn_key(self) -> tuple[int, int] | None:
        """(round, turns played): changes exactly when a new turn begins."""
        return self.mode.turn_key(self.state) if self.playing else None

    def add_log(self, entries: Iterable[LogEntry]) -> None:
        """Append public entries, keeping only the last few."""
        self.log = [*self.log, *entries][-LOG_LENGTH:]

    def clone(self) -> Table:
        """An independent copy to change and save; the original stays as it was if saving fails."""
        # Every mutable part copied (seats, log list, match state); settings, log entries, cards and actions are
        # immutable and shared. A JSON round trip would do the same at fifty times the cost, on every move.
        return replace(self, seats=[replace(seat) for seat in self.seats], log=list(self.log), ready=list(self.ready),
                       invited=list(self.invited), reveals_owed=list(self.reveals_owed),
                       state=self.state.copy() if self.state is not None else None)

    def to_payload(self, *, stored: bool = False) -> dict[str, Any]:
        """Everything about the game as JSON-safe data for the live-game row (`stored`: the match's log as the text
        its game keeps across saves, game.written_log.JsonText, for a store's JSON writer)."""
        to_dict = self.mode.to_stored if stored else self.mode.to_dict
        return {
            "format": PAYLOAD_FORMAT,
            "game_id": self.game_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "settings": self.settings.to_dict(),
            "locale": self.locale,
            "seats": [_seat_to_dict(s) for s in self.seats],
            "created_at": self.created_at.isoformat(),
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "state": to_dict(self.state) if self.state is not None else None,
            "log": [_entry_to_dict(e) for e in self.log],
            "active_at": self.active_at.isoformat() if self.active_at else None,
            "host_active_at": self.host_active_at.isoformat() if self.host_active_at else None,
            "paused_until": self.paused_until.isoformat() if self.paused_until else None,
            "ready": list(self.ready),
            "invited": list(self.invited),
            "thread_id": self.thread_id,
            "game": self.game,
            "reveals_owed": list(self.reveals_owed),
        }


class UnreadableTableError(ValueError):
    """A live-game payload that cannot be turned back into a table."""


def table_from_payload(
    data: dict[str, Any], *, version: int, message_id: int | None, deadline: datetime | None
) -> Table:
    """The table that `to_payload` wrote; UnreadableTableError if it cannot be read."""
    try:
        if data["format"] != PAYLOAD_FORMAT:
            raise UnreadableTableError(f"unknown payload format {data['format']!r}")
        mode = game_mode(str(data.get("game", DREAMCATS)))  # written before there were other games: Dreamcats
        table = Table(
            game_id=str(data["game_id"]),
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            host_id=int(data["host_id"]),
            settings=mode.read_settings(data["settings"]),
            locale=str(data["locale"]),
            seats=[_seat_from_dict(s) for s in data["seats"]],
            created_at=datetime.fromisoformat(data["created_at"]),
            started_at=datetime.fromisoformat(data["started_at"]) if data["started_at"] else None,
            state=mode.from_dict(data["state"]) if data["state"] is not None else None,
            log=[_entry_from_dict(e) for e in data["log"]],
            deadline=deadline,
            message_id=message_id,
            version=version,
            active_at=datetime.fromisoformat(data["active_at"]) if data.get("active_at") else None,
            host_active_at=(datetime.fromisoformat(data["host_active_at"]) if data.get("host_active_at")
                            else None),  # not kept before 2026-12-01 (the lobby's creation then)
            paused_until=datetime.fromisoformat(data["paused_until"]) if data.get("paused_until") else None,
            ready=[int(seat) for seat in data.get("ready", [])],
            invited=[int(user) for user in data.get("invited", [])],
            thread_id=int(data["thread_id"]) if data.get("thread_id") else None,
            game=mode.key,
            reveals_owed=[int(number) for number in data.get("reveals_owed", [])],  # not kept before 2026-12-01
        )
    except UnreadableTableError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, UnknownGameError) as exc:  # GameError: ValueError
        raise UnreadableTableError(f"unreadable live game: {exc!r}") from exc
    if table.state is not None and mode.num_seats(table.state) != len(table.seats):
        raise UnreadableTableError("the match and the seats disagree")
    return table


def _seat_to_dict(seat: Seat) -> dict[str, Any]:
    data = {"user_id": seat.user_id, "name": seat.name, "locale": seat.locale, "strength": seat.strength,
            "timeouts": seat.timeouts, "left": seat.left, "handed_over": seat.handed_over,
            "unseen_peek": list(seat.unseen_peek), "choice": seat.choice}
    if seat.handover_owed:  # rare and short-lived: kept out of every other save
        data["handover_owed"] = True
    return data


def _seat_from_dict(data: dict[str, Any]) -> Seat:
    user_id = data["user_id"]
    return Seat(None if user_id is None else int(user_id), str(data["name"]), str(data["locale"]),
                data["strength"], int(data["timeouts"]), bool(data["left"]), bool(data["handed_over"]),
                tuple(int(n) for n in data.get("unseen_peek", ())),
                None if data.get("choice") is None else str(data["choice"]), bool(data.get("handover_owed", False)))


def _entry_to_dict(entry: LogEntry) -> dict[str, Any]:
    return {"kind": entry.kind, "seat": entry.seat, "cards": list(entry.cards),
            "slots": [list(s) for s in entry.slots], "count": entry.count}


def _entry_from_dict(data: dict[str, Any]) -> LogEntry:
    return LogEntry(str(data["kind"]), data["seat"], tuple(int(c) for c in data["cards"]),
                    tuple((int(s), int(p)) for s, p in data["slots"]), int(data["count"]))

