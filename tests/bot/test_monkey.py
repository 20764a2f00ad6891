"""Random people pressing whatever they see, in any order, with time jumping on, the process crashing now and then
and a moderator deleting messages: every click is answered, no private picture is public, nothing is logged as an
error, no rule of Discord is broken, and the bot still serves a new table afterwards.

The tests beside this one follow the paths players mean to take; this one takes the others (old buttons, someone
else's turn, an onlooker, a menu at the wrong moment, a timer running out mid-choice, a restart mid-turn, a deleted
table) across all three games.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from bot.client import DreamcatsBot
from bot.presentations import presentation_of
from bot.service import ManualClock
from tests.bot.conftest import World, make_bot
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.interactions import InteractionRecord

SHORT = {"dreamcats": {"points": 30}, "dream21": {"hands": 1},  # matches that end in time
         "catduel": {"duels": 1, "timer": 120}}
STEPS = 140
# The commands anyone may run at any moment; `start` is given its game by the test.
COMMANDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dreamcats stop", {}), ("dreamcats rules", {}), ("dreamcats stats", {}), ("dreamcats leaderboard", {}),
    ("dreamcats pings", {"choice": "off"}),
)
PRIVATE_PICTURES = {"dream.png", "hand.png"}  # a seat's own cards: only ever in that person's ephemeral replies
TIME_JUMPS = (1.0, 5.0, 21.0, 61.0, 125.0)  # a reveal's hiding, the round pause, a turn timer running out
# Buttons that end what is going on are pressed now and then, not as often as the rest: the monkey should also get
# far into a match.
ENDINGS = ("cancel", "leave", "quit", "stop", "kick")


def usable(message: FakeMessage) -> list[dict[str, Any]]:
    """The message's enabled buttons and menus that carry a custom_id (link buttons do not reach the bot)."""
    return [c for c in message.iter_components()
            if "custom_id" in c and c.get("type") in (2, 3) and not c.get("disabled")]


async def press_something(world: World, person: FakeUser, rng: random.Random) -> InteractionRecord | None:
    """`person` uses a random enabled button or menu of a random message they see in the channel, if any."""
    seen = [m for m in world.fake.messages(world.games, seen_by=person) if usable(m)]
    if not seen:
        return None
    message = seen[-1] if rng.random() < 0.6 else rng.choice(seen)  # mostly the newest, as people do
    items = usable(message)
    weights = [0.05 if any(word in c["custom_id"] for word in ENDINGS) else 1.0 for c in items]
    item = rng.choices(items, weights)[0]
    if item["type"] == 2:
        return await world.fake.click(person, message, item["custom_id"])
    values = [o["value"] for o in item.get("options") or []]
    low, high = item.get("min_values", 1), min(item.get("max_values", 1), len(values))
    if not values or low > high:
        return None
    return await world.fake.select(person, message, item["custom_id"], rng.sample(values, rng.randint(low, high)))


async def run_command(world: World, person: FakeUser, game: str, rng: random.Random) -> InteractionRecord:
    """`person` runs a random command, a new lobby of `game` among them."""
    if rng.random() < 0.3:
        return await world.fake.slash(person, world.games, "dreamcats start", game=game, **SHORT[game])
    name, options = rng.choice(COMMANDS)
    return await world.fake.slash(person, world.games, name, **options)


async def check_afterwards(world: World, people: list[FakeUser], game: str, rng: random.Random,
                           caplog: pytest.LogCaptureFixture) -> None:
    """No private picture was ever public, the bot still opens a table elsewhere and answers everyone here, no rule of
    Discord was broken and nothing of the bot's was logged as an error."""
    public_files = {a["filename"] for m in world.fake.public_messages() for revision in m.revisions
                    for a in revision.get("attachments") or []}
    assert public_files.isdisjoint(PRIVATE_PICTURES), public_files
    elsewhere = world.fake.add_channel(world.guild, "more-games")
    fresh = await world.fake.slash(world.bo, elsewhere, "dreamcats start", game=game)
    assert fresh.reply is not None and not fresh.reply.ephemeral, fresh.reply
    for person in people:
        last = await press_something(world, person, rng)
        assert last is None or last.response_type is not None
    assert world.fake.violations == []
    assert bot_errors(caplog) == []


async def check_tables_newest(world: World, bot: DreamcatsBot) -> None:
    """Once the bot is idle, every live table's message shows its newest text, and no older copy of it has live
    buttons. A table message a moderator deleted is posted again at the game's next
    change (the bot has no message intent to hear of the deletion sooner), so it is not looked for here."""
    for table in bot.service.tables:
        await bot.service.settled(table.game_id)
    await bot.presenter.idle()
    await world.fake.idle()
    for table in bot.service.tables:
        shown = world.fake.messages_by_id.get(table.message_id or 0)
        if table.state is None or shown is None or shown.deleted:
            continue
        assert shown.content == presentation_of(table).table_content(table), f"game {table.game_id} shows an old state"
        playing = [m for m in world.fake.messages(world.games)
                   if not m.ephemeral and f"dc:{table.game_id}:quit" in m.custom_ids]  # a table's Leave button
        assert playing == [shown], f"game {table.game_id} has {len(playing)} messages with live buttons"


def bot_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The bot's log lines at ERROR or above."""
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records
            if r.levelno >= logging.ERROR and r.name.startswith("bot")]


@pytest.mark.parametrize(("game", "seed"), [("dreamcats", 1), ("dream21", 2), ("catduel", 1)])
async def test_random_clicks_are_all_answered_and_break_nothing(world: World, game: str, seed: int,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    rng, clock = random.Random(seed), ManualClock()
    people = [world.ana, world.bo, world.cy, world.eve,
              *(world.fake.add_user(f"p{n}", display_name=f"P{n}", guild=world.guild, locale=locale)
                for n, locale in enumerate(("en-US", "pl")))]
    runner = world.fake.run(make_bot(world, seed=seed, clock=clock))
    await runner.start()
    try:
        await world.fake.slash(world.ana, world.games, "dreamcats start", game=game, **SHORT[game])
        records, played = [], False
        for step in range(STEPS):
            roll, person = rng.random(), rng.choice(people)
            if roll < 0.10:
                await clock.advance(rng.choice(TIME_JUMPS))
                await world.fake.idle()
            elif roll < 0.12:  # the process crashes and comes back
                await runner.restart(make_bot(world, seed=seed + step, clock=clock))
                await world.fake.idle()
            elif roll < 0.14:  # a moderator deletes one of the newest public messages
                public = [message for message in world.fake.messages(world.games) if not message.ephemeral]
                if public:
                    world.fake.delete_message(rng.choice(public[-3:]))
            elif roll < 0.19:
                records.append(await run_command(world, person, game, rng))
            else:
                record = await press_something(world, person, rng)
                if record is None:  # nothing to press: open a lobby
                    record = await world.fake.slash(person, world.games, "dreamcats start", game=game, **SHORT[game])
                records.append(record)
            played = played or any(t.state is not None for t in runner.client.service.tables)
        assert played, "no match ever started: the monkey tried only lobbies"
        assert all(r.response_type is not None for r in records)
        await check_tables_newest(world, runner.client)
        await check_afterwards(world, people, game, rng, caplog)
    finally:
        await runner.stop()
