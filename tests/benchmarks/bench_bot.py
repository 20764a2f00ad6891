"""The bot's own costs: an accepted move through the service on SQLite, and a click answered through the fake Discord.

Run: .venv/bin/python -m tests.benchmarks.bench_bot [--matches 5]

1. Service: two people and two computer players play whole matches (points 100) through GameService with the
   real SQLite store; every accepted move is one transaction. Reports moves per second and the latency of a
   person's move (lock, engine, save).
2. Discord: one match (points 30) through the fake Discord with the real discord.py client and real pictures;
   reports the time until a click is first answered (Discord allows 3 s) and the wall time per click until the
   reply and the redrawn table are done.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import GameService, ManualClock, Person
from bot.sqlstore import SqlGameStore
from bot.storage import Database
from game.dreamcats import InitialPeek, MatchSettings, legal_actions, observe
from game.dreamcats.players import choose
from tests.bot.fakes import RecordingNotifier


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def bench_service(matches: int, directory: Path) -> None:
    """Whole matches through the service and the SQLite store."""
    db = await Database.open(f"sqlite+aiosqlite:///{directory / 'bench.db'}")
    service = GameService(SqlGameStore(db), RecordingNotifier(), clock=ManualClock(), computer_pause=0,
                          rng=random.Random(1))
    people, rng, latencies = [Person(1, "Ana"), Person(2, "Bo")], random.Random(2), []
    started = time.perf_counter()
    for number in range(matches):
        table = await service.open_lobby(guild_id=1, channel_id=100 + number, host=people[0],
                                         settings=MatchSettings(), locale="en")
        await service.join(table.game_id, people[1])
        for _ in range(2):
            await service.add_computer(table.game_id, 1, "normal")
        await service.start(table.game_id, 1)
        await service.settled(table.game_id)
        while (live := next((t for t in service.tables if t.game_id == table.game_id), None)) is not None:
            state = live.state
            assert state is not None
            seat = next((s for s in (0, 1) if not state.round.peeked[s]), state.round.turn)
            action = (InitialPeek(seat, (0, 1)) if not state.round.peeked[seat]
                      else choose("normal", observe(state, seat), legal_actions(state, seat), rng))
            tick = time.perf_counter()
            await service.play(table.game_id, people[seat].user_id, lambda s, a=action: a)
            latencies.append(time.perf_counter() - tick)
            await service.settled(table.game_id)
    elapsed = time.perf_counter() - started
    print(f"service: {matches} matches, {len(latencies)} person moves in {elapsed:.2f} s; person move latency "
          f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {_percentile(latencies, 0.95) * 1000:.1f} ms")
    await service.shutdown()
    await db.close()


async def bench_discord(directory: Path) -> None:
    """One match through the fake Discord with real pictures: click latencies."""
    from tests.bot.conftest import World, make_bot
    from tests.bot.test_endtoend import open_table
    from tests.fakediscord import FakeDiscord

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench", locale="en-US")
        games = fake.add_channel(guild, "games")
        users = [fake.add_user(n.lower(), display_name=n, guild=guild) for n in ("Ana", "Bo", "Cy", "Eve")]
        world = World(fake, guild, games, *users, database_url=f"sqlite+aiosqlite:///{directory / 'discord.db'}")
        bot = make_bot(world)
        async with fake.run(bot):
            players = await open_table(world, bot)
            started = time.perf_counter()
            await players.play_to_the_end()
            elapsed = time.perf_counter() - started
            first = [r.latency for r in fake.interactions.values() if r.latency is not None]
        print(f"discord: {len(first)} interactions; first answer median {statistics.median(first) * 1000:.1f} ms, "
              f"max {max(first) * 1000:.1f} ms; {elapsed / max(1, len(players.records)) * 1000:.0f} ms per click "
              f"until the reply and the table are drawn; violations {len(fake.violations)}")


def main() -> None:
    """Parse the arguments and run both benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(bench_service(args.matches, Path(directory)))
        asyncio.run(bench_discord(Path(directory)))


if __name__ == "__main__":
    main()
