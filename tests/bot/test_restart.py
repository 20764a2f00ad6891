"""Issue 6: a crash in the middle of a turn does not end the match; a deleted table is posted again."""

from __future__ import annotations

from bot.service import ManualClock, Table
from bot.storage import load_live_games, player_stats
from game.dreamcats import replay_of
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table


async def test_a_crash_mid_turn_and_a_new_bot_finish_the_match(world: World) -> None:
    fake = world.fake
    first = make_bot(world, seed=7)
    runner = fake.run(first)
    await runner.start()
    players = await open_table(world, first)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.state is not None and table.state.round.turn == 0
    number = table.move_number
    drawn = await players.click(world.ana, players.message(), players.cid("draw", number))
    assert drawn.reply is not None and players.cid("swap", number + 1, 0) in drawn.reply.custom_ids
    game_id = players.game_id

    await runner.kill()  # no clean shutdown: the websocket is cut and the client task cancelled
    second = make_bot(world, seed=8)
    await runner.restart(second)
    players.bot = second
    resumed = players.table
    assert resumed is not None and resumed.state is not None and resumed.state.round.held is not None

    # The private buttons of the crashed bot still work: Ana puts her drawn card into position 1.
    await players.click(world.ana, drawn.reply, players.cid("swap", number + 1, 0))
    await players.settle()
    after = players.table
    assert after is not None and after.move_number == number + 2 and after.turn == 1 and after.deadline is not None

    # A second crash while Bo thinks; the third bot's timer runs from the stored deadline and plays for him.
    await runner.kill()
    clock = ManualClock()
    third = make_bot(world, seed=9, clock=clock)
    await runner.restart(third)
    players.bot = third
    await clock.advance((after.deadline - clock.now()).total_seconds() + 1)
    await players.settle()
    later = players.table
    assert later is not None and later.seats[1].timeouts == 1 and later.move_number > after.move_number
    # The finished table as the service announces it (the presenter lets go of a game once it is shown).
    finished: list[Table] = []
    announce = third.presenter.match_ended

    def remember(table: Table) -> None:
        finished.append(table)
        announce(table)

    third.presenter.match_ended = remember  # type: ignore[method-assign]
    await players.play_to_the_end()
    await third.presenter.idle()

    [final] = [table for table in finished if table.game_id == game_id]
    assert final.state is not None and final.state.over
    assert replay_of(final.state).totals == final.state.totals
    async with third.db.sessions() as session, session.begin():
        assert await load_live_games(session) == []
        for seat, user in enumerate((world.ana, world.bo, world.cy)):
            stats = await player_stats(session, guild_id=world.guild.id, user_id=user.id)
            assert stats is not None and stats.matches == 1
            assert stats.recent[0].total == final.state.totals[seat]
    assert fake.violations == []
    await runner.stop()


async def test_a_deleted_table_is_posted_again_and_edits_are_coalesced(world: World) -> None:
    fake = world.fake
    bot = make_bot(world)
    async with fake.run(bot):
        players = await open_table(world, bot)
        table = players.table
        assert table is not None
        bot.presenter.edit_interval, before = 0.3, bot.presenter.edits
        for _ in range(20):
            bot.presenter.table_changed(table)
        await bot.presenter.idle()
        assert bot.presenter.edits - before <= 2
        bot.presenter.edit_interval = 0.0

        old = players.message()
        fake.delete_message(old)
        # Nobody can click a deleted message; a second /dreamcats start points to the game and brings it back.
        pointer = await fake.slash(world.eve, world.games, "dreamcats start")
        assert pointer.reply is not None and pointer.reply.ephemeral and "already has a game" in pointer.reply.content
        await bot.presenter.idle()
        new = players.message()
        assert new.id != old.id and not new.deleted and [a.filename for a in new.attachments] == ["table.png"]
        assert any(c.startswith(f"dc:{players.game_id}:draw") for c in new.custom_ids)
        assert fake.violations == []
