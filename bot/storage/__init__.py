"""Dreamcats storage: SQLAlchemy models, Alembic migrations, live games, match results and standings.

The caller owns the transaction; writes go through the one write path (see bot.storage.writer)::

    db = await Database.open(url)
    match_id = await db.write(lambda session: record_match(session, record=record))
    async with db.sessions() as session:
        page = await leaderboard(session, guild_id=guild_id)
"""

from bot.storage.bot_state import (
    bot_state_under,
    delete_bot_state_row,
    get_bot_state,
    save_bot_state,
    save_bot_state_row,
)
from bot.storage.database import Database, database_url
from bot.storage.live import (
    LiveSave,
    create_live_game,
    delete_live_game,
    get_server_settings,
    insert_live_row,
    live_game_for_channel,
    load_live_games,
    mark_live_game_broken,
    save_live_game,
    save_live_row,
    save_server_settings,
)
from bot.storage.owed import OwedEndingRecord, drop_owed_reveal, load_owed_endings, owe_ending, settle_ending
from bot.storage.preferences import get_turn_pings_choice, save_turn_pings_choice, wants_turn_pings
from bot.storage.queries import leaderboard, player_stats
from bot.storage.ratings import InvalidMatchRecordError, display_rating
from bot.storage.records import (
    LastMatch,
    LeaderboardPage,
    LeaderboardRow,
    LiveGameNotFoundError,
    LiveGameRecord,
    MatchRecord,
    PlayerStats,
    RecentMatch,
    RoundRecord,
    SeatRecord,
    ServerSettingsRecord,
    StorageError,
    VersionConflictError,
)
from bot.storage.rematch import last_match
from bot.storage.results import record_match
from bot.storage.writer import StorageBusyError

__all__ = [
    "Database", "InvalidMatchRecordError", "LastMatch", "LeaderboardPage", "LeaderboardRow", "LiveGameNotFoundError",
    "LiveGameRecord", "LiveSave", "MatchRecord", "OwedEndingRecord", "PlayerStats", "RecentMatch", "RoundRecord",
    "SeatRecord", "ServerSettingsRecord", "StorageBusyError", "StorageError", "VersionConflictError",
    "bot_state_under", "create_live_game", "database_url", "delete_bot_state_row", "delete_live_game", "display_rating",
    "drop_owed_reveal", "get_bot_state", "get_server_settings", "get_turn_pings_choice", "insert_live_row",
    "last_match", "leaderboard", "live_game_for_channel", "load_live_games", "load_owed_endings",
    "mark_live_game_broken", "owe_ending", "player_stats", "record_match", "save_bot_state", "save_bot_state_row",
    "save_live_game", "save_live_row", "save_server_settings", "save_turn_pings_choice", "settle_ending",
    "wants_turn_pings",
]
