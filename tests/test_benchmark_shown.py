"""The load benchmark's end check (a table whose message shows other text than its newest state is counted), and its bot
process importing what the deployed bot does."""

from __future__ import annotations

from typing import Any

from tests.benchmarks.load_shown import newest_line, stale_tables
from tests.probe import printed_by


def test_a_message_showing_other_text_or_none_is_stale() -> None:
    messages = {1: "Ana's turn", 2: "Bo drew a card", 3: "Round 2 begins"}
    newest = {"1": "Ana's turn", "2": "Bo swapped", "3": "Round 2 begins", "4": "Cy's turn"}
    assert stale_tables(newest, messages.get) == ["2", "4"]


async def test_the_line_counts_stale_tables_at_once_and_after_they_catch_up() -> None:
    messages = {1: "Ana's turn", 2: "Bo drew a card"}
    asked: list[int] = []

    async def ask() -> dict[str, Any]:
        asked.append(1)
        if len(asked) == 2:  # the bot's queued edit arrives meanwhile
            messages[2] = "Bo swapped"
        return {"tables": {"1": "Ana's turn", "2": "Bo swapped"}}

    line = await newest_line(ask, messages.get, patience=5.0)
    assert line.startswith("tables showing an older state than their newest once the people stopped: 1 of 2 at "
                           "once, 0 of 2 after ")
    assert len(asked) == 2


async def test_the_line_gives_up_after_its_patience() -> None:
    async def ask() -> dict[str, Any]:
        return {"tables": {"7": "Cy's turn"}}

    line = await newest_line(ask, {7: "Bo's turn"}.get, patience=0.0)
    assert ": 1 of 1 at once, 1 of 1 after 0.0 s" in line


def test_the_benchmark_s_bot_process_imports_neither_the_fake_nor_pytest() -> None:
    """The bot process of bench_load imports what the deployed bot does: the fake's server and pytest would add to its
    start-up time and memory, which the benchmark measures."""
    probe = ("import sys, tests.benchmarks.load_bot; "
             "print(sorted(m for m in ('tests.fakediscord', '_pytest', 'aiohttp.web') if m in sys.modules))")
    assert printed_by("-c", probe) == "[]"
