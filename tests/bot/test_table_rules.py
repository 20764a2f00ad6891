"""Through the fake Discord: permissions, languages, the turn timer, vanishing reveals, unreadable live games."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.client import DreamcatsBot
from bot.service import ManualClock
from bot.storage import Database
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.fakediscord import MANAGE_GUILD, FakeDiscord

ATTACH_FILES, EMBED_LINKS = 1 << 15, 1 << 14


async def test_start_says_which_channel_permissions_are_missing(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    locked = fake.add_channel(world.guild, "locked", bot_deny=ATTACH_FILES | EMBED_LINKS)
    record = await fake.slash(world.ana, locked, "dreamcats start")
    assert record.reply is not None and record.reply.ephemeral
    assert "Embed Links" in record.reply.content and "Attach Files" in record.reply.content
    polish = await fake.slash(world.cy, locked, "dreamcats start")
    assert polish.reply is not None and "Załączanie plików" in polish.reply.content
    assert running.service.tables == [] and fake.violations == []


async def test_the_timer_plays_for_a_sleeper_and_reveals_vanish(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        # Cy's client speaks Polish: her private steps are in Polish, the table in the server's English.
        record = await players.click(world.cy, players.message(), players.cid("dream"))
        assert record.reply is not None and "Wybierz dwie" in record.reply.embeds[0]["description"]
        await players.choose(world.cy, record.reply, players.sid("peek0", 1), ["0", "3"])
        peeked = record.reply
        assert [a.filename for a in peeked.attachments] == ["dream.png"] and "Twoje karty" in str(peeked.embeds)

        await clock.advance(21)  # the reveal time (20 s) passes: the cards are face down again
        await world.fake.wait_until(lambda: not peeked.attachments, what="the reveal to vanish")
        assert "zakryte" in str(peeked.embeds)

        table = players.table
        assert table is not None and table.turn == 0 and table.deadline is not None
        assert f"<t:{int(table.deadline.timestamp())}:R>" in players.message().content
        await clock.advance(120)  # Ana never moves: the computer plays her turn and the table says so
        await players.settle()
        await world.fake.wait_until(lambda: "time ran out" in players.message().content, what="the log line")
        after = players.table
        assert after is not None and after.turn != 0 and after.seats[0].timeouts == 1
        assert "Ana's time ran out" in players.message().content
        assert world.fake.violations == []


async def test_a_held_card_stays_in_view_after_the_reveal_time(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        await players.initial_peeks()
        table = players.table
        assert table is not None and table.turn == 0
        drew = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
        held = drew.reply
        assert held is not None and [a.filename for a in held.attachments] == ["dream.png"]
        peeks = [m for m in world.fake.messages_by_id.values() if m.ephemeral and m.attachments and m is not held]
        await clock.advance(21)  # past the reveal time (20 s): peeks vanish, a held card does not (RULES.md §5)
        await world.fake.wait_until(lambda: not any(m.attachments for m in peeks), what="the peeks to vanish")
        await players.settle()
        assert peeks and [a.filename for a in held.attachments] == ["dream.png"]
        assert any(":swap:" in c for c in held.custom_ids)
        assert world.fake.violations == []


async def test_an_unreadable_live_game_ends_alone_with_a_message(world: World) -> None:
    fake = world.fake
    bot = make_bot(world)
    other = fake.add_channel(world.guild, "other")
    async with fake.run(bot):
        players = await open_table(world, bot)
        await fake.slash(world.eve, other, "dreamcats start")
        broken_id = next(t.game_id for t in bot.service.tables if t.channel_id == other.id)
    db = await Database.open(world.database_url)  # the row is damaged while the bot is down
    async with db.sessions() as session, session.begin():
        await session.execute(text("UPDATE live_games SET payload = :p WHERE game_id = :g"),
                              {"p": '{"format": 1, "seats": "nonsense"}', "g": broken_id})
    await db.close()
    second = make_bot(world)
    async with fake.run(second):
        await fake.idle()
        assert [t.game_id for t in second.service.tables] == [players.game_id]
        notice = fake.latest(other)
        assert notice is not None and "could not be resumed" in notice.content
        record = await fake.click(world.bo, players.message(), players.cid("dream"))
        assert record.reply is not None and record.reply.ephemeral
    assert fake.violations == []


async def test_a_polish_server_gets_a_polish_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    guild = fake_discord.add_guild("Kocia kawiarnia", locale="pl")
    channel = fake_discord.add_channel(guild, "gry")
    ola = fake_discord.add_user("ola", display_name="Ola", guild=guild, locale="en-US")
    bot = DreamcatsBot(database_url=f"sqlite+aiosqlite:///{tmp_path / 'pl.db'}", dev_guild_id=guild.id,
                       clock=ManualClock(), computer_pause=0.0, edit_interval=0.0)
    async with fake_discord.run(bot):
        assert [c["name"] for c in fake_discord.commands[guild.id]] == ["dreamcats"]
        lobby = (await fake_discord.slash(ola, channel, "dreamcats start")).reply
        assert lobby is not None and lobby.embeds[0]["title"] == "Dreamcats — nowa partia"
        stopped = await fake_discord.slash(ola, channel, "dreamcats stop")
        assert stopped.reply is not None and stopped.reply.content == "The game was stopped."
        await bot.presenter.idle()
        assert lobby.embeds[0]["title"] == "Poczekalnia zamknięta" and lobby.components == []
    assert fake_discord.violations == []


async def test_an_unexpected_failure_is_an_apology_and_one_log_line(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database caught fire")

    monkeypatch.setattr(running.service, "play", broken)
    caplog.clear()
    record = await players.click(world.ana, players.message(), players.cid("draw", 0))
    assert record.reply is not None and record.reply.ephemeral and "Something went wrong" in record.reply.content
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and players.game_id in errors[0].getMessage()
    assert str(world.ana.id) in errors[0].getMessage() and "draw" in errors[0].getMessage()
    assert world.fake.violations == []


async def test_leave_the_match_is_on_the_table_and_asks_first(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    asked = await players.click(world.bo, players.message(), players.cid("quit"))
    assert asked.reply is not None and asked.reply.ephemeral and asked.reply is not players.message()
    assert players.table is not None and not players.table.seats[1].left  # nothing happened yet
    await players.click(world.bo, asked.reply, players.cid("quitok"))
    await players.settle()
    assert players.table is not None and players.table.seats[1].left
    assert f"{world.bo.display_name} (computer)" in players.message().content
    assert world.fake.violations == []


async def test_leaving_a_running_match_and_who_may_stop_it(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players = await open_table(world, running)
    dream = await players.click(world.cy, players.message(), players.cid("dream"))
    assert dream.reply is not None
    await players.choose(world.cy, dream.reply, players.sid("peek0", 1), ["1", "2"])
    mine = await players.click(world.cy, players.message(), players.cid("dream"))
    assert mine.reply is not None
    await players.click(world.cy, mine.reply, players.cid("quit"))
    await players.click(world.cy, mine.reply, players.cid("quitok"))
    await players.settle()
    table = players.table
    assert table is not None and table.seats[2].left and table.seats[2].computer_plays
    # The table says who plays that seat now: the person's name, marked (the table speaks the server's English).
    assert f"{world.cy.display_name} (computer)" in players.message().content
    assert f"{world.cy.display_name} (computer)" in str(players.message().embeds)  # the totals
    again = await players.click(world.cy, players.message(), players.cid("dream"))
    assert again.reply is not None and "gracz komputerowy" in again.reply.content  # Cy's client speaks Polish

    # Someone not at the table, and Cy who left it, may not erase the others' match; Ana, still playing, may.
    for outsider in (world.eve, world.cy):
        refused = await fake.slash(outsider, world.games, "dreamcats stop")
        assert refused.reply is not None and refused.reply.ephemeral and not refused.reply.custom_ids
    assert "only a player at this table" in refused.reply.content.lower() or "gracz" in refused.reply.content
    asked = await fake.slash(world.ana, world.games, "dreamcats stop")
    assert asked.reply is not None and asked.reply.ephemeral and players.table is not None  # it asks first
    assert "Stop this match for everyone?" in asked.reply.content
    confirmed = await players.click(world.ana, asked.reply, players.cid("stopok"))
    await running.presenter.idle()
    assert confirmed.reply is not None and confirmed.reply.content == "The game was stopped."
    assert players.table is None and fake.latest_with(world.games, f"dc:{players.game_id}") is None
    assert fake.violations == []


async def test_with_the_memory_aid_my_dream_shows_the_cards_i_know(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    changed = await fake.slash(mod, world.games, "dreamcats settings", memory_aid=True)
    assert changed.reply is not None and changed.reply.ephemeral
    players = await open_table(world, running)
    assert running.service.get(players.game_id).settings.memory_aid
    await players.initial_peeks()
    mine = await players.click(world.bo, players.message(), players.cid("dream"))
    assert mine.reply is not None and mine.reply.ephemeral
    assert [a.filename for a in mine.reply.attachments] == ["dream.png"] and "memory aid" in str(mine.reply.embeds)
    assert fake.violations == []


async def test_three_timeouts_hand_the_seat_over_and_the_computers_finish(world: World) -> None:
    fake, clock = world.fake, ManualClock()
    bot = make_bot(world, clock=clock)
    async with fake.run(bot):
        await fake.slash(world.ana, world.games, "dreamcats start", points=30)
        # The lobby is the command's answer; the bot remembers its message id just after (a save, no request).
        table = await fake.wait_until(lambda: (found := bot.service.in_channel(world.games.id)) is not None
                                      and found.message_id is not None and found, what="the lobby's message")
        assert table.message_id is not None
        lobby = fake.messages_by_id[table.message_id]
        await fake.click(world.bo, lobby, f"dc:{table.game_id}:join")
        await fake.click(world.ana, lobby, f"dc:{table.game_id}:start")
        for _ in range(6):  # nobody ever moves: three timed-out turns each
            await bot.service.settled(table.game_id)
            await clock.advance(121)
        await bot.service.settled(table.game_id)
        await bot.presenter.idle()
        notices = [m.content for m in fake.messages(world.games) if "three turns in a row" in m.content]
        assert notices == [f"<@{world.ana.id}>, your time ran out three turns in a row, so a computer player now "
                           "plays your seat.", f"<@{world.bo.id}>, your time ran out three turns in a row, so a "
                           "computer player now plays your seat."]
        sent = [r.body for r in fake.requests if r.method == "POST" and isinstance(r.body, dict)
                and "three turns in a row" in str(r.body.get("content"))]
        # each notice may ping its own person only, never @everyone or a role whatever a translation says
        assert [(body["allowed_mentions"]["parse"], body["allowed_mentions"]["users"]) for body in sent] == [
            ([], [world.ana.id]), ([], [world.bo.id])]
        assert bot.service.tables == []  # the computer players played the match to its end
        assert fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
    assert fake.violations == []


async def test_a_game_in_a_thread(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    thread = fake.add_thread(world.games, "cats at night")
    await fake.idle()
    lobby = (await fake.slash(world.ana, thread, "dreamcats start")).reply
    assert lobby is not None and lobby.channel is thread
    table = running.service.in_channel(thread.id)
    assert table is not None
    await fake.click(world.bo, lobby, f"dc:{table.game_id}:join")
    await fake.click(world.ana, lobby, f"dc:{table.game_id}:start")
    await running.service.settled(table.game_id)
    await running.presenter.idle()
    assert [a.filename for a in lobby.attachments] == ["table.png"]
    second = await fake.slash(world.bo, world.games, "dreamcats start")  # the parent channel is free
    assert second.reply is not None and not second.reply.ephemeral
    assert fake.violations == []


async def test_the_host_can_remove_a_seat_from_the_lobby(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    lobby = (await fake.slash(world.ana, world.games, "dreamcats start")).reply
    assert lobby is not None
    game_id = next(t.game_id for t in running.service.tables if t.channel_id == world.games.id)
    for person in (world.bo, world.cy):
        await fake.click(person, lobby, f"dc:{game_id}:join")
    await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", ["easy"])
    await running.presenter.idle()
    kick = f"ds:{game_id}:kick"
    refused = await fake.select(world.bo, lobby, kick, [f"2.{world.cy.id}"])  # only the host may
    assert refused.reply is not None and refused.reply.ephemeral and "host" in refused.reply.content
    await fake.select(world.ana, lobby, kick, [f"2.{world.cy.id}"])
    await running.presenter.idle()
    seats = running.service.get(game_id).seats
    assert [seat.user_id for seat in seats] == [world.ana.id, world.bo.id, None]  # Cy's seat is gone
    computer = running.service.get(game_id).seats[2].name
    await fake.select(world.ana, lobby, kick, [f"2.0.{computer}"])  # and the computer player too
    await running.presenter.idle()
    assert [seat.user_id for seat in running.service.get(game_id).seats] == [world.ana.id, world.bo.id]
    assert fake.violations == []


async def test_a_pick_from_a_menu_drawn_before_a_seat_was_removed_takes_away_no_other_computer(
        world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    lobby = (await fake.slash(world.ana, world.games, "dreamcats start")).reply
    assert lobby is not None
    game_id = next(t.game_id for t in running.service.tables if t.channel_id == world.games.id)
    for strength in ("easy", "normal", "hard"):
        await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", [strength])
    await running.presenter.idle()
    names = [seat.name for seat in running.service.get(game_id).seats]
    await running.service.remove_seat(game_id, world.ana.id, 1, None, names[1])  # a first pick, menu not redrawn
    stale = await fake.select(world.ana, lobby, f"ds:{game_id}:kick", [f"2.0.{names[2]}"])  # meant the second one
    assert stale.reply is not None and stale.reply.ephemeral and "nothing happened" in stale.reply.content
    assert [seat.name for seat in running.service.get(game_id).seats] == [names[0], names[2], names[3]]
    assert fake.violations == []


async def test_a_match_everyone_left_is_recorded_as_abandoned_and_changes_no_standing(
        world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    message = players.message()
    said = []
    for person in (world.ana, world.bo, world.cy):
        asked = await players.click(person, message, players.cid("quit"))
        assert asked.reply is not None
        question = asked.reply.embeds[0]["description"]
        await players.click(person, asked.reply, players.cid("quitok"))
        said.append((question, asked.reply.embeds[0]["description"]))
        await running.presenter.idle()
    assert said[0] == said[1] == ("Leave the match? A computer player takes your seat, and the match counts as a loss "
                                  "for you.", "You left the match. A computer player plays your seat.")
    # Cy (Polish) leaves last: told that the match ends without a result, not that it counts as a loss
    assert "bez wyniku" in said[2][0] and "bez wyniku" in said[2][1] and "porażka" not in said[2][0]
    assert players.table is None  # no computer-only match played out in an empty channel
    assert message.embeds[0]["title"] == "Match abandoned" and message.components == []
    assert world.fake.latest(world.games, where=lambda m: any(a.filename == "standings.png"
                                                              for a in m.attachments)) is None
    board = await world.fake.slash(world.bo, world.games, "dreamcats leaderboard")
    assert board.reply is not None and world.ana.display_name not in str(board.reply.embeds)  # nobody was charged
    stats = await world.fake.slash(world.ana, world.games, "dreamcats stats")
    assert stats.reply is not None and stats.reply.ephemeral  # "no matches yet": the abandoned one is not hers
    async with running.db.sessions() as session:
        rows = (await session.execute(text(
            "SELECT m.abandoned, s.user_id, s.winner, s.left_early FROM matches m JOIN match_seats s"
            " ON s.match_id = m.id ORDER BY s.seat"))).all()
        ratings = (await session.execute(text("SELECT count(*) FROM player_ratings"))).scalar_one()
    people = [world.ana.id, world.bo.id, world.cy.id]
    recorded = [(bool(a), u, bool(w), bool(e)) for a, u, w, e in rows]
    assert recorded == [*((True, p, False, True) for p in people), (True, None, False, False)]  # and the computer
    assert ratings == 0  # recorded as it stood, but nobody's standing was touched
    assert world.fake.violations == []


async def test_which_two_positions_a_seat_looked_at_is_on_the_table_but_never_the_cards(
        world: World, running: DreamcatsBot) -> None:
    """RULES.md §4: everything a seat does is public; what it sees is its own."""
    players = await open_table(world, running)
    record = await players.click(world.bo, players.message(), players.cid("dream"))
    answer = await world.fake.private_answer(record)
    await players.choose(world.bo, answer, players.sid("peek0", 1), ["2", "3"])
    await players.settle()
    await running.presenter.idle()
    table = players.table
    assert table is not None
    content = players.message().content
    assert "Bo looked at their positions 3 and 4." in content
    computer = next(seat.name for seat in table.seats if seat.user_id is None)
    assert f"{computer} looked at their positions 1 and 2." in content  # as a computer player always does
    peeks = [line for line in content.splitlines() if "looked at" in line]
    assert len(peeks) == 2 and all(not any(ch.isdigit() for ch in line.replace("3 and 4", "").replace("1 and 2", ""))
                                   for line in peeks)  # the positions, and no card's points
    assert world.fake.violations == []
