"""Alembic environment (async template): programmatic runs share the caller's connection, the CLI makes its own."""

from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig
from typing import Any

from alembic import context
from sqlalchemy import Connection

from bot.storage.database import create_engine, database_url, guarded_migration
from bot.storage.models import Base, UTCDateTime

config = context.config
if config.config_file_name is not None and os.path.exists(config.config_file_name):
    fileConfig(config.config_file_name)

target_metadata = Base.metadata


def render_item(type_: str, obj: Any, autogen_context: Any) -> str | bool:
    """Write our column types as plain SQLAlchemy types, so migrations never import the models."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def configured_url() -> str:
    """`alembic -x url=...`, else sqlalchemy.url from an alembic.ini, else $DATABASE_URL, else the default file."""
    url = context.get_x_argument(as_dictionary=True).get("url")
    if url is None and config.file_config.has_section(config.config_ini_section):
        url = config.get_main_option("sqlalchemy.url")
    return database_url(url)


def _configure(**options: Any) -> None:
    context.configure(target_metadata=target_metadata, render_as_batch=True, render_item=render_item, **options)


def run_migrations_offline() -> None:
    """Write the SQL to standard output instead of running it (`alembic upgrade head --sql`)."""
    url = configured_url()
    _configure(url=url, literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Run the migrations on a synchronous connection."""
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    """Make an engine from the configured URL (or $DATABASE_URL) and migrate through it."""
    engine = create_engine(configured_url())
    try:
        async with engine.connect() as connection:
            await connection.run_sync(guarded_migration, do_run_migrations)
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
