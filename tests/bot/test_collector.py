"""The survivors of a full collection are frozen (the next one walks only newer objects), and thawed now and then
so that cycles among them that turned into garbage are still collected."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.collector import THAW_EVERY_S, SurvivorFreezer


class Node:
    """An object in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    """Two nodes referring to each other; the first is returned with a weak reference to it."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    return first, weakref.ref(first)


@pytest.fixture
def thawed_after() -> Iterator[None]:
    """Whatever a test froze is thawed again, so later tests see the collector as they found it."""
    yield
    gc.unfreeze()


async def _collect_and_let_the_loop_freeze() -> None:
    gc.collect()
    await asyncio.sleep(0)  # the freezer runs on the loop, right after the collection


@pytest.mark.usefixtures("thawed_after")
async def test_survivors_of_a_full_collection_are_frozen_and_thawed_after_hours() -> None:
    now = [0.0]
    freezer = SurvivorFreezer(asyncio.get_running_loop(), clock=lambda: now[0])
    freezer.install()
    try:
        node, alive = cycle()
        before = gc.get_freeze_count()
        await _collect_and_let_the_loop_freeze()
        assert gc.get_freeze_count() > before  # the node survived: it is frozen now
        assert gc.get_objects().count(node) == 0  # a full collection no longer walks it
        del node
        await _collect_and_let_the_loop_freeze()
        assert alive() is not None  # a frozen cycle that became garbage waits for the thaw
        now[0] = THAW_EVERY_S
        await _collect_and_let_the_loop_freeze()
        assert alive() is None  # thawed and collected
        assert gc.get_freeze_count() > 0  # and what still lives is frozen again
    finally:
        freezer.uninstall()


async def test_an_uninstalled_freezer_freezes_nothing() -> None:
    freezer = SurvivorFreezer(asyncio.get_running_loop())
    freezer.install()
    freezer.uninstall()
    before = gc.get_freeze_count()
    await _collect_and_let_the_loop_freeze()
    assert gc.get_freeze_count() == before
