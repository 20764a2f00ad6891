"""Issue 12 item 2: a thread per game (server setting game_threads, /dreamcats start thread)."""

from __future__ import annotations

from bot.client import DreamcatsBot
from bot.game_threads import post_channel
from bot.service import ManualClock, Table
from bot.turn_pings import PingPlace
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.fakediscord import FakeDiscord

CREATE_PUBLIC_THREADS, MANAGE_GUILD = 1 << 35, 1 << 5


def allow_threads(fake: FakeDiscord, world: World) -> None:
    """The bot may create public threads in the games channel (Send Messages in Threads it has by default)."""
    world.games.overwrites[fake.bot.id] = (1, CREATE_PUBLIC_THREADS, 0)


async def lobby_in_thread(world: World, bot: DreamcatsBot) -> Table:
    """Ana opens a lobby with `thread`: the bot may create threads, and the lobby's table names its thread."""
    allow_threads(world.fake, world)
    start = await world.fake.slash(world.ana, world.games, "dreamcats start", thread=True)
    assert start.reply is not None
    await world.fake.idle()
    table = bot.service.in_channel(world.games.id)
    assert table is not None and table.thread_id == start.reply.id
    return table


async def test_with_the_server_setting_the_match_lives_in_its_thread(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    allow_threads(fake, world)
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    changed = await fake.slash(mod, world.games, "dreamcats settings", game_threads=True)
    assert changed.reply is not None and "Game threads" in str(changed.reply.embeds)
    players = await open_table(world, running)
    table = players.table
    assert table is not None and table.thread_id is not None
    thread = fake.channels[table.thread_id]
    assert thread.parent is world.games and thread.name == "Dreamcats: Ana's game"
    lobby = fake.messages_by_id[table.thread_id]  # the thread was started from the lobby message
    assert lobby.channel is world.games and lobby.custom_ids == []
    assert "Dreamcats match is on: Ana, Bo, Cy" in lobby.content and f"<#{thread.id}>" in lobby.content
    assert players.message().channel is thread and post_channel(table) == thread.id

    await players.play_to_the_end()
    await players.settle()
    in_channel = [m for m in fake.messages_in(world.games) if not m.ephemeral and not m.deleted]
    assert [m.id for m in in_channel] == [lobby.id, in_channel[-1].id]  # one line when it started, one at the end
    assert "won the match" in in_channel[-1].content and not in_channel[-1].attachments
    in_thread = [m for m in fake.messages_in(thread) if not m.ephemeral and not m.deleted]
    assert sum("reveal" in a.filename for m in in_thread for a in m.attachments) >= 1
    assert any(":again" in c for m in in_thread for c in m.custom_ids)  # the standings with Play again
    assert thread.archived

    # Play again, pressed in the archived thread: the new lobby is in the channel and opens a thread of its own.
    standings = next(m for m in in_thread if f"dc:{table.game_id}:again" in m.custom_ids)
    pressed = await fake.click(world.bo, standings, f"dc:{table.game_id}:again")
    await running.presenter.idle()
    await fake.idle()
    told = pressed.private_reply  # the thread it was pressed in shows nothing new: Bo is told where the lobby is
    assert told is not None and told.content == f"The new lobby is open in <#{world.games.id}>."
    again = running.service.in_channel(world.games.id)
    assert again is not None and again.state is None and again.thread_id not in (None, thread.id)
    lobby = fake.messages_by_id[again.thread_id]  # the new thread starts from the new lobby, in the channel
    assert lobby.channel is world.games and any(f"dc:{again.game_id}:join" == c for c in lobby.custom_ids)
    assert fake.channels[again.thread_id].parent is world.games
    assert fake.violations == []


async def test_start_where_a_match_plays_in_its_thread_links_to_the_table_in_the_thread(
        world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    allow_threads(fake, world)
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    await fake.slash(mod, world.games, "dreamcats settings", game_threads=True)
    players = await open_table(world, running)
    table = players.table
    assert table is not None and table.thread_id is not None and table.message_id != table.thread_id
    thread = fake.channels[table.thread_id]
    for place in (world.games, thread):  # in the channel, and in the game's own thread
        pointer = await fake.slash(world.bo, place, "dreamcats start")
        assert pointer.reply is not None and pointer.reply.ephemeral
        assert pointer.reply.content.endswith(f"/{world.guild.id}/{thread.id}/{table.message_id}")
    assert fake.messages_by_id[table.message_id].channel is thread
    assert fake.violations == []


async def test_without_the_permissions_the_game_stays_in_the_channel(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start", thread=True)
    assert start.reply is not None and not start.reply.ephemeral
    line = fake.latest(world.games, world.ana, where=lambda m: m.ephemeral)
    assert line is not None and "Create Public Threads" in line.content and "stays in the channel" in line.content
    table = next(t for t in running.service.tables if t.channel_id == world.games.id)
    assert table.thread_id is None and not any(c.is_thread for c in fake.channels.values())
    assert fake.violations == []


async def test_the_start_option_opens_a_thread_and_stopping_archives_it(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    table = await lobby_in_thread(world, running)
    thread = fake.channels[table.thread_id]
    game_id = table.game_id
    lobby = fake.messages_by_id[table.thread_id]  # the thread was started from the lobby message
    await fake.click(world.bo, lobby, f"dc:{game_id}:join")
    await fake.click(world.ana, lobby, f"dc:{game_id}:start")
    await running.presenter.idle()
    await fake.idle()
    clock = running.service.clock
    assert isinstance(clock, ManualClock)
    await clock.advance(9)  # nobody moves: the turn ping goes into the thread, where the table is
    await fake.wait_until(lambda: any("<@" in m.content for m in fake.messages_in(thread)), what="the turn ping")
    assert not any("<@" in m.content for m in fake.messages_in(world.games))
    asked = await fake.slash(world.bo, thread, "dreamcats stop")  # from inside the thread
    assert asked.reply is not None and asked.reply.ephemeral
    await fake.click(world.bo, asked.reply, f"dc:{game_id}:stopok")
    await running.presenter.idle()
    await fake.wait_until(lambda: thread.archived, what="the thread to be archived")
    assert all(t.game_id != game_id for t in running.service.tables)
    assert lobby.embeds[0]["title"] == "Match stopped" and lobby.components == []  # the channel's line says so too
    assert fake.violations == []


async def test_a_lobby_whose_thread_a_moderator_deletes_says_so_in_the_channel(world: World,
                                                                                running: DreamcatsBot) -> None:
    fake = world.fake
    table = await lobby_in_thread(world, running)
    lobby = fake.messages_by_id[table.thread_id or 0]
    fake.delete_channel(fake.channels[table.thread_id or 0])
    await fake.wait_until(lambda: running.service.in_channel(world.games.id) is None, what="the lobby closed")
    await running.presenter.idle()
    await fake.wait_until(lambda: lobby.components == [], what="the lobby's buttons gone")
    assert lobby.embeds[0]["title"] == "Lobby closed"
    assert fake.violations == []


async def test_a_game_opened_in_a_thread_people_made_closes_when_that_thread_is_deleted_or_archived(
        world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    allow_threads(fake, world)
    made = fake.add_thread(world.games, "our table")
    await fake.slash(world.ana, made, "dreamcats start", points=30)
    assert running.service.in_channel(made.id) is not None
    fake.delete_channel(made)
    await fake.wait_until(lambda: running.service.in_channel(made.id) is None, what="the game closed with its thread")
    archived = fake.add_thread(world.games, "another table")
    await fake.slash(world.ana, archived, "dreamcats start", points=30)
    assert running.service.in_channel(archived.id) is not None
    fake.archive_thread(archived)  # a moderator closes it: its game goes with it
    await fake.wait_until(lambda: running.service.in_channel(archived.id) is None, what="the game closed")
    assert fake.violations == []


async def test_a_polish_tables_thread_and_ping_name_the_game_in_polish(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    allow_threads(fake, world)
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    await fake.slash(mod, world.games, "dreamcats settings", table_language="pl")
    await fake.slash(world.ana, world.games, "dreamcats start", game="catduel", thread=True)
    await fake.idle()
    table = running.service.in_channel(world.games.id)
    assert table is not None and table.thread_id is not None
    assert fake.channels[table.thread_id].name == "Koci pojedynek: Ana zaprasza"
    assert PingPlace.of(table, 0, world.ana.id).title == "Koci pojedynek"


async def test_anyone_may_see_the_settings_and_only_a_manager_change_them(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    await fake.slash(mod, world.games, "dreamcats settings", game_threads=True)
    seen = await fake.slash(world.bo, world.games, "dreamcats settings")
    assert seen.reply is not None and seen.reply.ephemeral
    assert "members with the Manage Server permission can change them" in str(seen.reply.embeds)
    assert seen.reply.embeds[0]["footer"]["text"].startswith("Point limit, penalty, memory aid and reveal time are "
                                                             "Dreamcats' own; the others apply to every game")
    assert {f["name"]: f["value"] for f in seen.reply.embeds[0]["fields"]}["Game threads"] == "on"
    refused = await fake.slash(world.bo, world.games, "dreamcats settings", game_threads=False)
    assert refused.reply is not None and refused.reply.ephemeral and "Manage Server" in refused.reply.content
    again = await fake.slash(world.bo, world.games, "dreamcats settings")
    assert again.reply is not None
    assert {f["name"]: f["value"] for f in again.reply.embeds[0]["fields"]}["Game threads"] == "on"  # unchanged
    assert fake.violations == []


async def test_the_rules_without_a_game_or_a_table_are_the_servers_default_games(world: World,
                                                                                running: DreamcatsBot) -> None:
    fake = world.fake
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    await fake.slash(mod, world.games, "dreamcats settings", default_game="catduel")
    shown = await fake.slash(world.bo, world.games, "dreamcats rules")
    assert shown.reply is not None and shown.reply.ephemeral
    assert shown.reply.embeds[0]["title"] == "Cat Duel — the rules"
    asked = await fake.slash(world.bo, world.games, "dreamcats rules", game="dream21")  # the one asked for wins
    assert asked.reply is not None and "Dream 21" in asked.reply.embeds[0]["title"]
    assert fake.violations == []


def test_the_channel_s_winners_line_agrees_with_how_many_won() -> None:
    from bot.i18n import tn

    words = {"game": "Dreamcats", "thread": "<#1>"}
    assert "wygrywa:" in tn("thread.won", 1, "pl", names="Ana", **words)
    assert "wygrywają:" in tn("thread.won", 2, "pl", names="Ana, Bo", **words)
    assert tn("thread.won", 2, "en", names="Ana, Bo", **words) == "Dreamcats: Ana, Bo won the match in <#1>."
