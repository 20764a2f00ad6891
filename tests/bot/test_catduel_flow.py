"""Cat Duel's table in the moments that matter: one clock for everyone, a crash mid-round, the lobby's cat pick,
the private reply's draft, stale buttons and the rules."""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime

import pytest

from bot.client import DreamcatsBot
from bot.i18n import t
from bot.service import ManualClock, Person, Seat, Table
from bot.service.errors import PickTakenError
from bot.service.lobby import pick
from bot.views.click import HANDLERS, Click
from game.catduel import CatDuelSettings, Phase, observe
from tests.bot.conftest import World, make_bot
from tests.bot.test_catduel_table import Duel, open_catduel
from tests.fakediscord import FakeMessage


async def _to_strategy(duel: Duel) -> None:
    """Let the people make their prelude choices (if a cat has a prelude ability ready) until strategies open."""
    while duel.table is not None and observe(duel.state(), None).phase is Phase.PRELUDE:
        await duel.choose(duel.waiting_people()[0])
        await duel.settle()


async def test_one_clock_for_everyone_and_each_late_seat_gets_the_computer_s_choice(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        duel = await open_catduel(world, bot, duels=1)
        # The computer seat chose the moment the phase opened, once: only the people are still to choose.
        made = len(duel.state().log)
        assert set(observe(duel.state(), None).waiting_for) <= {0, 1}
        await duel.settle()
        assert len(duel.state().log) == made
        await _to_strategy(duel)
        table = duel.table
        assert table is not None and table.deadline is not None
        deadline, round_before = table.deadline, duel.state().rounds_so_far
        await duel.choose(world.ana)  # Ana chooses in time; the clock stays the same for Bo
        await duel.settle()
        assert duel.table is not None and duel.table.deadline == deadline
        await clock.advance((deadline - clock.now()).total_seconds() + 1)
        await duel.settle()
        after = duel.table
        assert after is not None and duel.state().rounds_so_far == round_before + 1  # revealed: Bo's choice was made
        assert after.seats[1].timeouts == 1 and after.seats[0].timeouts == 0
        assert "Bo's time ran out" in duel.message().content
        assert world.fake.violations == []


async def test_computer_seats_choose_at_once_while_people_choose_with_no_pause_to_wait_out(world: World) -> None:
    clock = ManualClock()
    bot = DreamcatsBot(database_url=world.database_url, clock=clock, computer_pause=60.0, edit_interval=0.0,
                       rng=random.Random(2))
    async with world.fake.run(bot):
        duel = await open_catduel(world, bot, duels=1)  # the manual clock never moves: no pause ever ends
        waiting = observe(duel.state(), None).waiting_for
        assert waiting and set(waiting) <= {0, 1}  # the computer's choice is in (unless it has none this phase)
        assert world.fake.violations == []


async def test_a_choice_made_before_a_crash_is_kept_and_stays_secret(world: World) -> None:
    fake = world.fake
    first = make_bot(world, seed=7)
    runner = fake.run(first)
    await runner.start()
    duel = await open_catduel(world, first, duels=1)
    await _to_strategy(duel)
    reply = await duel.choose(world.ana)
    await duel.settle()
    chosen = observe(duel.state(), 0).my_strategy
    assert chosen is not None

    await runner.kill()  # no clean shutdown
    second = make_bot(world, seed=8)
    await runner.restart(second)
    duel.bot = second
    assert observe(duel.state(), 0).my_strategy == chosen and observe(duel.state(), None).waiting_for == (1,)

    # Ana's reply from before the crash still works: she sees her choice and may change it.
    moves = [c for c in reply.custom_ids if ":cdm:" in c]
    await duel.click(world.ana, reply, moves[0])
    assert "Your choice" in str(reply.embeds) and [a.filename for a in reply.attachments] == ["hand.png"]
    round_before = duel.state().rounds_so_far
    await duel.choose(world.bo)
    await duel.settle()
    assert duel.table is None or duel.state().rounds_so_far == round_before + 1
    assert fake.violations == []
    await runner.stop()


async def test_a_draft_keeps_the_picture_and_a_button_from_an_earlier_round_is_refused(world: World,
                                                                                        running: DreamcatsBot) -> None:
    duel = await open_catduel(world, running, duels=3)
    await _to_strategy(duel)
    earlier = await duel.open_move(world.bo)  # a reply Bo leaves open
    reply = await duel.open_move(world.bo)
    assert [a.filename for a in reply.attachments] == ["hand.png"]
    confirm = next(c for c in reply.custom_ids if ":cdc:" in c)
    assert next(b for b in reply.buttons if b["custom_id"] == confirm).get("disabled")  # nothing chosen yet
    guard = next(c for c in reply.custom_ids if ":cdm:" in c and c.endswith(":2"))
    await duel.click(world.bo, reply, guard)
    assert [a.filename for a in reply.attachments] == ["hand.png"] and "So far: **Guard" in str(reply.embeds)
    await duel.choose(world.ana)
    await duel.click(world.bo, reply, next(c for c in reply.custom_ids if ":cdc:" in c))
    await duel.settle()
    assert duel.table is not None and duel.state().rounds_so_far == 2  # revealed with Bo's guard
    assert "Bo: Guard" in duel.message().content
    late = await duel.click(world.bo, earlier, guard)  # a move button of round 1, pressed in round 2
    assert late.reply is not None and late.reply.ephemeral and "earlier moment" in late.reply.content
    assert world.fake.violations == []


async def test_a_failed_confirm_keeps_the_chosen_strategy_out_of_the_log(world: World, running: DreamcatsBot,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    duel = await open_catduel(world, running, duels=1)
    await _to_strategy(duel)
    reply = await duel.open_move(world.bo)
    await duel.click(world.bo, reply, next(c for c in reply.custom_ids if ":cdm:" in c and c.endswith(":2")))
    confirm = next(c for c in reply.custom_ids if ":cdc:" in c)

    async def broken(click: Click) -> None:
        raise RuntimeError("a bug in the handler")

    monkeypatch.setitem(HANDLERS, "cdc", broken)
    caplog.set_level(logging.INFO)
    failed = await duel.click(world.bo, reply, confirm)
    assert failed.reply is not None and failed.reply.content == t("error.generic")
    [record] = [r for r in caplog.records if "click failed" in r.getMessage()]
    line = record.getMessage()
    secret = confirm.split(":cdc:", 1)[1]  # the round, the move, its targets and card: Bo's until the reveal
    assert "action=cdc" in line and secret not in line and str(tuple(secret.split(":"))) not in line
    trace = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
    assert "in broken" in trace and secret not in trace  # a bug's one record shows where it happened, nothing secret


def test_no_two_seats_pick_the_same_cat_and_a_pick_can_be_taken_back() -> None:
    now = datetime(2026, 11, 24, tzinfo=UTC)
    table = Table("ab12", 1, 2, 10, CatDuelSettings(), "en", [], now, game="catduel")
    from bot.service.lobby import join
    join(table, Person(10, "Ana"))
    join(table, Person(11, "Bo"))
    pick(table, 10, "persian")
    with pytest.raises(PickTakenError):
        pick(table, 11, "persian")
    pick(table, 10, None)
    pick(table, 11, "persian")
    assert [seat.choice for seat in table.seats] == [None, "persian"]


async def test_the_rules_of_cat_duel(world: World, running: DreamcatsBot) -> None:
    asked = await world.fake.slash(world.cy, world.games, "dreamcats rules", game="catduel")
    assert asked.reply is not None and asked.reply.ephemeral
    embed = asked.reply.embeds[0]
    assert embed["title"] == "Koci pojedynek — zasady" and len(embed["fields"]) == 5
    await open_catduel(world, running, duels=1)
    by_table = await world.fake.slash(world.bo, world.games, "dreamcats rules")
    assert by_table.reply is not None and by_table.reply.embeds[0]["title"] == "Cat Duel — the rules"
    assert world.fake.violations == []


async def test_a_person_leaving_while_others_choose_hands_them_no_new_time(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        duel = await open_catduel(world, bot, duels=1)
        await _to_strategy(duel)
        table = duel.table
        assert table is not None and table.deadline is not None
        assert set(observe(duel.state(), None).waiting_for) == {0, 1}  # Ana (seat 0, first in turn) and Bo
        deadline = table.deadline
        await clock.advance(30)
        await bot.service.leave_match(duel.game_id, world.ana.id)
        await duel.settle()
        after = duel.table
        assert after is not None and observe(duel.state(), None).waiting_for == (1,)  # Ana's stand-in chose
        assert after.deadline == deadline  # Bo's clock runs on: not a fresh 60 s
    assert world.fake.violations == []


async def test_every_person_still_choosing_is_pinged_and_each_ping_goes_with_their_choice(world: World) -> None:
    from bot.turn_pings import PING_GRACE

    def pings() -> list[FakeMessage]:
        return [m for m in world.fake.messages_in(world.games) if "it's your turn" in m.content]

    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        duel = await open_catduel(world, bot, duels=1)
        await _to_strategy(duel)
        assert set(observe(duel.state(), None).waiting_for) == {0, 1}  # both people are away
        await clock.advance(PING_GRACE + 1)
        both = await world.fake.wait_until(lambda: len(pings()) == 2 and pings(), what="a ping for each")
        by_person = {m.content.split(",")[0]: m for m in both}
        assert set(by_person) == {f"<@{world.ana.id}>", f"<@{world.bo.id}>"}
        await duel.choose(world.bo)
        await duel.settle()
        bo_ping, ana_ping = by_person[f"<@{world.bo.id}>"], by_person[f"<@{world.ana.id}>"]
        await world.fake.wait_until(lambda: bo_ping.deleted, what="Bo's ping deleted")
        assert not ana_ping.deleted and len(pings()) == 2  # Ana's stays, not posted again
    assert world.fake.violations == []


async def test_a_scratch_still_without_its_target_asks_for_one_and_an_old_prelude_button_is_stale(
        world: World) -> None:
    bot = make_bot(world)
    async with world.fake.run(bot):
        duel = await open_catduel(world, bot, duels=1)
        await _to_strategy(duel)
        round_number = observe(duel.state(), None).round
        reply = await duel.open_move(world.ana)
        assert "Time runs out" in reply.embeds[0]["description"] or "<t:" in reply.embeds[0]["description"]
        scratch = next(c for c in reply.custom_ids if c.endswith(":3") and ":cdm:" in c)
        await duel.click(world.ana, reply, scratch)
        targets = [c for c in reply.custom_ids if ":cdt:" in c]
        assert targets  # two other cats: the scratch needs its target before Confirm
        assert "choose whom to scratch, then press **Confirm**" in reply.embeds[0]["description"]
        await duel.pick(world.ana, reply, targets[0], ["3"])
        assert "press **Confirm** to make it your choice" in reply.embeds[0]["description"]
        [confirm] = [c for c in reply.custom_ids if ":cdc:" in c]
        await duel.click(world.ana, reply, confirm)

        # A prelude button from before the strategies opened is refused as stale, not as a wrong move.
        old_pass = f"dc:{duel.game_id}:cdp:{round_number}:0"  # as her reply showed it in the prelude
        reply.components[:] = [{"type": 1, "components": [{"type": 2, "style": 2, "label": "Pass",
                                                            "custom_id": old_pass}]}]
        stale = await duel.click(world.ana, reply, old_pass)
        said = stale.private_reply
        assert said is not None and "earlier moment" in (said.content or str(said.embeds)), said
    assert world.fake.violations == []


def test_the_end_of_the_match_is_said_as_such_not_as_a_next_duel() -> None:
    from bot.catduel.private import duel_step
    from tests.images.catduel.scenarios import played_until

    state = played_until(2, 3, lambda s: s.over, best_of=1)
    seats = [Seat(1, "Ana"), Seat(2, "Bo")]
    table = Table("abcdef0123", 1, 2, 1, CatDuelSettings(), "en", seats, datetime.now(UTC), state=state,
                  game="catduel")
    step = duel_step(table, observe(state, 0), [], "en")
    assert step.text == "The match is over: the standings are on the table." and step.items == []


def test_the_prelude_says_when_its_clock_runs_out() -> None:
    from bot.catduel.private import duel_step
    from game.catduel import legal_actions
    from tests.images.catduel.scenarios import played_until

    state = played_until(2, 3, lambda s: not s.over and observe(s, None).phase is Phase.PRELUDE
                         and 0 in observe(s, None).waiting_for, best_of=3)
    seats = [Seat(1, "Ana"), Seat(2, "Bo")]
    table = Table("abcdef0123", 1, 2, 1, CatDuelSettings(), "en", seats, datetime.now(UTC), state=state,
                  game="catduel")
    table.deadline = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    step = duel_step(table, observe(state, 0), legal_actions(state, 0), "en")
    assert step.items and f"<t:{int(table.deadline.timestamp())}:R>" in step.text
