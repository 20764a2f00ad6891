"""The final standings in words number equal totals alike (1, 1, 3), as the standings picture does."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.service import Seat, Table
from bot.texts import ranked
from bot.views.public import standings_message
from game.dreamcats import MatchSettings, MatchState, apply_action, legal_actions, new_match, observe
from game.dreamcats.players import choose


def test_equal_keys_share_a_place_and_the_next_place_skips() -> None:
    assert ranked([(False, 12), (False, 7), (False, 12), (False, 30)]) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert ranked([(True, 3), (False, 9), (False, 9)]) == [(1, 1), (1, 2), (3, 0)]  # one who left comes last
    # two who left share the last place, as the records keep it (a loss each), listed by their totals
    assert ranked([(True, 80), (False, 9), (True, 30), (False, 12)]) == [(1, 1), (2, 3), (3, 2), (3, 0)]


def _finished_match(settings: MatchSettings) -> MatchState:
    """A three-seat match of one round played to its end by computer players."""
    state = new_match(3, settings, random.Random(5), starter=0)
    rng = random.Random(5)
    while not state.over:
        waiting = [s for s in range(3) if not state.round.peeked[s]]
        seat = waiting[0] if waiting else state.round.turn
        apply_action(state, choose("normal", observe(state, seat), legal_actions(state, seat), rng))
    return state


async def test_tied_seats_share_their_place_in_the_standings_message() -> None:
    settings = MatchSettings(fixed_rounds=1)
    state = _finished_match(settings)
    state.totals = [14, 9, 14]  # Ana and Cy tie behind Bo
    seats = [Seat(1, "Ana"), Seat(2, "Bo"), Seat(3, "Cy")]
    table = Table("abcdef0123", 1, 2, 1, settings, "en", seats, datetime.now(UTC), state=state)
    embed, _, _ = await standings_message(table)
    lines = (embed.description or "").splitlines()[-3:]
    assert lines == ["1. Bo: 9 points", "2. Ana: 14 points", "2. Cy: 14 points"]


async def test_one_who_left_with_the_lowest_total_comes_last_in_the_picture_s_words_too() -> None:
    settings = MatchSettings(fixed_rounds=1)
    state = _finished_match(settings)
    state.totals = [14, 9, 20]  # Bo is lowest, but left the match: a loss (RULES.md §7)
    seats = [Seat(1, "Ana"), Seat(2, "Bo", left=True, strength="normal"), Seat(3, "Cy")]
    table = Table("abcdef0123", 1, 2, 1, settings, "en", seats, datetime.now(UTC), state=state)
    embed, picture, _ = await standings_message(table)
    assert (embed.description or "").splitlines()[-3:] == ["1. Ana: 14 points", "2. Cy: 20 points",
                                                          "3. Bo (computer): 9 points"]
    assert picture.description == ("Final standings: 1. Ana 14, 2. Cy 20, 3. Bo (computer) 9. Winner: Ana.")
