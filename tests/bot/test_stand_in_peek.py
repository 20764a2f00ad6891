"""The cards a stand-in looked at for a sleeper are shown where they lie now: Swap 2 may have moved one."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.client import DreamcatsBot
from bot.service import ManualClock, Seat, Table, moves
from bot.service.unseen import unseen_since
from bot.views import private
from game.dreamcats import (
    DiscardDrawn,
    Draw,
    EventKind,
    InitialPeek,
    KeepCard,
    MatchSettings,
    Slot,
    Step,
    SwapDrawn,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    observe,
)
from game.dreamcats.tracking import seen_since
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.game.support import C, play, rigged


def _table(state: object) -> Table:
    return Table("abcdef0123", 1, 2, 1, MatchSettings(), "en", [Seat(1, "Ana"), Seat(2, "Bo")], datetime.now(UTC),
                 state=state)


def test_a_card_swap_two_moved_is_shown_in_its_new_place() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.SWAP_2, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 2)), InitialPeek(1, (2, 3)))  # Ana's peek, made by her stand-in
    play(state, Draw(0), SwapDrawn(0, 1), Draw(1), UseSwap(1, Slot(0, 0), Slot(1, 1)))
    step = private.stand_in_peek(_table(state), observe(state, 0), 0, 0, "en")
    assert step is not None
    # Ana's stand-in also kept the drawn 9 at position 2: she is shown that too.
    assert step.text == ("Your time ran out, so the computer player that stood in for you looked at these cards for "
                         "you: 1 at Bo's position 2, 3 at position 3, 9 at position 2. "
                         "Remember them!")
    assert step.showing == [Slot(1, 1), Slot(0, 2), Slot(0, 1)]


def test_a_stand_in_that_saw_nothing_to_keep_shows_nothing() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.SWAP_2, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (2, 3)), Draw(0), SwapDrawn(0, 2))  # Ana herself
    start = len(observe(state, 0).history)
    play(state, Draw(1), UseSwap(1, Slot(0, 0), Slot(0, 1)))
    play(state, Draw(0), DiscardDrawn(0))  # her stand-in: it drew a 9 and threw it away, so it saw nothing to keep
    assert private.stand_in_peek(_table(state), observe(state, 0), 0, start, "en") is None


async def test_a_sleeper_who_presses_draw_first_is_shown_the_stand_in_s_peek_before_drawing(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        await clock.advance(121)  # Ana never looked at her cards: the stand-in peeks and plays her turn
        await players.settle()
        await players.initial_peeks()  # Bo and Cy look at theirs
        for _ in range(20):
            table = players.table
            assert table is not None and table.state is not None and table.paused_until is None
            if table.turn == 0:
                break
            await players.play_turn_step()
        table = players.table
        assert table is not None and table.turn == 0 and table.seats[0].unseen_peek
        pressed = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
        shown = await world.fake.private_answer(pressed)
        assert "looked at these cards for you" in shown.embeds[0]["description"]
        after = players.table
        assert after is not None and after.move_number == table.move_number and not after.seats[0].unseen_peek
        again = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
        drawn = await world.fake.private_answer(again)
        assert "looked at these cards" not in drawn.embeds[0]["description"]  # now the draw itself
        assert players.table is not None and players.table.state is not None
        assert players.table.state.round.step is not Step.START
    assert world.fake.violations == []


def test_a_peek_one_that_ended_the_round_names_the_card_it_saw() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.PEEK_1], peek=True)
    events = play(state, Draw(0), UsePeek(0, Slot(1, 2)))  # the last card: the round ends, the next is dealt
    seen = next(e.cards[0] for e in events if e.kind is EventKind.USED_PEEK and e.private_to == 0)
    assert seen == C.SEVEN and state.round.number == 2
    step = private.peek_seen(_table(state), observe(state, 0), Slot(1, 2), "en", seen=seen)
    assert step.text == "Bo's position 3 is **7**." and step.showing is None


def test_take_two_says_what_it_does_with_one_card_or_none_left() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.TAKE_2])
    play(state, Draw(0))
    empty = private.holding(_table(state), observe(state, 0), "en")
    assert "the draw pile is empty: using it draws nothing" in empty.text
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.TAKE_2, 5])
    play(state, Draw(0))
    one = private.holding(_table(state), observe(state, 0), "en")
    assert "only one card is left in the draw pile" in one.text
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.TAKE_2, 5, 6])
    play(state, Draw(0))
    assert "Draw 2 cards, keep one" in private.holding(_table(state), observe(state, 0), "en").text


def test_a_card_kept_from_take_two_is_still_kept_after_another_seat_s_initial_peek() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.TAKE_2, 5, 6, 9], peek=False)
    play(state, InitialPeek(0, (0, 1)), Draw(0), UseTakeTwo(0), KeepCard(0, 0))
    assert private.holding(_table(state), observe(state, 0), "en").text.startswith("You kept")
    play(state, InitialPeek(1, (2, 3)))  # Bo looks at his cards meanwhile
    assert private.holding(_table(state), observe(state, 0), "en").text.startswith("You kept")


async def test_one_playing_alone_against_computers_is_told_the_match_ends_without_a_result(world: World,
                                                                                          running: object) -> None:
    fake = world.fake
    lobby = (await fake.slash(world.ana, world.games, "dreamcats start", points=30)).reply
    assert lobby is not None
    bot = running
    assert isinstance(bot, DreamcatsBot)
    game_id = next(t.game_id for t in bot.service.tables if t.channel_id == world.games.id)
    await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", ["normal"])
    await fake.click(world.ana, lobby, f"dc:{game_id}:start")
    await bot.presenter.idle()
    table = bot.service.in_channel(world.games.id)
    assert table is not None and table.message_id is not None
    asked = await fake.click(world.ana, fake.messages_by_id[table.message_id], f"dc:{game_id}:quit")
    assert asked.reply is not None
    assert asked.reply.embeds[0]["description"].startswith("Leave the match? You are the only person at this table")
    assert fake.violations == []


async def test_one_sent_to_the_initial_peek_by_draw_goes_on_from_the_peek_s_result(world: World,
                                                                                  running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    table = players.table
    assert table is not None and table.turn == 0 and table.state is not None
    pressed = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
    choice = await world.fake.private_answer(pressed)
    await players.choose(world.ana, choice, players.sid("peek0", table.state.round.number), ["0", "3"])
    assert "Remember them!" in choice.embeds[0]["description"]
    assert choice.custom_ids[:3] == [players.cid("draw", table.move_number), players.cid("take", table.move_number),
                                     players.cid("wake", table.move_number)]
    drawn = await players.click(world.ana, choice, players.cid("draw", table.move_number))
    answer = await world.fake.private_answer(drawn)
    assert "You drew" in answer.embeds[0]["description"]
    bo = await players.click(world.bo, players.message(), players.cid("dream"))  # not Bo's turn: no turn buttons
    bo_choice = await world.fake.private_answer(bo)
    after = players.table
    assert after is not None and after.state is not None
    await players.choose(world.bo, bo_choice, players.sid("peek0", after.state.round.number), ["0", "1"])
    assert not any(":draw:" in c for c in bo_choice.custom_ids)
    assert world.fake.violations == []


@pytest.mark.parametrize("seed", range(12))
def test_a_timed_out_turn_marks_cards_to_show_only_where_the_stand_in_saw_one(seed: int) -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.PEEK_1, 0, C.SWAP_2, 3, 9], peek=seed % 2 == 0)
    table = _table(state)
    start = len(state.round.history)
    moves.timed_out(table, 0, random.Random(seed))  # the stand-in plays Ana's turn as it sees fit
    if state.round.number != 1:
        return  # the turn ended the round: the reveal shows everything
    saw = seen_since(state.round.history, 0, start)
    assert (unseen_since(table, 0) is not None) == bool(saw)
