"""The Discord side of /dreamcats leaderboard, stats and settings: pure embed builders and thin handlers.

Public replies (leaderboard, stats) speak the server's table language (the setting, else the server's Discord
language); private replies speak the clicking person's language. The paging buttons are DynamicItems, so they
keep working after a restart; the bot registers STANDINGS_ITEMS and exposes its Database as `client.db`.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import replace
from typing import Any

import discord
from babel.numbers import format_decimal, format_percent
from sqlalchemy.ext.asyncio import AsyncSession

from bot.i18n import resolve_locale, t, tn
from bot.storage import (
    Database,
    LeaderboardPage,
    PlayerStats,
    ServerSettingsRecord,
    get_server_settings,
    leaderboard,
    player_stats,
    save_server_settings,
)
from game import MatchSettings, SettingsError
from game.settings import PENALTIES, POINT_LIMIT_RANGE, REVEAL_TIME_RANGE, TURN_TIMER_RANGE

log = logging.getLogger(__name__)

PAGE_SIZE = 10
NAME_LENGTH = 32
TABLE_LANGUAGES = {"auto": None, "en": "en", "pl": "pl"}
_COLOUR = discord.Colour(0x6B5B95)  # twilight purple


class InvalidSettingError(ValueError):
    """One /dreamcats settings value is out of range; `text(locale)` says which and what is allowed."""

    def __init__(self, field: str, **limits: int) -> None:
        super().__init__(f"invalid {field}")
        self.field, self.limits = field, limits

    def text(self, locale: str) -> str:
        """The message for the person who gave the value."""
        return t(f"standings.settings.invalid.{self.field}", locale, **self.limits)


# ---- pure builders (no Discord connection needed) ----

def page_count(total: int, page_size: int = PAGE_SIZE) -> int:
    """How many pages `total` people fill (at least one)."""
    return max(1, math.ceil(total / page_size))


def number(value: float, locale: str, digits: int = 0) -> str:
    """A number in the locale's style ("14.2" / "14,2")."""
    return format_decimal(round(value, digits), format="#,##0" + ("." + "0" * digits if digits else ""), locale=locale)


def percent(value: float | None, locale: str) -> str:
    """A rate as a whole percentage, or a dash when there is none."""
    return t("standings.no_value", locale) if value is None else format_percent(value, locale=locale)


def safe_name(name: str) -> str:
    """A display name that cannot break the embed's markdown, shortened."""
    name = name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def leaderboard_embed(board: LeaderboardPage, *, page: int, locale: str, server: str | None = None) -> discord.Embed:
    """The embed of one leaderboard page."""
    title = t("standings.leaderboard.title", locale, server=server) if server else t(
        "standings.leaderboard.title_plain", locale)
    embed = discord.Embed(title=title, colour=_COLOUR)
    if not board.rows:
        command = f"/{t('command.dreamcats.name', locale)} {t('command.start.name', locale)}"
        embed.description = t("standings.leaderboard.empty", locale, command=command)
        return embed
    embed.description = "\n".join(
        t("standings.leaderboard.row", locale, rank=row.rank, name=safe_name(row.display_name),
          rating=number(row.rating, locale), matches=tn("unit.matches", row.matches, locale), wins=row.wins,
          win_rate=percent(row.win_rate, locale), average=number(row.avg_round_score, locale, 1),
          wakeup=percent(row.wakeup_success_rate, locale))
        for row in board.rows
    )
    footer = t("standings.leaderboard.footer", locale, page=page, pages=page_count(board.total),
               people=tn("unit.players", board.total, locale))
    embed.set_footer(text=f"{footer}\n{t('standings.rating_note', locale)}")
    return embed


def stats_embed(stats: PlayerStats, *, locale: str, name: str | None = None) -> discord.Embed:
    """The embed of one person's record."""
    embed = discord.Embed(title=t("standings.stats.title", locale, name=safe_name(name or stats.display_name)),
                          colour=_COLOUR)
    best = t("standings.no_value", locale) if stats.best_round is None else tn("unit.points", stats.best_round, locale)
    fields = [
        ("rank", f"#{stats.rank}"),
        ("rating", number(stats.rating, locale)),
        ("matches", str(stats.matches)),
        ("wins", f"{stats.wins} ({percent(stats.win_rate, locale)})"),
        ("average", number(stats.avg_round_score, locale, 1)),
        ("wakeup", t("standings.stats.wakeup_value", locale, rate=percent(stats.wakeup_success_rate, locale),
                     calls=stats.wakeup_calls)),
        ("best_round", best),
    ]
    for key, value in fields:
        embed.add_field(name=t(f"standings.stats.{key}", locale), value=value, inline=True)
    if stats.recent:
        lines = [
            t("standings.stats.recent_line", locale, when=discord.utils.format_dt(match.finished_at, "R"),
              place=match.place, seats=match.seats, points=tn("unit.points", match.total, locale))
            + (" 🏆" if match.won else "")
            for match in stats.recent
        ]
        embed.add_field(name=t("standings.stats.recent", locale), value="\n".join(lines), inline=False)
    embed.set_footer(text=t("standings.rating_note", locale))
    return embed


def settings_embed(settings: ServerSettingsRecord, *, locale: str, changed: bool) -> discord.Embed:
    """The embed that shows a server's settings after /dreamcats settings."""
    penalty = "normal" if settings.penalty == PENALTIES[0] else "risky"
    language = next(name for name, value in TABLE_LANGUAGES.items() if value == settings.table_locale)
    reveal = (t("standings.settings.reveal_time.keep", locale) if settings.reveal_time is None
              else tn("unit.seconds", settings.reveal_time, locale))
    values = {
        "point_limit": tn("unit.points", settings.point_limit, locale),
        "penalty": f"{settings.penalty} ({t(f'term.penalty.{penalty}', locale)})",
        "turn_timer": tn("unit.seconds", settings.turn_timer, locale),
        "memory_aid": t(f"standings.settings.memory_aid.{'on' if settings.memory_aid else 'off'}", locale),
        "reveal_time": reveal,
        "table_language": t(f"command.settings.option.table_language.choice.{language}", locale),
    }
    embed = discord.Embed(title=t("standings.settings.title", locale), colour=_COLOUR,
                          description=t("standings.settings.saved" if changed else "standings.settings.unchanged",
                                        locale))
    for key, value in values.items():
        embed.add_field(name=t(f"standings.settings.{key}", locale), value=value, inline=True)
    return embed


def changed_settings(current: ServerSettingsRecord, **changes: Any) -> ServerSettingsRecord:
    """The settings with the given values (None = unchanged) applied; InvalidSettingError on a bad one.

    reveal_time 0 means "keep reveals on screen"; table_language is "auto", "en" or "pl".
    """
    given = {name: value for name, value in changes.items() if value is not None}
    language = given.pop("table_language", None)
    if language is not None and language not in TABLE_LANGUAGES:
        raise InvalidSettingError("table_language")
    if given.get("reveal_time") == 0:
        given["reveal_time"] = None
    for name, value in given.items():
        try:
            MatchSettings(**{name: value}).validated()
        except SettingsError as exc:
            raise InvalidSettingError(name, **_limits(name)) from exc
    updated = replace(current, **given)
    return updated if language is None else replace(updated, table_locale=TABLE_LANGUAGES[language])


def _limits(name: str) -> dict[str, int]:
    ranges = {"point_limit": POINT_LIMIT_RANGE, "turn_timer": TURN_TIMER_RANGE, "reveal_time": REVEAL_TIME_RANGE}
    if name == "penalty":
        return {"normal": PENALTIES[0], "risky": PENALTIES[1]}
    return {"low": ranges[name][0], "high": ranges[name][1]} if name in ranges else {}


# ---- Discord handlers ----

class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"^dcl:(?P<page>[0-9]{1,6}):(?P<way>[pn]):(?P<owner>[0-9]{1,20})$"):
    """A paging button: its custom_id carries the target page and who asked for the leaderboard."""

    def __init__(self, page: int, way: str, owner: int, *, label: str, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(custom_id=f"dcl:{page}:{way}:{owner}", label=label, disabled=disabled,
                                           emoji="◀️" if way == "p" else "▶️"))
        self.page, self.way, self.owner = page, way, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LeaderboardButton:
        """Rebuild the button from a click."""
        label = item.label if isinstance(item, discord.ui.Button) and item.label else ""
        return cls(int(match["page"]), match["way"], int(match["owner"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        """The asker turns the page of the message; anyone else gets the page for themselves."""
        db: Database | None = getattr(interaction.client, "db", None)
        if db is None or interaction.guild_id is None:
            log.warning("leaderboard button pressed without a database or outside a server")
            await _private(interaction, t("standings.unavailable", resolve_locale(interaction.locale)))
            return
        if interaction.user.id == self.owner:
            embed, view = await _leaderboard_message(interaction, db, self.page)
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            embed, view = await _leaderboard_message(interaction, db, self.page, private=True)
            await _send_embed(interaction, embed, view, ephemeral=True)


STANDINGS_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [LeaderboardButton]


def leaderboard_view(page: int, pages: int, owner: int, locale: str) -> discord.ui.View | None:
    """Previous/next buttons, or None when everything fits on one page."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(max(page - 1, 1), "p", owner, label=t("standings.leaderboard.previous", locale),
                                    disabled=page <= 1))
    view.add_item(LeaderboardButton(min(page + 1, pages), "n", owner, label=t("standings.leaderboard.next", locale),
                                    disabled=page >= pages))
    return view


async def show_leaderboard(interaction: discord.Interaction, db: Database, page: int = 1) -> None:
    """Reply with a page of the server's leaderboard (the last page if `page` is past the end)."""
    if interaction.guild_id is None:
        await _private(interaction, t("standings.guild_only", resolve_locale(interaction.locale)))
        return
    embed, view = await _leaderboard_message(interaction, db, page)
    await _send_embed(interaction, embed, view)


async def show_stats(interaction: discord.Interaction, db: Database, member: discord.abc.User | None) -> None:
    """Reply with one person's record on this server (the asker's when no member is given)."""
    if interaction.guild_id is None:
        await _private(interaction, t("standings.guild_only", resolve_locale(interaction.locale)))
        return
    person = member or interaction.user
    async with db.sessions() as session:
        locale = await _table_locale(session, interaction)
        stats = await player_stats(session, guild_id=interaction.guild_id, user_id=person.id)
    if stats is None:
        text = t("standings.stats.none", resolve_locale(interaction.locale), name=safe_name(person.display_name))
        await _private(interaction, text)
        return
    await interaction.response.send_message(embed=stats_embed(stats, locale=locale, name=person.display_name))


async def change_settings(
    interaction: discord.Interaction,
    db: Database,
    *,
    point_limit: int | None = None,
    penalty: int | None = None,
    turn_timer: int | None = None,
    memory_aid: bool | None = None,
    reveal_time: int | None = None,
    table_language: str | None = None,
) -> None:
    """Change the server's defaults (Manage Server only) and show them; an invalid value changes nothing."""
    locale = resolve_locale(interaction.locale)
    if interaction.guild_id is None:
        await _private(interaction, t("standings.guild_only", locale))
        return
    if not interaction.permissions.manage_guild:
        await _private(interaction, t("standings.settings.no_permission", locale))
        return
    changes = {"point_limit": point_limit, "penalty": penalty, "turn_timer": turn_timer, "memory_aid": memory_aid,
               "reveal_time": reveal_time, "table_language": table_language}
    guild_id = interaction.guild_id

    async def change(session: AsyncSession) -> tuple[ServerSettingsRecord, ServerSettingsRecord,
                                                     InvalidSettingError | None]:
        current = await get_server_settings(session, guild_id=guild_id)
        try:
            updated = changed_settings(current, **changes)
        except InvalidSettingError as exc:
            return current, current, exc
        if updated != current:
            await save_server_settings(session, guild_id=guild_id, settings=updated)
        return current, updated, None

    # One write transaction: read and write together, run again whole if the database was busy.
    current, updated, problem = await db.write(change)
    if problem is not None:
        await _private(interaction, problem.text(locale))
        return
    embed = settings_embed(updated, locale=locale, changed=updated != current)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def _leaderboard_message(interaction: discord.Interaction, db: Database, page: int,
                               private: bool = False) -> tuple[discord.Embed, discord.ui.View | None]:
    guild_id = interaction.guild_id or 0
    async with db.sessions() as session:
        locale = resolve_locale(interaction.locale) if private else await _table_locale(session, interaction)
        page = max(page, 1)
        board = await leaderboard(session, guild_id=guild_id, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE)
        if not board.rows and board.total:
            page = page_count(board.total)
            board = await leaderboard(session, guild_id=guild_id, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE)
    server = interaction.guild.name if interaction.guild is not None else None
    embed = leaderboard_embed(board, page=page, locale=locale, server=server)
    return embed, leaderboard_view(page, page_count(board.total), interaction.user.id, locale)


async def _table_locale(session: AsyncSession, interaction: discord.Interaction) -> str:
    settings = await get_server_settings(session, guild_id=interaction.guild_id or 0)
    return settings.table_locale or resolve_locale(interaction.guild_locale)


async def _send_embed(interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None, *,
                      ephemeral: bool = False) -> None:
    # discord.py wants the view left out, not None, when a message has no buttons.
    if view is None:
        await interaction.response.send_message(embed=embed, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=ephemeral)


async def _private(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
