"""What players and admins see: the drawn-card prompt, the lobby menu and names, the start answer, the turn timer
on the picture, and lobbies that close themselves when abandoned."""

from __future__ import annotations

import dataclasses
import io
import random
from datetime import UTC, datetime

import discord
import pytest
from PIL import Image

from bot.cog import DreamcatsCog
from bot.i18n import picture_text
from bot.service import GameService, ManualClock, Person, Seat, Table, table_from_payload
from bot.service.lobby import COMPUTER_NAMES
from bot.service.service import LOBBY_TIMEOUT
from bot.texts import seat_names, turn_time
from bot.views.private import holding, take_choice
from bot.views.public import lobby_message, table_message
from game.dreamcats import Draw, InitialPeek, MatchSettings, Slot, apply_action, new_match, observe, public_observation
from images.dreamcats import PictureText, encode_png, render_table
from tests.bot.conftest import World
from tests.bot.fakes import MemoryGameStore, RecordingNotifier

ANA, BO = Person(1, "Ana"), Person(2, "Bo", "pl")


def _playing_table(seed: int, *, computer_turn: bool = False) -> Table:
    """Ana and a computer player, both peeked; Ana's turn (or the computer's) with a running clock."""
    seats = [Seat(1, "Ana"), Seat(None, "Luna", strength="hard")]
    table = Table("abcdef0123", 1, 2, 1, MatchSettings(turn_timer=120), "en", seats, datetime.now(UTC))
    table.state = new_match(2, table.settings, random.Random(seed), starter=1 if computer_turn else 0)
    for seat in (0, 1):
        apply_action(table.state, InitialPeek(seat, (0, 1)))
    table.deadline = None if computer_turn else datetime.now(UTC)
    return table


def _holding(special: bool) -> Table:
    for seed in range(200):
        table = _playing_table(seed)
        assert table.state is not None
        apply_action(table.state, Draw(0))
        held = table.state.round.held
        if held is not None and held.is_special == special:
            return table
    raise AssertionError("no seed draws such a card")


@pytest.mark.parametrize(("locale", "power_word"), [("en", "power"), ("pl", "mocy")])
def test_the_drawn_card_prompt_mentions_a_power_only_for_special_cards(locale: str, power_word: str) -> None:
    number = _holding(special=False)
    assert number.state is not None
    text = holding(number, observe(number.state, 0), locale).text
    assert power_word not in text and str(int(number.state.round.held or 0)) in text

    special = _holding(special=True)
    assert special.state is not None
    step = holding(special, observe(special.state, 0), locale)
    assert power_word in step.text and ":power:" in " ".join(str(getattr(i, "custom_id", "")) for i in step.items)


@pytest.mark.parametrize(("locale", "labels"), [("en", ["Easy", "Normal", "Hard"]),
                                                ("pl", ["Łatwy", "Średni", "Trudny"])])
def test_the_computer_menu_has_capitalised_labels_with_a_description(locale: str, labels: list[str]) -> None:
    table = Table("abcdef0123", 1, 2, 1, MatchSettings(), locale, [Seat(1, "Ana")], datetime.now(UTC))
    embed, view = lobby_message(table)
    assert "30" in (embed.footer.text or "")  # the lobby says it closes itself when abandoned
    [select] = [i.item for i in view.children if isinstance(getattr(i, "item", None), discord.ui.Select)]
    assert [option.label for option in select.options] == labels
    assert all(option.description and len(option.description) <= 100 for option in select.options)


async def test_computer_players_get_short_distinct_cat_names_that_survive_a_restart() -> None:
    store, clock = MemoryGameStore(), ManualClock()
    service = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(1))
    table = await service.open_lobby(guild_id=1, channel_id=2, host=ANA, settings=MatchSettings(), locale="pl")
    for strength in ("easy", "normal", "hard", "hard"):
        table = await service.add_computer(table.game_id, ANA.user_id, strength)
    stored = [seat.name for seat in table.seats[1:]]
    assert len(set(stored)) == 4 and set(stored) <= set(COMPUTER_NAMES)
    shown = seat_names(table, "pl")[1:]
    assert all(name.startswith("Bot ") and len(name) <= 12 for name in shown)

    embed, _ = lobby_message(table)
    assert "Bot " in embed.fields[0].value and "(trudny)" in embed.fields[0].value  # the strength, in the lobby
    row = store.rows[table.game_id]
    again = table_from_payload(row.payload, version=row.version, message_id=None, deadline=None)
    assert seat_names(again, "en")[1:] == shown
    await service.shutdown()


@pytest.mark.parametrize(("locale", "expected"), [("en", "2:00 per turn"), ("pl", "2:00 na turę")])
def test_the_turn_timer_is_worded_for_people_only(locale: str, expected: str) -> None:
    assert turn_time(_playing_table(1), locale) == expected
    assert turn_time(_playing_table(1, computer_turn=True), locale) is None


async def test_the_table_picture_shows_the_turn_timer() -> None:
    table = _playing_table(2)
    assert table.state is not None
    file = (await table_message(table)).file
    names = seat_names(table, "en")
    obs = public_observation(table.state)
    with_timer = render_table(obs, names, deadline="2:00 per turn", text=picture_text("en"))
    without = render_table(obs, names, text=picture_text("en"))
    sent = file.fp.read()
    assert sent == encode_png(with_timer) and sent != encode_png(without)
    assert Image.open(io.BytesIO(sent)).size == with_timer.size


async def test_an_idle_lobby_closes_itself_even_across_a_restart() -> None:
    store, clock, notifier = MemoryGameStore(), ManualClock(), RecordingNotifier()
    service = GameService(store, notifier, clock=clock, computer_pause=0)
    table = await service.open_lobby(guild_id=1, channel_id=2, host=ANA, settings=MatchSettings(), locale="en")
    await clock.advance(LOBBY_TIMEOUT - 60)
    await service.join(table.game_id, BO)  # activity: the half hour starts again
    await clock.advance(LOBBY_TIMEOUT - 60)
    assert service.in_channel(2) is not None and notifier.kinds("closed") == []

    await service.shutdown()  # the bot goes down; the lobby stays stored with its last activity
    later = RecordingNotifier()
    restarted = GameService(store, later, clock=clock, computer_pause=0)
    await restarted.resume()
    await clock.advance(30)
    assert restarted.in_channel(2) is not None
    await clock.advance(31)
    assert later.kinds("closed") == ["expired"]
    assert restarted.in_channel(2) is None and store.rows == {}
    await restarted.shutdown()


async def test_a_started_match_never_expires() -> None:
    store, clock, notifier = MemoryGameStore(), ManualClock(), RecordingNotifier()
    service = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(3))
    table = await service.open_lobby(guild_id=1, channel_id=2, host=ANA, settings=MatchSettings(), locale="en")
    await service.add_computer(table.game_id, ANA.user_id, "easy")
    await service.start(table.game_id, ANA.user_id)
    await service.play(table.game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    await clock.advance(LOBBY_TIMEOUT + 1)  # Ana's turn timer runs out meanwhile; the match goes on
    assert notifier.kinds("closed") == [] and service.in_channel(2) is not None
    await service.shutdown()


async def test_start_answers_with_the_lobby_itself_never_an_empty_message(world: World, running: object) -> None:
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start")
    lobby = start.reply
    assert start.response_type == 4 and lobby is not None and not lobby.ephemeral
    assert all(revision["embeds"] and not revision["flags"] & 128 for revision in lobby.revisions)
    assert fake.violations == []


async def test_a_slow_start_shows_thinking_then_the_lobby(world: World, running: object) -> None:
    fake = world.fake
    bot = running
    assert isinstance(bot, discord.Client)
    [cog] = [c for c in bot.cogs.values() if isinstance(c, DreamcatsCog)]  # type: ignore[attr-defined]
    cog.answer_within = 0.0  # as if the database were slow
    start = await fake.slash(world.ana, world.games, "dreamcats start")
    lobby = start.reply
    assert start.response_type == 5 and lobby is not None
    assert not lobby.loading and lobby.embeds and lobby.custom_ids
    assert fake.violations == []


async def test_an_abandoned_lobby_is_closed_in_the_channel(world: World) -> None:
    from tests.bot.conftest import make_bot

    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    fake = world.fake
    async with fake.run(bot):
        start = await fake.slash(world.ana, world.games, "dreamcats start")
        await clock.advance(LOBBY_TIMEOUT + 1)
        lobby = fake.messages_by_id[start.reply.id]  # type: ignore[union-attr]
        await fake.wait_until(lambda: not lobby.custom_ids, what="the idle lobby closes")
        assert "30 minutes" in lobby.embeds[0]["description"]
        again = await fake.slash(world.bo, world.games, "dreamcats start")  # the channel is free again
        assert again.response_type == 4 and again.reply is not None and again.reply.custom_ids
    assert fake.violations == []


def test_every_picture_caption_is_translated_into_polish() -> None:
    polish, english = picture_text("pl"), PictureText()
    same = [f.name for f in dataclasses.fields(PictureText) if getattr(polish, f.name) == getattr(english, f.name)]
    assert same == ["alt_seat", "alt_place"]  # only the bare "{name} {total}" patterns
    assert (polish.draw_pile, polish.wake_up) == ("Stos zakryty", "Pobudka!")


async def test_a_failing_start_leaves_no_placeholder_behind(world: World, running: object) -> None:
    fake, bot = world.fake, running
    assert isinstance(bot, discord.Client)
    [cog] = [c for c in bot.cogs.values() if isinstance(c, DreamcatsCog)]  # type: ignore[attr-defined]
    cog.answer_within = 0.0

    async def broken_lobby(**_: object) -> Table:
        raise RuntimeError("the database is down")

    bot.service.open_lobby = broken_lobby  # type: ignore[attr-defined]
    start = await fake.slash(world.ana, world.games, "dreamcats start")
    await fake.idle()
    assert start.response_type == 5 and start.original is not None and start.original.deleted
    # The placeholder is deleted and the apology goes out as an ephemeral followup. (The fake applies a followup
    # to the deleted placeholder, so the request itself is checked.)
    [followup] = [r for r in fake.requests if r.method == "POST" and r.path.startswith("/webhooks/")]
    body = followup.body
    assert isinstance(body, dict) and body["flags"] & 64 and body["content"] and "database" not in body["content"]
    assert fake.violations == []


@pytest.mark.parametrize("aid", [False, True])
def test_with_the_memory_aid_choosing_a_place_in_my_dream_shows_the_cards_i_know(aid: bool) -> None:
    """RULES.md §5: with the memory aid on, a player sees the cards they know at any time, also while holding a
    drawn card (the step where they choose which card to give up) or choosing where the discard goes."""
    table = _playing_table(5)
    table.settings = dataclasses.replace(table.settings, memory_aid=aid)
    known = [Slot(0, 0), Slot(0, 1)]  # Ana's initial peek
    taking = take_choice(table, observe(table.state, 0), "en")
    apply_action(table.state, Draw(0))
    held = holding(table, observe(table.state, 0), "en")
    assert sorted(held.showing or []) == (known if aid else [])  # the drawn card is in view either way
    assert (sorted(taking.showing) if taking.showing is not None else None) == (known if aid else None)
