"""Group commit: writes that wait together share one transaction, and mean what they meant alone.

On a SQLite file every write is grouped; on PostgreSQL the ones that stand alone (`serializable=False`, as every save
is). Each test first stops the writer thread inside a write of its own (a threading.Event it waits on), hands over
the writes under test while it is stopped, then lets it go: those writes are then waiting together, as under load.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import ConflictError, Seat, Table
from bot.sqlstore import SqlGameStore
from bot.storage import Database, delete_bot_state_row, get_bot_state, save_bot_state_row
from bot.storage.group_commit import GroupCommit
from bot.storage.models import LiveGame
from bot.storage.sqlite_writer import ThreadWriter
from bot.storage.writer import ThreadLoopWriter
from game.dreamcats import MatchSettings

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class Boom(RuntimeError):
    """A write that fails after its statement ran."""


def _table(n: int) -> Table:
    return Table(f"game{n}", 11, 7000 + n, 1, MatchSettings(), "en", [Seat(1, "Ana")], T0)


def _group_commit(db: Database) -> GroupCommit:
    assert isinstance(db.writer, ThreadWriter | ThreadLoopWriter) and db.writer.group_commit is not None
    return db.writer.group_commit


def _grouped(db: Database) -> int:
    return _group_commit(db).grouped


def _committed(db: Database) -> tuple[int, int]:
    """The writer's committed transactions and the works they held, so far."""
    return _group_commit(db).transactions, _group_commit(db).works


async def _while_writer_is_stopped(db: Database, writes: Callable[[], Awaitable[list[object]]]) -> list[object]:
    """Start `writes` while the writer thread is held inside another write, then let it go; their outcomes."""
    entered, release = threading.Event(), threading.Event()

    async def stop_the_writer(session: AsyncSession) -> None:
        entered.set()
        release.wait(10)  # on the writer's thread: nothing else is written meanwhile

    stopper = asyncio.create_task(db.write(stop_the_writer, serializable=False))
    assert await asyncio.to_thread(entered.wait, 10)
    pending = asyncio.ensure_future(writes())
    for _ in range(20):  # let every write be handed over to the writer's queue
        await asyncio.sleep(0.01)
    release.set()
    await stopper
    return await pending


async def _versions(db: Database) -> dict[str, int]:
    async def read(session: AsyncSession) -> dict[str, int]:
        rows = await session.execute(select(LiveGame.game_id, LiveGame.version))
        return {game_id: version for game_id, version in rows}

    return await db.read(read)


async def test_saves_that_wait_together_are_committed_together(db: Database) -> None:
    store = SqlGameStore(db)
    tables = [_table(n) for n in range(30)]
    for table in tables:
        table.version = await store.create(table)
    before = _grouped(db)

    async def save_all() -> list[object]:
        return list(await asyncio.gather(*(store.save(t) for t in tables)))

    versions = await _while_writer_is_stopped(db, save_all)
    assert versions == [2] * len(tables)
    assert _grouped(db) > before
    assert await _versions(db) == {t.game_id: 2 for t in tables}


async def test_a_refused_save_in_a_group_is_refused_alone(db: Database) -> None:
    store = SqlGameStore(db)
    tables = [_table(n) for n in range(5)]
    for table in tables:
        table.version = await store.create(table)
    stale = tables[2]
    stale.version = 0  # someone else saved it since: the save must be refused, the others kept

    async def save_all() -> list[object]:
        return list(await asyncio.gather(*(store.save(t) for t in tables), return_exceptions=True))

    outcomes = await _while_writer_is_stopped(db, save_all)
    assert isinstance(outcomes[2], ConflictError)
    assert [o for i, o in enumerate(outcomes) if i != 2] == [2, 2, 2, 2]
    assert await _versions(db) == {t.game_id: 1 if t is stale else 2 for t in tables}


async def test_a_write_that_fails_keeps_nothing_and_the_others_are_kept(db: Database) -> None:
    store = SqlGameStore(db)
    for n in range(3):
        await store.create(_table(n))

    def bump(game_id: str, fail: bool) -> Callable[[AsyncSession], Awaitable[str]]:
        async def work(session: AsyncSession) -> str:
            await session.execute(update(LiveGame).where(LiveGame.game_id == game_id).values(version=9))
            if fail:
                raise Boom("failed after its statement ran")
            return game_id
        return work

    async def write_all() -> list[object]:
        works = [bump("game0", False), bump("game1", True), bump("game2", False)]
        return list(await asyncio.gather(*(db.write(w, serializable=False) for w in works), return_exceptions=True))

    outcomes = await _while_writer_is_stopped(db, write_all)
    assert outcomes[0] == "game0" and outcomes[2] == "game2"
    assert isinstance(outcomes[1], Boom)
    assert await _versions(db) == {"game0": 9, "game1": 1, "game2": 9}


async def test_grouped_writes_run_in_order_each_seeing_the_ones_before(db: Database) -> None:
    await SqlGameStore(db).create(_table(0))
    before, (transactions, works) = _grouped(db), _committed(db)

    def read_then_write(step: int) -> Callable[[AsyncSession], Awaitable[int]]:
        async def work(session: AsyncSession) -> int:
            seen = (await session.execute(text("SELECT version FROM live_games WHERE game_id = 'game0'"))).scalar_one()
            await session.execute(text("UPDATE live_games SET version = :v WHERE game_id = 'game0'"),
                                  {"v": seen * 10 + step})
            return int(seen)
        return work

    async def write_all() -> list[object]:
        writes = (db.write(read_then_write(step), serializable=False) for step in range(1, 5))
        return list(await asyncio.gather(*writes))

    seen = await _while_writer_is_stopped(db, write_all)
    assert seen == [1, 11, 112, 1123]
    assert await _versions(db) == {"game0": 11234}
    assert _grouped(db) == before + 1
    # the writer held by _while_writer_is_stopped is one transaction, the four writes another
    assert _committed(db) == (transactions + 2, works + 5)


def _core_bump(game_id: str, fail: bool) -> Callable[[Connection], str]:
    def work(connection: Connection) -> str:
        connection.execute(update(LiveGame).where(LiveGame.game_id == game_id).values(version=9))
        if fail:
            raise Boom("failed after its statement ran")
        return game_id
    return work


async def test_a_core_write_that_fails_keeps_nothing_and_the_others_are_kept(db: Database) -> None:
    store = SqlGameStore(db)
    for n in range(3):
        await store.create(_table(n))
    before, (transactions, committed) = _grouped(db), _committed(db)

    async def write_all() -> list[object]:
        works = [_core_bump("game0", False), _core_bump("game1", True), _core_bump("game2", False)]
        return list(await asyncio.gather(*(db.write_core(w) for w in works), return_exceptions=True))

    outcomes = await _while_writer_is_stopped(db, write_all)
    assert outcomes[0] == "game0" and outcomes[2] == "game2"
    assert isinstance(outcomes[1], Boom)
    assert await _versions(db) == {"game0": 9, "game1": 1, "game2": 9}
    assert _grouped(db) == before  # the group was rolled back, each ran again alone
    assert _committed(db) == (transactions + 3, committed + 3)  # the writer's hold, game0 and game2 alone


async def test_core_and_session_writes_share_a_group_in_order(db: Database) -> None:
    await SqlGameStore(db).create(_table(0))
    before = _grouped(db)

    def core_step(step: int) -> Callable[[Connection], int]:
        def work(connection: Connection) -> int:
            seen = connection.execute(text("SELECT version FROM live_games WHERE game_id = 'game0'")).scalar_one()
            connection.execute(text("UPDATE live_games SET version = :v WHERE game_id = 'game0'"),
                               {"v": seen * 10 + step})
            return int(seen)
        return work

    async def session_step(session: AsyncSession) -> int:
        seen = (await session.execute(text("SELECT version FROM live_games WHERE game_id = 'game0'"))).scalar_one()
        await session.execute(text("UPDATE live_games SET version = :v WHERE game_id = 'game0'"), {"v": seen * 10 + 2})
        return int(seen)

    async def write_all() -> list[object]:
        return list(await asyncio.gather(db.write_core(core_step(1)), db.write(session_step, serializable=False),
                                         db.write_core(core_step(3))))

    seen = await _while_writer_is_stopped(db, write_all)
    assert seen == [1, 11, 112]
    assert await _versions(db) == {"game0": 1123}
    assert _grouped(db) == before + 1


async def test_a_save_and_a_hides_writes_as_core_works_share_a_group(db: Database) -> None:
    # A peek's hide is stored and forgotten as core works (bot.reveal_hides), so that the saves waiting with them
    # still run on the writer's connection alone.
    store = SqlGameStore(db)
    table = _table(0)
    table.version = await store.create(table)
    await db.write_core(lambda connection: save_bot_state_row(connection, key="reveal:9", value="old"))
    before = _grouped(db)

    async def write_all() -> list[object]:
        return list(await asyncio.gather(
            store.save(table),
            db.write_core(lambda connection: save_bot_state_row(connection, key="reveal:8", value="new")),
            db.write_core(lambda connection: delete_bot_state_row(connection, key="reveal:9"))))

    new_version, _, _ = await _while_writer_is_stopped(db, write_all)
    assert await _versions(db) == {"game0": new_version}
    assert await db.read(lambda session: get_bot_state(session, key="reveal:8")) == "new"
    assert await db.read(lambda session: get_bot_state(session, key="reveal:9")) is None
    assert _grouped(db) == before + 1


class _Together:
    """A core work that may run with others of its kind in one call (as LiveSave does), recording how it ran."""

    calls: list[int] = []  # the size of each group run together

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, connection: Connection) -> str:
        return f"{self.name} alone"

    @staticmethod
    def together(connection: Connection, works: list[_Together]) -> list[str]:
        _Together.calls.append(len(works))
        return [f"{work.name} together" for work in works]


async def test_works_that_may_run_together_and_wait_together_run_in_one_call(db: Database) -> None:
    _Together.calls = []

    async def write_all() -> list[object]:
        return list(await asyncio.gather(*(db.write_core(_Together(name)) for name in "abcd")))

    assert await _while_writer_is_stopped(db, write_all) == ["a together", "b together", "c together", "d together"]
    assert _Together.calls == [4]


async def test_in_a_mixed_group_the_works_of_a_kind_run_together_and_the_others_as_themselves(db: Database) -> None:
    _Together.calls = []

    async def write_all() -> list[object]:
        return list(await asyncio.gather(db.write_core(_Together("a")), db.write_core(lambda connection: "plain"),
                                         db.write_core(_Together("b"))))

    assert await _while_writer_is_stopped(db, write_all) == ["a together", "plain", "b together"]
    assert _Together.calls == [2]


async def test_a_work_of_such_a_kind_alone_in_its_group_runs_as_itself(db: Database) -> None:
    _Together.calls = []

    async def write_all() -> list[object]:
        return list(await asyncio.gather(db.write_core(_Together("a")), db.write_core(lambda connection: "plain")))

    assert await _while_writer_is_stopped(db, write_all) == ["a alone", "plain"]
    assert _Together.calls == []
