"""Computer players: honest (they only see their observation), always legal, and loadable by name."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from game.dreamcats import (
    Action,
    InitialPeek,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    apply_action,
    legal_actions,
    match_from_dict,
    match_to_dict,
    new_match,
    observe,
    public_observation,
)
from game.dreamcats.players import PLAYERS, SPARRING, STRENGTHS, NotSeatedError, UnknownPlayerError, choose, get_player


def first_legal(obs: object, legal: Sequence[Action], rng: random.Random) -> Action:
    """A plug-in player for get_player: always the first legal action."""
    return legal[0]


def acting_seat(state: MatchState) -> int:
    """The seat that must act next: a seat still to make its initial peek, else the seat whose turn it is."""
    waiting = [s for s in range(state.num_seats) if not state.round.peeked[s]]
    return waiting[0] if waiting else state.round.turn


def position_after(seed: int, steps: int, seats: int) -> MatchState:
    """A match played by normal players for some steps: a varied position to ask the players about."""
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(), rng)
    for _ in range(steps):
        if state.over:
            break
        seat = acting_seat(state)
        apply_action(state, choose("normal", observe(state, seat), legal_actions(state, seat), rng))
    return state


def shuffle_hidden(state: MatchState, seat: int, rng: random.Random) -> tuple[MatchState, bool]:
    """A copy of the match in which the cards the seat cannot know (draw pile, unknown dream slots) are reshuffled."""
    twin = match_from_dict(match_to_dict(state))
    rnd = twin.round
    known = rnd.knowledge.of(seat)
    hidden = [Slot(s, p) for s in range(state.num_seats) for p in range(4) if Slot(s, p) not in known]
    cards = [rnd.dreams[s][p] for s, p in hidden] + rnd.draw_pile
    rng.shuffle(cards)
    for slot, card in zip(hidden, cards, strict=False):
        rnd.dreams[slot.seat][slot.position] = card
    rnd.draw_pile = cards[len(hidden):]
    changed = rnd.dreams != state.round.dreams
    return twin, changed


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_hidden_cards_never_change_a_choice(seats: int) -> None:
    differing = 0
    for seed in range(24):
        state = position_after(seed, steps=random.Random(seed).randrange(0, 60), seats=seats)
        if state.over:
            continue
        seat = acting_seat(state)
        twin, changed = shuffle_hidden(state, seat, random.Random(1000 + seed))
        differing += changed
        assert observe(twin, seat) == observe(state, seat)
        for strength in (*STRENGTHS, *SPARRING):
            here = choose(strength, observe(state, seat), legal_actions(state, seat), random.Random(seed))
            there = choose(strength, observe(twin, seat), legal_actions(twin, seat), random.Random(seed))
            assert here == there, (strength, seed)
    assert differing >= 12  # the proof only means something if the hidden cards really moved


@pytest.mark.parametrize(
    "lineup",
    [("easy", "normal"), ("hard", "normal", "easy"), ("normal",) * 4, ("hard",) * 2, ("hard", "sharp"),
     ("sharp", "eager", "cautious", "hard")],
)
def test_every_choice_is_legal_through_whole_matches(lineup: tuple[str, ...]) -> None:
    rng = random.Random(len(lineup))
    state = new_match(len(lineup), MatchSettings(point_limit=30), rng)
    steps = {Step.START: 0, Step.HOLDING: 0, Step.CHOOSING: 0}
    while not state.over:
        seat = acting_seat(state)
        legal = legal_actions(state, seat)
        steps[state.round.step] += 1
        action = choose(lineup[seat], observe(state, seat), legal, rng)
        assert action in legal
        apply_action(state, action)
    assert state.results and steps[Step.START] > 0 and steps[Step.HOLDING] > 0


@pytest.mark.parametrize("strength", [*STRENGTHS, *SPARRING])
def test_initial_peek_is_positions_one_and_two(strength: str) -> None:
    state = new_match(3, MatchSettings(), random.Random(2))
    choice = choose(strength, observe(state, 1), legal_actions(state, 1), random.Random(0))
    assert choice == InitialPeek(1, (0, 1))


@pytest.mark.parametrize("strength", [*STRENGTHS, *SPARRING])
def test_a_spectator_view_is_refused(strength: str) -> None:
    state = new_match(2, MatchSettings(), random.Random(2))
    seat = state.round.turn
    for s in range(2):
        apply_action(state, InitialPeek(s, (0, 1)))
    with pytest.raises(NotSeatedError):
        choose(strength, public_observation(state), legal_actions(state, seat), random.Random(0))


def test_get_player_knows_the_strengths_and_module_functions() -> None:
    assert set(STRENGTHS) == set(PLAYERS)
    assert all(get_player(name) is PLAYERS[name] for name in STRENGTHS)
    assert all(get_player(name) is SPARRING[name] for name in SPARRING) and not set(SPARRING) & set(STRENGTHS)
    assert get_player("tests.game.test_players:first_legal") is first_legal


@pytest.mark.parametrize(
    "name", ["nightmare", "", "no_such_module_anywhere:play", "game.dreamcats.players:no_such_player", ":x"])
def test_an_unknown_player_raises_a_named_error(name: str) -> None:
    with pytest.raises(UnknownPlayerError):
        get_player(name)


def test_hidden_cards_never_change_a_sampled_wake_up_decision() -> None:
    # A known low dream makes hard weigh Wake up! by playing sampled deals out: the deepest use of its rng.
    asked = 0
    for seed in range(8):
        state = position_after(seed, steps=3 + seed % 2 * 2, seats=3)
        rnd = state.round
        seat = acting_seat(state)
        if rnd.step is not Step.START or not all(rnd.peeked):
            continue
        for position in range(4):  # deal the seat low cards from the pile, keeping one whole deck
            low = next(i for i, card in enumerate(rnd.draw_pile) if card.points <= 2)
            rnd.dreams[seat][position], rnd.draw_pile[low] = rnd.draw_pile[low], rnd.dreams[seat][position]
            rnd.knowledge.see(seat, Slot(seat, position))
        twin, changed = shuffle_hidden(state, seat, random.Random(seed))
        assert changed
        here = choose("hard", observe(state, seat), legal_actions(state, seat), random.Random(seed))
        there = choose("hard", observe(twin, seat), legal_actions(twin, seat), random.Random(seed))
        assert here == there
        asked += 1
    assert asked >= 4
