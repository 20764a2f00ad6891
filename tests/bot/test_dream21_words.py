"""Dream 21's table text: every move of the last turn round of the table (RULES-dream21 §6: every action is
public), and never more than a message holds."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.dream21.ends import hand_end_message
from bot.dream21.table import table_content
from bot.markdown import CONTENT_LIMIT
from bot.service import Seat, Table
from bot.service.dream21_rules import DREAM21_RULES
from bot.service.moves import apply_logged, timed_out
from bot.texts import text_names
from game.dream21 import Dream21Settings, EventKind, apply_action, legal_actions, new_match


def _played(seats: int, names: list[str], moves: int) -> Table:
    """A Dream 21 table of `seats` people after `moves` random legal moves (within the first hand)."""
    state = new_match(seats, Dream21Settings(), random.Random(7))
    rng = random.Random(7)
    for _ in range(moves):
        if len(state.results) or state.over:
            break
        apply_action(state, rng.choice(legal_actions(state, state.hand.turn)))
    people = [Seat(10 + seat, names[seat], "en") for seat in range(seats)]
    return Table("d21w", 1, 2, 10, Dream21Settings(), "en", people, datetime.now(UTC), state=state, game="dream21")


def test_a_whole_round_of_the_table_is_in_the_text() -> None:
    table = _played(5, ["Ana", "Bo", "Cy", "Di", "Ed"], 24)
    assert table.state is not None and not table.state.results
    moves = [e for e in table.state.hand.history if e.kind in (EventKind.PLAYED, EventKind.DREW)]
    assert len(moves) > 10  # more than the five lines the table used to keep
    text = table_content(table)
    shown = [line for line in text.splitlines() if line.startswith("• ")]
    assert len(shown) == 10  # a draw and a play for each of the five seats


def test_six_long_names_keep_the_turn_line_within_discords_limit() -> None:
    names = [f"{'_' * 60}{seat}" for seat in range(6)]  # each underscore escaped: 121 characters a name
    table = _played(6, names, 30)
    text = table_content(table)
    assert len(text) <= CONTENT_LIMIT and text.splitlines()[-1].startswith("It is ")
    assert len(text) > 1500  # the case this is about: moves that fill the message


@pytest.mark.parametrize("before", [0, 2])
async def test_a_hand_ended_by_a_time_out_says_so_at_its_end(before: int) -> None:
    # The stand-in's move that ends the hand is followed at once by the next hand: the table never showed the
    # time-out line for it, so the hand's end message must (and, at a third time-out in a row, the hand-over).
    table = _played(2, ["Ana", "Bo"], 0)
    assert table.state is not None
    DREAM21_RULES.begin(table, random.Random(3))
    rng = random.Random(11)
    while True:
        seat = table.state.hand.turn
        trial = table.clone()
        trial.seats[seat].timeouts = before
        timed_out(trial, seat, random.Random(5))
        if trial.state is not None and trial.state.results:
            table = trial
            break
        apply_logged(table, rng.choice(legal_actions(table.state, seat)))
        assert not table.state.results, "the random moves ended the hand before a time-out could"
    end = await hand_end_message(table, 1)
    lines = (end.embed.description or "").splitlines()
    name = text_names(table, "en")[seat]  # as the table writes it ("Bo (computer)" once handed over)
    assert lines[0] == f"• {name}'s time ran out; a computer player played the turn."
    handed = [line for line in lines if line.startswith("• A computer player now plays ")]
    assert len(handed) == (1 if before == 2 else 0), lines
    assert " played " in lines[1 + len(handed)]  # then the card the stand-in played, as before
