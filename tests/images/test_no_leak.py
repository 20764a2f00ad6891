"""No picture or alt text depends on a card its viewer may not see."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from game.dreamcats import (
    Card,
    Draw,
    Event,
    InitialPeek,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    WakeUp,
    apply_action,
    legal_actions,
    new_match,
    observe,
    public_observation,
)
from images.dreamcats import dream_of, dream_picture, encode_png, private_alt, render_dream, render_table, table_alt

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def played(num_seats: int, seed: int) -> tuple[MatchState, list[Event]]:
    """A match played at random for a seeded number of actions (never ending it by Wake up!)."""
    rng = random.Random(seed)
    state = new_match(num_seats, MatchSettings(), rng, starter=0)
    events: list[Event] = []
    for _ in range(rng.randrange(num_seats, 40)):
        seat = state.round.turn
        actions = [a for a in legal_actions(state, seat) if not isinstance(a, WakeUp)]
        if not state.round.peeked[seat]:
            actions = legal_actions(state, seat)
        events = apply_action(state, rng.choice(actions))
    return state, events


def with_hidden_shuffled(state: MatchState, viewer: int | None, seed: int) -> MatchState:
    """A copy where every card the viewer cannot see (unknown dream cards, the draw pile, another's hand) moved."""
    other = copy.deepcopy(state)
    rnd = other.round
    known = rnd.knowledge.of(viewer)
    slots = [Slot(s, p) for s in range(other.num_seats) for p in range(4) if Slot(s, p) not in known]
    hand_hidden = viewer != rnd.turn
    pool = [rnd.card_at(slot) for slot in slots] + list(rnd.draw_pile)
    if hand_hidden:
        pool += ([rnd.held] if rnd.held is not None else []) + list(rnd.options)
    rng = random.Random(seed)
    shuffled = pool[:]
    while len(set(pool)) > 1 and shuffled == pool:
        rng.shuffle(shuffled)
    cards = iter(shuffled)
    for slot in slots:
        rnd.dreams[slot.seat][slot.position] = next(cards)
    rnd.draw_pile = [next(cards) for _ in rnd.draw_pile]
    if hand_hidden:
        rnd.held = next(cards) if rnd.held is not None else None
        rnd.options = [next(cards) for _ in rnd.options]
    return other


def scrambled_private(events: list[Event]) -> list[Event]:
    """The same events, with other cards in the private ones (which a public picture must ignore)."""
    return [e if e.is_public else dataclasses.replace(e, cards=tuple(Card((c + 5) % 13) for c in e.cards))
            for e in events]


CASES = [(n, seed) for n in (2, 3, 4, 5) for seed in range(5)]


@pytest.mark.parametrize(("num_seats", "seed"), CASES)
def test_public_table_ignores_hidden_cards(num_seats: int, seed: int) -> None:
    state, events = played(num_seats, seed)
    other = with_hidden_shuffled(state, None, seed)
    assert other.round.dreams != state.round.dreams or other.round.draw_pile != state.round.draw_pile
    names = NAMES[:num_seats]
    first = render_table(public_observation(state), names, last_events=events, deadline="0:30")
    second = render_table(public_observation(other), names, last_events=scrambled_private(events), deadline="0:30")
    assert encode_png(first) == encode_png(second)
    assert table_alt(public_observation(state), names) == table_alt(public_observation(other), names)
    told = table_alt(public_observation(state), names, last_events=events)
    assert told == table_alt(public_observation(other), names, last_events=scrambled_private(events))


@pytest.mark.parametrize(("num_seats", "seed"), CASES)
def test_private_picture_ignores_cards_the_seat_does_not_know(num_seats: int, seed: int) -> None:
    state, _ = played(num_seats, seed)
    viewer = seed % num_seats
    other = with_hidden_shuffled(state, viewer, seed + 100)
    everything = {Slot(s, p) for s in range(num_seats) for p in range(4)}
    names = NAMES[:num_seats]
    mine = dream_of(observe(state, viewer), names, everything)
    theirs = dream_of(observe(other, viewer), names, everything)
    assert mine == theirs  # the picture, its alt text and its cache entry are functions of this alone
    assert render_dream(mine).tobytes() == render_dream(theirs).tobytes()
    assert dream_picture(mine) == dream_picture(theirs)
    assert private_alt(mine) == private_alt(theirs)


def test_private_picture_holds_only_shown_known_cards_and_the_hand() -> None:
    for num_seats, seed in CASES:
        state, _ = played(num_seats, seed)
        viewer = seed % num_seats
        obs = observe(state, viewer)
        everything = {Slot(s, p) for s in range(num_seats) for p in range(4)}
        dream = dream_of(obs, NAMES[:num_seats], everything)
        for position, card in enumerate(dream.cards):
            assert card == obs.known.get(Slot(viewer, position))
        if dream.other is not None:
            seat = NAMES.index(dream.other.name)
            assert seat != viewer and obs.known[Slot(seat, dream.other.position)] == dream.other.card
        held = [state.round.held] if state.round.held is not None else list(state.round.options)
        assert list(dream.hand) == (held if state.round.turn == viewer else [])


def test_public_table_shows_no_dream_face_up_even_when_everyone_knows_it() -> None:
    state, _ = played(3, 11)
    obs = public_observation(state)
    taken = dataclasses.replace(obs, known={Slot(0, 0): Card.NINE, Slot(1, 2): Card.ZERO})
    nothing = dataclasses.replace(obs, known={})
    assert render_table(taken, NAMES[:3]).tobytes() == render_table(nothing, NAMES[:3]).tobytes()


def test_private_picture_shows_a_known_card_only_while_it_is_being_shown() -> None:
    state, _ = played(4, 3)
    viewer = 0
    obs = dataclasses.replace(observe(state, viewer), known={})
    names = NAMES[:4]
    hidden = dream_of(obs, names, set())
    known = dataclasses.replace(obs, known={Slot(viewer, 0): Card.NINE, Slot(2, 1): Card.ZERO})
    assert dream_of(known, names, set()) == hidden
    assert render_dream(dream_of(known, names, set())).tobytes() == render_dream(hidden).tobytes()
    shown = dream_of(known, names, {Slot(viewer, 0)})
    assert render_dream(shown).tobytes() != render_dream(hidden).tobytes()
    assert "1: 9" in private_alt(shown) and "1: 9" not in private_alt(hidden)
    peeked = dream_of(known, names, {Slot(2, 1)})
    assert peeked.other is not None and peeked.other.card == Card.ZERO and peeked.cards == hidden.cards
    # a slot being "shown" that the seat does not know stays face down, and no card of it is drawn
    assert dream_of(obs, names, {Slot(viewer, 0), Slot(2, 1)}) == hidden


def test_public_table_of_a_seat_holding_a_card_does_not_depend_on_the_card() -> None:
    state, _ = played(3, 4)
    while state.round.step != Step.START:
        apply_action(state, legal_actions(state, state.round.turn)[-1])
    seat = state.round.turn
    if not state.round.peeked[seat]:
        apply_action(state, InitialPeek(seat, (0, 1)))
    apply_action(state, Draw(seat))
    other = copy.deepcopy(state)
    other.round.held = Card.NINE if state.round.held != Card.NINE else Card.ZERO
    assert render_table(public_observation(state), NAMES[:3]).tobytes() == (
        render_table(public_observation(other), NAMES[:3]).tobytes()
    )
