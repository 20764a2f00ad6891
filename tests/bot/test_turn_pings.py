"""Turn pings end to end: the person whose turn it is gets a short message mentioning only them, gone once they act;
personal and server choices; never a computer player; a failed deletion folds the ping and breaks nothing."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.client import DreamcatsBot
from bot.ping_place import pings_due
from bot.service import ManualClock, Seat, Table
from bot.turn_pings import PING_GRACE
from game.dreamcats import Draw, MatchSettings, Step, apply_action, match_from_seed
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.ui import Players
from tests.fakediscord import MANAGE_GUILD, FakeMessage, Fault, service_unavailable
from tests.fakediscord.rest import Call


def pings(world: World) -> list[FakeMessage]:
    """Every turn ping posted in #games so far, deleted ones too (the table speaks English)."""
    return [m for m in world.fake.messages_in(world.games) if "it's your turn" in m.content]


def live(players: Players) -> Table:
    """The live table."""
    table = players.table
    assert table is not None
    return table


@asynccontextmanager
async def peeked_table(world: World) -> AsyncIterator[tuple[DreamcatsBot, ManualClock, Players]]:
    """A running bot on a manual clock, with a table whose initial peeks are done: Ana's turn."""
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        await players.initial_peeks()
        yield bot, clock, players


async def play_whole_turn(players: Players) -> None:
    """The person whose turn it is plays until the turn is someone else's."""
    key = live(players).turn_key
    while players.table is not None and players.table.turn_key == key:
        await players.play_turn_step()


def waiting_coroutines() -> list[str]:
    """The bot's pending tasks that wait for a turn: its ping's, or the game driver's."""
    names = [task.get_coro().__qualname__ for task in asyncio.all_tasks()]  # type: ignore[union-attr]
    return [name for name in names if name.startswith(("TurnPings.", "TurnDriver."))]


async def test_a_turn_within_its_grace_holds_timers_not_tasks(world: World) -> None:
    async with peeked_table(world) as (_, clock, players):
        await clock.advance(PING_GRACE - 1)
        await players.settle()
        assert live(players).turn == 0 and pings(world) == []
        assert waiting_coroutines() == []  # hundreds of tables waiting for people: no sleeping task each
        await clock.advance(2)
        await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
        await players.settle()
        assert waiting_coroutines() == []  # the posted ping is remembered until the turn ends, not waited for


async def test_a_person_away_is_pinged_and_the_ping_goes_once_they_act(world: World) -> None:
    async with peeked_table(world) as (bot, clock, players):
        assert live(players).turn == 0 and pings(world) == []  # Ana's turn; nobody is pinged at once
        await clock.advance(PING_GRACE - 1)
        await players.settle()
        assert pings(world) == []
        await clock.advance(2)
        ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
        table = live(players)
        link = f"https://discord.com/channels/{world.guild.id}/{world.games.id}/{table.message_id}"
        assert ping.content == f"<@{world.ana.id}>, it's your turn at the [Dreamcats table]({link})."
        assert not ping.components and not ping.embeds and not ping.attachments  # nothing but the line
        sent = next(r.body for r in world.fake.requests
                    if r.method == "POST" and isinstance(r.body, dict) and r.body.get("content") == ping.content)
        mentions = sent["allowed_mentions"]  # only Ana may be pinged by it
        assert mentions["parse"] == [] and [int(u) for u in mentions["users"]] == [world.ana.id]
        await players.play_turn_step()  # her first move: she is here, the ping goes
        await world.fake.wait_until(lambda: ping.deleted, what="the ping deleted")
        await play_whole_turn(players)
        assert live(players).turn == 1 and len(pings(world)) == 1  # Bo's turn: not pinged before the grace
        await clock.advance(PING_GRACE + 1)
        second = await world.fake.wait_until(lambda: pings(world)[1:] and pings(world)[1], what="Bo's ping")
        assert second.content.startswith(f"<@{world.bo.id}>,") and not second.deleted
        # the fake shows the message before the bot has read Discord's answer and counted it
        await world.fake.wait_until(lambda: bot.turn_pings.posted == 2, what="both pings counted")
    assert second.deleted  # a bot stopping takes its pings away
    assert world.fake.violations == []


async def test_a_ping_whose_answer_discord_lost_is_still_deleted_when_the_turn_moves_on(world: World) -> None:
    """Discord made the ping but its answer was lost: the bot never knew the message and it stayed after the turn,
    asking Ana to play when it was no longer her turn. Sent again with the same nonce, Discord hands it back."""
    lost: list[str] = []

    def lose_the_pings_answer(call: Call) -> Fault | None:
        if lost or call.method != "POST" or "it's your turn" not in str((call.body or {}).get("content")):
            return None
        lost.append(call.path)
        return Fault(service_unavailable(), applied=True)

    async with peeked_table(world) as (bot, clock, players):
        world.fake.outage = lose_the_pings_answer
        await clock.advance(PING_GRACE + 1)
        await world.fake.wait_until(lambda: bot.turn_pings.posted == 1, what="the ping known to the bot")
        assert lost and len(pings(world)) == 1
        await players.play_turn_step()  # Ana is here: her ping goes
        await world.fake.wait_until(lambda: pings(world)[0].deleted, what="the ping deleted")
    assert world.fake.violations == []


async def test_quick_turns_are_never_pinged(world: World) -> None:
    async with peeked_table(world) as (bot, clock, players):
        for _ in range(6):  # three people and a computer player, each person acting within the grace
            await play_whole_turn(players)
            await clock.advance(PING_GRACE / 2)
            await players.settle()
        assert pings(world) == [] and bot.turn_pings.posted == 0
    assert world.fake.violations == []


async def test_a_person_who_opted_out_is_not_pinged_and_the_others_still_are(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        answer = await world.fake.slash(world.ana, world.games, "dreamcats pings", choice="off")
        assert answer.reply is not None and answer.reply.ephemeral
        assert answer.reply.content == ("Saved. You are not pinged when it is your turn in this server; the table "
                                        "still shows whose turn it is. That is your own choice (the server's default "
                                        "is on).")
        players = await open_table(world, bot)
        await players.initial_peeks()
        await clock.advance(PING_GRACE + 1)
        await players.settle()
        assert live(players).turn == 0 and pings(world) == []
        await play_whole_turn(players)
        await clock.advance(PING_GRACE + 1)
        ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="Bo's ping")
        assert ping.content.startswith(f"<@{world.bo.id}>,")
        # Back to the server's default: pinged again from the next turn on (Polish, in Ana's language).
        world.ana.locale = "pl"
        back = await world.fake.slash(world.ana, world.games, "dreamcats pings", choice="server")
        assert back.reply is not None and back.reply.content.startswith("Zapisano. Dostajesz wzmiankę")
    assert world.fake.violations == []


async def test_a_server_default_off_pings_only_those_who_chose_pings(world: World) -> None:
    clock = ManualClock()
    mod = world.fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        refused = await world.fake.slash(world.ana, world.games, "dreamcats settings", turn_pings=False)
        assert refused.reply is not None and "Manage Server" in refused.reply.content
        saved = await world.fake.slash(mod, world.games, "dreamcats settings", turn_pings=False)
        assert saved.reply is not None and saved.reply.ephemeral
        fields = {f["name"]: f["value"] for f in saved.reply.embeds[0]["fields"]}
        assert fields["Turn pings"] == "off"
        await world.fake.slash(world.bo, world.games, "dreamcats pings", choice="on")
        shown = await world.fake.slash(world.bo, world.games, "dreamcats pings")
        assert shown.reply is not None and shown.reply.content == (
            "You are pinged when it is your turn at a table in this server. That is your own choice (the "
            "server's default is off).")
        players = await open_table(world, bot)
        await players.initial_peeks()
        await clock.advance(PING_GRACE + 1)
        await players.settle()
        assert pings(world) == []  # Ana follows the server: no ping
        await play_whole_turn(players)
        await clock.advance(PING_GRACE + 1)
        ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="Bo's ping")
        assert ping.content.startswith(f"<@{world.bo.id}>,")
    assert world.fake.violations == []


async def test_stopping_the_match_removes_the_ping(world: World) -> None:
    async with peeked_table(world) as (bot, clock, players):
        await clock.advance(PING_GRACE + 1)
        ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
        asked = await world.fake.slash(world.bo, world.games, "dreamcats stop")
        assert asked.reply is not None
        await world.fake.click(world.bo, asked.reply, players.cid("stopok"))
        await world.fake.wait_until(lambda: ping.deleted, what="the ping deleted")
        assert players.table is None
    assert world.fake.violations == []


async def test_a_ping_that_cannot_be_deleted_is_folded_and_the_game_goes_on(
        world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def refuse(self: discord.PartialMessage, *, delay: float | None = None) -> None:
        raise discord.DiscordServerError(SimpleNamespace(status=503, reason="Service Unavailable"), "try later")

    caplog.set_level(logging.INFO, logger="bot.turn_pings")
    async with peeked_table(world) as (bot, clock, players):
        await clock.advance(PING_GRACE + 1)
        ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
        monkeypatch.setattr(discord.PartialMessage, "delete", refuse)
        await play_whole_turn(players)
        await world.fake.wait_until(lambda: ping.content == "Ana's turn is over.", what="the folded ping")
        assert not ping.deleted and live(players).turn == 1
        await play_whole_turn(players)  # the game goes on
        assert live(players).turn == 2
    assert [r.message for r in caplog.records if "delete a turn ping" in r.message]
    assert world.fake.violations == []


async def test_a_waiting_turn_and_its_ping_keep_no_earlier_copy_of_the_table(world: World) -> None:
    # A table is replaced by a new copy at every change. A ping that held the copy its turn began with (for its grace,
    # then until the turn ended) kept a whole extra game state alive per waiting table (issue 10).
    async with peeked_table(world) as (bot, clock, players):

        async def only_the_live_table_is_kept() -> None:
            await bot.presenter.idle()
            await world.fake.idle()
            gc.collect()
            game_id = live(players).game_id  # (other tests of this process may leave tables of their own)
            assert [t for t in gc.get_objects() if isinstance(t, Table) and t.game_id == game_id] == [live(players)]

        await clock.advance(1.0)  # Ana's turn, during the grace before her ping
        await only_the_live_table_is_kept()
        await clock.advance(PING_GRACE)
        await world.fake.wait_until(lambda: pings(world), what="Ana's ping")
        await only_the_live_table_is_kept()


def _table(**changes: Any) -> Table:
    """A started four-seat table (Ana, a computer, Bo, Cy), seat 0 to move; `changes` replace its fields."""
    state = match_from_seed(4, MatchSettings(), 7, 0)
    seats = [Seat(1, "Ana"), Seat(None, "Cat", strength="easy"), Seat(2, "Bo"), Seat(3, "Cy")]
    table = Table("g", 10, 20, 1, MatchSettings(), "en", seats, datetime(2026, 1, 1, tzinfo=UTC), state=state)
    return replace(table, **changes)


def test_ping_due_names_the_turn_of_a_person_playing_their_own_seat() -> None:
    table = _table()
    assert pings_due(table) == [(1, 0, 0, 1)]
    assert pings_due(replace(table, state=None)) == []  # the lobby
    assert pings_due(replace(table, paused_until=table.created_at + timedelta(seconds=20))) == []
    handed = _table()
    handed.seats[0] = replace(handed.seats[0], strength="normal", handed_over=True)
    assert pings_due(handed) == []
    holding = _table()
    assert holding.state is not None
    holding.state.round.peeked[0] = True
    apply_action(holding.state, Draw(0))
    assert holding.state.round.step is Step.HOLDING and pings_due(holding) == []  # she is already here


def test_ping_due_never_names_a_computer_player() -> None:
    computer_turn = _table(state=match_from_seed(4, MatchSettings(), 7, 1))
    assert computer_turn.turn == 1 and pings_due(computer_turn) == []
