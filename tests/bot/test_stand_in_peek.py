"""The cards a stand-in looked at for a sleeper are shown where they lie now: Swap 2 may have moved one."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service import Seat, Table
from bot.views import private
from game.dreamcats import Draw, InitialPeek, MatchSettings, Slot, SwapDrawn, UseSwap, observe
from tests.game.support import C, play, rigged


def _table(state: object) -> Table:
    return Table("abcdef0123", 1, 2, 1, MatchSettings(), "en", [Seat(1, "Ana"), Seat(2, "Bo")], datetime.now(UTC),
                 state=state)


def test_a_card_swap_two_moved_is_shown_in_its_new_place() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.SWAP_2, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 2)), InitialPeek(1, (2, 3)))  # Ana's peek, made by her stand-in
    play(state, Draw(0), SwapDrawn(0, 1), Draw(1), UseSwap(1, Slot(0, 0), Slot(1, 1)))
    step = private.stand_in_peek(_table(state), observe(state, 0), 0, "en")
    assert step is not None
    assert step.text == ("Your time ran out before you looked at your cards, so they were looked at for you: "
                         "1, now at Bo's position 2 (moved by Swap 2), 3 at position 3. Remember them!")
    assert step.showing == [Slot(1, 1), Slot(0, 2)]


def test_nothing_is_shown_when_both_cards_left_the_dreams() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (2, 3)))
    play(state, Draw(0), SwapDrawn(0, 0), Draw(1), SwapDrawn(1, 0), Draw(0), SwapDrawn(0, 1))
    assert private.stand_in_peek(_table(state), observe(state, 0), 0, "en") is None
