"""A look back at each round: every reveal shows how each card got there and carries How did I do?, which answers
each person privately with their own round in hindsight, also after a restart and after the match ended."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.client import DreamcatsBot
from bot.look_back import KeptRound, key_of, recall
from bot.look_text import card_lines, turn_lines, turns_fitted, verdict_lines
from bot.service import Seat, Table
from bot.storage import Database
from bot.storage.models import BotState
from bot.views.look_clicks import look_embed
from game.dreamcats import Card, InitialPeek, MatchSettings, WakeUp, apply_action, new_match
from game.dreamcats.hindsight import DEALT, Hindsight, OwnCard, TurnCheck, look_back, origins
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.fakediscord import FakeMessage


def _reveals(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.messages(world.games) if any(a.filename == "reveal.png" for a in m.attachments)]


def _text(embeds: list[dict[str, Any]]) -> str:
    """Everything an embed shows in words."""
    parts = []
    for embed in embeds:
        parts += [embed.get("title", ""), embed.get("description", ""), embed.get("footer", {}).get("text", "")]
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


async def _kept(bot: DreamcatsBot, game_id: str, number: int) -> KeptRound:
    return await recall(bot.db, game_id, number)


async def test_how_did_i_do_answers_each_person_privately_with_their_own_round(world: World) -> None:
    fake = world.fake
    bot = make_bot(world)
    async with fake.run(bot) as runner:
        players = await open_table(world, bot)
        await players.play_to_the_end()
        await bot.presenter.idle()
        await fake.idle()
        gid = players.game_id
        reveals = _reveals(world)
        assert reveals  # (a short match: its one round may end it)
        for number, reveal in enumerate(reveals, start=1):
            # The button names the game and the round, nothing else; the picture's alt text tells the origins.
            assert reveal.custom_ids == [f"dc:{gid}:look:{number}"]
            assert reveal.button("How did I do?") is not None
        bot = make_bot(world)
        await runner.restart(bot)  # the match is over and the process is new: the rounds are still kept

        kept = await _kept(bot, gid, 1)
        ana, bo = kept.seat_of(world.ana.id), kept.seat_of(world.bo.id)
        assert ana is not None and bo is not None
        pressed = await fake.click(world.ana, reveals[0], f"dc:{gid}:look:1")
        reply = pressed.reply
        assert reply is not None and reply.ephemeral and reply.ephemeral_to == world.ana
        shown = _text(reply.embeds)
        assert shown == _text([look_embed(kept, ana, "en").to_dict()])
        assert "Round 1 in hindsight" in shown and "Only you can see this" in shown
        # Ana's own four cards, each with how it got there and whether she knew it, and nothing of anyone else's
        # view: no word on what another seat knew (only her four cards say "knew" or "know").
        mine = card_lines(look_back(kept.story, ana), kept.names, "en")
        fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
        assert fields["Your dream at the end"] == "\n".join(mine)
        assert sum(shown.count(word) for word in ("you knew it", "you never saw it", "you did not know it")) == 4
        assert [look_back(kept.story, ana).cards[p].card for p in range(4)] == list(kept.story.result.dreams[ana])
        assert [a.filename for a in reply.attachments] == []
        assert all(not m.ephemeral or m.ephemeral_to in (world.ana, None) for m in pressed.messages)

        # Cy's client speaks Polish: the answer too, about the match's last round.
        last = len(reveals)
        polish = await fake.click(world.cy, reveals[-1], f"dc:{gid}:look:{last}")
        assert polish.reply is not None and polish.reply.ephemeral and polish.reply.ephemeral_to == world.cy
        assert f"Runda {last} — spojrzenie wstecz" in _text(polish.reply.embeds)

        # Eve did not play: a friendly line, privately.
        outsider = await fake.click(world.eve, reveals[0], f"dc:{gid}:look:1")
        assert outsider.reply is not None and outsider.reply.ephemeral
        assert "no seat in that round" in outsider.reply.content and not outsider.reply.embeds
    assert fake.violations == []


async def test_a_round_no_longer_kept_or_unreadable_says_so(world: World, running: DreamcatsBot,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    players = await open_table(world, running)
    await players.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()
    gid, reveals = players.game_id, _reveals(world)

    async def spoil(session: AsyncSession) -> None:
        await session.execute(update(BotState).where(BotState.key == key_of(gid, 1)).values(value="{not json"))

    await running.db.write(spoil)
    with caplog.at_level(logging.WARNING, logger="bot.look_back"):
        spoiled = await fake.click(world.bo, reveals[0], f"dc:{gid}:look:1")
    assert spoiled.reply is not None and spoiled.reply.ephemeral and "no longer kept" in spoiled.reply.content
    assert len([r for r in caplog.records if "unreadable" in r.getMessage()]) == 1

    async def forget(session: AsyncSession) -> None:
        await session.execute(update(BotState).where(BotState.key == key_of(gid, 1)).values(key="gone"))

    await running.db.write(forget)
    gone = await fake.click(world.ana, reveals[0], f"dc:{gid}:look:1")
    assert gone.reply is not None and gone.reply.ephemeral and "no longer kept" in gone.reply.content
    assert fake.violations == []


async def test_the_reveal_picture_tells_how_each_card_got_there(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.play_to_the_end()
    await running.presenter.idle()
    kept = await _kept(running, players.game_id, 1)
    alt = _reveals(world)[0].attachment("reveal.png").description or ""
    told = {"drawn": "from the draw pile", "discard": "from the discard", "swapped": "by Swap 2"}
    words = [told[placed.origin.value] for dream in origins(kept.story) for placed in dream
             if placed.origin.value in told]
    assert words  # a round of three seats to its end: some card was not dealt
    for word in set(words):
        assert alt.count(f"({word})") == words.count(word), word


def _hindsight(turns: tuple[tuple[int, int], ...], *, called: bool = False, succeeded: bool | None = None,
               score: int = 10) -> Hindsight:
    cards = tuple(OwnCard(p, Card(p), DEALT, p < 2) for p in range(4))
    checks = tuple(TurnCheck(i + 1, own, lowest) for i, (own, lowest) in enumerate(turns))
    return Hindsight(0, 3, cards, checks, called, succeeded, score, 5)


@pytest.mark.parametrize("locale", ["en", "pl"])
@pytest.mark.parametrize(("turns", "called", "succeeded", "score", "english"), [
    (((12, 9), (6, 9)), True, True, 6, "None of your turns was a better moment to call."),
    (((4, 9), (12, 9)), True, False, 17, "A Wake up! on your turn 1 would have scored 4 instead of 17: 13 points"),
    (((4, 9), (8, 9)), False, None, 10, "Not calling cost you 6 points: a Wake up! on your turn 1 would have scored 4"),
    (((12, 9),), False, None, 10, "Not calling paid off: your best Wake up! (turn 1) would have scored 17"),
    (((10, 9),), False, None, 15, "Not calling neither cost nor gained you points"),
    ((), False, None, 10, "You scored 10."),
])
def test_every_verdict_is_told_in_both_languages(locale: str, turns: tuple[tuple[int, int], ...], called: bool,
                                                 succeeded: bool | None, score: int, english: str,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    hindsight = _hindsight(turns, called=called, succeeded=succeeded, score=score)
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        lines = [*card_lines(hindsight, ["Ana", "Bo"], locale), *turn_lines(hindsight, locale),
                 *verdict_lines(hindsight, locale)]
    assert not caplog.records and not any("{" in line or "look." in line for line in lines)
    if locale == "en":
        assert any(line.startswith(english) for line in lines), lines
    if called:
        assert lines[-2].startswith("Your Wake up!" if locale == "en" else "Twoja Pobudka!")


async def test_a_round_is_kept_for_thirty_days(tmp_path: Path) -> None:
    from bot import look_back as kept_rounds

    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'look.db'}")
    try:
        state = new_match(2, MatchSettings(), random.Random(8), starter=0)
        apply_action(state, InitialPeek(0, (0, 1)))
        apply_action(state, WakeUp(0))
        table = Table("abcd1234", 1, 2, 7, MatchSettings(), "en", [Seat(7, "Ana"), Seat(None, "Miso", strength="easy")],
                      datetime.now(UTC), state=state)
        story = await kept_rounds.story_for(table, 1)
        assert story is not None and story.result == state.results[0]
        old = datetime.now(UTC) - kept_rounds.KEEP - timedelta(hours=1)

        async def age(session: AsyncSession) -> None:
            await session.execute(update(BotState).where(BotState.key == key_of("abcd1234", 1)).values(updated_at=old))

        kept_rounds._pruned_on.clear()  # a new day for this process
        assert await kept_rounds.remember(db, table, story)
        await db.write(age)
        assert (await recall(db, "abcd1234", 1)).seat_of(7) == 0  # still readable until it is pruned
        kept_rounds._pruned_on.clear()
        assert await kept_rounds.remember(db, replace(table, game_id="ef567890"), story)  # pruning comes with a new one
        with pytest.raises(kept_rounds.RoundGoneError):
            await recall(db, "abcd1234", 1)
        assert (await recall(db, "ef567890", 1)).users == (7, None)
    finally:
        await db.close()


def test_a_long_round_keeps_the_call_and_the_best_turn_in_its_one_field() -> None:
    turns = tuple((30 - i if i != 2 else 3, 9) for i in range(24))  # turn 3 was the moment; 24 turns do not fit
    hindsight = _hindsight(turns, called=True, succeeded=False, score=25)
    every = turn_lines(hindsight, "en")
    assert len("\n".join(every)) > 1024
    shown = turns_fitted(hindsight, "en", 1024)
    assert len(shown) <= 1024 and every[2] in shown and every[-1] in shown and "(your Wake up!)" in shown
    assert shown.split("\n")[:3] == ["…", every[2], "…"]  # the earliest gave way, each run of them one "…"
    assert every[0] not in shown and every[3] not in shown
