"""A table is edited through a click's token where one is lent (bot.edit_tokens): Discord's global rate limit does not
count those edits. The token is used only for its own message and only while Discord still takes it; a table Discord
refuses altogether is tried again at growing pauses (bot.presenter)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from bot import retries
from bot.client import DreamcatsBot
from bot.edit_tokens import TOKEN_USE, EditTokens
from bot.presentations import presentation_of
from bot.reveal_hides import PendingHide
from bot.service import ManualClock
from tests.bot.conftest import World, make_bot
from tests.bot.test_catduel_table import open_catduel
from tests.bot.test_dream21_table import open_dream21
from tests.bot.test_endtoend import open_table
from tests.bot.ui import Players, TableClicks
from tests.fakediscord import FakeMessage

CHANNEL_EDIT = "PATCH /channels/{id}/messages/{id}"
TOKEN_EDIT = "PATCH /webhooks/{id}/{id}/messages/@original"
TOKEN_DELETE = "DELETE /webhooks/{id}/{id}/messages/@original"
SEND_MESSAGES = 1 << 11


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_token_edits_only_its_own_message_until_its_time_is_up() -> None:
    clock = Clock()
    tokens = EditTokens(clock)
    tokens.lend("g1", 10, "secret-a")
    assert tokens.for_message("g1", 10) == "secret-a"
    assert tokens.for_message("g1", 11) is None  # the table moved to a new message
    assert tokens.for_message("g2", 10) is None
    clock.now += TOKEN_USE - 1
    assert tokens.for_message("g1", 10) == "secret-a"
    clock.now += 1
    assert tokens.for_message("g1", 10) is None and len(tokens) == 0  # Discord would refuse it within the minute


def test_the_tokens_of_games_nobody_shows_any_more_do_not_pile_up() -> None:
    """A click on a game long over lends a token that no table edit ever looks up again."""
    clock = Clock()
    tokens = EditTokens(clock)
    for game in range(1000):
        tokens.lend(f"gone{game}", game, f"secret-{game}")
    clock.now += TOKEN_USE
    tokens.lend("live", 1, "secret-live")
    assert len(tokens) == 1 and tokens.for_message("live", 1) == "secret-live"


def test_a_refused_token_is_dropped_but_a_newer_one_stays() -> None:
    tokens = EditTokens(Clock())
    tokens.lend("g1", 10, "old")
    tokens.lend("g1", 10, "new")  # the newest click's token replaces the older one
    tokens.drop("g1", "old")
    assert tokens.for_message("g1", 10) == "new"
    tokens.drop("g1", "new")
    assert tokens.for_message("g1", 10) is None
    tokens.lend("g1", 10, "again")
    tokens.forget("g1")
    assert len(tokens) == 0


def test_a_token_never_shows_in_its_repr() -> None:
    tokens = EditTokens(Clock())
    tokens.lend("g1", 10, "secret-a")
    assert "secret-a" not in repr(tokens._tokens)


def _shows_newest(players: Players, message: FakeMessage) -> bool:
    """The message shows the live table's newest text."""
    table = players.table
    assert table is not None and table.state is not None
    return message.content == presentation_of(table).table_content(table)


def _since(players: Players, before: Counter[str]) -> Counter[str]:
    return players.world.fake.request_kinds - before


async def _turns(players: Players, steps: int) -> None:
    await players.initial_peeks()
    for _ in range(steps):
        table = players.table
        if table is None or table.state is None or table.paused_until is not None:
            return
        await players.play_turn_step()


async def test_after_the_start_click_the_table_is_edited_through_its_token(world: World,
                                                                          running: DreamcatsBot) -> None:
    players = await open_table(world, running, points=100)
    before = Counter(world.fake.request_kinds)
    await _turns(players, 6)
    await players.settle()
    sent = _since(players, before)
    assert sent[TOKEN_EDIT] >= 6 and sent[CHANNEL_EDIT] == 0
    table = players.table
    assert table is not None and table.state is not None
    message = players.message()
    assert message.id == table.message_id and not message.deleted
    assert _shows_newest(players, message)  # what the people see is the newest table
    assert world.fake.violations == []


async def test_the_table_below_a_reveal_takes_the_next_rounds_tokens(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players = await open_table(world, running, points=100)
    first = players.message()
    before = Counter(fake.request_kinds)
    while players.table is not None and players.table.state is not None and players.table.state.round.number == 1:
        await _turns(players, 1)
    await players.settle()
    assert first.deleted and _since(players, before)[TOKEN_DELETE] == 1  # the old table went through its token
    moved = players.message()
    assert moved is not first
    before = Counter(fake.request_kinds)
    await players.next_round()  # the clicks on the new message lend its tokens
    await _turns(players, 4)
    await players.settle()
    sent = _since(players, before)
    assert sent[TOKEN_EDIT] >= 4 and sent[CHANNEL_EDIT] <= 1  # at most the edit made before anyone clicked Next
    assert players.message() is moved and _shows_newest(players, moved)
    assert fake.violations == []


async def test_a_lapsing_token_is_not_used_and_the_next_table_click_lends_a_new_one(
        world: World, running: DreamcatsBot) -> None:
    clock = Clock()
    running.presenter.posts.tokens = EditTokens(clock)
    players = await open_table(world, running, points=100)
    await players.initial_peeks()
    clock.now += TOKEN_USE
    before = Counter(world.fake.request_kinds)
    running.service.refresh(players.game_id)  # a change with no click: the table is edited directly
    await players.settle()
    sent = _since(players, before)
    assert sent[TOKEN_EDIT] == 0 and sent[CHANNEL_EDIT] == 1
    table = players.table
    assert table is not None and table.state is not None
    person = players.people[table.seats[table.turn].user_id or 0]
    shown = players.message()
    pictures = [a.filename for a in shown.attachments]
    draw = await players.click(person, shown, players.cid("draw", table.move_number))
    # Answered with a deferred update of the table (its token lent), the drawn card following privately:
    private = await world.fake.private_answer(draw)
    players.private[person.id] = private  # where the rest of the turn is played
    assert draw.response_type == 6 and private.ephemeral and private.visible_to(person) and private.embeds
    assert not any(private.visible_to(other) for other in players.people.values() if other is not person)
    await players.settle()
    assert [a.filename for a in shown.attachments] == pictures and _shows_newest(players, shown)  # the public move
    secret = private.embeds[0].get("description")
    assert secret and all(embed.get("description") != secret for embed in shown.embeds)
    before = Counter(world.fake.request_kinds)
    await _turns(players, 3)
    await players.settle()
    sent = _since(players, before)
    assert sent[TOKEN_EDIT] >= 3 and sent[CHANNEL_EDIT] == 0
    assert _shows_newest(players, players.message())
    assert world.fake.violations == []


async def test_a_reveal_that_follows_a_lending_click_hides_in_its_own_message(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        table = players.table
        assert table is not None and table.turn == 0  # Ana's turn; she has not looked at her cards
        await clock.advance(121)  # she sleeps: the computer peeks and plays for her
        await players.settle()
        bot.presenter.posts.tokens = EditTokens()  # as after a restart: no token for the table
        shown = players.message()
        record = await players.click(world.ana, shown, players.cid("dream"))
        peek = await world.fake.private_answer(record)
        assert record.response_type == 6 and peek is not None and peek.ephemeral
        assert [a.filename for a in peek.attachments] == ["dream.png"]
        assert [a.filename for a in shown.attachments] == ["table.png"]
        await clock.advance(21)  # the reveal time passes: the peek hides, the table stays as it is
        await world.fake.wait_until(lambda: not peek.attachments, what="the reveal to vanish")
        assert [a.filename for a in shown.attachments] == ["table.png"] and shown.embeds[0].get("image")
        assert world.fake.violations == []


async def test_a_table_deleted_by_a_moderator_is_posted_again(world: World, running: DreamcatsBot,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    players = await open_table(world, running, points=100)
    await players.initial_peeks()
    deleted = players.message()
    world.fake.remove_message(deleted)
    running.service.refresh(players.game_id)  # any change to show: here, the table shown again
    await players.settle()
    table = players.message()
    assert table is not deleted and not table.deleted and any(":draw:" in c for c in table.custom_ids)
    assert _shows_newest(players, table)
    lines = [r.getMessage() for r in caplog.records]
    assert any("token no longer edits" in line for line in lines)
    tokens = {record.token for record in world.fake.interactions.values()}
    assert not any(token in line for line in lines for token in tokens)  # a token is a secret: never logged
    assert world.fake.violations == []


def test_a_stored_hide_keeps_whether_it_edits_a_followup() -> None:
    at = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)
    for followup in (False, True):
        hide = PendingHide(7, 1, 2, "secret", at, at + timedelta(minutes=15), "pl", followup)
        assert PendingHide.from_value(hide.to_value()) == hide  # across a restart
    older = json.loads(hide.to_value())
    del older["followup"]  # stored by a bot from before followups were hidden
    assert PendingHide.from_value(json.dumps(older)).followup is False


async def test_dream21_table_click_lends_its_token(world: World, running: DreamcatsBot) -> None:
    await _lends_and_answers_privately(await open_dream21(world, running), "d21h")
    assert world.fake.violations == []


async def test_catduel_table_click_lends_its_token(world: World, running: DreamcatsBot) -> None:
    duel = await open_catduel(world, running)
    await _lends_and_answers_privately(duel, "cdo")
    assert world.fake.violations == []


async def _lends_and_answers_privately(players: TableClicks, action: str) -> None:
    """With no token for the table (as after a restart), a person's table click lends one and its private answer
    follows; the table's next edit goes through that token."""
    running = players.bot
    running.presenter.posts.tokens = EditTokens()
    table = players.table
    assert table is not None
    seat = next(s for s in table.seats if s.user_id in players.people and not s.computer_plays)
    person = players.people[seat.user_id or 0]
    shown = players.message()
    record = await players.click(person, shown, f"dc:{players.game_id}:{action}")
    private = await players.world.fake.private_answer(record)
    assert record.response_type == 6 and private.ephemeral and private.visible_to(person) and private is not shown
    assert running.presenter.posts.tokens.for_message(players.game_id, shown.id) == record.token
    before = Counter(players.world.fake.request_kinds)
    running.service.refresh(players.game_id)
    await players.settle()
    sent = _since(players, before)
    assert sent[TOKEN_EDIT] >= 1 and sent[CHANNEL_EDIT] == 0


async def test_a_table_the_bot_may_not_post_again_waits_and_comes_back_with_its_permission(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(retries, "FAILED_PAUSE", 0.2)
    fake = world.fake
    players = await open_table(world, running, points=100)
    await players.initial_peeks()
    fake.remove_message(players.message())  # a moderator deletes the table and takes Send Messages from the bot
    world.games.overwrites[fake.bot.id] = (1, 0, SEND_MESSAGES)
    before = Counter(fake.request_kinds)
    running.service.refresh(players.game_id)
    await asyncio.sleep(1.0)  # posting it again is refused: tried at 0, 0.2 and 0.6 s, not at every turn of the loop
    assert _since(players, before)["POST /channels/{id}/messages"] == 3
    del world.games.overwrites[fake.bot.id]  # the permission is back: the next try posts the table
    await fake.wait_until(lambda: not players.message().deleted, timeout=3.0, what="the table posted again")
    await players.settle()
    assert _shows_newest(players, players.message()) and any(":draw:" in c for c in players.message().custom_ids)
    assert fake.violations == []
