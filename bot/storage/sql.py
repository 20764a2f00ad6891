"""Backend-specific SQL that SQLite and PostgreSQL spell the same way: INSERT ... ON CONFLICT."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def _dialect(session: AsyncSession) -> str:
    return _supported(session.get_bind().dialect.name)


def _supported(dialect: str) -> str:
    if dialect not in ("sqlite", "postgresql"):
        raise NotImplementedError(f"Dreamcats supports SQLite and PostgreSQL, not {dialect}.")
    return dialect


def _insert(dialect: str, model: Any) -> Any:
    return (sqlite if dialect == "sqlite" else postgresql).insert(model.__table__)


# Built once per shape and reused (a statement takes its values at execution): an upsert's `excluded` is a table
# alias whose columns point back at it, so one built per call left objects in reference cycles for the garbage
# collector (a round's story is upserted at every round's end: at 500 tables, most of the cyclic garbage).
@lru_cache(maxsize=64)
def _upsert(dialect: str, model: Any, keys: tuple[str, ...], update: tuple[str, ...]) -> Any:
    statement = _insert(dialect, model)
    return statement.on_conflict_do_update(
        index_elements=list(keys), set_={name: getattr(statement.excluded, name) for name in update}
    )


@lru_cache(maxsize=64)
def _insert_missing(dialect: str, model: Any, keys: tuple[str, ...]) -> Any:
    return _insert(dialect, model).on_conflict_do_nothing(index_elements=list(keys))


async def upsert(
    session: AsyncSession, model: Any, rows: Sequence[dict[str, Any]], *, keys: Sequence[str], update: Sequence[str]
) -> None:
    """Insert the rows; where the key already exists, overwrite the `update` columns instead."""
    if rows:
        await session.execute(_upsert(_dialect(session), model, tuple(keys), tuple(update)), list(rows))


def upsert_rows(
    connection: Connection, model: Any, rows: Sequence[dict[str, Any]], *, keys: Sequence[str], update: Sequence[str]
) -> None:
    """`upsert` as Core statements on a connection (a core work: bot.storage.group_commit)."""
    if rows:
        connection.execute(_upsert(_supported(connection.dialect.name), model, tuple(keys), tuple(update)), list(rows))


async def insert_missing(
    session: AsyncSession, model: Any, rows: Sequence[dict[str, Any]], *, keys: Sequence[str]
) -> None:
    """Insert the rows whose key is not there yet; leave the others alone."""
    if rows:
        await session.execute(_insert_missing(_dialect(session), model, tuple(keys)), list(rows))
