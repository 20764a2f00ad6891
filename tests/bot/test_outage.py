"""Discord having a bad minute: a share of the bot's requests fail, some after they took effect. Every table goes on,
nothing is left broken, and once Discord is well again every table shows its newest state."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time

import discord
import pytest

from bot import retries, sending
from bot.client import DreamcatsBot
from bot.edit_tokens import EditTokens
from bot.presentations import presentation_of
from bot.sending import discords_doing, failure_level, interaction_gone, servers_doing
from bot.service import ManualClock
from game.dreamcats import Step
from tests.benchmarks.load_people import Tally
from tests.benchmarks.load_play import PlayingTable, show_people_their_tables
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.fakediscord import Fault, service_unavailable
from tests.fakediscord.message import FakeMessage
from tests.fakediscord.rest import Call

TABLES = 4
FAILING_SHARE = 0.2  # of the bot's requests while Discord is unwell
OUTAGE, AFTER = 8.0, 8.0  # seconds of play with the outage, then without it
PAUSE = 0.2  # the first pause after a failure (bot.retries.FAILED_PAUSE), cut to keep the tests short
HUNG, PATIENCE = 2.0, 0.5  # a late answer, and how long the bot waits for one in the test (SEND_PATIENCE)


class Outage:
    """Fails a seeded share of requests while `on`: an interaction's answer never takes effect (Discord would show
    "This interaction failed"); any other request half the time does, its answer lost on the way back. One in five
    of the others is not failed but answered late, after HUNG seconds."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.on = True
        self.faults = 0
        self.failed_answers: set[str] = set()  # the callback paths of the interactions whose answer failed

    def __call__(self, call: Call) -> Fault | None:
        if not self.on or self.rng.random() >= FAILING_SHARE:
            return None
        self.faults += 1
        answer = call.path.startswith("/interactions/")
        if answer:
            self.failed_answers.add(call.path)
        elif self.rng.random() < 0.2:
            return Fault(delay=HUNG)
        return Fault(service_unavailable(), applied=not answer and self.rng.random() < 0.5)


def people_at_tables(world: World, tally: Tally) -> list[PlayingTable]:
    """Two people in a channel of their own per table, clicking quickly, as in the load benchmark."""
    fake, tables = world.fake, []
    for index in range(TABLES):
        channel = fake.add_channel(world.guild, f"table-{index}")
        people = (fake.add_user(f"a{index}", display_name=f"Ann{index}", guild=world.guild),
                  fake.add_user(f"b{index}", display_name=f"Ben{index}", guild=world.guild))
        tables.append(PlayingTable(fake, channel, people, tally, think=0.02, points=30, rng=random.Random(index)))
    show_people_their_tables(fake, tables)
    return tables


async def let_time_pass(clock: ManualClock, seconds: float) -> None:
    """Real time passes, and the bot's clock runs 20 times as fast: a person whose click was lost and who waits
    for the table to change has their turn played by the turn timer (120 s), as on Discord."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.1)
        await clock.advance(2.0)


def shows_newest(bot: DreamcatsBot, world: World) -> bool:
    """Every live table's message shows its game's newest text."""
    for table in bot.service.tables:
        message = world.fake.messages_by_id.get(table.message_id or 0)
        if message is None or message.deleted:
            return False
        if table.state is not None and message.content != presentation_of(table).table_content(table):
            return False
    return True


async def test_tables_play_through_an_outage_and_show_their_newest_state_after(
        world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(sending, "SEND_PATIENCE", PATIENCE)
    clock, tally, outage = ManualClock(), Tally(), Outage(seed=11)
    bot = DreamcatsBot(database_url=world.database_url, clock=clock, computer_pause=0.0, edit_interval=0.1,
                       rng=random.Random(5))
    tables = people_at_tables(world, tally)
    async with world.fake.run(bot):
        world.fake.outage = outage
        players = [asyncio.create_task(table.run()) for table in tables]
        await let_time_pass(clock, OUTAGE / 2)
        await world.fake.drop_gateway()  # the connection is cut mid-outage too: discord.py resumes it
        await let_time_pass(clock, OUTAGE / 2)
        outage.on = False
        moves = {table.game_id: table.move_number for table in bot.service.tables}
        await let_time_pass(clock, AFTER)
        for table in tables:
            table.stopping = True
        await asyncio.wait(players, timeout=10)
        for task in players:
            task.cancel()
        await world.fake.wait_until(lambda: shows_newest(bot, world), timeout=10, what="every table's newest move")
        moved_on = [t for t in bot.service.tables if t.move_number > moves.get(t.game_id, -1)]
    assert outage.faults > 20 and len(moved_on) >= TABLES - 1  # a table may be between matches at the end
    assert [c.kind for c in world.fake.gateway.connections] == ["identify", "resume"]
    # discord.py tries a failed answer again after 1 s and 3 s: the last try can come after Discord's 3 s. That
    # is the outage's doing; asking Discord again after its "Unknown interaction" would be the bot's.
    late = [v.request.removeprefix("POST ") for v in world.fake.violations if v.rule == "late-callback"]
    assert set(late) <= outage.failed_answers and len(late) == len(set(late))
    assert [v for v in world.fake.violations if v.rule != "late-callback"] == []
    # Discord's failures are warnings (nothing in the bot to fix); no task died unseen.
    assert [r for r in caplog.records if r.name == "bot.views.click" and r.levelno >= logging.ERROR] == []
    assert [r for r in caplog.records if r.name == "asyncio"] == []


async def test_a_table_text_discord_failed_is_sent_again_without_waiting_for_another_move(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Ana draws and Discord fails the table's edit that says so. She holds the card (the table gets no new picture
    meanwhile), and nobody else may move: before, the table said nothing of her draw until her next move."""
    monkeypatch.setattr(retries, "FAILED_PAUSE", PAUSE)
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.turn == 0
    # Edited through the channel (discord.py tries a token's edit again by itself after a 503, not a channel's).
    running.presenter.posts.tokens = EditTokens()
    monkeypatch.setattr(running.presenter.posts.tokens, "wanted", lambda game_id, message_id: False)
    shown = players.message()
    failed: list[str] = []

    def fail_the_text_edit_once(call: Call) -> Fault | None:
        if failed or call.method != "PATCH" or call.multipart or not call.path.endswith(f"/messages/{shown.id}"):
            return None
        failed.append(call.path)
        return Fault(service_unavailable())

    world.fake.outage = fail_the_text_edit_once
    draw = await players.click(world.ana, shown, players.cid("draw", table.move_number))
    assert draw.response_type == 4 and draw.reply is not None and draw.reply.ephemeral
    await world.fake.wait_until(lambda: failed, what="the failed edit")
    table = players.table
    assert table is not None and table.state is not None and table.state.round.step is Step.HOLDING
    await world.fake.wait_until(lambda: shown.content == presentation_of(table).table_content(table),
                                timeout=PAUSE + 3, what="the table saying that Ana drew")
    assert [r for r in caplog.records if "could not update Discord (1 in a row" in r.getMessage()]
    assert world.fake.violations == []


async def test_a_table_edit_discord_never_answers_is_given_up_and_sent_again(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request Discord leaves hanging held the table still for aiohttp's 5 minutes: a game's edits go out one at a
    time. Now it is given up after SEND_PATIENCE and the newest table sent again."""
    monkeypatch.setattr(sending, "SEND_PATIENCE", 0.3)
    monkeypatch.setattr(retries, "FAILED_PAUSE", PAUSE)
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.turn == 0
    shown = players.message()
    hung: list[str] = []

    def hang_the_next_table_edit(call: Call) -> Fault | None:
        if hung or call.method != "PATCH" or call.multipart or not call.path.endswith(
                ("/@original", f"/messages/{shown.id}")):
            return None
        hung.append(call.path)
        return Fault(delay=60.0)

    world.fake.outage = hang_the_next_table_edit
    # Not waited for as `click` does: the fake would wait for the hung request too, to be idle.
    draw = await world.fake.click(world.ana, shown, players.cid("draw", table.move_number), wait=False)
    await world.fake.wait_until(lambda: draw.reply is not None, what="Ana's drawn card")
    await world.fake.wait_until(lambda: hung, what="the hung edit")
    table = players.table
    assert table is not None and table.state is not None and table.state.round.step is Step.HOLDING
    await world.fake.wait_until(lambda: shown.content == presentation_of(table).table_content(table),
                                timeout=0.3 + PAUSE + 3, what="the table saying that Ana drew")
    assert world.fake.violations == []


async def test_a_drawn_card_whose_answer_discord_lost_comes_back_from_the_draw_button(
        world: World, running: DreamcatsBot) -> None:
    """Ana's Draw is made but its answer never reaches her ("This interaction failed"). Pressing Draw again shows her
    the card she holds and its choices (before: "That doesn't fit this step of the turn", with nothing to use)."""
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.turn == 0
    hung: list[str] = []

    def hang_the_answer(call: Call) -> Fault | None:
        if hung or not call.path.startswith("/interactions/"):
            return None
        hung.append(call.path)
        return Fault(delay=30.0)

    world.fake.outage = hang_the_answer
    await world.fake.click(world.ana, players.message(), players.cid("draw", table.move_number), wait=False)
    holding = await world.fake.wait_until(
        lambda: (t := players.table) is not None and t.state is not None and t.state.round.step is Step.HOLDING and t,
        what="the draw made")
    world.fake.outage = None
    draw_again = players.cid("draw", holding.move_number)
    await world.fake.wait_until(lambda: draw_again in players.message().custom_ids, what="the table after the draw")
    again = await players.click(world.ana, players.message(), draw_again)
    private = await world.fake.private_answer(again)
    assert any(":swap:" in c for c in private.custom_ids) and private.embeds  # the card she holds, to play
    assert private.visible_to(world.ana) and not private.visible_to(world.bo)
    assert players.table is not None and players.table.move_number == holding.move_number  # nothing played again
    take = await players.click(world.ana, players.message(), players.cid("take", holding.move_number))
    assert any(":swap:" in c for c in (await world.fake.private_answer(take)).custom_ids)


class _Response:
    """The least of an aiohttp response that discord.HTTPException reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


def test_discords_own_failures_are_told_from_the_bots() -> None:
    expired = discord.NotFound(_Response(404), {"code": 10062, "message": "Unknown interaction"})
    unwell = discord.DiscordServerError(_Response(503), {"code": 0, "message": "503: Service Unavailable"})
    deleted = discord.NotFound(_Response(404), {"code": 10008, "message": "Unknown Message"})
    invalid = discord.HTTPException(_Response(400), {"code": 50035, "message": "Invalid Form Body"})
    assert interaction_gone(expired) and discords_doing(expired)
    assert not interaction_gone(unwell) and discords_doing(unwell) and discords_doing(TimeoutError())
    assert not discords_doing(deleted) and not discords_doing(invalid) and not discords_doing(ValueError())
    # A permission an admin took away is the server's doing: a warning too, and so are Discord's own failures.
    refused = discord.Forbidden(_Response(403), {"code": 50013, "message": "Missing Permissions"})
    assert servers_doing(refused) and not servers_doing(invalid) and not servers_doing(unwell)
    assert [failure_level(e) for e in (expired, unwell, refused, deleted, invalid, ValueError())] == [
        logging.WARNING, logging.WARNING, logging.WARNING, logging.ERROR, logging.ERROR, logging.ERROR]


def posts_of(world: World, filename: str) -> list[FakeMessage]:
    """The channel messages (not deleted) that carry a picture of that name."""
    return [m for m in world.fake.messages_in(world.games)
            if not m.deleted and any(a.filename == filename for a in m.attachments)]


@pytest.mark.parametrize("applied", [False, True], ids=["never-made", "made-answer-lost"])
async def test_a_reveal_discord_failed_to_post_is_posted_once(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch, applied: bool) -> None:
    """A round's reveal (the cards and the scores) lost to Discord was never posted: the round went by unseen. Sent
    again after an answer that was lost on the way back, it was posted twice; its nonce now makes it once."""
    monkeypatch.setattr(retries, "FAILED_PAUSE", PAUSE)
    players = await open_table(world, running)
    failed: list[str] = []

    def fail_the_reveal_once(call: Call) -> Fault | None:
        if failed or call.method != "POST" or not any(f.filename == "reveal.png" for f in call.files):
            return None
        failed.append(call.path)
        return Fault(service_unavailable(), applied=applied)

    world.fake.outage = fail_the_reveal_once
    while (table := players.table) is not None and table.state is not None and table.state.round.number == 1:
        await players.initial_peeks()
        await players.play_turn_step()
    assert failed  # the reveal's first post failed
    reveal = await world.fake.wait_until(lambda: world.fake.latest(
        world.games, where=lambda m: any(a.filename == "reveal.png" for a in m.attachments)),
        timeout=PAUSE + 3, what="the reveal")
    assert "Round 1" in json.dumps(reveal.embeds)
    await asyncio.wait_for(running.presenter.idle(), timeout=PAUSE + 3)
    assert len(posts_of(world, "reveal.png")) == 1
    assert world.fake.violations == []


async def test_a_table_moved_below_a_reveal_whose_answer_was_lost_is_posted_once_and_shows_the_newest(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a reveal the table is posted anew below it. Discord made that post but its answer was lost: sent again,
    a second table message appeared, and the first kept buttons that only led to "from an earlier moment". Ana
    presses Next round meanwhile: the table Discord made says nobody is ready, and must be brought up to date."""
    monkeypatch.setattr(retries, "FAILED_PAUSE", PAUSE)
    players = await open_table(world, running, points=100)  # the match goes on after round 1
    failed: list[str] = []
    pressed: list[asyncio.Task[object]] = []

    def lose_the_moved_tables_answer(call: Call) -> Fault | None:
        if (failed or call.method != "POST" or not call.path.endswith("/messages")
                or not any(f.filename == "table.png" for f in call.files) or not posts_of(world, "reveal.png")):
            return None
        failed.append(call.path)
        pressed.append(asyncio.get_running_loop().create_task(
            running.service.ready_for_next_round(players.game_id, world.ana.id)))
        return Fault(service_unavailable(), applied=True)

    world.fake.outage = lose_the_moved_tables_answer
    while (table := players.table) is not None and table.state is not None and table.state.round.number == 1:
        await players.initial_peeks()
        await players.play_turn_step()
    await world.fake.wait_until(lambda: failed, timeout=PAUSE + 3, what="the moved table's lost answer")
    await asyncio.gather(*pressed)
    assert players.table is not None and players.table.ready
    await world.fake.wait_until(lambda: shows_newest(running, world), timeout=PAUSE + 5, what="the newest table")
    await asyncio.wait_for(running.presenter.idle(), timeout=PAUSE + 3)
    tables = posts_of(world, "table.png")
    assert len(tables) == 1 and tables[0].id > posts_of(world, "reveal.png")[0].id  # one table, below the reveal
    assert world.fake.violations == []
