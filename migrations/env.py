"""Alembic environment (async template). It imports nothing from bot/: the models' MetaData comes in through
config.attributes["target_metadata"] (bot.storage.database.alembic_config sets it), and a programmatic run hands
over its connection in config.attributes["connection"]. The alembic CLI connects by itself to `-x url=...`,
$DATABASE_URL or sqlite:///dreamcats.db.
"""

from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig
from typing import TYPE_CHECKING, Any, Literal

from alembic import context
from sqlalchemy import Connection, TypeDecorator, pool, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

if TYPE_CHECKING:
    from alembic.autogenerate.api import AutogenContext

# Any fixed number: several bot processes starting together on PostgreSQL take turns migrating.
MIGRATION_LOCK_ID = 0x44726561
_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg"}

config = context.config
if config.config_file_name is not None and os.path.exists(config.config_file_name):
    fileConfig(config.config_file_name)

target_metadata = config.attributes.get("target_metadata")


class ForeignKeyCheckError(RuntimeError):
    """A migration left rows that break a foreign key; it was rolled back."""


def configured_url() -> str:
    """`alembic -x url=...`, else sqlalchemy.url of an alembic.ini, else $DATABASE_URL, else the default file."""
    url = context.get_x_argument(as_dictionary=True).get("url")
    if url is None and config.file_config.has_section(config.config_ini_section):
        url = config.get_main_option("sqlalchemy.url")
    parsed = make_url(url or os.environ.get("DATABASE_URL") or "sqlite:///dreamcats.db")
    parsed = parsed.set(drivername=_ASYNC_DRIVERS.get(parsed.drivername, parsed.drivername))
    return parsed.render_as_string(hide_password=False)


def render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    """Write custom column types as the plain SQLAlchemy type they store, so migrations never import the models."""
    if type_ == "type" and isinstance(obj, TypeDecorator):
        return f"sa.{obj.impl!r}"
    return False


def _configure(**options: Any) -> None:
    context.configure(target_metadata=target_metadata, render_as_batch=True, render_item=render_item, **options)


def run_migrations_offline() -> None:
    """Write the SQL to standard output instead of running it (`alembic upgrade head --sql`)."""
    _configure(url=configured_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Migrate in one transaction, one process at a time, and on SQLite with foreign keys off.

    SQLite batch mode rebuilds a table by copying and dropping it; with foreign keys on, the drop would cascade
    into the referencing tables, and SQLite switches them only outside a transaction. A caller that already
    opened a transaction keeps charge of it.
    """
    _configure(connection=connection)
    if connection.in_transaction():
        with context.begin_transaction():
            context.run_migrations()
        return
    sqlite = connection.dialect.name == "sqlite"
    keys_were_on = sqlite and connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    if sqlite:
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    try:
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK_ID})
            with context.begin_transaction():
                context.run_migrations()
            if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                raise ForeignKeyCheckError("A migration left rows that break a foreign key; nothing was changed.")
    finally:
        if keys_were_on:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


async def run_async_migrations() -> None:
    """Connect to the configured URL and migrate through that connection."""
    engine = create_async_engine(configured_url(), poolclass=pool.NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    """Use the connection handed over in config.attributes, else connect."""
    connection = config.attributes.get("connection")
    if connection is None:
        asyncio.run(run_async_migrations())
    else:
        do_run_migrations(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
