"""Play again: the final standings open a new lobby in the same place, with the same settings, the computer
players back, the presser hosting and the last match's other people invited (one click on Join)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.client import DreamcatsBot
from bot.service import Person, Table
from bot.service.again import LaterMatchError, plan_rematch
from bot.storage import LastMatch, MatchRecord, SeatRecord, last_match, record_match
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.ui import Players
from tests.fakediscord import FakeMessage


def _standings(world: World) -> FakeMessage:
    standings = world.fake.latest(world.games, where=lambda m: any(a.filename == "standings.png"
                                                                     for a in m.attachments))
    assert standings is not None
    return standings


def _lobby(bot: DreamcatsBot, world: World) -> Table:
    table = bot.service.in_channel(world.games.id)
    assert table is not None and table.state is None
    return table


async def _played(world: World, bot: DreamcatsBot, *, host_leaves: bool = False) -> tuple[Players, Table]:
    """Ana hosts Bo, Cy and a computer player; the match is played to its end (Ana leaving it first if asked)."""
    players = await open_table(world, bot)
    if host_leaves:
        asked = await players.click(world.ana, players.message(), players.cid("quit"))
        assert asked.reply is not None
        await players.click(world.ana, asked.reply, players.cid("quitok"))
        await players.settle()
    first = players.table
    assert first is not None
    await players.play_to_the_end()
    await bot.presenter.idle()
    await world.fake.idle()
    return players, first


async def test_play_again_opens_the_lobby_with_the_same_people_settings_and_computer(world: World) -> None:
    fake = world.fake
    bot = make_bot(world)
    async with fake.run(bot) as runner:
        players, first = await _played(world, bot)
        standings = _standings(world)
        assert standings.button("Play again") is not None
        assert standings.custom_ids == [f"dc:{players.game_id}:again"]  # the finished game's id, nothing hidden
        bot = make_bot(world)
        await runner.restart(bot)  # the button outlives the process that drew it

        # Bo presses it: Bo hosts; the computer player is back; Ana, the last host, and Cy are invited.
        pressed = await fake.click(world.bo, standings, f"dc:{players.game_id}:again")
        assert pressed.response_type == 6
        await bot.presenter.idle()
        await fake.idle()
        table = _lobby(bot, world)
        assert table.game_id != players.game_id and table.host_id == world.bo.id
        assert [s.user_id for s in table.seats] == [world.bo.id, None]
        computer = next(s for s in first.seats if s.user_id is None)
        assert (table.seats[1].name, table.seats[1].strength) == (computer.name, computer.strength)
        assert table.settings == first.settings and table.invited == [world.ana.id, world.cy.id]
        lobby = fake.latest_with(world.games, f"dc:{table.game_id}:")
        assert lobby is not None and lobby.id == table.message_id and not lobby.ephemeral
        assert f"<@{world.cy.id}>" in str(lobby.embeds) and "Invited" in str(lobby.embeds)

        # A second press (a double click, or someone else) opens nothing more and says why, privately.
        twice = await fake.click(world.ana, standings, f"dc:{players.game_id}:again")
        assert twice.reply is not None and twice.reply.ephemeral and "already has a game" in twice.reply.content
        assert [t.game_id for t in bot.service.tables] == [table.game_id]

        # Cy and Ana join with one click each and are no longer listed as invited; Bo starts.
        await fake.click(world.cy, lobby, f"dc:{table.game_id}:join")
        await fake.click(world.ana, fake.messages_by_id[lobby.id], f"dc:{table.game_id}:join")
        table = _lobby(bot, world)
        assert [s.user_id for s in table.seats] == [world.bo.id, None, world.cy.id, world.ana.id]
        assert table.invited == [] and "Invited" not in str(fake.messages_by_id[lobby.id].embeds)
        await fake.click(world.bo, lobby, f"dc:{table.game_id}:start")
        await bot.presenter.idle()
        assert bot.service.in_channel(world.games.id) is not None
        assert bot.service.in_channel(world.games.id).playing  # type: ignore[union-attr]
    assert fake.violations == []


async def test_a_double_click_opens_one_lobby(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players, _ = await _played(world, running)
    standings = _standings(world)
    clicks = [await fake.click(person, standings, f"dc:{players.game_id}:again", wait=False)
              for person in (world.cy, world.cy, world.bo)]
    await asyncio.gather(*(fake.answered(c) for c in clicks))
    await running.presenter.idle()
    await fake.idle()
    assert len(running.service.tables) == 1
    lobbies = [m for m in fake.messages(world.games) if any(":join" in c for c in m.custom_ids)]
    assert len(lobbies) == 1  # (the first match's lobby became its table)
    refused = [c for c in clicks if c.reply is not None and c.reply.ephemeral]
    assert len(refused) == 2
    lobby = running.service.in_channel(world.games.id)
    assert lobby is not None and lobby.message_id is not None
    late = await fake.click(world.bo, standings, f"dc:{players.game_id}:again")  # once the lobby is posted
    told = late.private_reply
    assert told is not None and f"/{world.games.id}/{lobby.message_id}" in told.content  # a link to it
    assert fake.violations == []


async def test_a_host_who_left_the_match_does_not_host_again(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players, _ = await _played(world, running, host_leaves=True)
    await fake.click(world.cy, _standings(world), f"dc:{players.game_id}:again")
    await running.presenter.idle()
    table = _lobby(running, world)
    assert table.host_id == world.cy.id and table.seats[0].locale == "pl"  # Cy pressed, and Cy's client is Polish
    assert [s.user_id for s in table.seats] == [world.cy.id, None]
    assert table.invited == [world.bo.id]  # Ana left the match: not invited
    assert fake.violations == []


# -- the rules, without Discord -------------------------------------------------------------------------------------
ANA, BO, CY, EVE = 1, 2, 3, 4


def _last(*, host: int | None = ANA, left: tuple[int, ...] = (), superseded: bool = False) -> LastMatch:
    seats = tuple(SeatRecord(user, f"p{user}", None, 10, False, user in left) for user in (ANA, BO, CY))
    computer = SeatRecord(None, "Miso", "hard", 20, False, False)
    return LastMatch("abc123", 9, 7, host, {}, (*seats, computer), superseded)


@pytest.mark.parametrize(("host", "left", "presser", "invited"), [
    (ANA, (), BO, (ANA, CY)),        # the presser hosts, whoever hosted; the last host is invited like the others
    (ANA, (ANA,), BO, (CY,)),        # the host left the match: not invited
    (None, (), CY, (ANA, BO)),       # a match recorded without its host
    (ANA, (), EVE, (ANA, BO, CY)),   # someone who was not in the match opens the lobby and hosts it
])
def test_the_presser_hosts_the_new_lobby_and_the_others_who_stayed_are_invited(
        host: int | None, left: tuple[int, ...], presser: int, invited: tuple[int, ...]) -> None:
    plan = plan_rematch(_last(host=host, left=left), Person(presser, "Presser"))
    assert plan.host.user_id == presser and plan.invited == invited
    assert [(s.user_id, s.strength) for s in plan.others] == [(None, "hard")]  # the computer player is back


def test_a_later_match_makes_the_button_stale() -> None:
    with pytest.raises(LaterMatchError):
        plan_rematch(_last(superseded=True), Person(ANA, "Ana"))


async def test_the_records_know_a_match_by_its_game_and_a_later_one_supersedes_it(world: World) -> None:
    from bot.storage import Database

    db = await Database.open(world.database_url)
    try:
        def record(game_id: str, channel: int) -> MatchRecord:
            now = datetime.now(UTC)
            seats = (SeatRecord(ANA, "Ana", None, 5, True, False), SeatRecord(None, "Miso", "easy", 9, False, False))
            return MatchRecord(9, channel, now, now, {"point_limit": 30}, seats, (), game_id=game_id, host_id=ANA)

        for game_id, channel in (("aaaa1", 7), ("bbbb2", 8), ("cccc3", 7)):
            await db.write(lambda s, g=game_id, c=channel: record_match(s, record=record(g, c)))  # type: ignore[misc]
        first = await db.read(lambda s: last_match(s, game_id="aaaa1"))
        other = await db.read(lambda s: last_match(s, game_id="bbbb2"))
        assert first is not None and first.superseded and first.host_id == ANA
        assert [(s.user_id, s.strength) for s in first.seats] == [(ANA, None), (None, "easy")]
        assert other is not None and not other.superseded  # another channel's match does not count
        assert await db.read(lambda s: last_match(s, game_id="dddd4")) is None
    finally:
        await db.close()


async def test_play_again_where_the_bot_may_no_longer_post_says_so_and_opens_nothing(world: World,
                                                                                      running: DreamcatsBot) -> None:
    fake = world.fake
    players, _ = await _played(world, running)
    standings = _standings(world)
    embed_links = 1 << 14
    world.games.overwrites[fake.bot.id] = (1, 0, embed_links)  # a server admin took Embed Links away meanwhile
    pressed = await fake.click(world.bo, standings, f"dc:{players.game_id}:again")
    said = await fake.private_answer(pressed)
    assert "I cannot run a table here" in said.content and "Embed Links" in said.content
    await running.presenter.idle()
    assert running.service.tables == []  # no lobby that nobody could see holds the channel
    world.games.overwrites.pop(fake.bot.id)  # given back: the same button works
    again = await fake.click(world.bo, standings, f"dc:{players.game_id}:again")
    assert again.response_type == 6
    await running.presenter.idle()
    assert _lobby(running, world).host_id == world.bo.id
    assert fake.violations == []


def test_a_bystander_s_rematch_of_a_full_table_leaves_a_seat_for_everyone_invited() -> None:
    people = tuple(SeatRecord(user, f"p{user}", None, 10, False, False) for user in (ANA, BO))
    computers = tuple(SeatRecord(None, name, "normal", 20, False, False) for name in ("Miso", "Tofu", "Kiwi"))
    full = LastMatch("abc123", 9, 7, ANA, {}, (*people, *computers), False)  # Dreamcats: 5 seats at most
    plan = plan_rematch(full, Person(EVE, "Eve"))
    assert plan.invited == (ANA, BO)
    assert [s.name for s in plan.others] == ["Miso", "Tofu"]  # Kiwi gives way: 1 + 2 + 2 invited = 5
    again = plan_rematch(full, Person(BO, "Bo"))  # one who played: the table as it was
    assert [s.name for s in again.others] == ["Miso", "Tofu", "Kiwi"] and again.invited == (ANA,)



def test_a_bystander_s_rematch_of_a_table_full_of_people_invites_as_many_as_there_are_seats() -> None:
    people = tuple(SeatRecord(user, f"p{user}", None, 10, False, False) for user in (ANA, BO, CY, 5, 6))
    plan = plan_rematch(LastMatch("abc123", 9, 7, ANA, {}, people, False), Person(EVE, "Eve"))
    assert plan.others == () and plan.invited == (ANA, BO, CY, 5)  # 1 + 4 = 5 seats: each invited one finds one
