"""Backend-specific SQL that SQLite and PostgreSQL spell the same way: INSERT ... ON CONFLICT."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def _insert(session: AsyncSession, model: Any) -> Any:
    dialect = session.get_bind().dialect.name
    if dialect == "sqlite":
        return sqlite.insert(model.__table__)
    if dialect == "postgresql":
        return postgresql.insert(model.__table__)
    raise NotImplementedError(f"Dreamcats supports SQLite and PostgreSQL, not {dialect}.")


async def upsert(
    session: AsyncSession, model: Any, rows: Sequence[dict[str, Any]], *, keys: Sequence[str], update: Sequence[str]
) -> None:
    """Insert the rows; where the key already exists, overwrite the `update` columns instead."""
    if not rows:
        return
    statement = _insert(session, model)
    statement = statement.on_conflict_do_update(
        index_elements=list(keys), set_={name: getattr(statement.excluded, name) for name in update}
    )
    await session.execute(statement, list(rows))


async def insert_missing(
    session: AsyncSession, model: Any, rows: Sequence[dict[str, Any]], *, keys: Sequence[str]
) -> None:
    """Insert the rows whose key is not there yet; leave the others alone."""
    if rows:
        await session.execute(_insert(session, model).on_conflict_do_nothing(index_elements=list(keys)), list(rows))
