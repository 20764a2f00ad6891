"""bot.standings: the embeds built from records, and the three commands driven by a small fake interaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.standings import (
    STANDINGS_ITEMS,
    InvalidSettingError,
    LeaderboardButton,
    change_settings,
    changed_settings,
    leaderboard_embed,
    leaderboard_view,
    page_count,
    percent,
    settings_embed,
    show_leaderboard,
    show_stats,
    stats_embed,
)
from bot.storage import (
    Database,
    LeaderboardPage,
    LeaderboardRow,
    PlayerStats,
    RecentMatch,
    ServerSettingsRecord,
    get_server_settings,
    record_match,
    save_server_settings,
)
from tests.bot.storage.conftest import match, seat

GUILD = 555


def _row(rank: int, user: int, name: str = "Ana", wakeup: float | None = 0.5) -> LeaderboardRow:
    return LeaderboardRow(rank, user, name, 1234.4, 12, 7, 7 / 12, 14.25, wakeup)


# ---- pure builders ----

def test_page_count() -> None:
    assert [page_count(n) for n in (0, 1, 10, 11, 95)] == [1, 1, 1, 2, 10]


def test_leaderboard_embed_lists_the_rows_in_english_and_polish() -> None:
    board = LeaderboardPage([_row(11, 1), _row(11, 2, "*Bo*", None)], total=25)
    en = leaderboard_embed(board, page=2, locale="en", server="Cat Café")
    assert en.title == "Dreamcats leaderboard — Cat Café"
    assert en.description is not None
    first, second = en.description.split("\n")
    assert first == "**11.** Ana — **1,234** · 12 matches · 7 won (58%) · avg. 14.2 · Wake up! 50%"
    assert second.startswith("**11.** \\*Bo\\* —") and second.endswith("Wake up! —")
    assert en.footer.text is not None and en.footer.text.startswith("Page 2 of 3 · 25 players")
    pl = leaderboard_embed(board, page=2, locale="pl")
    assert pl.title == "Tabela wyników: Dreamcats"
    assert pl.description is not None and "12 partii" in pl.description and "śr. 14,2" in pl.description
    assert pl.footer.text is not None and pl.footer.text.startswith("Strona 2 z 3 · 25 graczy")


def test_an_empty_leaderboard_says_how_to_start() -> None:
    embed = leaderboard_embed(LeaderboardPage([], 0), page=1, locale="pl")
    assert embed.description is not None and "/dreamcats zacznij" in embed.description


def test_stats_embed_shows_every_figure_and_recent_matches() -> None:
    when = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
    stats = PlayerStats(rank=3, user_id=1, display_name="Ana", rating=1100.0, matches=4, wins=1, win_rate=0.25,
                        avg_round_score=12.5, wakeup_success_rate=2 / 3, wakeup_calls=3, best_round=2,
                        recent=[RecentMatch(9, when, 37, 1, 4, True), RecentMatch(8, when, 120, 3, 3, False)])
    embed = stats_embed(stats, locale="en")
    fields = {f.name: f.value for f in embed.fields}
    assert embed.title == "Ana — Dreamcats record"
    assert fields["Rank"] == "#3" and fields["Rating"] == "1,100" and fields["Wins"] == "1 (25%)"
    assert fields["Wake up! success"] == "67% of 3" and fields["Best round"] == "2 points"
    assert fields["Recent matches"].split("\n") == [
        f"<t:{int(when.timestamp())}:R> · place 1 of 4 · 37 points 🏆",
        f"<t:{int(when.timestamp())}:R> · place 3 of 3 · 120 points",
    ]
    polish = {f.name: f.value for f in stats_embed(stats, locale="pl").fields}
    assert polish["Najlepsza runda"] == "2 punkty" and polish["Skuteczność Pobudki!"] == "67% z 3"


def test_settings_embed_shows_keep_and_the_language() -> None:
    record = ServerSettingsRecord(penalty=15, reveal_time=None, table_locale="pl", memory_aid=True, turn_pings=False)
    fields = {f.name: f.value for f in settings_embed(record, locale="en", changed=True).fields}
    assert fields == {"Point limit": "100 points", "Wake up! penalty": "15 (risky)",
                      "Turn timer": "each game's own: 120 seconds (Cat Duel 60 seconds)",
                      "Memory aid": "on", "Reveal time": "kept on screen", "Table language": "Polish",
                      "Turn pings": "off", "Game threads": "off", "Default game": "Dreamcats"}


def test_changed_settings_applies_only_what_was_given() -> None:
    current = ServerSettingsRecord(point_limit=150, table_locale="en")
    assert changed_settings(current) == current
    updated = changed_settings(current, penalty=15, reveal_time=0, table_language="auto", memory_aid=False)
    assert updated == ServerSettingsRecord(point_limit=150, penalty=15, reveal_time=None, table_locale=None)
    assert changed_settings(updated, turn_pings=False) == ServerSettingsRecord(
        point_limit=150, penalty=15, reveal_time=None, table_locale=None, turn_pings=False)


@pytest.mark.parametrize(
    ("changes", "english"),
    [
        ({"point_limit": 20}, "The point limit must be a whole number from 30 to 500."),
        ({"penalty": 7}, "The penalty must be 5 (normal) or 15 (risky)."),
        ({"turn_timer": 901}, "The turn timer must be from 30 to 900 seconds, or 0 for each game's own."),
        ({"reveal_time": 4}, "The reveal time must be from 5 to 120 seconds, or 0 to keep reveals on screen."),
        ({"table_language": "de"}, "The table language must be the server's language, English or Polish."),
    ],
)
def test_invalid_settings_are_named_with_their_range(changes: dict[str, Any], english: str) -> None:
    with pytest.raises(InvalidSettingError) as caught:
        changed_settings(ServerSettingsRecord(), **changes)
    assert caught.value.text("en") == english
    assert caught.value.text("pl") != english


async def test_paging_buttons_are_rebuilt_from_their_custom_id_after_a_restart() -> None:
    view = leaderboard_view(1, 3, owner=42, locale="en")
    assert view is not None and leaderboard_view(1, 1, owner=42, locale="en") is None
    buttons = [item for item in view.children if isinstance(item, LeaderboardButton)]
    assert [(b.custom_id, b.item.disabled) for b in buttons] == [("dcl:1:p:42", True), ("dcl:2:n:42", False)]
    clicked = buttons[1].item
    found = LeaderboardButton.__discord_ui_compiled_template__.match(clicked.custom_id or "")
    assert found is not None
    rebuilt = await LeaderboardButton.from_custom_id(None, clicked, found)  # type: ignore[arg-type]
    assert (rebuilt.page, rebuilt.way, rebuilt.owner, rebuilt.item.label) == (2, "n", 42, "Next")
    assert STANDINGS_ITEMS == [LeaderboardButton]


# ---- the commands, through a small fake interaction ----

@dataclass
class Sent:
    """One reply the fake recorded."""

    kind: str
    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    ephemeral: bool


@dataclass
class FakeResponse:
    """Records send_message / edit_message like discord.InteractionResponse."""

    sent: list[Sent] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str | None = None, *, embed: discord.Embed | None = None,
                           view: discord.ui.View | None = None, ephemeral: bool = False) -> None:
        self.sent.append(Sent("send", content, embed, view, ephemeral))

    async def edit_message(self, *, embed: discord.Embed | None = None, view: discord.ui.View | None = None) -> None:
        self.sent.append(Sent("edit", None, embed, view, False))


@dataclass
class FakeUser:
    id: int
    display_name: str


@dataclass
class FakeGuild:
    name: str


@dataclass
class FakeClient:
    db: Database


@dataclass
class FakeInteraction:
    """The parts of discord.Interaction the standings handlers use."""

    client: FakeClient
    user: FakeUser = field(default_factory=lambda: FakeUser(1, "Ana"))
    guild_id: int | None = GUILD
    channel_id: int | None = 7
    guild: FakeGuild | None = field(default_factory=lambda: FakeGuild("Cat Café"))
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))  # when the click was made
    locale: discord.Locale = discord.Locale.american_english
    guild_locale: discord.Locale | None = discord.Locale.american_english
    permissions: discord.Permissions = field(default_factory=discord.Permissions.none)
    response: FakeResponse = field(default_factory=FakeResponse)
    message: discord.Message | None = None  # the message a pressed component is on (None here: a public board)

    @property
    def reply(self) -> Sent:
        [sent] = self.response.sent
        return sent


async def _played(db: Database, people: int) -> None:
    """A chain of matches, each person beating the next, so that everybody ends with a different rating."""
    async with db.sessions() as s, s.begin():
        for user in range(1, people):
            await record_match(s, record=match(GUILD, [seat(user, 10), seat(user + 1, 20)], minutes=user))


async def test_leaderboard_replies_publicly_in_the_server_language_with_paging(sqlite_db: Database) -> None:
    await _played(sqlite_db, 23)
    async with sqlite_db.sessions() as s, s.begin():
        await save_server_settings(s, guild_id=GUILD, settings=ServerSettingsRecord(table_locale="pl"))
    asker = FakeInteraction(FakeClient(sqlite_db))
    await show_leaderboard(asker, sqlite_db, page=99)  # type: ignore[arg-type]
    reply = asker.reply
    assert not reply.ephemeral and reply.embed is not None and reply.view is not None
    assert reply.embed.title == "Tabela wyników: Dreamcats — Cat Café"
    assert reply.embed.description is not None and reply.embed.description.count("\n") == 2  # page 3 of 3
    back = reply.view.children[0]
    assert isinstance(back, LeaderboardButton) and back.page == 2
    clicked = FakeInteraction(FakeClient(sqlite_db))
    await back.callback(clicked)  # type: ignore[arg-type]
    assert clicked.reply.kind == "edit" and clicked.reply.embed is not None
    assert clicked.reply.embed.description is not None and clicked.reply.embed.description.startswith("**11.**")
    stranger = FakeInteraction(FakeClient(sqlite_db), user=FakeUser(9, "Cy"))
    await back.callback(stranger)  # type: ignore[arg-type]
    assert stranger.reply.kind == "send" and stranger.reply.ephemeral


async def test_stats_of_a_member_and_of_nobody(sqlite_db: Database) -> None:
    await _played(sqlite_db, 2)
    mine = FakeInteraction(FakeClient(sqlite_db), locale=discord.Locale.polish)  # on an English server
    await show_stats(mine, sqlite_db, None)  # type: ignore[arg-type]
    assert mine.reply.embed is not None and mine.reply.embed.title == "Ana — wyniki: Dreamcats"
    nobody = FakeInteraction(FakeClient(sqlite_db))
    await show_stats(nobody, sqlite_db, FakeUser(77, "Zed"))  # type: ignore[arg-type]
    assert nobody.reply.ephemeral
    assert nobody.reply.content == "Zed has not finished a Dreamcats match on this server yet."


async def test_settings_need_manage_server_checked_at_run_time(sqlite_db: Database) -> None:
    member = FakeInteraction(FakeClient(sqlite_db), locale=discord.Locale.polish)
    await change_settings(member, sqlite_db, point_limit=200)  # type: ignore[arg-type]
    assert member.reply.ephemeral and member.reply.content is not None
    assert "Zarządzanie serwerem" in member.reply.content
    async with sqlite_db.sessions() as s:
        assert await get_server_settings(s, guild_id=GUILD) == ServerSettingsRecord()


async def test_a_manager_changes_settings_and_an_invalid_value_changes_nothing(sqlite_db: Database) -> None:
    manager = FakeInteraction(FakeClient(sqlite_db), permissions=discord.Permissions(manage_guild=True))
    await change_settings(manager, sqlite_db, point_limit=200, reveal_time=0,  # type: ignore[arg-type]
                          table_language="pl")
    assert manager.reply.ephemeral and manager.reply.embed is not None
    assert manager.reply.embed.description == "Saved. New matches on this server start with these settings."
    wrong = FakeInteraction(FakeClient(sqlite_db), permissions=discord.Permissions(manage_guild=True))
    await change_settings(wrong, sqlite_db, penalty=5, turn_timer=10)  # type: ignore[arg-type]
    assert wrong.reply.ephemeral
    assert wrong.reply.content == "The turn timer must be from 30 to 900 seconds, or 0 for each game's own."
    async with sqlite_db.sessions() as s:
        stored = await get_server_settings(s, guild_id=GUILD)
    assert stored == ServerSettingsRecord(point_limit=200, reveal_time=None, table_locale="pl")


async def test_commands_outside_a_server_are_refused_politely(sqlite_db: Database) -> None:
    for handler in (show_leaderboard, show_stats, change_settings):
        dm = FakeInteraction(FakeClient(sqlite_db), guild_id=None, guild=None)
        args = (None,) if handler is show_stats else ()
        await handler(dm, sqlite_db, *args)  # type: ignore[operator]
        assert dm.reply.ephemeral and dm.reply.content == "This works only on a server."


@pytest.mark.parametrize(("rate", "english", "polish"), [
    (1.0, "100%", "100%"), (199 / 200, "99.5%", "99,5%"), (0.5, "50%", "50%"), (1 / 201, "0.5%", "0,5%"),
    (1 / 200, "0.5%", "0,5%"), (1 / 2001, "<0.1%", "<0,1%"), (2000 / 2001, ">99.9%", ">99,9%"),
    (0.0, "0%", "0%"), (None, "—", "—")])
def test_a_rate_is_never_rounded_to_always_or_never(rate: float | None, english: str, polish: str) -> None:
    assert (percent(rate, "en"), percent(rate, "pl")) == (english, polish)
