"""The Discord client: least-privilege intents, start-up (database, translator, cog, buttons, sync, resume)."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import sys
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

from bot import reveal_hides
from bot.cog import DreamcatsCog
from bot.collector import CollectorPacer
from bot.command_errors import on_tree_error
from bot.command_sync import sync_if_changed
from bot.hub import DreamcatsBase
from bot.i18n import DreamcatsTranslator
from bot.lateness import BUSY_AFTER_S, lateness_gauge
from bot.pictures import start_processes, stop_processes, table_drawers, warm_up
from bot.places_gone import PlacesGone
from bot.presenter import DiscordPresenter
from bot.pulse import Pulse, table_counts
from bot.rules_guide import GUIDE_ITEMS
from bot.service import Clock, GameService, Shard, SystemClock
from bot.sqlstore import SqlGameStore
from bot.standings import STANDINGS_ITEMS
from bot.storage import Database
from bot.turn_pings import TurnPings
from bot.views.handlers import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Only the guilds intent: no privileged intents, no message content."""
    return discord.Intents(guilds=True)


# The writer, reader and drawing threads wait for the interpreter at each SQLite or zlib call they return from;
# while the event loop is busy, each such wait lasted up to the default 5 ms, so a save took tens of ms and a
# game's lock was held past its 2 s timeout at 500 tables. 1 ms hands the interpreter over sooner.
SWITCH_INTERVAL_S = 0.001


def freeze_startup_objects() -> None:
    """Exempt what start-up made (modules, classes, caches: most of the heap) from the cyclic garbage collector.

    Python's full collection walks every tracked object; with the whole of discord.py, SQLAlchemy and Pillow in the
    heap it paused the event loop for 100-180 ms at a time under load. Frozen, those objects are skipped.
    """
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL_S)


class DreamcatsBot(DreamcatsBase):
    """The Dreamcats bot; `service` runs the games, `db` stores them."""

    db: Database
    service: GameService
    presenter: DiscordPresenter
    turn_pings: TurnPings

    def __init__(self, *, database_url: str, dev_guild_id: int | None = None, clock: Clock | None = None,
                 computer_pause: float = 1.5, edit_interval: float = 1.0, rng: random.Random | None = None,
                 shard: tuple[int, int] | None = None, freeze_startup: bool = False, force_sync: bool = False,
                 picture_processes: int = 0, busy_after: float = BUSY_AFTER_S, status_every: float = 0.0,
                 **options: Any) -> None:
        if shard is not None:  # discord.py then identifies as this one shard of shard_count
            options.update(shard_id=shard[0], shard_count=shard[1])
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())  # a message pings only whom it names
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None, **options)
        self.database_url = database_url
        self.dev_guild_id = dev_guild_id
        self._clock, self._pause, self._edit_interval, self._rng = clock, computer_pause, edit_interval, rng
        self._freeze_startup = freeze_startup  # the real process does; tests, which start many bots, do not
        self.force_sync = force_sync  # sync the commands even if they did not change (`dreamcats run --sync`)
        self._picture_processes = picture_processes  # the real process may; tests, which start many bots, do not
        self.lateness = lateness_gauge(busy_after)
        # The operator's status line every `status_every` s (0: none; tests, which start many bots, have none)
        self.pulse = Pulse(lambda: table_counts(self.service.tables, self.service.matches_finished),
                           every_s=status_every)
        self._collector = CollectorPacer()  # started with the frozen start-up objects, by the real process only

    async def setup_hook(self) -> None:
        """Open the database (migrations run), translate and register commands and buttons, resume live games."""
        if self._picture_processes:
            start_processes(self._picture_processes)
            log.info("drawing the table pictures in %d process(es) of their own", self._picture_processes)
        self._warming = asyncio.create_task(warm_up())
        self.db = await Database.open(self.database_url)
        await self.tree.set_translator(DreamcatsTranslator())
        self.tree.error(on_tree_error)
        self.presenter = DiscordPresenter(self, edit_interval=self._edit_interval,
                                          drawers=table_drawers(self._picture_processes))
        self.turn_pings = TurnPings(self, self.presenter, clock=self._clock or SystemClock())
        self.service = GameService(SqlGameStore(self.db), self.turn_pings, clock=self._clock,
                                   computer_pause=self._pause, rng=self._rng, shard=self.shard)
        await self.add_cog(DreamcatsCog(self))
        await self.add_cog(PlacesGone(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS, *STANDINGS_ITEMS, *GUIDE_ITEMS)
        await self.sync_commands()
        if self._freeze_startup:
            freeze_startup_objects()
            self._collector.start()
        left_pinged = await self.turn_pings.read_leftovers()  # before any of this process's own: an earlier one's
        broken = await self.service.resume()
        log.info("resumed %d live game(s), %d unreadable%s", len(self.service.tables), len(broken),
                 "" if self.shard is None else f" ({self.shard})")
        await reveal_hides.resume(self)
        self.turn_pings.take_up_leftovers(left_pinged)
        self.pulse.start()

    @property
    def shard(self) -> Shard | None:
        """The shard this process runs, or None when it runs every guild."""
        if self.shard_id is None or self.shard_count is None:
            return None
        return Shard(self.shard_id, self.shard_count)

    async def sync_commands(self) -> None:
        """Sync to the development guild (instant) if one is set, else globally; only if they changed."""
        guild = None if self.dev_guild_id is None else discord.Object(self.dev_guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        await sync_if_changed(self, guild, force=self.force_sync)

    async def close(self) -> None:
        """Stop timers and computer players, the Discord workers and the database, then disconnect."""
        if hasattr(self, "service"):
            await self.service.shutdown()
        if hasattr(self, "turn_pings"):
            await self.turn_pings.close()
        if hasattr(self, "presenter"):
            await self.presenter.close()
        reveal_hides.cancel_all()
        self._collector.stop()
        self.pulse.stop()
        if hasattr(self, "db"):
            await self.db.close()
        if self._picture_processes:
            stop_processes()
        await super().close()


class ShardedDreamcatsBot(DreamcatsBot, commands.AutoShardedBot):
    """Several shards in one process (discord.py's AutoShardedBot): one gateway connection per shard, one service.

    The service drives only the live games of guilds on these shards; other processes run the other shards.
    """

    def __init__(self, *, shard_ids: Sequence[int], shard_count: int, **options: Any) -> None:
        super().__init__(shard_ids=list(shard_ids), shard_count=shard_count, **options)

    @property
    def shard(self) -> Shard | None:
        """The shards this process runs."""
        assert self.shard_ids is not None and self.shard_count is not None
        return Shard(self.shard_ids, self.shard_count)


def make_bot(*, shards: tuple[Sequence[int], int] | None = None, **options: Any) -> DreamcatsBot:
    """The bot for this process: several shards (AutoShardedBot), else one shard or none (`shard=` in options)."""
    if shards is None:
        return DreamcatsBot(**options)
    return ShardedDreamcatsBot(shard_ids=shards[0], shard_count=shards[1], **options)
