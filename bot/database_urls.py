"""Which database URLs the bot runs on: SQLite through aiosqlite and PostgreSQL through asyncpg, and the plain forms
that get those drivers. A leaf module: the configuration checks a URL with it, the storage opens one."""

from __future__ import annotations

import importlib.util

from sqlalchemy.engine import make_url

# The bot's storage is async (aiosqlite, asyncpg): a URL naming no driver gets that one, and no other driver runs it.
_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg",
                  "postgres+asyncpg": "postgresql+asyncpg"}
SUPPORTED_DRIVERS = ("sqlite+aiosqlite", "postgresql+asyncpg")
_SUPPORTED = ("SQLite through aiosqlite (sqlite+aiosqlite:///dreamcats.db) and PostgreSQL through asyncpg "
              "(postgresql+asyncpg://user@host/db)")


class UnsupportedDatabaseError(ValueError):
    """The database URL names a database or driver the bot cannot run on; the message says which ones it can."""


def normalize_url(url: str) -> str:
    """Give a plain sqlite:// or postgresql:// (postgres://) URL its async driver; UnsupportedDatabaseError for any
    other database or driver."""
    parsed = make_url(url)
    drivername = _ASYNC_DRIVERS.get(parsed.drivername, parsed.drivername)
    if drivername not in SUPPORTED_DRIVERS:
        raise UnsupportedDatabaseError(f"{parsed.drivername}:// is not supported; the bot runs on {_SUPPORTED}")
    return parsed.set(drivername=drivername).render_as_string(hide_password=False)


class MissingDriverError(RuntimeError):
    """The database URL needs a driver that is not installed (asyncpg comes with the `postgres` extra)."""


def check_driver(url: str) -> None:
    """Raise MissingDriverError when the URL's driver is asyncpg and it is not installed."""
    if make_url(normalize_url(url)).get_driver_name() == "asyncpg" and importlib.util.find_spec("asyncpg") is None:
        raise MissingDriverError('a PostgreSQL database needs the asyncpg driver: in the repository, '
                                 '.venv/bin/pip install ".[postgres]"')


__all__ = ["MissingDriverError", "SUPPORTED_DRIVERS", "UnsupportedDatabaseError", "check_driver", "normalize_url"]
