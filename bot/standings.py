"""The Discord side of /dreamcats leaderboard, stats and settings: pure embed builders and thin handlers.

The leaderboard, the server's own page, speaks the server's table language (the setting, else the server's Discord
language); replies addressed to one person (their stats, private pages) speak that person's language. The paging
buttons are DynamicItems, so they keep working after a restart; the bot registers STANDINGS_ITEMS and exposes its
Database as `client.db`.
"""

from __future__ import annotations

import logging
import math
import re
from typing import Any

import discord
from babel.numbers import format_decimal, format_percent
from sqlalchemy.ext.asyncio import AsyncSession

from bot.answers import Answer, answer_failure, answer_when_done, edit_clicked, send_answer
from bot.game_choice import StandingsWords, chosen_game, game_title, known_game, standings_words
from bot.guild_settings import COLOUR as _COLOUR
from bot.guild_settings import InvalidSettingError, change_settings, changed_settings, settings_answer, settings_embed
from bot.i18n import resolve_locale, t, tn
from bot.markdown import escape_name, shortened
from bot.storage import Database, LeaderboardPage, PlayerStats, get_server_settings, leaderboard, player_stats
from bot.storage.records import DREAMCATS, RecentMatch
from bot.views.shown import make_view

log = logging.getLogger(__name__)

PAGE_SIZE = 10
NAME_LENGTH = 32
# The settings command lives in bot.guild_settings; its names are kept here for the callers of this module.
__all__ = ["STANDINGS_ITEMS", "InvalidSettingError", "LeaderboardButton", "change_settings", "changed_settings",
           "leaderboard_answer", "settings_answer", "settings_embed", "show_leaderboard", "show_stats",
           "stats_answer"]


# ---- pure builders (no Discord connection needed) ----

def page_count(total: int, page_size: int = PAGE_SIZE) -> int:
    """How many pages `total` people fill (at least one)."""
    return max(1, math.ceil(total / page_size))


def number(value: float, locale: str, digits: int = 0) -> str:
    """A number in the locale's style ("14.2" / "14,2")."""
    return format_decimal(round(value, digits), format="#,##0" + ("." + "0" * digits if digits else ""), locale=locale)


def percent(value: float | None, locale: str) -> str:
    """A rate as a whole percentage (one decimal where rounding would say never or always: 99.5 %, not 100 %; "<0.1 %"
    and ">99.9 %" closer still), or a dash when there is none."""
    if value is None:
        return t("standings.no_value", locale)
    if 0 < value < 0.001:
        return "<" + format_percent(0.001, format="#,##0.0%", locale=locale)
    if 0.999 < value < 1:
        return ">" + format_percent(0.999, format="#,##0.0%", locale=locale)
    near_an_end = 0 < value <= 0.005 or 0.995 <= value < 1  # 0.5 % would round to 0 % (half to even)
    return format_percent(value, format="#,##0.0%" if near_an_end else None, locale=locale)


def safe_name(name: str) -> str:
    """A display name that cannot break the embed's markdown, shortened (first, so that no escape is split)."""
    return escape_name(shortened(name, NAME_LENGTH))


def leaderboard_embed(board: LeaderboardPage, *, page: int, locale: str, server: str | None = None,
                      game: str = DREAMCATS) -> discord.Embed:
    """The embed of one leaderboard page of a game, the game named in its title."""
    title = game_title(game, locale)
    title = t("standings.leaderboard.title", locale, server=server, game=title) if server else t(
        "standings.leaderboard.title_plain", locale, game=title)
    embed = discord.Embed(title=title, colour=_COLOUR)
    if not board.rows:
        command = f"/{t('command.dreamcats.name', locale)} {t('command.start.name', locale)}"
        embed.description = t("standings.leaderboard.empty", locale, command=command, game=game_title(game, locale))
        return embed
    embed.description = "\n".join(
        t(standings_words(game).row, locale, rank=row.rank, name=safe_name(row.display_name),
          rating=number(row.rating, locale), matches=tn("unit.matches", row.matches, locale), wins=row.wins,
          win_rate=percent(row.win_rate, locale), average=number(row.avg_round_score, locale, 1),
          wakeup=percent(row.wakeup_success_rate, locale), scored=row.score_total)
        for row in board.rows
    )
    footer = t("standings.leaderboard.footer", locale, page=page, pages=page_count(board.total),
               people=tn("unit.players", board.total, locale))
    embed.set_footer(text=f"{footer}\n{t('standings.rating_note', locale)}")
    return embed


def stats_embed(stats: PlayerStats, *, locale: str, name: str | None = None, game: str = DREAMCATS) -> discord.Embed:
    """The embed of one person's record in a game, the game named in its title."""
    embed = discord.Embed(title=t("standings.stats.title", locale, name=safe_name(name or stats.display_name),
                                  game=game_title(game, locale)), colour=_COLOUR)
    words = standings_words(game)
    best = t("standings.no_value", locale) if stats.best_round is None else tn("unit.points", stats.best_round, locale)
    fields = [
        ("standings.stats.rank", f"#{stats.rank}"),
        ("standings.stats.rating", number(stats.rating, locale)),
        ("standings.stats.matches", str(stats.matches)),
        ("standings.stats.wins", f"{stats.wins} ({percent(stats.win_rate, locale)})"),
    ]
    if words.average is not None:
        fields.append((words.average, number(stats.avg_round_score, locale, 1)))
    if words.wakeup:
        fields.append(("standings.stats.wakeup", t("standings.stats.wakeup_value", locale,
                                                   rate=percent(stats.wakeup_success_rate, locale),
                                                   calls=stats.wakeup_calls)))
    if words.best is not None:
        fields.append((words.best, best))
    fields.extend(_game_fields(stats, locale, words))
    for key, value in fields:
        embed.add_field(name=t(key, locale), value=value, inline=True)
    if stats.recent:
        lines = [_recent_line(match, words, locale) for match in stats.recent]
        embed.add_field(name=t("standings.stats.recent", locale), value="\n".join(lines), inline=False)
    embed.set_footer(text=t("standings.rating_note", locale))
    return embed


def _game_fields(stats: PlayerStats, locale: str, words: StandingsWords) -> list[tuple[str, str]]:
    """The stats fields only some games show (Cat Duel: duels won, rounds survived per duel, the favourite cat)."""
    fields = []
    if words.scored is not None:
        fields.append((words.scored, str(stats.score_total)))
    if words.sums_average is not None:
        fields.append((words.sums_average, number(stats.sums_per_round, locale, 1)))
    if words.favourite is not None:
        fields.append((words.favourite, t("standings.no_value", locale) if stats.favourite is None
                       else t(words.favourite_names + stats.favourite, locale)))
    return fields


# ---- Discord handlers ----

class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"^dcl:(?P<page>[0-9]{1,6}):(?P<way>[pn]):(?P<owner>[0-9]{1,20})"
                                 r"(?::(?P<game>[a-z0-9_]{1,32}))?$"):
    """A paging button: its custom_id carries the target page, who asked for the leaderboard and, for other games
    than Dreamcats, the game (so buttons posted before there were other games still work)."""

    def __init__(self, page: int, way: str, owner: int, *, label: str, disabled: bool = False,
                 game: str = DREAMCATS) -> None:
        suffix = "" if game == DREAMCATS else f":{game}"  # Dreamcats' buttons kept their custom_id of old
        super().__init__(discord.ui.Button(custom_id=f"dcl:{page}:{way}:{owner}{suffix}", label=label,
                                           disabled=disabled, emoji="◀️" if way == "p" else "▶️"))
        self.page, self.way, self.owner, self.game = page, way, owner, game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LeaderboardButton:
        """Rebuild the button from a click."""
        label = item.label if isinstance(item, discord.ui.Button) and item.label else ""
        return cls(int(match["page"]), match["way"], int(match["owner"]), label=label, game=known_game(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """The asker turns the page of the message; anyone else gets the page for themselves."""
        db: Database | None = getattr(interaction.client, "db", None)
        if db is None or interaction.guild_id is None:
            log.warning("leaderboard button pressed without a database or outside a server")
            await send_answer(interaction, Answer(t("standings.unavailable", resolve_locale(interaction.locale)),
                                                  ephemeral=True))
            return
        mine = interaction.user.id == self.owner
        # A private copy (someone else's click on a public board) stays in its asker's language as it turns.
        on_private = interaction.message is not None and interaction.message.flags.ephemeral
        reading = _leaderboard_message(interaction, db, self.page, self.game, private=not mine or on_private)
        try:  # a busy database may take longer than Discord's 3 s: the click is acknowledged first, then answered
            embed, view = await answer_when_done(interaction, reading, ephemeral=True, update=mine)
        except Exception as exc:  # the database stayed busy past its deadline, or anything unforeseen
            await answer_failure(interaction, exc, "leaderboard page",
                                 t("standings.unavailable", resolve_locale(interaction.locale)))
            return
        if mine:
            await edit_clicked(interaction, embed=embed, view=view)
        else:
            await send_answer(interaction, Answer(embed=embed, view=view, ephemeral=True))


STANDINGS_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [LeaderboardButton]


def leaderboard_view(page: int, pages: int, owner: int, locale: str, game: str = DREAMCATS) -> discord.ui.View | None:
    """Previous/next buttons (they keep to the game), or None when everything fits on one page."""
    if pages <= 1:
        return None
    return make_view(
        LeaderboardButton(max(page - 1, 1), "p", owner, label=t("standings.leaderboard.previous", locale),
                          disabled=page <= 1, game=game),
        LeaderboardButton(min(page + 1, pages), "n", owner, label=t("standings.leaderboard.next", locale),
                          disabled=page >= pages, game=game))


async def leaderboard_answer(interaction: discord.Interaction, db: Database, page: int = 1,
                             game: str | None = None) -> Answer:
    """A page of the server's leaderboard of a game (None: the server's default game), public (the last page if
    `page` is past the end)."""
    if interaction.guild_id is None:
        return Answer(t("standings.guild_only", resolve_locale(interaction.locale)), ephemeral=True)
    embed, view = await _leaderboard_message(interaction, db, page, game)
    return Answer(embed=embed, view=view)


async def stats_answer(interaction: discord.Interaction, db: Database, member: discord.abc.User | None,
                       game: str | None = None) -> Answer:
    """One person's record in a game (None: the server's default game) on this server, public, in the asker's
    language (the asker's record by default)."""
    locale = resolve_locale(interaction.locale)
    if interaction.guild_id is None:
        return Answer(t("standings.guild_only", locale), ephemeral=True)
    person, guild_id = member or interaction.user, interaction.guild_id

    async def look(session: AsyncSession) -> tuple[str, PlayerStats | None]:
        key = chosen_game(game, await get_server_settings(session, guild_id=guild_id))
        return key, await player_stats(session, guild_id=guild_id, user_id=person.id, game=key)

    key, stats = await db.read(look)
    if stats is None:
        return Answer(t("standings.stats.none", locale, name=safe_name(person.display_name),
                        game=game_title(key, locale)), ephemeral=True)
    return Answer(embed=stats_embed(stats, locale=locale, name=person.display_name, game=key))


async def show_leaderboard(interaction: discord.Interaction, db: Database, page: int = 1,
                           game: str | None = None) -> None:
    """Reply with leaderboard_answer."""
    await send_answer(interaction, await leaderboard_answer(interaction, db, page, game))


async def show_stats(interaction: discord.Interaction, db: Database, member: discord.abc.User | None,
                     game: str | None = None) -> None:
    """Reply with stats_answer."""
    await send_answer(interaction, await stats_answer(interaction, db, member, game))


async def _leaderboard_message(interaction: discord.Interaction, db: Database, page: int, game: str | None,
                               private: bool = False) -> tuple[discord.Embed, discord.ui.View | None]:
    guild_id, asked_in = interaction.guild_id or 0, resolve_locale(interaction.locale)
    guild_locale = resolve_locale(interaction.guild_locale)

    async def look(session: AsyncSession) -> tuple[str, str, int, LeaderboardPage]:
        settings = await get_server_settings(session, guild_id=guild_id)
        locale = asked_in if private else settings.table_locale or guild_locale
        key = chosen_game(game, settings)
        shown = max(page, 1)
        board = await leaderboard(session, guild_id=guild_id, offset=(shown - 1) * PAGE_SIZE, limit=PAGE_SIZE,
                                  game=key)
        if not board.rows and board.total:
            shown = page_count(board.total)
            board = await leaderboard(session, guild_id=guild_id, offset=(shown - 1) * PAGE_SIZE, limit=PAGE_SIZE,
                                      game=key)
        return locale, key, shown, board

    locale, key, page, board = await db.read(look)
    server = interaction.guild.name if interaction.guild is not None else None
    embed = leaderboard_embed(board, page=page, locale=locale, server=server, game=key)
    return embed, leaderboard_view(page, page_count(board.total), interaction.user.id, locale, key)


def _recent_line(match: RecentMatch, words: StandingsWords, locale: str) -> str:
    when = discord.utils.format_dt(match.finished_at, "R")
    if not words.total_in_points:
        line = t("standings.stats.recent_line_placed", locale, when=when, place=match.place, seats=match.seats)
    else:
        line = t("standings.stats.recent_line", locale, when=when, place=match.place, seats=match.seats,
                 points=tn("unit.points", match.total, locale))
    return line + (" 🏆" if match.won else "")
