"""Named refusals of the table service; each becomes one friendly line via the catalogue key error.<ClassName>."""

from __future__ import annotations

from game.errors import GameError


class TableError(GameError):
    """A request that the table cannot honour right now."""


class GameRunningError(TableError):
    """This channel already has a game."""

    def __init__(self, game_id: str, message_id: int | None, place: int | None = None) -> None:
        super().__init__(f"A game is already running in this channel ({game_id}).")
        self.game_id = game_id
        self.message_id = message_id
        self.place = place  # the channel or thread holding that message, where known


class GameGoneError(TableError):
    """The game has ended or no longer exists."""


class NotInLobbyError(TableError):
    """The game has already started (or has not yet been opened)."""


class MatchStartedError(NotInLobbyError):
    """A lobby's Cancel pressed after its match began: stopping a match is /dreamcats stop's, which asks first."""


class NotPlayingError(TableError):
    """The game is still in its lobby."""


class LobbyFullError(TableError):
    """Every seat the game has is taken."""

    def __init__(self, seats: int) -> None:
        super().__init__(f"All {seats} seats are taken.")
        self.text_args = {"max": seats}  # the friendly line names the game's own number of seats


class TooManyGamesError(TableError):
    """The person already hosts as many live games on this server as one person may."""

    def __init__(self, most: int) -> None:
        super().__init__(f"Already hosting {most} games on this server.")
        self.text_args = {"max": most}


class AlreadySeatedError(TableError):
    """The person already has a seat."""


class PickTakenError(TableError):
    """Another seat of the lobby has already picked that (Cat Duel: that cat)."""


class NotSeatedError(TableError):
    """The person has no seat at this table."""


class NotHostError(TableError):
    """Only the host may do this."""


class HostNotAwayError(NotHostError):
    """Only the host may start the match, until the host has done nothing in the lobby for a while."""

    def __init__(self, minutes: int) -> None:
        super().__init__(f"Only the host can start the match until they have been away {minutes} minutes.")
        self.text_args = {"minutes": minutes}


class NotHostOrManagerError(TableError):
    """Only the host or someone with Manage Server may do this."""


class NotPlayerOrManagerError(TableError):
    """Only a person playing at the table (not one who left) or someone with Manage Server may stop a match."""


class NotEnoughSeatsError(TableError):
    """A match needs at least two seats."""


class StaleButtonError(TableError):
    """The button belongs to an earlier moment of the game."""


class BusyError(TableError):
    """The table is busy with another move; try again."""


class RestartingError(TableError):
    """The bot is stopping (a restart or deploy): no move is taken now, so none is made that could not be shown."""


class BotBusyError(TableError):
    """The bot answers late under load, so it opens no new table for now (bot.lateness); the tables in play go on."""


class ConflictError(TableError):
    """Another process changed the game at the same moment; the move was refused."""


class SeatTakenOverError(TableError):
    """A computer player now plays this seat."""


class RoundPausedError(TableError):
    """A move between rounds: the next round has not begun yet."""

    def __init__(self, game: str) -> None:
        super().__init__("The next round starts in a moment.")
        self.game = game  # its line names the game's own Next button (round, hand, duel)


class NotPausedError(TableError):
    """Next round pressed while a round is under way."""

    def __init__(self, game: str) -> None:
        super().__init__("The round is already under way.")
        self.game = game


class PauseNotOverError(TableError):
    """The pause between rounds is not over yet (an early wake-up; nothing changes)."""
