"""Benchmark: how many turns of the event loop a click waits between its gateway event and its answer (issue 10).

Under load every turn of the loop runs the callbacks of hundreds of tables, milliseconds of them, so each turn
between a click's event and its answer can add that much to the acknowledgement. Unlike wall time, the count hardly
depends on the machine. Fewer turns are not by themselves faster: each turn is also a time slice, where a burst of
clicks is cut into steps and the storage and drawing threads get the interpreter (JOURNAL.md, issue 10, "2026-11-28,
sixth session"). A whole match (three people and a normal computer player, to `--points`) is played through the
offline fake Discord on the standard event loop; each turn of the loop is counted, and each click's count runs from
discord.py parsing its INTERACTION_CREATE to the bot's callback request. Waiting for the writer's or a drawing
thread counts too (the loop turns while it waits), so the floor is not zero.

Run: .venv/bin/python -m tests.benchmarks.bench_turns [--points 30]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import statistics
import sys
from collections.abc import Callable
from typing import Any

import pytest
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import DreamcatsBot
from bot.views.ids import parse_id
from tests.bot.conftest import World, running, world
from tests.bot.test_endtoend import open_table
from tests.fakediscord.plugin import fake_discord, no_network

__all__ = ["fake_discord", "no_network", "running", "world"]  # the fixtures the measurement below uses
POINTS = "BENCH_TURNS_POINTS"


class TurnCounter:
    """Counts the loop's turns and each click's turns from its event parsed to its callback request."""

    def __init__(self) -> None:
        self.turns = 0
        self._parsed: dict[int, tuple[int, str]] = {}
        self.by_action: dict[str, list[int]] = collections.defaultdict(list)

    def parsed(self, data: dict[str, Any]) -> None:
        """A click's gateway event: note the turn and the action named in its custom_id."""
        inner = data.get("data") or {}
        name = str(inner.get("custom_id") or inner.get("name") or "?")
        button = parse_id(name)  # a slash command has no custom_id: its name stands
        self._parsed[int(data["id"])] = (self.turns, name if button is None else button.action)

    def answered(self, interaction_id: int) -> None:
        """The bot's callback request for a click."""
        begun = self._parsed.pop(int(interaction_id), None)
        if begun is not None:
            self.by_action[begun[1]].append(self.turns - begun[0])


def _install(counter: TurnCounter, bot: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    run_once = asyncio.base_events.BaseEventLoop._run_once  # type: ignore[attr-defined]

    def counted(loop: asyncio.AbstractEventLoop) -> None:
        counter.turns += 1
        run_once(loop)

    monkeypatch.setattr(asyncio.base_events.BaseEventLoop, "_run_once", counted)
    parsers: dict[str, Callable[[Any], None]] = bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_counted(data: Any) -> None:
        counter.parsed(data)
        parse(data)

    parsers["INTERACTION_CREATE"] = parse_counted
    respond = AsyncWebhookAdapter.create_interaction_response

    def respond_counted(adapter: AsyncWebhookAdapter, interaction_id: int, token: str, **options: Any) -> Any:
        counter.answered(interaction_id)
        return respond(adapter, interaction_id, token, **options)

    monkeypatch.setattr(AsyncWebhookAdapter, "create_interaction_response", respond_counted)


async def test_turns_of_a_whole_match(world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The measurement (pytest runs it for its fixtures; this module is not collected with the suite)."""
    counter = TurnCounter()
    _install(counter, running, monkeypatch)
    players = await open_table(world, running, points=int(os.environ.get(POINTS, "30")))
    await players.initial_peeks()
    await players.play_to_the_end()
    assert counter.by_action, "no click was answered"
    _report(counter.by_action)


def _report(by_action: dict[str, list[int]]) -> None:
    every = [count for counts in by_action.values() for count in counts]
    print(f"\nturns of the event loop from a click's event to its answer, {len(every)} clicks:")
    print(f"{'action':>10} {'clicks':>6} {'mean':>6} {'median':>6} {'max':>4}")
    for name, counts in sorted(by_action.items()) + [("all", every)]:
        print(f"{name:>10} {len(counts):6d} {statistics.mean(counts):6.1f} {statistics.median(counts):6.1f} "
              f"{max(counts):4d}")


def main() -> None:
    """Play the match under pytest (for the fake Discord's fixtures) and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=30, help="the match's point limit")
    args = parser.parse_args()
    os.environ[POINTS] = str(args.points)
    sys.exit(pytest.main([__file__, "-q", "-s", "-n", "0", "-p", "no:cacheprovider"]))


if __name__ == "__main__":
    main()
