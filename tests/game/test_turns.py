"""A turn (RULES.md §4): A take the discard, B draw with B1 swap, B2 discard, B3 powers; Take 2 chains."""

from __future__ import annotations

import pytest

from game.dreamcats import (
    DiscardDrawn,
    Draw,
    EventKind,
    KeepCard,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    legal_actions,
    observe,
)
from game.errors import NotSpecialError, WrongStepError
from tests.game.support import C, kinds, play, public, rigged

T2, P1, S2 = C.TAKE_2, C.PEEK_1, C.SWAP_2
NINES = [9, 9, 9, 9]


def test_a_takes_the_discard_and_gives_up_a_dream_card_face_up() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[9, 0])
    events = play(state, TakeDiscard(0, 2))
    assert state.round.dreams[0] == [1, 2, 0, 4]
    assert state.round.discard == [C.NINE, C.THREE]
    assert kinds(events) == [EventKind.TOOK_DISCARD]
    assert events[0].is_public and events[0].cards == (C.ZERO, C.THREE) and events[0].slots == (Slot(0, 2),)
    assert (state.round.turn, state.round.step, state.round.turns_played) == (1, Step.START, 1)


def test_a_special_taken_from_the_discard_has_no_power() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[P1])
    play(state, TakeDiscard(0, 0))
    assert state.round.dreams[0][0] is P1
    assert state.round.turn == 1 and state.round.step is Step.START and state.round.held is None


def test_b_draw_shows_the_card_only_to_the_drawer() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[3, 9], discard=[0])
    events = play(state, Draw(0))
    assert state.round.held is C.THREE and state.round.step is Step.HOLDING and state.round.turn == 0
    assert [(e.cards, e.private_to) for e in events] == [((), None), ((C.THREE,), 0)]
    assert observe(state, 0).holding is C.THREE
    assert observe(state, 1).holding is None and observe(state, None).holding is None
    assert set(legal_actions(state, 0)) == {*(SwapDrawn(0, p) for p in range(4)), DiscardDrawn(0)}


def test_b1_swaps_the_drawn_card_into_the_dream() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, 9], discard=[9])
    events = play(state, Draw(0), SwapDrawn(0, 3))
    assert state.round.dreams[0] == [1, 2, 3, 0]
    assert state.round.discard == [C.NINE, C.FOUR]
    swapped = [e for e in events if e.kind is EventKind.SWAPPED_IN]
    assert [(e.cards, e.private_to) for e in swapped] == [((C.FOUR,), None), ((C.FOUR, C.ZERO), 0)]
    assert state.round.turn == 1 and state.round.held is None


def test_b2_discards_the_drawn_card() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[0])
    events = play(state, Draw(0), DiscardDrawn(0))
    assert state.round.discard == [C.ZERO, C.NINE] and state.round.dreams[0] == [1, 2, 3, 4]
    assert public(events)[-1].kind is EventKind.DISCARDED and public(events)[-1].cards == (C.NINE,)
    assert state.round.turn == 1


def test_a_drawn_special_may_simply_be_kept_or_discarded() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[S2, P1, 9], discard=[0])
    play(state, Draw(0), SwapDrawn(0, 0), Draw(1), DiscardDrawn(1))
    assert state.round.dreams[0][0] is S2 and state.round.discard[-1] is P1


def test_b3_peek_1_on_an_opponents_card() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[P1, 9], discard=[0])
    play(state, Draw(0))
    assert len(legal_actions(state, 0)) == 5 + 8
    events = play(state, UsePeek(0, Slot(1, 3)))
    assert state.round.discard[-1] is P1
    used = [e for e in events if e.kind is EventKind.USED_PEEK]
    assert [(e.cards, e.slots, e.private_to) for e in used] == [
        ((P1,), (Slot(1, 3),), None), ((C.EIGHT,), (Slot(1, 3),), 0),
    ]
    assert observe(state, 0).known[Slot(1, 3)] is C.EIGHT
    assert Slot(1, 3) not in observe(state, 1).known
    assert state.round.turn == 1


def test_b3_peek_1_on_an_own_card() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[P1, 9], discard=[0])
    play(state, Draw(0), UsePeek(0, Slot(0, 2)))
    assert dict(observe(state, 0).known) == {Slot(0, 0): C.ONE, Slot(0, 1): C.TWO, Slot(0, 2): C.THREE}


def test_b3_swap_2_exchanges_two_dream_cards_unseen() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8], [0, 0, 0, 0]], draw=[S2, 9], discard=[0])
    play(state, Draw(0))
    assert len(legal_actions(state, 0)) == 5 + 12 * 11 // 2
    events = play(state, UseSwap(0, Slot(1, 2), Slot(2, 3)))
    assert state.round.dreams[1] == [5, 6, 0, 8] and state.round.dreams[2] == [0, 0, 0, 7]
    assert [(e.cards, e.slots) for e in events if e.kind is EventKind.USED_SWAP] == [
        ((S2,), (Slot(1, 2), Slot(2, 3))),
    ]
    assert all(e.is_public for e in events)


@pytest.mark.parametrize(("first", "second"), [(Slot(0, 0), Slot(0, 3)), (Slot(1, 0), Slot(1, 1))])
def test_swap_2_within_one_dream(first: Slot, second: Slot) -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[S2, 9], discard=[0])
    before = [list(d) for d in state.round.dreams]
    play(state, Draw(0), UseSwap(0, first, second))
    after = state.round.dreams
    assert after[first.seat][first.position] == before[second.seat][second.position]
    assert after[second.seat][second.position] == before[first.seat][first.position]


def test_swap_2_slots_are_an_unordered_pair() -> None:
    assert UseSwap(0, Slot(2, 1), Slot(0, 3)) == UseSwap(0, Slot(0, 3), Slot(2, 1))


def test_a_power_needs_its_own_card() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[P1, 9], discard=[0])
    play(state, Draw(0))
    with pytest.raises(NotSpecialError, match="You can only use Take 2 while holding that card"):
        play(state, UseTakeTwo(0))
    with pytest.raises(NotSpecialError):
        play(state, UseSwap(0, Slot(0, 0), Slot(1, 0)))


def test_take_2_draws_two_keeps_one_and_discards_the_other_at_once() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[T2, 3, 8, 9], discard=[0])
    play(state, Draw(0))
    events = play(state, UseTakeTwo(0))
    assert state.round.step is Step.CHOOSING and state.round.options == [C.THREE, C.EIGHT]
    assert state.round.discard == [C.ZERO, T2]
    drew = [e for e in events if e.kind is EventKind.TAKE_TWO_DREW]
    assert [(e.cards, e.count, e.private_to) for e in drew] == [((), 2, None), ((C.THREE, C.EIGHT), 2, 0)]
    assert observe(state, 0).options == (C.THREE, C.EIGHT) and observe(state, 1).options == ()
    assert observe(state, 1).option_count == 2
    assert legal_actions(state, 0) == [KeepCard(0, 0), KeepCard(0, 1)]
    events = play(state, KeepCard(0, 0))
    assert state.round.held is C.THREE and state.round.step is Step.HOLDING and state.round.options == []
    assert state.round.discard == [C.ZERO, T2, C.EIGHT]
    assert [(e.cards, e.private_to) for e in events] == [((C.EIGHT,), None), ((C.THREE, C.EIGHT), 0)]
    play(state, SwapDrawn(0, 1))
    assert state.round.dreams[0] == [1, 3, 3, 4] and state.round.discard[-1] is C.TWO
    assert state.round.draw_pile == [C.NINE] and state.round.turn == 1


def test_take_2_keeping_a_special_may_use_its_power() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[T2, 9, P1, 9], discard=[0])
    play(state, Draw(0), UseTakeTwo(0), KeepCard(0, 1))
    assert state.round.held is P1
    assert UsePeek(0, Slot(1, 0)) in legal_actions(state, 0)
    play(state, UsePeek(0, Slot(1, 0)))
    assert state.round.discard == [C.ZERO, T2, C.NINE, P1] and state.round.turn == 1


def test_take_2_chains_into_take_2() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[T2, T2, 9, 0, 9, 9], discard=[0])
    play(state, Draw(0), UseTakeTwo(0), KeepCard(0, 0))
    assert state.round.held is T2 and UseTakeTwo(0) in legal_actions(state, 0)
    play(state, UseTakeTwo(0))
    assert state.round.options == [C.ZERO, C.NINE] and state.round.discard == [C.ZERO, T2, C.NINE, T2]
    play(state, KeepCard(0, 0), SwapDrawn(0, 3))
    assert state.round.dreams[0] == [1, 2, 3, 0] and state.round.draw_pile == [C.NINE]


def test_take_2_with_one_card_left_draws_it_and_the_seat_goes_on() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[T2, 0], discard=[9])
    play(state, Draw(0))
    events = play(state, UseTakeTwo(0))
    drew = [e for e in events if e.kind is EventKind.TAKE_TWO_DREW]
    assert [(e.cards, e.count, e.private_to) for e in drew] == [((), 1, None), ((C.ZERO,), 1, 0)]
    assert state.round.held is C.ZERO and state.round.step is Step.HOLDING and state.round.options == []
    assert state.round.draw_pile == [] and not state.results
    play(state, SwapDrawn(0, 0))
    result = state.results[0]
    assert result.dreams[0] == (C.ZERO, C.TWO, C.THREE, C.FOUR)
    assert (result.caller, result.ender) == (None, 0)


def test_take_2_with_no_card_left_ends_the_turn_and_the_round() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, T2], discard=[0])
    play(state, Draw(0), DiscardDrawn(0), Draw(1))
    assert state.round.draw_pile == [] and state.round.held is T2
    events = play(state, UseTakeTwo(1))
    assert EventKind.ROUND_ENDED in kinds(events)
    drew = [e for e in events if e.kind is EventKind.TAKE_TWO_DREW]
    assert [(e.count, e.cards) for e in drew] == [(0, ()), (0, ())]
    assert (state.results[0].caller, state.results[0].ender) == (None, 1)


@pytest.mark.parametrize("action", [SwapDrawn(0, 0), DiscardDrawn(0), UseTakeTwo(0), KeepCard(0, 0)])
def test_holding_moves_need_a_drawn_card(action: object) -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[0])
    with pytest.raises(WrongStepError):
        play(state, action)  # type: ignore[arg-type]


def test_after_drawing_you_cannot_wake_up_take_the_discard_or_draw_again() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[0])
    play(state, Draw(0))
    for action in (WakeUp(0), TakeDiscard(0, 0), Draw(0), KeepCard(0, 0)):
        with pytest.raises(WrongStepError):
            play(state, action)


def test_play_passes_in_seat_order_and_wraps_around() -> None:
    state = rigged([NINES, NINES, NINES], draw=[9] * 10, discard=[0], starter=1)
    seen = []
    for _ in range(5):
        seen.append(state.round.turn)
        play(state, Draw(state.round.turn), DiscardDrawn(state.round.turn))
    assert seen == [1, 2, 0, 1, 2]


def test_legal_actions_at_the_start_of_a_turn() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9], discard=[0])
    assert set(legal_actions(state, 0)) == {WakeUp(0), Draw(0), *(TakeDiscard(0, p) for p in range(4))}
    assert legal_actions(state, 1) == []
    assert legal_actions(state, 2) == [] and legal_actions(state, -1) == []


def test_the_table_log_never_shows_a_hidden_card_value() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[T2, 3, 8, P1, S2, 9], discard=[0])
    events = play(
        state, Draw(0), UseTakeTwo(0), KeepCard(0, 1), SwapDrawn(0, 0),
        Draw(1), UsePeek(1, Slot(0, 0)), Draw(0), UseSwap(0, Slot(0, 0), Slot(1, 1)),
    )
    shown = [card for event in public(events) for card in event.cards]
    assert shown == [T2, C.THREE, C.ONE, P1, S2]


def test_changing_a_returned_list_of_legal_actions_changes_nothing() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    legal_actions(state, 0).clear()
    assert len(legal_actions(state, 0)) == 6
