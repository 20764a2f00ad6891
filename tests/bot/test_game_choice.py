"""/dreamcats start, leaderboard, stats and settings choose a game (issue 13): through the fake Discord and the real
bot, on a SQLite file."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from bot.client import DreamcatsBot
from bot.game_choice import TimerOutOfRangeError, WrongGameOptionError, chosen_game, game_title, lobby_settings
from bot.service import Table
from bot.standings import LeaderboardButton, leaderboard_view
from bot.storage import Database, ServerSettingsRecord, get_server_settings, record_match, save_server_settings
from game.dream21 import Dream21Settings
from game.dreamcats import MatchSettings
from tests.bot.conftest import World, make_bot
from tests.bot.storage.conftest import match, seat
from tests.fakediscord import MANAGE_GUILD, FakeUser


def _table(bot: DreamcatsBot, world: World) -> Table | None:
    return next((t for t in bot.service.tables if t.channel_id == world.games.id), None)


def _moderator(world: World) -> FakeUser:
    return world.fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)


async def _server(world: World, settings: ServerSettingsRecord) -> None:
    db = await Database.open(world.database_url)
    async with db.sessions() as s, s.begin():
        await save_server_settings(s, guild_id=world.guild.id, settings=settings)
    await db.close()


async def test_start_with_dream21_opens_a_dream21_lobby_with_its_options(world: World, running: DreamcatsBot,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    shown = await world.fake.slash(world.ana, world.games, "dreamcats start", game="dream21", hands=3, timer=60)
    assert shown.reply is not None and not shown.reply.ephemeral
    table = _table(running, world)
    assert table is not None and table.game == "dream21"
    assert table.settings == Dream21Settings(hands_per_seat=3, turn_timer=60)
    # The lobby is the reply; its id is stored once the answer is back (after the fake's "idle" on a slow machine).
    stored = await world.fake.wait_until(lambda: (t := _table(running, world)) and t.message_id, what="its message id")
    assert shown.reply.id == stored
    assert world.fake.violations == []
    assert [r.getMessage() for r in caplog.records if r.name.startswith("bot")] == []


async def test_dream21_takes_the_servers_turn_timer_and_its_own_default_hands(world: World) -> None:
    await _server(world, ServerSettingsRecord(turn_timer=45, point_limit=200))
    bot = make_bot(world)
    async with world.fake.run(bot):
        await world.fake.slash(world.ana, world.games, "dreamcats start", game="dream21")
        table = _table(bot, world)
        assert table is not None and table.game == "dream21"
        assert table.settings == Dream21Settings(hands_per_seat=Dream21Settings().hands_per_seat, turn_timer=45)
    assert world.fake.violations == []


async def test_options_of_the_other_game_are_refused_in_one_private_line(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    refused = await fake.slash(world.ana, world.games, "dreamcats start", game="dream21", points=50)
    assert refused.reply is not None and refused.reply.ephemeral
    assert refused.reply.content == ("`points` is a Dreamcats option, but this lobby would be Dream 21, so nothing "
                                     "was opened. Leave it out, or choose the game Dreamcats.")
    two = await fake.slash(world.bo, world.games, "dreamcats start", game="dream21", penalty=15, rounds=3)
    assert two.reply is not None and two.reply.ephemeral
    assert two.reply.content.startswith("`penalty`, `rounds` are Dreamcats options, but this lobby would be Dream 21")
    hands = await fake.slash(world.cy, world.games, "dreamcats start", hands=2)  # Cy speaks Polish; Dreamcats
    assert hands.reply is not None and hands.reply.ephemeral
    assert hands.reply.content == ("Opcja `rozdania` dotyczy gry Dream 21, a ta poczekalnia byłaby dla gry Dreamcats, "
                                   "więc niczego nie otwarto. Pomiń ją albo wybierz grę Dream 21.")
    assert _table(running, world) is None  # nothing was opened
    assert fake.public_messages() == []
    opened = await fake.slash(world.ana, world.games, "dreamcats start", game="dreamcats", points=50, timer=40)
    table = _table(running, world)
    assert opened.reply is not None and not opened.reply.ephemeral and table is not None
    assert table.game == "dreamcats" and table.settings == MatchSettings(point_limit=50, turn_timer=40)
    assert fake.violations == []


async def test_a_timer_outside_the_games_range_is_refused_in_one_private_line(world: World,
                                                                             running: DreamcatsBot) -> None:
    fake = world.fake
    refused = await fake.slash(world.ana, world.games, "dreamcats start", game="catduel", timer=600)
    assert refused.reply is not None and refused.reply.ephemeral
    assert refused.reply.content == ("Cat Duel takes a turn timer of 20 to 300 seconds, not 600, so nothing was "
                                     "opened. Choose a timer in that range, or leave it out for the server's default.")
    polish = await fake.slash(world.cy, world.games, "dreamcats start", game="catduel", timer=301)
    assert polish.reply is not None and polish.reply.ephemeral
    assert polish.reply.content.startswith("Gra Koci pojedynek przyjmuje limit czasu ruchu od 20 do 300 sekund, "
                                           "nie 301")
    assert _table(running, world) is None and fake.public_messages() == []
    opened = await fake.slash(world.ana, world.games, "dreamcats start", game="catduel", timer=300)
    table = _table(running, world)
    assert opened.reply is not None and not opened.reply.ephemeral and table is not None
    assert table.game == "catduel" and table.settings.turn_timer == 300
    assert fake.violations == []


async def _both_games(world: World) -> None:
    """Ana won a Dreamcats match against Bo; Bo and Cy played Dream 21 twice, Cy winning both."""
    db = await Database.open(world.database_url)
    ana, bo, cy = world.ana.id, world.bo.id, world.cy.id
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(world.guild.id, [seat(ana, 10, name="Ana"), seat(bo, 30, name="Bo")]))
        for minutes in (5, 10):
            twenty_one = match(world.guild.id, [seat(bo, 9, name="Bo"), seat(cy, 2, name="Cy")], minutes=minutes)
            await record_match(s, record=replace(twenty_one, game="dream21"))
    await db.close()


async def test_leaderboard_and_stats_show_only_the_chosen_games_matches(world: World) -> None:
    fake = world.fake
    await _both_games(world)
    async with fake.run(make_bot(world)):
        cats = await fake.slash(world.eve, world.games, "dreamcats leaderboard")  # the server's default: Dreamcats
        assert cats.reply is not None and cats.reply.embeds[0]["title"] == "Dreamcats leaderboard — Cat Café"
        rows = cats.reply.embeds[0]["description"].splitlines()
        assert [row.split(" — ")[0] for row in rows] == ["**1.** Ana", "**2.** Bo"] and "Wake up!" in rows[0]
        board = await fake.slash(world.eve, world.games, "dreamcats leaderboard", game="dream21")
        assert board.reply is not None and board.reply.embeds[0]["title"] == "Dream 21 leaderboard — Cat Café"
        rows = board.reply.embeds[0]["description"].splitlines()
        assert [row.split(" — ")[0] for row in rows] == ["**1.** Cy", "**2.** Bo"]
        assert "2 matches" in rows[0] and "per hand" in rows[0] and "Wake up!" not in rows[0]

        stats = await fake.slash(world.bo, world.games, "dreamcats stats", game="dream21")
        assert stats.reply is not None and not stats.reply.ephemeral
        embed = stats.reply.embeds[0]
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert embed["title"] == "Bo — Dream 21 record"
        assert fields["Matches"] == "2" and fields["Wins"] == "0 (0%)" and fields["Best hand"] == "9 points"
        assert "Wake up! success" not in fields and len(fields["Recent matches"].splitlines()) == 2
        bo_cats = await fake.slash(world.bo, world.games, "dreamcats stats")
        assert bo_cats.reply is not None and bo_cats.reply.embeds[0]["title"] == "Bo — Dreamcats record"
        cats_fields = {f["name"]: f["value"] for f in bo_cats.reply.embeds[0]["fields"]}
        assert cats_fields["Matches"] == "1" and "Wake up! success" in cats_fields

        none = await fake.slash(world.ana, world.games, "dreamcats stats", game="dream21")
        assert none.reply is not None and none.reply.ephemeral
        assert none.reply.content == "Ana has not finished a Dream 21 match on this server yet."
        polish = await fake.slash(world.cy, world.games, "dreamcats stats", game="dream21")
        assert polish.reply is not None and polish.reply.embeds[0]["title"] == "Cy — wyniki: Dream 21"
        assert "Średni wynik rozdania" in {f["name"] for f in polish.reply.embeds[0]["fields"]}
    assert fake.violations == []


async def test_the_default_game_setting_round_trips_and_is_what_start_and_the_standings_pick(world: World) -> None:
    fake = world.fake
    await _both_games(world)
    mod, bot = _moderator(world), make_bot(world)
    async with fake.run(bot):
        refused = await fake.slash(world.ana, world.games, "dreamcats settings", default_game="dream21")
        assert refused.reply is not None and refused.reply.ephemeral and "Manage Server" in refused.reply.content
        saved = await fake.slash(mod, world.games, "dreamcats settings", default_game="dream21")
        assert saved.reply is not None and saved.reply.ephemeral
        fields = {f["name"]: f["value"] for f in saved.reply.embeds[0]["fields"]}
        assert saved.reply.embeds[0]["description"].startswith("Saved.") and fields["Default game"] == "Dream 21"

        board = await fake.slash(world.eve, world.games, "dreamcats leaderboard")
        assert board.reply is not None and board.reply.embeds[0]["title"] == "Dream 21 leaderboard — Cat Café"
        stats = await fake.slash(world.cy, world.games, "dreamcats stats")
        assert stats.reply is not None and stats.reply.embeds[0]["title"] == "Cy — wyniki: Dream 21"
        cats = await fake.slash(world.eve, world.games, "dreamcats leaderboard", game="dreamcats")
        assert cats.reply is not None and cats.reply.embeds[0]["title"] == "Dreamcats leaderboard — Cat Café"

        # A start without a game opens the default game; Dreamcats-only options then name it.
        wrong = await fake.slash(world.ana, world.games, "dreamcats start", points=50)
        assert wrong.reply is not None and wrong.reply.ephemeral and "would be Dream 21" in wrong.reply.content
        await fake.slash(world.ana, world.games, "dreamcats start", hands=1)
        table = _table(bot, world)
        assert table is not None and table.game == "dream21" and table.settings == Dream21Settings(hands_per_seat=1)
        await bot.service.close(table.game_id, world.ana.id, is_manager=False, reason="cancelled")
        await fake.slash(world.ana, world.games, "dreamcats start", game="dreamcats")
        table = _table(bot, world)
        assert table is not None and table.game == "dreamcats"

        shown = await fake.slash(mod, world.games, "dreamcats settings")  # unchanged: shown as it is
        assert shown.reply is not None and shown.reply.embeds[0]["description"].startswith("Nothing to change")
        await fake.slash(mod, world.games, "dreamcats settings", default_game="dreamcats")
    db = await Database.open(world.database_url)
    async with db.sessions() as s:
        stored = await get_server_settings(s, guild_id=world.guild.id)
    await db.close()
    assert stored == ServerSettingsRecord(default_game="dreamcats")
    assert fake.violations == []


async def test_a_settings_change_reaches_the_next_start_though_the_first_start_kept_the_old_ones(world: World) -> None:
    fake, mod, bot = world.fake, _moderator(world), make_bot(world)
    async with fake.run(bot):
        await fake.slash(world.ana, world.games, "dreamcats start")  # the server's defaults are read and kept
        table = _table(bot, world)
        assert table is not None and table.game == "dreamcats"
        await bot.service.close(table.game_id, world.ana.id, is_manager=False, reason="cancelled")
        await fake.slash(mod, world.games, "dreamcats settings", default_game="dream21", turn_timer=45)
        await fake.slash(world.ana, world.games, "dreamcats start")
        table = _table(bot, world)
        assert table is not None and table.game == "dream21" and table.settings.turn_timer == 45
    assert fake.violations == []


async def test_an_unknown_stored_default_game_reads_as_dreamcats(world: World) -> None:
    await _server(world, ServerSettingsRecord(default_game="chess"))  # a game this bot does not know (any more)
    mod, bot = _moderator(world), make_bot(world)
    async with world.fake.run(bot):
        shown = await world.fake.slash(mod, world.games, "dreamcats settings")
        assert shown.reply is not None
        assert {f["name"]: f["value"] for f in shown.reply.embeds[0]["fields"]}["Default game"] == "Dreamcats"
        board = await world.fake.slash(world.eve, world.games, "dreamcats leaderboard")
        assert board.reply is not None and board.reply.embeds[0]["title"] == "Dreamcats leaderboard — Cat Café"
        await world.fake.slash(world.ana, world.games, "dreamcats start")
        table = _table(bot, world)
        assert table is not None and table.game == "dreamcats" and isinstance(table.settings, MatchSettings)
    assert world.fake.violations == []


async def test_every_new_option_and_choice_is_synced_with_polish_words(world: World, running: DreamcatsBot) -> None:
    [command] = [c for c in world.fake.commands[None] if c["name"] == "dreamcats"]
    subcommands = {o["name"]: {p["name"]: p for p in o["options"]} for o in command["options"] if "options" in o}
    games = {"start": "game", "leaderboard": "game", "stats": "game", "settings": "default_game"}
    for name, option in games.items():
        given = subcommands[name][option]
        assert [c["value"] for c in given["choices"]] == ["dreamcats", "dream21", "catduel"]
        assert [c["name"] for c in given["choices"]] == ["Dreamcats", "Dream 21", "Cat Duel"]
        assert all(c["name_localizations"]["pl"] for c in given["choices"]), name
        assert given["name_localizations"]["pl"] and given["description_localizations"]["pl"]
    hands = subcommands["start"]["hands"]
    assert (hands["min_value"], hands["max_value"], hands["name_localizations"]["pl"]) == (1, 5, "rozdania")
    assert world.fake.violations == []


# ---- the pure parts ----

def test_lobby_settings_clamp_the_servers_timer_into_dream21s_range() -> None:
    server = ServerSettingsRecord(turn_timer=10_000)
    assert lobby_settings("dream21", server) == Dream21Settings(turn_timer=900)
    assert lobby_settings("dream21", replace(server, turn_timer=1), hands=4) == Dream21Settings(4, turn_timer=30)
    assert lobby_settings("dreamcats", ServerSettingsRecord(), rounds=3) == MatchSettings(fixed_rounds=3)
    with pytest.raises(WrongGameOptionError) as caught:
        lobby_settings("dreamcats", server, hands=2, timer=60)
    assert (caught.value.options, caught.value.owners, caught.value.game) == (
        ["hands"], {"dream21": ["hands"]}, "dreamcats")


def test_options_of_two_other_games_are_each_named_with_their_own_game() -> None:
    with pytest.raises(WrongGameOptionError) as caught:
        lobby_settings("dream21", ServerSettingsRecord(), points=100, duels=3, penalty=15)
    lines = caught.value.text("en").splitlines()
    assert lines == [
        "`points`, `penalty` are Dreamcats options, but this lobby would be Dream 21, so nothing was opened. "
        "Leave them out, or choose the game Dreamcats.",
        "`duels` is a Cat Duel option, but this lobby would be Dream 21, so nothing was opened. "
        "Leave it out, or choose the game Cat Duel."]


def test_a_timer_given_outside_the_games_range_is_refused_and_the_servers_is_brought_into_it() -> None:
    server = ServerSettingsRecord(turn_timer=900)
    assert lobby_settings("catduel", server).turn_timer == 300  # the server's one setting, brought into Cat Duel's
    assert lobby_settings("catduel", server, timer=20).turn_timer == 20
    for timer in (19, 301, 900):
        with pytest.raises(TimerOutOfRangeError) as caught:
            lobby_settings("catduel", server, timer=timer)
        assert (caught.value.seconds, caught.value.allowed, caught.value.game) == (timer, (20, 300), "catduel")
    assert lobby_settings("dream21", server, timer=30).turn_timer == 30


def test_each_game_keeps_its_own_timer_until_the_server_chooses_one() -> None:
    """RULES-catduel §9: Cat Duel's turn timer is 60 s unless set; a server that never changed its timer (120 s, the
    Dreamcats default) leaves each game its own, a server that chose one gives it to every game (in its range)."""
    games = ("catduel", "dream21", "dreamcats")
    untouched = ServerSettingsRecord()
    assert [lobby_settings(game, untouched).turn_timer for game in games] == [60, 120, 120]
    chosen = ServerSettingsRecord(turn_timer=200)
    assert [lobby_settings(game, chosen).turn_timer for game in games] == [200, 200, 200]
    # 120 chosen is a choice like any other (it once read as never chosen, and Cat Duel got 60 s).
    assert [lobby_settings(game, replace(chosen, turn_timer=120)).turn_timer for game in games] == [120, 120, 120]
    for timer in (29, 901):  # Dreamcats' own range is checked too, not only the command's
        with pytest.raises(TimerOutOfRangeError):
            lobby_settings("dreamcats", untouched, timer=timer)


async def test_a_cat_duel_may_be_started_with_a_timer_of_twenty_seconds(world: World, running: DreamcatsBot) -> None:
    opened = await world.fake.slash(world.ana, world.games, "dreamcats start", game="catduel", timer=20)
    table = _table(running, world)
    assert opened.reply is not None and not opened.reply.ephemeral
    assert table is not None and table.settings.turn_timer == 20
    refused = await world.fake.slash(world.bo, world.fake.add_channel(world.guild, "more"), "dreamcats start",
                                     timer=20)
    assert refused.reply is not None and refused.reply.ephemeral and "30" in refused.reply.content
    assert world.fake.violations == []


def test_chosen_game_and_titles() -> None:
    assert chosen_game(None, ServerSettingsRecord()) == "dreamcats"
    assert chosen_game(None, ServerSettingsRecord(default_game="dream21")) == "dream21"
    assert chosen_game("dreamcats", ServerSettingsRecord(default_game="dream21")) == "dreamcats"
    assert chosen_game(None, ServerSettingsRecord(default_game="chess")) == "dreamcats"
    assert [game_title(key, "pl") for key in ("dreamcats", "dream21")] == ["Dreamcats", "Dream 21"]


async def test_dream21_paging_buttons_keep_their_game() -> None:
    view = leaderboard_view(1, 3, owner=42, locale="en", game="dream21")
    assert view is not None
    buttons = [item for item in view.children if isinstance(item, LeaderboardButton)]
    assert [b.custom_id for b in buttons] == ["dcl:1:p:42:dream21", "dcl:2:n:42:dream21"]
    found = LeaderboardButton.__discord_ui_compiled_template__.match(buttons[1].custom_id)
    assert found is not None
    rebuilt = await LeaderboardButton.from_custom_id(None, buttons[1].item, found)  # type: ignore[arg-type]
    assert (rebuilt.page, rebuilt.owner, rebuilt.game) == (2, 42, "dream21")
    old = LeaderboardButton.__discord_ui_compiled_template__.match("dcl:2:n:42")  # posted before other games
    assert old is not None
    assert (await LeaderboardButton.from_custom_id(None, buttons[1].item, old)).game == "dreamcats"  # type: ignore[arg-type]


async def test_a_server_that_chose_120_seconds_gets_them_in_cat_duel_until_it_unsets_its_timer(world: World) -> None:
    fake, mod, bot = world.fake, _moderator(world), make_bot(world)
    async with fake.run(bot):
        shown = await fake.slash(mod, world.games, "dreamcats settings")
        assert shown.reply is not None
        fields = {f["name"]: f["value"] for f in shown.reply.embeds[0]["fields"]}
        assert fields["Turn timer"] == "each game's own: 120 seconds (Cat Duel 60 seconds)"
        chosen = await fake.slash(mod, world.games, "dreamcats settings", turn_timer=120)
        assert chosen.reply is not None
        assert {f["name"]: f["value"] for f in chosen.reply.embeds[0]["fields"]}["Turn timer"] == "120 seconds"
        await fake.slash(world.ana, world.games, "dreamcats start", game="catduel")
        table = _table(bot, world)
        assert table is not None and table.game == "catduel" and table.settings.turn_timer == 120
        await bot.service.close(table.game_id, world.ana.id, is_manager=False, reason="cancelled")
        unset = await fake.slash(mod, world.games, "dreamcats settings", turn_timer=0)
        assert unset.reply is not None
        fields = {f["name"]: f["value"] for f in unset.reply.embeds[0]["fields"]}
        assert fields["Turn timer"] == "each game's own: 120 seconds (Cat Duel 60 seconds)"
        too_short = await fake.slash(mod, world.games, "dreamcats settings", turn_timer=29)
        assert too_short.reply is not None and too_short.reply.ephemeral
        assert too_short.reply.content == "The turn timer must be from 30 to 900 seconds, or 0 for each game's own."
        await fake.slash(world.ana, world.games, "dreamcats start", game="catduel")
        table = _table(bot, world)
        assert table is not None and table.settings.turn_timer == 60
    db = await Database.open(world.database_url)
    try:
        assert (await db.read(lambda s: get_server_settings(s, guild_id=world.guild.id))).turn_timer is None
    finally:
        await db.close()


async def test_a_point_limit_with_fixed_rounds_is_refused_not_dropped(world: World, running: DreamcatsBot) -> None:
    """RULES.md §2: a match goes to a point limit or for a fixed number of rounds; given both, one would be ignored."""
    fake = world.fake
    both = await fake.slash(world.ana, world.games, "dreamcats start", points=50, rounds=3)
    assert both.reply is not None and both.reply.ephemeral
    assert both.reply.content.startswith("A match is played either to a point limit or for a fixed number of rounds")
    assert _table(running, world) is None and fake.public_messages() == []
    await fake.slash(world.ana, world.games, "dreamcats start", rounds=3)
    table = _table(running, world)
    assert table is not None and table.settings.fixed_rounds == 3
    assert fake.violations == []
