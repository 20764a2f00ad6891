"""Issue 12 item 6: private messages stay private and tidy across restarts, the end of a match and time-outs."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from bot import reveal_hides
from bot.service import ManualClock
from bot.storage.models import BotState
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table


async def test_a_reveal_shown_before_a_restart_still_vanishes_after_it(world: World) -> None:
    fake = world.fake
    first = make_bot(world, clock=ManualClock())
    runner = fake.run(first)
    await runner.start()
    players = await open_table(world, first)
    await players.initial_peeks()
    peeks = [m for m in fake.messages_by_id.values() if m.ephemeral and m.attachments]
    assert len(peeks) == 3 and all("dream.png" == m.attachments[0].filename for m in peeks)

    await runner.kill()  # the peeks' timers were in the crashed process
    clock = ManualClock()
    second = make_bot(world, seed=8, clock=clock)
    await runner.restart(second)
    players.bot = second
    await clock.advance(10)
    await fake.idle()
    assert all(m.attachments for m in peeks)  # the reveal time (20 s) is not over yet
    await clock.advance(11)
    await fake.wait_until(lambda: not any(m.attachments for m in peeks), what="the peeks to vanish")
    hidden = {"The cards are face down again.", "Karty są znowu zakryte."}  # Cy reads Polish
    assert all(m.embeds[0]["description"] in hidden for m in peeks)
    await fake.wait_until(lambda: not reveal_hides._tasks, what="the hides to be forgotten")
    async with second.db.sessions() as session:
        assert (await session.scalars(select(BotState.key).where(BotState.key.startswith("reveal:")))).all() == []
    await second.presenter.idle()
    assert fake.violations == []
    await runner.stop()


async def test_reveals_waiting_to_vanish_hold_timers_not_tasks(world: World) -> None:
    fake, clock = world.fake, ManualClock()
    bot = make_bot(world, clock=clock)
    async with fake.run(bot):
        players = await open_table(world, bot)
        await players.initial_peeks()
        await fake.wait_until(lambda: len(reveal_hides._tasks) == 3 and not any(
            isinstance(waiting, asyncio.Task) for waiting in reveal_hides._tasks.values()), what="the hides stored")
        await clock.advance(21)
        await fake.wait_until(lambda: not reveal_hides._tasks, what="the hides done")
        peeks = [m for m in fake.messages_by_id.values() if m.ephemeral and m.embeds]
        assert len(peeks) == 3 and not any(m.attachments for m in peeks)
        await players.settle()
    assert fake.violations == []


async def test_private_buttons_of_a_finished_match_give_way_to_a_line(world: World) -> None:
    fake = world.fake
    bot = make_bot(world)
    async with fake.run(bot):
        players = await open_table(world, bot)
        await players.initial_peeks()
        dream = await players.click(world.bo, players.message(), players.cid("dream"))
        assert dream.reply is not None and players.cid("quit") in dream.reply.custom_ids
        await players.play_to_the_end()
        await players.settle()
        assert players.table is None

        late = await players.click(world.bo, dream.reply, players.cid("quit"))
        assert late.reply is None or late.reply is dream.reply  # the private message itself changes
        assert dream.reply.custom_ids == [] and "no longer running" in dream.reply.content
    assert fake.violations == []


async def test_a_sleeper_is_shown_the_cards_the_stand_in_looked_at_once(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        table = players.table
        assert table is not None and table.turn == 0 and table.state is not None
        assert not table.state.round.peeked[0]
        await clock.advance(121)  # Ana never looked at her cards: the stand-in peeks and plays her turn
        await players.settle()
        after = players.table
        assert after is not None and after.state is not None and after.state.round.peeked[0]

        first = await players.click(world.ana, players.message(), players.cid("dream"))
        shown = first.reply
        assert shown is not None and shown.ephemeral and [a.filename for a in shown.attachments] == ["dream.png"]
        text = shown.embeds[0]["description"]
        assert "looked at these cards for you" in text and text.count("position") >= 2  # the peek, any card it kept
        public = [m for m in world.fake.messages_by_id.values() if not m.ephemeral]
        assert all("looked at these cards" not in str(m.embeds) + m.content for m in public)

        again = await players.click(world.ana, players.message(), players.cid("dream"))
        assert again.reply is not None and "looked at these cards" not in str(again.reply.embeds)  # once only
        await clock.advance(21)
        await world.fake.wait_until(lambda: not shown.attachments, what="the reveal to vanish")
    assert world.fake.violations == []
