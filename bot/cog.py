"""The /dreamcats commands: each a few lines that call the service, the standings or the rules guide."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import ANSWER_WITHIN, Answer, answer_when_done, send_answer
from bot.catduel.words import DUELS_CHOICES
from bot.game_choice import (
    START_TIMER_RANGE,
    StartOptionError,
    chosen_game,
    game_choices,
    known_game,
    lobby_settings,
)
from bot.game_threads import in_thread, open_thread
from bot.guild_settings import InvalidSettingError, check_values, settings_answer
from bot.hub import DreamcatsBase
from bot.i18n import command_str, error_text, resolve_locale, t
from bot.permission_hints import missing_permissions
from bot.ping_choice import PING_CHOICES, pings_answer
from bot.rules_shown import RULES_SHOWN, server_default_game
from bot.running_game import point_to
from bot.sending import SENDING_FAILED, interaction_gone, log_failure
from bot.service import GameGoneError, GameRunningError, Person, Table
from bot.service.errors import MatchStartedError
from bot.service.moves import may_close
from bot.standings import leaderboard_answer, stats_answer
from bot.views.public import lobby_message
from bot.views.replies import refuse, say
from bot.views.stop_clicks import stop_confirmation
from game.dream21.settings import HANDS_PER_SEAT_RANGE
from game.dreamcats import GameError
from game.dreamcats.settings import PENALTIES, POINT_LIMIT_RANGE, REVEAL_TIME_RANGE, ROUNDS_RANGE, TURN_TIMER_RANGE

log = logging.getLogger(__name__)
# The penalty choices by name: the usual one and the "risky" variant (RULES.md §6).
PENALTY_CHOICES = dict(zip(("normal", "risky"), PENALTIES, strict=True))
THREAD = "dreamcats.thread"  # interaction.extras key: whether the lobby opens a thread for its game
SETTINGS = ("point_limit", "penalty", "turn_timer", "memory_aid", "reveal_time", "table_language", "turn_pings",
            "game_threads", "default_game")
START_OPTIONS = ("game", "points", "penalty", "rounds", "hands", "duels", "wild", "timer", "thread")



class LobbyNotShownError(RuntimeError):
    """The reply that should hold the lobby gave no message id."""


def _choices(command: str, option: str, values: dict[str, Any]) -> list[app_commands.Choice[Any]]:
    return [app_commands.Choice(name=command_str(f"command.{command}.option.{option}.choice.{key}"), value=value)
            for key, value in values.items()]


async def _private(interaction: discord.Interaction, text: str) -> None:
    """One private line; a public "thinking…" placeholder, if one was shown, gives way to it."""
    await send_answer(interaction, Answer(text, ephemeral=True))


@app_commands.guild_only()
class DreamcatsCog(commands.GroupCog, group_name=command_str("command.dreamcats.name"),
                   group_description=command_str("command.dreamcats.description")):
    """/dreamcats start, rules, stop, leaderboard, stats, settings, pings."""

    # Seconds a command may spend on its work (opening a lobby, reading the standings) before answering with a
    # "thinking…" placeholder (Discord allows 3).
    answer_within = ANSWER_WITHIN

    def __init__(self, bot: DreamcatsBase) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=command_str("command.start.name"), description=command_str("command.start.description"))
    @app_commands.rename(**{name: command_str(f"command.start.option.{name}.name") for name in START_OPTIONS})
    @app_commands.describe(**{name: command_str(f"command.start.option.{name}.description") for name in START_OPTIONS})
    @app_commands.choices(game=game_choices("start"), penalty=_choices("start", "penalty", PENALTY_CHOICES),
                          duels=_choices("start", "duels", DUELS_CHOICES))
    async def start(self, interaction: discord.Interaction, game: str | None = None,
                    points: app_commands.Range[int, POINT_LIMIT_RANGE[0], POINT_LIMIT_RANGE[1]] | None = None,
                    penalty: int | None = None,
                    rounds: app_commands.Range[int, ROUNDS_RANGE[0], ROUNDS_RANGE[1]] | None = None,
                    hands: app_commands.Range[int, HANDS_PER_SEAT_RANGE[0], HANDS_PER_SEAT_RANGE[1]] | None = None,
                    duels: int | None = None, wild: bool | None = None,
                    timer: app_commands.Range[int, START_TIMER_RANGE[0], START_TIMER_RANGE[1]] | None = None,
                    thread: bool | None = None) -> None:
        """Open a lobby of a game (else the server's default game) in this channel (`thread`: in a thread of its own,
        else the server's game_threads); options of another game than that are refused, opening nothing."""
        locale = resolve_locale(interaction.locale)
        self.bot.lateness.record(interaction.created_at, discord.utils.utcnow())
        missing = missing_permissions(interaction)
        if missing:
            names = ", ".join(t(f"permission.{name}", locale) for name in missing)
            await say(interaction, t("start.missing_permissions", locale, permissions=names))
            return
        try:  # Discord checks the ranges, but an old synced command may not: say which value was wrong
            given = {"point_limit": points, "penalty": penalty, "fixed_rounds": rounds, "hands_per_seat": hands}
            check_values(**{name: value for name, value in given.items() if value is not None})
        except InvalidSettingError as exc:
            await _private(interaction, exc.text(locale))
            return
        running = self.bot.service.in_channel(interaction.channel_id or 0)
        running = running or in_thread(self.bot.service, interaction.channel_id or 0)
        if running is not None:
            # Redraw it too: if its message was deleted, the presenter posts it again. Not a lobby whose own start is
            # still showing it (no message yet): that would post it twice.
            if running.message_id is not None:
                self.bot.presenter.table_changed(running)
            await point_to(interaction, GameRunningError(running.game_id, running.message_id,
                                                               running.message_place))
            return
        # The lobby itself is the answer; only when opening it is slow does a "thinking…" placeholder come first.
        options = {"points": points, "penalty": penalty, "rounds": rounds, "hands": hands, "duels": duels,
                   "wild": wild, "timer": timer}
        opening = self._open_lobby(interaction, locale, game, options, thread)
        try:
            table = await answer_when_done(interaction, opening, self.answer_within)
        except GameRunningError as exc:
            await point_to(interaction, exc)
            return
        except StartOptionError as exc:
            await _private(interaction, exc.text(locale))
            return
        except GameError as exc:
            await _private(interaction, error_text(exc, locale))
            return
        await self._show_lobby(interaction, table)

    async def _show_lobby(self, interaction: discord.Interaction, table: Table) -> None:
        """The lobby as the reply; if Discord refuses that, the presenter posts it in the channel instead."""
        embed, view = lobby_message(table)
        try:
            if interaction.response.is_done():
                message_id = (await interaction.edit_original_response(embed=embed, view=view)).id
            else:
                response = await interaction.response.send_message(embed=embed, view=view)
                if response.message_id is None:
                    raise LobbyNotShownError("Discord did not say which message holds the lobby")
                message_id = response.message_id
        except (*SENDING_FAILED, LobbyNotShownError) as exc:
            log.warning("game %s: could not show the lobby in the reply (%r); posting it in the channel",
                        table.game_id, exc)
            await self._post_lobby(interaction, table)
            return
        try:
            await self.bot.service.set_message(table.game_id, message_id)
        except GameGoneError:  # closed meanwhile: its message shows that already
            return
        except GameError as exc:  # busy past its deadline: the lobby is shown and works, so no apology for it
            log.warning("game %s: could not remember the lobby's message %s (%r); its next change posts it anew",
                        table.game_id, message_id, exc)
            return
        if interaction.extras.get(THREAD):
            await open_thread(self.bot, interaction, table, message_id)

    async def _post_lobby(self, interaction: discord.Interaction, table: Table) -> None:
        """Let the presenter post the lobby (a table without a message gets a new one); no "thinking…" stays."""
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            try:
                await interaction.delete_original_response()
            except SENDING_FAILED as exc:
                log.info("game %s: could not delete the placeholder either: %r", table.game_id, exc)
        live = next((t for t in self.bot.service.tables if t.game_id == table.game_id), None)
        if live is not None:  # else it closed meanwhile: nothing to show
            self.bot.presenter.table_changed(live)

    async def _open_lobby(self, interaction: discord.Interaction, locale: str, game: str | None,
                          options: dict[str, Any], thread: bool | None) -> Table:
        self.bot.lateness.refuse_new_table("start", guild=interaction.guild_id, channel=interaction.channel_id,
                                           user=interaction.user.id)  # the tables in play first
        guild_id = interaction.guild_id or 0
        server = await self.bot.db.server_defaults.get(guild_id)
        key = chosen_game(game, server)
        settings = lobby_settings(key, server, **options)  # StartOptionError: nothing is opened
        interaction.extras[THREAD] = server.game_threads if thread is None else thread
        table_locale = server.table_locale or resolve_locale(interaction.guild_locale)
        host = Person(interaction.user.id, interaction.user.display_name, locale)
        return await self.bot.service.open_lobby(guild_id=interaction.guild_id or 0,
                                                 channel_id=interaction.channel_id or 0, host=host,
                                                 settings=settings, locale=table_locale, game=key)

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        """An unexpected failure: one log line for the operator, one private line (never a stuck placeholder)."""
        cause = getattr(error, "original", error)
        log_failure(log, cause, "command %s failed: guild=%s channel=%s user=%s: %r",
                    getattr(interaction.command, "name", "?"), interaction.guild_id, interaction.channel_id,
                    interaction.user.id, cause)
        if interaction_gone(cause):  # Discord takes no answer any more: trying would only fail again
            return
        text = t("error.generic", resolve_locale(interaction.locale))
        try:
            await _private(interaction, text)
        except SENDING_FAILED as exc:
            log.warning("could not tell the user about the failure: %s", exc)

    @app_commands.command(name=command_str("command.rules.name"), description=command_str("command.rules.description"))
    @app_commands.rename(game=command_str("command.rules.option.game.name"))
    @app_commands.describe(game=command_str("command.rules.option.game.description"))
    @app_commands.choices(game=game_choices("rules"))
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The rules of a game, privately (by default the game at this table, else the server's default game):
        Dreamcats' as a short guide with pictures, one page at a time; Dream 21's and Cat Duel's in one embed each."""
        channel = interaction.channel_id or 0
        running = self.bot.service.in_channel(channel) or in_thread(self.bot.service, channel)
        chosen = game or (running.game if running is not None else None)
        chosen = chosen or await server_default_game(self.bot, interaction.guild_id)
        await RULES_SHOWN[known_game(chosen)](interaction, resolve_locale(interaction.locale))

    @app_commands.command(name=command_str("command.stop.name"), description=command_str("command.stop.description"))
    async def stop(self, interaction: discord.Interaction) -> None:
        """Stop the game of this channel: a lobby at once (its host), a match after a confirmation (a player at it);
        Manage Server may do both."""
        locale = resolve_locale(interaction.locale)
        table = self.bot.service.in_channel(interaction.channel_id or 0)
        table = table or in_thread(self.bot.service, interaction.channel_id or 0)
        if table is None:
            await say(interaction, t("stop.none", locale))
            return
        is_manager = bool(interaction.permissions.manage_guild)
        try:
            may_close(table, interaction.user.id, is_manager=is_manager)  # who may not is told at once
            if table.state is not None:  # a match: erasing everyone's game deserves a second press
                await interaction.response.send_message(**stop_confirmation(table.game_id, locale), ephemeral=True)
                return
            # Closing may wait for the game's lock and a busy database: "thinking…" first if it is slow.
            closing = self.bot.service.close(table.game_id, interaction.user.id, is_manager=is_manager,
                                             reason="cancelled", lobby_only=True)
            await answer_when_done(interaction, closing, self.answer_within, ephemeral=True)
        except MatchStartedError:  # a Start landed meanwhile: the match is stopped only after its question
            asked = stop_confirmation(table.game_id, locale)
            await send_answer(interaction, Answer(asked["content"], view=asked["view"], ephemeral=True))
            return
        except GameError as exc:
            await refuse(interaction, exc)
            return
        await say(interaction, t("stop.done", locale))

    @app_commands.command(name=command_str("command.leaderboard.name"),
                          description=command_str("command.leaderboard.description"))
    @app_commands.rename(game=command_str("command.leaderboard.option.game.name"),
                         page=command_str("command.leaderboard.option.page.name"))
    @app_commands.describe(game=command_str("command.leaderboard.option.game.description"),
                           page=command_str("command.leaderboard.option.page.description"))
    @app_commands.choices(game=game_choices("leaderboard"))
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        """The server leaderboard of a game (else the server's default game)."""
        work = leaderboard_answer(interaction, self.bot.db, page, game)
        await send_answer(interaction, await answer_when_done(interaction, work, self.answer_within))

    @app_commands.command(name=command_str("command.stats.name"), description=command_str("command.stats.description"))
    @app_commands.rename(member=command_str("command.stats.option.member.name"),
                         game=command_str("command.stats.option.game.name"))
    @app_commands.describe(member=command_str("command.stats.option.member.description"),
                           game=command_str("command.stats.option.game.description"))
    @app_commands.choices(game=game_choices("stats"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    game: str | None = None) -> None:
        """One player's record in a game (else the server's default game)."""
        work = stats_answer(interaction, self.bot.db, member, game)
        await send_answer(interaction, await answer_when_done(interaction, work, self.answer_within))

    @app_commands.command(name=command_str("command.settings.name"),
                          description=command_str("command.settings.description"))
    @app_commands.rename(**{name: command_str(f"command.settings.option.{name}.name") for name in SETTINGS})
    @app_commands.describe(**{name: command_str(f"command.settings.option.{name}.description") for name in SETTINGS})
    @app_commands.choices(penalty=_choices("settings", "penalty", PENALTY_CHOICES),
                          table_language=_choices("settings", "table_language",
                                                  {"auto": "auto", "en": "en", "pl": "pl"}),
                          default_game=game_choices("settings", "default_game"))
    async def settings(self, interaction: discord.Interaction,
                       point_limit: app_commands.Range[int, POINT_LIMIT_RANGE[0], POINT_LIMIT_RANGE[1]] | None = None,
                       penalty: int | None = None,
                       turn_timer: app_commands.Range[int, 0, TURN_TIMER_RANGE[1]] | None = None,
                       memory_aid: bool | None = None,
                       reveal_time: app_commands.Range[int, 0, REVEAL_TIME_RANGE[1]] | None = None,
                       table_language: str | None = None, turn_pings: bool | None = None,
                       game_threads: bool | None = None, default_game: str | None = None) -> None:
        """The server's defaults (Manage Server, checked by the standings module)."""
        work = settings_answer(interaction, self.bot.db, point_limit=point_limit, penalty=penalty,
                               turn_timer=turn_timer, memory_aid=memory_aid, reveal_time=reveal_time,
                               table_language=table_language, turn_pings=turn_pings, game_threads=game_threads,
                               default_game=default_game)
        await send_answer(interaction, await answer_when_done(interaction, work, self.answer_within, ephemeral=True))

    @app_commands.command(name=command_str("command.pings.name"), description=command_str("command.pings.description"))
    @app_commands.rename(choice=command_str("command.pings.option.choice.name"))
    @app_commands.describe(choice=command_str("command.pings.option.choice.description"))
    @app_commands.choices(choice=_choices("pings", "choice", {key: key for key in PING_CHOICES}))
    async def pings(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        """Whether the asker is pinged when it is their turn in this server (no choice: only shows it), privately."""
        work = pings_answer(interaction, self.bot.db, choice)
        await send_answer(interaction, await answer_when_done(interaction, work, self.answer_within, ephemeral=True))
