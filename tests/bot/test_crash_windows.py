"""What a crash between a saved move and its post would have lost is posted after the restart, once: a finished
match's last reveal and standings, a reveal the table waits on between rounds, a lobby never shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot import retries, sending
from bot.client import DreamcatsBot
from bot.storage import load_live_games, load_owed_endings
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.ui import Players
from tests.fakediscord import BotRunner, DiscordError, Fault, service_unavailable
from tests.fakediscord.message import FakeMessage
from tests.fakediscord.rest import Call

HUNG = 1.0  # seconds a held post hangs (longer than the bot's patience, below), then fails: nothing is posted


@pytest.fixture(autouse=True)
def _impatient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crashed bot's presenter gives up on its hung posts quickly (its tasks outlive the fake's kill)."""
    monkeypatch.setattr(sending, "SEND_PATIENCE", 0.3)
    monkeypatch.setattr(retries, "FAILED_PAUSE", 0.1)


def _standings(messages: list[FakeMessage]) -> list[FakeMessage]:
    return [m for m in messages if any(a.filename == "standings.png" for a in m.attachments)]


def _reveals(messages: list[FakeMessage]) -> list[FakeMessage]:
    return [m for m in messages if any(a.filename == "reveal.png" for a in m.attachments)]


def _holding(filename: str, held: asyncio.Event) -> Callable[[Call], Fault | None]:
    """An outage for the posts of one picture: Discord is slow with them (a long queue, a bad minute) and the bot
    dies before they are made; `held` is set at the first."""
    def hold(call: Call) -> Fault | None:
        if any(upload.filename == filename for upload in call.files):
            held.set()
            return Fault(error=service_unavailable(), delay=HUNG)
        return None

    return hold


async def _playing(world: World) -> tuple[BotRunner, DreamcatsBot, Players]:
    """A bot running against the fake, and a table of three people and a computer player, started."""
    first = make_bot(world, seed=7)
    runner = world.fake.run(first)
    await runner.start()
    return runner, first, await open_table(world, first)


async def test_standings_held_up_by_a_crash_are_posted_after_the_restart_once(world: World) -> None:
    fake = world.fake
    runner, _, players = await _playing(world)
    held = asyncio.Event()
    fake.outage = _holding("standings.png", held)
    await players.play_to_the_end()
    await asyncio.wait_for(held.wait(), 10)
    reveals = len(_reveals(fake.messages_in(world.games)))
    await runner.kill()
    fake.outage = None
    assert _standings(fake.messages_in(world.games)) == []

    second = make_bot(world, seed=8)
    await runner.restart(second)
    await fake.wait_until(lambda: _standings(fake.messages_in(world.games)), timeout=10, what="the standings")
    await second.presenter.idle()
    [standings] = _standings(fake.messages_in(world.games))
    assert standings.custom_ids == [players.cid("again")]  # Play again is offered, as after any match
    # The last round's reveal went out before the crash; posted again with the same nonce, Discord keeps one.
    assert len(_reveals(fake.messages_in(world.games))) == reveals
    async with second.db.sessions() as session, session.begin():
        assert await load_owed_endings(session) == []

    third = make_bot(world, seed=9)  # shown now: a later restart does not show it again
    await runner.restart(third)
    await third.presenter.idle()
    assert len(_standings(fake.messages_in(world.games))) == 1
    assert fake.violations == []
    await runner.stop()


async def test_standings_the_bot_may_not_post_there_are_not_owed_any_more(world: World) -> None:
    fake = world.fake
    runner, first, players = await _playing(world)
    refused = DiscordError(403, 50013, "Missing Permissions", rule_broken=False)  # an admin took Send Messages away
    fake.outage = lambda call: Fault(error=refused) if any(f.filename == "standings.png" for f in call.files) else None
    await players.play_to_the_end()
    await first.presenter.idle()
    assert fake.errors and {error.code for error in fake.errors} == {50013}
    async with first.db.sessions() as session, session.begin():
        assert await load_owed_endings(session) == []  # no restart will be able to post them either
    fake.outage = None
    await runner.restart(make_bot(world, seed=8))
    assert _standings(fake.messages_in(world.games)) == []
    await runner.stop()


async def test_a_lobby_whose_message_a_crash_kept_back_is_posted_after_the_restart(world: World) -> None:
    fake = world.fake
    first = make_bot(world, seed=7)
    runner = fake.run(first)
    await runner.start()
    held = asyncio.Event()

    def hold_the_answer(call: Call) -> Fault | None:
        """Discord takes its time over the start's answer (the lobby itself): the bot dies meanwhile."""
        if call.path.startswith("/interactions/"):
            held.set()
            return Fault(error=service_unavailable(), delay=600)
        return None

    fake.outage = hold_the_answer
    await fake.slash(world.ana, world.games, "dreamcats start", wait=False)
    await asyncio.wait_for(held.wait(), 10)
    [game_id] = [table.game_id for table in first.service.tables]  # opened and saved, not shown
    await runner.kill()
    fake.outage = None
    assert fake.latest_with(world.games, "dc:") is None

    second = make_bot(world, seed=8)
    await runner.restart(second)
    lobby = await fake.wait_until(lambda: fake.latest_with(world.games, f"dc:{game_id}:"), timeout=10,
                                  what="the lobby posted")
    assert second.service.get(game_id).message_id == lobby.id  # the channel's game can be found and joined again
    joined = await fake.click(world.bo, lobby, label="Join")
    assert joined.error_codes == [] and [seat.user_id for seat in second.service.get(game_id).seats] == [
        world.ana.id, world.bo.id]
    assert fake.violations == []
    await runner.stop()


async def test_a_reveal_held_up_by_a_crash_is_posted_after_the_restart_above_the_table(world: World) -> None:
    fake = world.fake
    runner, _, players = await _playing(world)
    held = asyncio.Event()
    fake.outage = _holding("reveal.png", held)
    await players.initial_peeks()
    while (table := players.table) is not None and table.paused_until is None:  # play until a round ends
        await players.play_turn_step()
    await asyncio.wait_for(held.wait(), 10)  # the table waits between rounds, its reveal on its way
    await runner.kill()
    fake.outage = None
    assert _reveals(fake.messages_in(world.games)) == []

    second = make_bot(world, seed=8)
    await runner.restart(second)
    players.bot = second
    await fake.wait_until(lambda: _reveals(fake.messages_in(world.games)), timeout=10, what="the reveal")
    await second.presenter.idle()
    [reveal] = _reveals(fake.messages_in(world.games))
    assert players.message().id > reveal.id  # the live table moved below it, as it does after any reveal
    await players.next_round()  # the match goes on, and the reveal is owed no more
    async with second.db.sessions() as session, session.begin():
        [stored] = await load_live_games(session)
    assert stored.payload["reveals_owed"] == []
    assert len(_reveals(fake.messages_in(world.games))) == 1
    assert fake.violations == []
    await runner.stop()


async def test_a_table_whose_closing_a_crash_kept_back_loses_its_buttons_at_the_first_click(world: World) -> None:
    fake = world.fake
    runner, _, players = await _playing(world)
    table_message, number = players.message(), players.table.move_number  # type: ignore[union-attr]
    held = asyncio.Event()

    def hold_the_closing(call: Call) -> Fault | None:
        """The table's last edit ("stopped", no buttons) hangs: the bot dies meanwhile."""
        if call.method == "PATCH" and "/messages/" in call.path:
            held.set()
            return Fault(error=service_unavailable(), delay=600)
        return None

    asked = await fake.slash(world.ana, world.games, "dreamcats stop")
    assert asked.reply is not None
    fake.outage = hold_the_closing
    await fake.click(world.ana, asked.reply, players.cid("stopok"), wait=False)
    await asyncio.wait_for(held.wait(), 10)
    await runner.kill()
    fake.outage = None
    assert players.cid("draw", number) in table_message.custom_ids  # it still looks playable

    second = make_bot(world, seed=8)
    await runner.restart(second)
    assert second.service.tables == []  # the stop was saved: nothing to resume
    click = await fake.click(world.bo, table_message, players.cid("draw", number))
    assert table_message.custom_ids == []  # its buttons are gone for everyone
    assert click.private_reply is not None and "no longer running" in click.private_reply.content
    assert fake.violations == []
    await runner.stop()
