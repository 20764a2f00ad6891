"""A deferred reply ("Dreamcats is thinking…") is always completed: with the result, or with a line saying what
went wrong, whatever fails after the defer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.client import DreamcatsBot
from bot.edit_tokens import EditTokens
from bot.views import click as click_module
from bot.views import holds
from bot.views import private as private_module
from bot.views.click import HANDLERS, Click
from game.errors import NotYourTurnError
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.fakediscord import FakeMessage, InteractionRecord

APOLOGY = "Something went wrong there"


async def _draw(world: World, running: DreamcatsBot, break_it: Callable[[], None]) -> tuple[Any, InteractionRecord]:
    """Everyone peeks, then `break_it()`, then Ana (whose turn it is) presses Draw."""
    players = await open_table(world, running)
    await players.initial_peeks()
    break_it()
    table = players.table
    assert table is not None and table.turn == 0
    record = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
    return players, record


def _completed(record: InteractionRecord) -> str:
    """The completed reply's text; fails if it is still 'thinking…'."""
    assert record.response_type == 5 and record.original is not None
    assert not record.original.loading, "the deferred reply was left 'thinking…'"
    return record.original.all_text() if record.original.revisions else record.original.content


def _late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers not ready within 20 ms are deferred ("thinking…") first."""
    monkeypatch.setattr(holds, "DEFER_AFTER", 0.02)


async def test_a_quick_move_is_answered_at_once_without_thinking(world: World, running: DreamcatsBot) -> None:
    _, record = await _draw(world, running, lambda: None)
    assert record.response_type == 4 and record.reply is not None and record.reply.ephemeral
    assert any(":swap:" in c for c in record.reply.custom_ids)  # the drawn card's choices, in the one answer
    swap = next(c for c in record.reply.custom_ids if ":swap:" in c)
    swapped = await world.fake.click(world.ana, record.reply, swap)
    assert swapped.response_type == 7 and not record.reply.custom_ids  # the same private message, turn done
    # Nothing of the answered replies stays alive: discord.py keeps an ephemeral reply's buttons (a view and its
    # timer) for 15 minutes unless told otherwise, which at hundreds of clicks a minute is most of the bot's memory.
    view_timers = [task for task in asyncio.all_tasks() if "timeout_task_impl" in repr(task.get_coro())]
    assert view_timers == []
    assert world.fake.violations == []


async def test_a_slow_private_picture_is_drawn_into_a_deferred_reply(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    drawing = private_module.private_file

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await drawing(*args, **kwargs)

    _late(monkeypatch)
    _, record = await _draw(world, running, lambda: monkeypatch.setattr(private_module, "private_file", slow))
    assert record.response_type == 5  # "thinking…" went out in time, while the picture was still being drawn
    await world.fake.wait_until(lambda: record.original is not None and not record.original.loading,
                                what="the drawn card")
    assert record.original is not None and [a.filename for a in record.original.attachments] == ["dream.png"]
    assert world.fake.violations == []


async def test_a_failure_after_the_defer_completes_the_reply_with_an_apology(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0.2)
        raise RuntimeError("the database went away")

    _late(monkeypatch)

    _, record = await _draw(world, running, lambda: monkeypatch.setattr(running.service, "play", broken))
    assert APOLOGY in _completed(record)
    assert world.fake.violations == []


async def test_a_reply_whose_edit_fails_is_completed_by_a_followup(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(self: discord.Interaction, **kwargs: Any) -> None:
        raise discord.HTTPException(_Response(500), "edit refused")

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.2)
        return await play(*args, **kwargs)

    _late(monkeypatch)
    play = running.service.play
    monkeypatch.setattr(running.service, "play", slow)

    _, record = await _draw(world, running,
                            lambda: monkeypatch.setattr(discord.Interaction, "edit_original_response", refused))
    assert record.response_type == 5
    assert any(APOLOGY in m.content for m in record.messages), record.messages
    assert world.fake.violations == []


async def test_a_handler_that_forgets_to_answer_still_completes_the_reply(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def forgetful(click: Click) -> None:
        await click.interaction.response.defer(ephemeral=True, thinking=True)

    _, record = await _draw(world, running, lambda: monkeypatch.setitem(HANDLERS, "draw", forgetful))
    assert APOLOGY in _completed(record)
    assert world.fake.violations == []


async def test_a_handler_that_promises_an_answer_and_forgets_still_answers(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def forgetful(click: Click) -> None:
        holds.hold(click.interaction, new_message=True)

    _, record = await _draw(world, running, lambda: monkeypatch.setitem(HANDLERS, "draw", forgetful))
    assert record.response_type == 4 and record.reply is not None and APOLOGY in record.reply.content
    await asyncio.sleep(holds.DEFER_AFTER + 0.1)  # the promised deferral was dropped: no second callback
    assert world.fake.violations == []


async def test_a_slow_move_says_it_is_coming_and_then_shows_the_result(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    play = running.service.play

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await play(*args, **kwargs)

    _late(monkeypatch)
    monkeypatch.setattr(click_module, "STILL_WORKING_AFTER", 0.05)
    _, record = await _draw(world, running, lambda: monkeypatch.setattr(running.service, "play", slow))
    reply = record.original
    assert reply is not None
    await world.fake.wait_until(lambda: any(":swap:" in c for c in reply.custom_ids), what="the drawn card")
    assert any("Still working on that" in (r.get("content") or "") for r in reply.revisions)
    assert world.fake.violations == []


class _Response:
    """The least of an aiohttp response that discord.HTTPException reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


async def test_a_button_of_an_older_picture_is_refused_and_the_table_redrawn(
        world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None
    old = players.message()
    stale = players.cid("draw", table.move_number - 1 if table.move_number else table.move_number + 1)
    stale_button = {"type": 2, "style": 1, "label": "old", "custom_id": stale}
    old.components = [{"type": 1, "components": [stale_button]}]  # what someone still sees on an old picture
    edits = running.presenter.edits
    refused = await world.fake.click(world.ana, old, stale)
    assert refused.reply is not None and "earlier moment" in refused.reply.content
    await players.settle()
    assert running.presenter.edits > edits and stale not in players.message().custom_ids
    assert world.fake.violations == []


async def test_a_refusal_while_the_deferral_is_on_its_way_is_answered_once(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line waits for a deferral already sent: before, both answered and Discord refused the second (40060)."""
    real_defer = discord.InteractionResponse.defer

    async def slow_defer(self: discord.InteractionResponse[Any], **kwargs: Any) -> Any:
        await asyncio.sleep(0.1)  # the deferral is under way while the refusal comes
        return await real_defer(self, **kwargs)

    async def refused(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0.05)
        raise NotYourTurnError("It is not your turn.")

    _late(monkeypatch)
    monkeypatch.setattr(discord.InteractionResponse, "defer", slow_defer)
    _, record = await _draw(world, running, lambda: monkeypatch.setattr(running.service, "play", refused))
    text = _completed(record)
    assert "turn" in text and APOLOGY not in text
    assert world.fake.violations == []


async def _lending_draw(world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch,
                        slow_play: Callable[..., Any]) -> tuple[InteractionRecord, FakeMessage]:
    """Ana presses Draw on a table with no edit token (as after a restart), with the move made by `slow_play`:
    the click lends its token and her answer follows; the placeholder she sees meanwhile is returned."""
    monkeypatch.setattr(click_module, "STILL_WORKING_AFTER", 0.05)

    def slow_and_no_token() -> None:
        monkeypatch.setattr(running.service, "play", slow_play)
        running.presenter.posts.tokens = EditTokens()

    _, record = await _draw(world, running, slow_and_no_token)
    placeholder = await world.fake.private_answer(record)
    assert record.response_type == 6 and placeholder.ephemeral and placeholder.visible_to(world.ana)
    return record, placeholder


async def test_a_slow_lending_click_says_it_is_coming_in_the_message_the_result_then_fills(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The click is answered with a deferred update of the table (no "thinking…"): without a placeholder the person
    would see nothing until the result came."""
    play = running.service.play

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await play(*args, **kwargs)

    record, placeholder = await _lending_draw(world, running, monkeypatch, slow)
    await world.fake.wait_until(lambda: any(":swap:" in c for c in placeholder.custom_ids), what="the drawn card")
    assert "Still working on that" in (placeholder.revisions[0].get("content") or "")
    assert not placeholder.content and placeholder.embeds  # the drawn card took the line's place
    assert [m for m in record.messages if m.ephemeral] == [placeholder]  # one private message, not two
    assert world.fake.violations == []


async def test_a_refusal_after_the_placeholder_replaces_it(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0.3)
        raise NotYourTurnError("It is not your turn.")

    record, placeholder = await _lending_draw(world, running, monkeypatch, refused)
    assert "Still working on that" in (placeholder.revisions[0].get("content") or "")
    await world.fake.wait_until(lambda: "turn" in placeholder.content, what="the refusal")
    assert "Still working" not in placeholder.content and not placeholder.custom_ids
    assert [m for m in record.messages if m.ephemeral] == [placeholder]
    assert world.fake.violations == []


async def test_a_result_on_its_way_when_the_still_working_line_is_due_is_not_overwritten(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drawn card's reply is being sent (a slow upload) when "still working" falls due: the line must not follow
    it into the reply, nor the apology after that."""
    play, edit = running.service.play, discord.Interaction.edit_original_response

    async def slow_play(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.1)  # slow enough to be deferred first
        return await play(*args, **kwargs)

    async def slow_edit(self: discord.Interaction[Any], **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)  # the upload takes a while
        return await edit(self, **kwargs)

    _late(monkeypatch)
    monkeypatch.setattr(click_module, "STILL_WORKING_AFTER", 0.15)  # due while the result is on its way
    monkeypatch.setattr(discord.Interaction, "edit_original_response", slow_edit)
    _, record = await _draw(world, running, lambda: monkeypatch.setattr(running.service, "play", slow_play))
    await asyncio.sleep(1.0)  # every pending edit has landed
    reply = record.original
    assert reply is not None and record.response_type == 5
    assert any(":swap:" in c for c in reply.custom_ids), reply.content  # the drawn card's choices stay
    assert APOLOGY not in reply.content and "Still working" not in reply.content
    assert world.fake.violations == []
