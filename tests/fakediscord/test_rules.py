"""Discord's rules as the fake enforces them: deadlines, answering once, limits, the OpenAPI schema, no network."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from typing import Any, cast

import discord
import pytest
import pytest_asyncio

from tests.fakediscord import (
    BotRunner,
    DiscordError,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    NetworkBlockedError,
    NetworkGuard,
)
from tests.fakediscord.rules import check_message
from tests.fakediscord.schema import DEFAULT_SPEC, SchemaChecker

from ._tinybot import TinyBot


@pytest_asyncio.fixture
async def scene(fake_discord: FakeDiscord) -> AsyncIterator[tuple[BotRunner, FakeChannel, FakeUser]]:
    """TinyBot ready; its /tiny late answers after 0.3 s."""
    guild = fake_discord.add_guild()
    channel = fake_discord.add_channel(guild)
    alice = fake_discord.add_user("alice", guild=guild)
    async with fake_discord.run(TinyBot(delay=0.3)) as runner:
        yield runner, channel, alice


async def test_a_callback_after_the_deadline_gets_10062(fake_discord: FakeDiscord, scene: Any) -> None:
    _, channel, alice = scene
    fake_discord.deadline = 0.2  # instead of Discord's 3 s, to keep the test fast
    record = await fake_discord.slash(alice, channel, "tiny late")
    assert record.response_type is None and record.reply is None
    await fake_discord.wait_until(lambda: record.error_codes, what="the late callback")
    assert record.error_codes == [10062]
    assert {v.rule for v in fake_discord.violations} == {"unanswered", "late-callback"}


async def test_a_second_callback_gets_40060(fake_discord: FakeDiscord, scene: Any) -> None:
    _, channel, alice = scene
    record = await fake_discord.slash(alice, channel, "tiny twice")
    assert record.response_type == 4 and [m.content for m in record.messages] == ["one"]
    assert record.error_codes == [40060]
    assert [(v.rule, v.code) for v in fake_discord.violations] == [("discord-error", 40060)]


async def test_a_token_used_after_15_minutes_gets_50027(fake_discord: FakeDiscord, scene: Any) -> None:
    runner, channel, alice = scene
    record = await fake_discord.slash(alice, channel, "tiny secret")
    record.sent_at -= 15 * 60 + 1  # the interaction as if it came a quarter of an hour ago
    webhook = discord.Webhook.partial(fake_discord.application_id, record.token, client=runner.client)
    with pytest.raises(discord.HTTPException) as refused:
        await webhook.edit_message(cast(int, "@original"), content="too late")
    assert refused.value.code == 50027 and record.reply is not None and record.reply.content == "only for alice"
    assert [(v.rule, v.code) for v in fake_discord.violations] == [("discord-error", 50027)]


async def test_content_over_2000_characters_gets_50035(fake_discord: FakeDiscord, scene: Any) -> None:
    _, channel, alice = scene
    record = await fake_discord.slash(alice, channel, "tiny long")
    assert record.error_codes[0] == 50035 and record.reply is not None and record.reply.content == "too long"
    assert [v.code for v in fake_discord.violations] == [50035]
    assert "too long" in fake_discord.violations[0].detail


async def test_an_upload_over_the_size_limit_gets_40005(fake_discord: FakeDiscord, scene: Any) -> None:
    _, channel, alice = scene
    fake_discord.attachment_size_limit = 50
    fake_discord.followup_timeout = 0.2
    record = await fake_discord.slash(alice, channel, "tiny slow")
    assert record.error_codes == [40005] and record.original is not None and record.original.loading
    assert [v.rule for v in fake_discord.violations] == ["discord-error", "defer-never-completed"]


async def test_editing_a_deleted_message_is_an_error_but_not_a_violation(fake_discord: FakeDiscord,
                                                                          scene: Any) -> None:
    runner, channel, alice = scene
    table = (await fake_discord.slash(alice, channel, "tiny start")).reply
    fake_discord.delete_message(table)
    assert table not in fake_discord.messages(channel, seen_by=alice)
    with pytest.raises(discord.NotFound):
        await runner.client.get_channel(channel.id).get_partial_message(table.id).edit(content="again")
    assert [e.code for e in fake_discord.errors] == [10008] and fake_discord.violations == []


async def test_a_repeated_enforced_nonce_answers_with_the_first_message_and_makes_none(
        fake_discord: FakeDiscord, scene: Any) -> None:
    runner, channel, _ = scene
    sender = runner.client.get_channel(channel.id)
    first = await sender.send("the reveal", nonce="round-1")
    again = await sender.send("the reveal, sent again", nonce="round-1")
    other = await sender.send("the next reveal", nonce="round-2")
    assert again.id == first.id and again.content == "the reveal" and other.id != first.id
    assert [m.content for m in fake_discord.messages_in(channel)] == ["the reveal", "the next reveal"]
    assert fake_discord.violations == []


async def test_an_archived_thread_refuses_edits_and_a_locked_one_posts_too(
        fake_discord: FakeDiscord, scene: Any) -> None:
    runner, channel, _ = scene
    thread = fake_discord.add_thread(channel)
    await fake_discord.idle()
    sender = runner.client.get_partial_messageable(thread.id)
    message = await sender.send("the table")
    fake_discord.archive_thread(thread)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="an edit")
    assert refused.value.code == 50083
    await sender.send("a post opens it again")
    assert not thread.archived
    fake_discord.archive_thread(thread, locked=True)
    with pytest.raises(discord.HTTPException) as locked:
        await sender.send("no post in a locked thread")
    assert locked.value.code == 50083 and [e.code for e in fake_discord.errors] == [50083, 50083]
    assert fake_discord.violations == []


def _rows(rows: int, buttons: int, *, custom_id: str = "b{r}{b}", label: str = "x") -> list[dict[str, Any]]:
    return [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": label, "custom_id": custom_id.format(r=r, b=b)} for b in range(buttons)
    ]} for r in range(rows)]


@pytest.mark.parametrize(("payload", "needle"), [
    ({"components": _rows(6, 1)}, "components: Must be 5 or fewer"),
    ({"components": _rows(1, 6)}, "exceeds the maximum width"),
    ({"components": _rows(2, 2, custom_id="same")}, "cannot be duplicated"),
    ({"components": _rows(1, 1, custom_id="c" * 101)}, "custom_id: Must be 100 or fewer"),
    ({"components": _rows(1, 1, label="l" * 81)}, "label: Must be 80 or fewer"),
    ({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [
        {"label": str(i), "value": str(i)} for i in range(26)]}]}]}, "between 1 and 25"),
    ({"embeds": [{"title": "t"}] * 11}, "embeds: Must be 10 or fewer"),
    ({"embeds": [{"description": "d" * 4097}]}, "description: Must be 4096 or fewer"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "exceeds maximum size of 6000"),
    ({"content": "x" * 2001}, "content: Must be 2000 or fewer"),
])
def test_message_limits_answer_invalid_form_body(payload: dict[str, Any], needle: str) -> None:
    from tests.fakediscord.rules import describe

    with pytest.raises(DiscordError) as caught:
        check_message(payload)
    assert caught.value.code == 50035 and needle in describe(caught.value)


def test_an_empty_message_gets_50006_and_a_full_one_passes() -> None:
    with pytest.raises(DiscordError) as caught:
        check_message({"content": ""})
    assert caught.value.code == 50006
    check_message({"content": "x" * 2000, "components": _rows(5, 5)})


def test_request_bodies_are_checked_against_the_openapi_document() -> None:
    checker = SchemaChecker(DEFAULT_SPEC)
    if not checker.enabled:
        pytest.skip(checker.skip_reason or "no OpenAPI document")
    route = "/channels/1/messages"
    assert checker.validate("POST", route, {"content": "hi", "attachments": [{"id": 0, "filename": "a.png"}]}) == []
    assert "not of type" in checker.validate("POST", route, {"content": 5})[0]
    bad_button = {"type": 4, "data": {"components": [{"type": 1, "components": [{"type": 2, "style": 99}]}]}}
    assert checker.validate("POST", "/interactions/1/tok/callback", bad_button)
    assert checker.operation("PATCH", "/webhooks/1/t/messages/@original") == (
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original")


def test_a_missing_document_skips_schema_checks_with_a_reason(tmp_path: Any) -> None:
    checker = SchemaChecker(tmp_path / "absent.json")
    assert not checker.enabled and "absent" in (checker.skip_reason or "")
    assert checker.validate("POST", "/channels/1/messages", {"content": 5}) == []


async def test_a_schema_invalid_body_is_answered_50035(fake_discord: FakeDiscord, scene: Any) -> None:
    if not fake_discord.schema.enabled:
        pytest.skip(fake_discord.schema.skip_reason or "no OpenAPI document")
    runner, channel, _ = scene
    with pytest.raises(discord.HTTPException) as caught:
        await runner.client.http.request(discord.http.Route("POST", "/channels/{channel_id}/messages",
                                                            channel_id=channel.id), json={"content": 5})
    assert caught.value.code == 50035 and fake_discord.violations[0].rule == "schema"


def test_the_network_guard_refuses_everything_but_loopback() -> None:
    guard = NetworkGuard()
    guard.install()
    try:
        with pytest.raises(NetworkBlockedError):
            socket.create_connection(("discord.com", 443), timeout=1)
        with pytest.raises(NetworkBlockedError):
            socket.socket().connect(("162.159.128.233", 443))
        assert len(guard.attempts) == 2
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            server.listen()
            socket.create_connection(server.getsockname(), timeout=1).close()
    finally:
        guard.uninstall()
