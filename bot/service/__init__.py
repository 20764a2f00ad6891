"""The game service: tables, lobby rules, moves, timers and computer turns -- no Discord here."""

from bot.service.clock import Clock, ManualClock, SystemClock
from bot.service.errors import (
    AlreadySeatedError,
    BotBusyError,
    BusyError,
    ConflictError,
    GameGoneError,
    GameRunningError,
    HostNotAwayError,
    LobbyFullError,
    NotEnoughSeatsError,
    NotHostError,
    NotHostOrManagerError,
    NotInLobbyError,
    NotPlayerOrManagerError,
    NotPlayingError,
    NotSeatedError,
    RestartingError,
    RoundPausedError,
    SeatTakenOverError,
    StaleButtonError,
    TableError,
)
from bot.service.notifier import Notifier, Outcome
from bot.service.service import GameService
from bot.service.shards import Shard, owns, shard_of
from bot.service.store import GameStore, OwedEnding, StoredGame, finished_match
from bot.service.table import LogEntry, Person, Seat, Table, UnreadableTableError, table_from_payload

__all__ = [
    "AlreadySeatedError", "BotBusyError", "BusyError", "Clock", "ConflictError", "GameGoneError", "GameRunningError",
    "GameService",
    "GameStore", "HostNotAwayError", "LobbyFullError", "LogEntry", "ManualClock",
    "NotEnoughSeatsError", "NotHostError", "NotHostOrManagerError", "NotInLobbyError", "NotPlayerOrManagerError",
    "NotPlayingError",
    "NotSeatedError", "Notifier", "Outcome", "Person", "RestartingError", "RoundPausedError", "Seat",
    "SeatTakenOverError", "Shard",
    "StaleButtonError",
    "OwedEnding", "StoredGame", "SystemClock", "Table", "TableError", "UnreadableTableError", "finished_match",
    "owns", "shard_of", "table_from_payload",
]
