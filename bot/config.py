"""The bot's configuration from the environment and a .env file."""

from __future__ import annotations

import os
import re
from typing import Annotated

from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bot.database_urls import MissingDriverError, UnsupportedDatabaseError, check_driver

# A bot token is three dot-separated base64url parts (id, timestamp, HMAC).
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_SHARD_PART = re.compile(r"^(\d{1,5})(?:-(\d{1,5}))?$")  # five digits: no range can eat the memory
AUTO_PICTURE_PROCESSES = 2  # unset: one per core beyond the event loop's, at most this many
MAX_PICTURE_PROCESSES = 16
BUSY_AFTER_MS, MAX_BUSY_AFTER_MS = 1000, 2500  # past 2.5 s a late click has no time left for its answer
STATUS_EVERY_S, MAX_STATUS_EVERY_S = 300, 86_400  # the operator's status line (bot.pulse): every 5 min, at most daily
_SHARD_IDS_HELP = "DREAMCATS_SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,5"
DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///dreamcats.db"


class ConfigError(Exception):
    """The configuration is missing or malformed; the message is one line for the operator."""


class DatabaseSettings(BaseSettings):
    """DATABASE_URL alone, from the same environment and .env file as Settings: all `dreamcats migrate` needs."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_url: str = Field(DEFAULT_DATABASE_URL, validation_alias="DATABASE_URL")

    @field_validator("database_url", mode="before")
    @classmethod
    def _empty_url_is_default(cls, value: object) -> object:
        return DEFAULT_DATABASE_URL if value == "" else value

    @field_validator("database_url")
    @classmethod
    def _url_shape(cls, value: str) -> str:
        try:
            make_url(value)
        except ArgumentError:
            raise ValueError(f"DATABASE_URL is not a database URL (e.g. {DEFAULT_DATABASE_URL})") from None
        try:
            check_driver(value)
        except (MissingDriverError, UnsupportedDatabaseError) as exc:
            raise ValueError(f"DATABASE_URL: {exc}") from None
        return value


class Settings(DatabaseSettings):
    """DISCORD_TOKEN, DATABASE_URL, DREAMCATS_DEV_GUILD_ID, DREAMCATS_LOG_LEVEL, DREAMCATS_SHARD_ID(S)/_COUNT,
    DREAMCATS_PICTURE_PROCESSES, DREAMCATS_BUSY_AFTER_MS, DREAMCATS_STATUS_EVERY_S."""

    discord_token: str = Field(validation_alias="DISCORD_TOKEN")
    dev_guild_id: int | None = Field(None, validation_alias="DREAMCATS_DEV_GUILD_ID")
    log_level: str = Field("INFO", validation_alias="DREAMCATS_LOG_LEVEL")
    shard_id: int | None = Field(None, validation_alias="DREAMCATS_SHARD_ID")
    shard_count: int | None = Field(None, validation_alias="DREAMCATS_SHARD_COUNT")
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(None, validation_alias="DREAMCATS_SHARD_IDS")
    picture_processes: int | None = Field(None, ge=0, le=MAX_PICTURE_PROCESSES,
                                          validation_alias="DREAMCATS_PICTURE_PROCESSES")
    # How late clicks may reach their handlers before new tables wait (bot.lateness); 0: never refuse one.
    busy_after_ms: int = Field(BUSY_AFTER_MS, ge=0, le=MAX_BUSY_AFTER_MS, validation_alias="DREAMCATS_BUSY_AFTER_MS")
    # How often the operator's status line is written (bot.pulse); 0: never.
    status_every_s: int = Field(STATUS_EVERY_S, ge=0, le=MAX_STATUS_EVERY_S,
                                validation_alias="DREAMCATS_STATUS_EVERY_S")

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, value: str) -> str:
        value = value.strip()
        if not _TOKEN.match(value):
            raise ValueError("DISCORD_TOKEN does not look like a bot token")
        return value

    @field_validator("dev_guild_id")
    @classmethod
    def _guild_shape(cls, value: int | None) -> int | None:
        if value is not None and value <= 0:
            raise ValueError("DREAMCATS_DEV_GUILD_ID must be a server id (Discord: right-click the server, Copy "
                             "Server ID)")
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value.upper() not in LOG_LEVELS:
            raise ValueError(f"DREAMCATS_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        return value.upper()

    @field_validator("dev_guild_id", "shard_id", "shard_count", "shard_ids", "picture_processes", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("busy_after_ms", "status_every_s", mode="before")
    @classmethod
    def _empty_is_default(cls, value: object, info: ValidationInfo) -> object:
        return cls.model_fields[info.field_name or ""].default if value == "" else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value: object) -> object:
        return parse_shard_ids(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _shard_pair(self) -> Settings:
        if self.shard_id is not None and self.shard_ids is not None:
            raise ValueError("set DREAMCATS_SHARD_ID (one shard) or DREAMCATS_SHARD_IDS (several), not both")
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError("DREAMCATS_SHARD_IDS needs DREAMCATS_SHARD_COUNT (the bot's total number of shards)")
        if (self.shard_id is None) != (self.shard_count is None) and self.shard_ids is None:
            raise ValueError("DREAMCATS_SHARD_ID and DREAMCATS_SHARD_COUNT must be set together (or neither)")
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("DREAMCATS_SHARD_COUNT must be at least 1")
        if self.shard_id is not None and self.shard_count is not None and not 0 <= self.shard_id < self.shard_count:
            raise ValueError(f"DREAMCATS_SHARD_ID must be from 0 to {self.shard_count - 1} "
                             f"(DREAMCATS_SHARD_COUNT is {self.shard_count})")
        outside = [n for n in self.shard_ids or () if self.shard_count is not None and n >= self.shard_count]
        if outside and self.shard_count is not None:
            raise ValueError(f"DREAMCATS_SHARD_IDS names shard {outside[0]}, but shards go from 0 to "
                             f"{self.shard_count - 1} (DREAMCATS_SHARD_COUNT is {self.shard_count})")
        return self

    @property
    def shard(self) -> tuple[int, int] | None:
        """(shard id, shard count) when this process runs exactly one shard, else None."""
        if self.shard_count is None:
            return None
        if self.shard_id is not None:
            return self.shard_id, self.shard_count
        if self.shard_ids is not None and len(self.shard_ids) == 1:
            return self.shard_ids[0], self.shard_count
        return None

    @property
    def drawing_processes(self) -> int:
        """How many processes draw the public pictures: as set, else default_picture_processes for this machine."""
        if self.picture_processes is not None:
            return self.picture_processes
        return default_picture_processes(os.cpu_count() or 1)

    @property
    def shards(self) -> tuple[tuple[int, ...], int] | None:
        """(shard ids, shard count) when this process runs several shards, else None."""
        if self.shard_ids is None or self.shard_count is None or self.shard is not None:
            return None
        return self.shard_ids, self.shard_count


def default_picture_processes(cores: int) -> int:
    """Picture processes for a machine with this many cores: the event loop keeps one core, pictures get the rest."""
    return max(0, min(AUTO_PICTURE_PROCESSES, cores - 1))


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """Shard numbers from "0-3", "0,2,5" or "0-3,8", sorted and without repeats; ValueError with one line."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        found = _SHARD_PART.match(part)
        if found is None:
            raise ValueError(f"{_SHARD_IDS_HELP} (not {part!r})")
        low, high = int(found[1]), int(found[2] or found[1])
        if high < low:
            raise ValueError(f"{_SHARD_IDS_HELP}: the range {part} runs backwards")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def load_settings(env_file: str | None = ".env") -> Settings:
    """The settings, or ConfigError with one readable line (the token itself is never shown)."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as exc:
        raise ConfigError(_one_line(exc)) from None
    except (UnicodeDecodeError, OSError) as exc:
        raise ConfigError(f"{env_file} cannot be read ({type(exc).__name__}: {exc})") from None


def load_database_url(env_file: str | None = ".env") -> str:
    """DATABASE_URL as the bot reads it (the environment, else the .env file, else the default), or ConfigError."""
    try:
        return DatabaseSettings(_env_file=env_file).database_url
    except ValidationError as exc:
        raise ConfigError(_one_line(exc)) from None
    except (UnicodeDecodeError, OSError) as exc:
        raise ConfigError(f"{env_file} cannot be read ({type(exc).__name__}: {exc})") from None


def _one_line(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors():
        name = str(error["loc"][0]).upper() if error["loc"] else "configuration"
        message = error["msg"].removeprefix("Value error, ")
        if not error["loc"]:  # a rule between variables: its message names them
            problems.append(message)
        elif error["type"] == "missing":
            problems.append(f"{name} is not set")
        else:
            problems.append(message if message.startswith(name) else f"{name}: {message}")
    return "; ".join(problems)
