"""Knowledge (RULES.md §4): what each seat knows, and how it moves with Swap 2 or is lost."""

from __future__ import annotations

from game.dreamcats import Draw, InitialPeek, Slot, SwapDrawn, TakeDiscard, UsePeek, UseSwap, WakeUp, observe
from tests.game.support import C, play, rigged

A = [1, 2, 3, 4]
B = [5, 6, 7, 8]
E = [0, 9, 0, 9]
P1, S2 = C.PEEK_1, C.SWAP_2


def known(state: object, seat: int | None) -> dict[Slot, int]:
    """What the seat (None: a spectator) knows, as plain numbers."""
    return {slot: int(card) for slot, card in observe(state, seat).known.items()}  # type: ignore[arg-type]


def test_each_seat_knows_the_two_cards_it_peeked_at() -> None:
    state = rigged([A, B])
    assert known(state, 0) == {Slot(0, 0): 1, Slot(0, 1): 2}
    assert known(state, 1) == {Slot(1, 0): 5, Slot(1, 1): 6}
    assert known(state, None) == {}


def test_swap_2_own_with_opponent_moves_every_seats_knowledge() -> None:
    state = rigged([A, B], draw=[S2, 9, 9])
    play(state, Draw(0), UseSwap(0, Slot(0, 1), Slot(1, 3)))
    assert state.round.dreams == [[1, 8, 3, 4], [5, 6, 7, 2]]
    # Seat 0 knew its position 2 (a 2) and saw it go to seat 1's position 4; it did not know seat 1's 8.
    assert known(state, 0) == {Slot(0, 0): 1, Slot(1, 3): 2}
    assert known(state, 1) == {Slot(1, 0): 5, Slot(1, 1): 6}


def test_swap_2_of_two_known_cards_keeps_both_known_with_the_values_exchanged() -> None:
    state = rigged([A, B], draw=[S2, 9, 9])
    play(state, Draw(0), UseSwap(0, Slot(0, 0), Slot(1, 1)))
    assert known(state, 0) == {Slot(0, 1): 2, Slot(1, 1): 1}
    assert known(state, 1) == {Slot(1, 0): 5, Slot(0, 0): 6}


def test_swap_2_between_two_opponents() -> None:
    state = rigged([A, B, E], draw=[S2, 9, 9])
    play(state, Draw(0), UseSwap(0, Slot(1, 0), Slot(2, 3)))
    assert state.round.dreams[1] == [9, 6, 7, 8] and state.round.dreams[2] == [0, 9, 0, 5]
    assert known(state, 0) == {Slot(0, 0): 1, Slot(0, 1): 2}  # the swapper saw neither card
    assert known(state, 1) == {Slot(2, 3): 5, Slot(1, 1): 6}  # seat 1's 5 went to seat 2's position 4
    assert known(state, 2) == {Slot(2, 0): 0, Slot(2, 1): 9}  # seat 2 did not know its position 4


def test_swap_2_within_an_opponents_dream() -> None:
    state = rigged([A, B], draw=[S2, 9, 9])
    play(state, Draw(0), UseSwap(0, Slot(1, 0), Slot(1, 2)))
    assert known(state, 1) == {Slot(1, 2): 5, Slot(1, 1): 6}


def test_knowledge_follows_a_card_through_several_swaps() -> None:
    state = rigged([A, B], draw=[S2, S2, 9, 9])
    play(state, Draw(0), UseSwap(0, Slot(0, 0), Slot(1, 3)))  # seat 0's 1 -> seat 1 position 4
    play(state, Draw(1), UseSwap(1, Slot(1, 3), Slot(1, 2)))  # ... -> seat 1 position 3
    assert known(state, 0)[Slot(1, 2)] == 1 and state.round.dreams[1][2] == 1


def test_peek_1_on_an_own_card() -> None:
    state = rigged([A, B], draw=[P1, 9, 9])
    play(state, Draw(0), UsePeek(0, Slot(0, 3)))
    assert known(state, 0) == {Slot(0, 0): 1, Slot(0, 1): 2, Slot(0, 3): 4}
    assert known(state, 1) == {Slot(1, 0): 5, Slot(1, 1): 6}


def test_peek_1_on_an_opponents_card_is_known_to_the_peeker_only() -> None:
    state = rigged([A, B, E], draw=[P1, 9, 9])
    play(state, Draw(0), UsePeek(0, Slot(2, 2)))
    assert known(state, 0)[Slot(2, 2)] == 0
    assert Slot(2, 2) not in known(state, 1) and Slot(2, 2) not in known(state, 2)
    assert known(state, None) == {}


def test_taking_the_discard_makes_that_slot_known_to_everyone() -> None:
    state = rigged([A, B, E], draw=[9, 9], discard=[7])
    play(state, TakeDiscard(0, 3))
    for viewer in (0, 1, 2, None):
        assert known(state, viewer)[Slot(0, 3)] == 7
    assert known(state, None) == {Slot(0, 3): 7}


def test_taking_the_discard_over_a_known_card_replaces_what_was_known() -> None:
    state = rigged([A, B], draw=[9, 9], discard=[7])
    play(state, TakeDiscard(0, 0))
    assert known(state, 0) == {Slot(0, 0): 7, Slot(0, 1): 2}


def test_a_b1_swap_makes_the_slot_known_only_to_the_drawer() -> None:
    state = rigged([A, B], draw=[P1, 9, 9], discard=[0])
    play(state, Draw(0), UsePeek(0, Slot(1, 2)))  # seat 0 knows seat 1's position 3 ...
    play(state, Draw(1), SwapDrawn(1, 2))  # ... until seat 1 puts its drawn card there unseen by others
    assert Slot(1, 2) not in known(state, 0) and Slot(1, 2) not in known(state, None)
    assert known(state, 1)[Slot(1, 2)] == 9


def test_a_b1_swap_over_a_publicly_known_card_hides_it_again() -> None:
    state = rigged([A, B], draw=[9, 3, 9], discard=[7])
    play(state, TakeDiscard(0, 2), Draw(1), SwapDrawn(1, 0), Draw(0), SwapDrawn(0, 2))
    assert known(state, 0)[Slot(0, 2)] == 3
    assert Slot(0, 2) not in known(state, 1) and Slot(0, 2) not in known(state, None)


def test_a_card_swapped_in_publicly_moves_the_public_knowledge() -> None:
    state = rigged([A, B], draw=[S2, 9, 9], discard=[7])
    play(state, TakeDiscard(0, 0), Draw(1), UseSwap(1, Slot(0, 0), Slot(1, 2)))
    assert known(state, None) == {Slot(1, 2): 7}
    assert known(state, 1)[Slot(1, 2)] == 7


def test_knowledge_is_forgotten_at_the_next_round() -> None:
    state = rigged([A, B], draw=[9, 9], discard=[7])
    play(state, TakeDiscard(0, 3), WakeUp(1))
    assert [known(state, viewer) for viewer in (0, 1, None)] == [{}, {}, {}]
    play(state, InitialPeek(1, (2, 3)))
    assert set(known(state, 1)) == {Slot(1, 2), Slot(1, 3)}
