"""The Discord side of /dreamcats settings: a server's defaults for new matches (Manage Server only)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from sqlalchemy.ext.asyncio import AsyncSession

from bot.answers import Answer, send_answer
from bot.game_choice import default_timer, game_title
from bot.i18n import resolve_locale, t, tn
from bot.storage import Database, ServerSettingsRecord, get_server_settings, save_server_settings
from bot.storage.records import DREAMCATS
from game.dream21 import Dream21Settings
from game.dream21.settings import HANDS_PER_SEAT_RANGE
from game.dreamcats import MatchSettings, SettingsError
from game.dreamcats.settings import PENALTIES, POINT_LIMIT_RANGE, REVEAL_TIME_RANGE, ROUNDS_RANGE, TURN_TIMER_RANGE
from game.games import GAMES

TABLE_LANGUAGES = {"auto": None, "en": "en", "pl": "pl"}
COLOUR = discord.Colour(0x6B5B95)  # twilight purple, the colour of the standings too


class InvalidSettingError(ValueError):
    """One /dreamcats settings value is out of range; `text(locale)` says which and what is allowed."""

    def __init__(self, field: str, **limits: int) -> None:
        super().__init__(f"invalid {field}")
        self.field, self.limits = field, limits

    def text(self, locale: str) -> str:
        """The message for the person who gave the value."""
        return t(f"standings.settings.invalid.{self.field}", locale, **self.limits)


def settings_embed(settings: ServerSettingsRecord, *, locale: str, changed: bool,
                   note: str | None = None) -> discord.Embed:
    """The embed that shows a server's settings after /dreamcats settings (`note`: its line instead of saved or
    unchanged)."""
    penalty = "normal" if settings.penalty == PENALTIES[0] else "risky"
    language = next(name for name, value in TABLE_LANGUAGES.items() if value == settings.table_locale)
    reveal = (t("standings.settings.reveal_time.keep", locale) if settings.reveal_time is None
              else tn("unit.seconds", settings.reveal_time, locale))
    values = {
        "point_limit": tn("unit.points", settings.point_limit, locale),
        "penalty": f"{settings.penalty} ({t(f'term.penalty.{penalty}', locale)})",
        "turn_timer": _turn_timer_text(settings.turn_timer, locale),
        "memory_aid": t(f"standings.settings.memory_aid.{'on' if settings.memory_aid else 'off'}", locale),
        "reveal_time": reveal,
        "table_language": t(f"command.settings.option.table_language.choice.{language}", locale),
        "turn_pings": t(f"standings.settings.turn_pings.{'on' if settings.turn_pings else 'off'}", locale),
        "game_threads": t(f"standings.settings.turn_pings.{'on' if settings.game_threads else 'off'}", locale),
        "default_game": game_title(settings.default_game, locale),
    }
    embed = discord.Embed(title=t("standings.settings.title", locale), colour=COLOUR,
                          description=note or t("standings.settings.saved" if changed
                                                else "standings.settings.unchanged", locale))
    for key, value in values.items():
        embed.add_field(name=t(f"standings.settings.{key}", locale), value=value, inline=True)
    embed.set_footer(text=t("standings.settings.which_games", locale))  # most are Dreamcats' own: say which
    return embed


def _turn_timer_text(timer: int | None, locale: str) -> str:
    if timer is not None:
        return tn("unit.seconds", timer, locale)
    return t("standings.settings.turn_timer.each_game", locale,
             usual=tn("unit.seconds", default_timer(DREAMCATS), locale),
             catduel=tn("unit.seconds", default_timer("catduel"), locale))


def changed_settings(current: ServerSettingsRecord, **changes: Any) -> ServerSettingsRecord:
    """The settings with the given values (None = unchanged) applied; InvalidSettingError on a bad one.

    reveal_time 0 means "keep reveals on screen" and turn_timer 0 "each game's own default"; table_language is
    "auto", "en" or "pl"; turn_pings and game_threads are bools; default_game is a game.games key.
    """
    given = {name: value for name, value in changes.items() if value is not None}
    default_game = given.pop("default_game", None)
    if default_game is not None and default_game not in GAMES:
        raise InvalidSettingError("default_game")
    language = given.pop("table_language", None)
    pings = given.pop("turn_pings", None)
    threads = given.pop("game_threads", None)
    if language is not None and language not in TABLE_LANGUAGES:
        raise InvalidSettingError("table_language")
    for name in ("reveal_time", "turn_timer"):  # 0: keep reveals on screen; each game's own timer
        if given.get(name) == 0:
            given[name] = None
    check_values(**{name: value for name, value in given.items() if value is not None})
    updated = replace(current, **given)
    if pings is not None:
        updated = replace(updated, turn_pings=bool(pings))
    if threads is not None:
        updated = replace(updated, game_threads=bool(threads))
    if default_game is not None:
        updated = replace(updated, default_game=default_game)
    return updated if language is None else replace(updated, table_locale=TABLE_LANGUAGES[language])


def check_values(**values: Any) -> None:
    """Raise InvalidSettingError naming the first settings field (point_limit, fixed_rounds…; Dream 21's
    hands_per_seat) out of range."""
    for name, value in values.items():
        try:
            (Dream21Settings if name == "hands_per_seat" else MatchSettings)(**{name: value}).validated()
        except SettingsError as exc:
            raise InvalidSettingError(name, **_limits(name)) from exc


def _limits(name: str) -> dict[str, int]:
    ranges = {"point_limit": POINT_LIMIT_RANGE, "turn_timer": TURN_TIMER_RANGE, "reveal_time": REVEAL_TIME_RANGE,
              "fixed_rounds": ROUNDS_RANGE, "hands_per_seat": HANDS_PER_SEAT_RANGE}
    if name == "penalty":
        return {"normal": PENALTIES[0], "risky": PENALTIES[1]}
    return {"low": ranges[name][0], "high": ranges[name][1]} if name in ranges else {}


async def settings_answer(interaction: discord.Interaction, db: Database, **changes: Any) -> Answer:
    """Change the server's defaults (Manage Server only) and show them privately; an invalid value changes nothing.

    `changes`: point_limit, penalty, turn_timer, memory_aid, reveal_time, table_language, turn_pings, game_threads,
    default_game (None = unchanged).
    """
    locale = resolve_locale(interaction.locale)
    if interaction.guild_id is None:
        return Answer(t("standings.guild_only", locale), ephemeral=True)
    guild_id = interaction.guild_id
    if not interaction.permissions.manage_guild:  # anyone may look; only Manage Server may change
        if any(value is not None for value in changes.values()):
            return Answer(t("standings.settings.no_permission", locale), ephemeral=True)
        current = await db.server_defaults.get(guild_id)
        return Answer(embed=settings_embed(current, locale=locale, changed=False,
                                           note=t("standings.settings.view_only", locale)), ephemeral=True)

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
    current, updated, problem = await db.server_defaults.write(guild_id, change)
    if problem is not None:
        return Answer(problem.text(locale), ephemeral=True)
    return Answer(embed=settings_embed(updated, locale=locale, changed=updated != current), ephemeral=True)


async def change_settings(interaction: discord.Interaction, db: Database, **changes: Any) -> None:
    """Reply with settings_answer."""
    await send_answer(interaction, await settings_answer(interaction, db, **changes))
