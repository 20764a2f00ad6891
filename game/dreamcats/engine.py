"""The match engine: start a match, check and apply actions, and get back what happened."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.dreamcats.actions import (
    Action,
    DiscardDrawn,
    Draw,
    InitialPeek,
    KeepCard,
    Slot,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    shared_action,
)
from game.dreamcats.cards import DREAM_SIZE, Card, shuffled_deck
from game.dreamcats.events import Event, EventKind, public_moves
from game.dreamcats.knowledge import Knowledge
from game.dreamcats.rules import check_action
from game.dreamcats.scoring import match_is_over, round_scores, winners
from game.dreamcats.settings import MatchSettings
from game.dreamcats.state import MatchState, RoundResult, RoundState, Step
from game.errors import SettingsError

MIN_SEATS, MAX_SEATS = 2, 5


def new_match(
    num_seats: int, settings: MatchSettings, rng: random.Random, starter: int | None = None
) -> MatchState:
    """A new match; its seed comes from `rng`, and the first round is dealt.

    `starter` is the host's seat; None picks a random seat (RULES.md §3.5).
    """
    settings.validated()
    seed = rng.getrandbits(63)
    return match_from_seed(num_seats, settings, seed, starter)


def match_from_seed(num_seats: int, settings: MatchSettings, seed: int, starter: int | None) -> MatchState:
    """The match that this seed deals, before any action."""
    if type(num_seats) is not int or not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise SettingsError(f"Dreamcats needs {MIN_SEATS} to {MAX_SEATS} seats, not {num_seats}.")
    if starter is not None and (type(starter) is not int or not 0 <= starter < num_seats):
        raise SettingsError(f"The starting seat must be 0 to {num_seats - 1}, not {starter!r}.")
    if starter is None:
        starter = random.Random(f"dreamcats:{seed}:starter").randrange(num_seats)
    first = deal_round(num_seats, seed, number=1, starter=starter)
    return MatchState(settings, num_seats, seed, starter, [0] * num_seats, [], first, [])


def deal_round(num_seats: int, seed: int, number: int, starter: int) -> RoundState:
    """Shuffle from the match seed and round number, deal four each, and turn the discard up."""
    deck = shuffled_deck(random.Random(f"dreamcats:{seed}:{number}"))
    # Dealt one at a time in seat order, from the top (the end of the list).
    dreams: list[list[Card]] = [[] for _ in range(num_seats)]
    for _ in range(DREAM_SIZE):
        for dream in dreams:
            dream.append(deck.pop())
    discard = [deck.pop()]
    return RoundState(
        number=number,
        starter=starter,
        dreams=dreams,
        draw_pile=deck,
        discard=discard,
        knowledge=Knowledge(num_seats),
        peeked=[False] * num_seats,
        turn=starter,
    )


def apply_action(state: MatchState, action: Action) -> list[Event]:
    """Check the action, then carry it out; an illegal action raises and changes nothing."""
    check_action(state, action)
    state.log.append(shared_action(action))
    rnd, ended_before = state.round, len(state.results)  # the round the action belongs to, even if it ends it
    events = _HANDLERS[type(action)](state, action)
    rnd.history.extend(public_moves(events))
    if len(state.results) > ended_before:
        state.ended_round = (rnd.number, tuple(rnd.history))
    return events


def _initial_peek(state: MatchState, action: InitialPeek) -> list[Event]:
    rnd, seat = state.round, action.seat
    first, second = action.positions  # InitialPeek keeps them in increasing order
    slots = (Slot(seat, first), Slot(seat, second))
    rnd.peeked[seat] = True
    for slot in slots:
        rnd.knowledge.see(seat, slot)
    cards = (rnd.dreams[seat][first], rnd.dreams[seat][second])
    return [
        Event(EventKind.INITIAL_PEEK, seat, slots=slots),
        Event(EventKind.INITIAL_PEEK, seat, cards=cards, slots=slots, private_to=seat),
    ]


def _wake_up(state: MatchState, action: WakeUp) -> list[Event]:
    return [Event(EventKind.WOKE_UP, action.seat), *_end_round(state, caller=action.seat, ender=action.seat)]


def _take_discard(state: MatchState, action: TakeDiscard) -> list[Event]:
    rnd, slot = state.round, Slot(action.seat, action.position)
    taken = rnd.discard.pop()
    given = _put_in(rnd, slot, taken)
    rnd.knowledge.see_all(slot)
    return [Event(EventKind.TOOK_DISCARD, action.seat, cards=(taken, given), slots=(slot,)), *_end_turn(state)]


def _draw(state: MatchState, action: Draw) -> list[Event]:
    rnd = state.round
    rnd.held = rnd.draw_pile.pop()
    rnd.step = Step.HOLDING
    return [
        Event(EventKind.DREW, action.seat, count=1),
        Event(EventKind.DREW, action.seat, cards=(rnd.held,), count=1, private_to=action.seat),
    ]


def _swap_drawn(state: MatchState, action: SwapDrawn) -> list[Event]:
    rnd, slot = state.round, Slot(action.seat, action.position)
    held = _release_held(rnd)
    given = _put_in(rnd, slot, held)
    rnd.knowledge.replace(slot, action.seat)
    return [
        Event(EventKind.SWAPPED_IN, action.seat, cards=(given,), slots=(slot,)),
        Event(EventKind.SWAPPED_IN, action.seat, cards=(given, held), slots=(slot,), private_to=action.seat),
        *_end_turn(state),
    ]


def _discard_drawn(state: MatchState, action: DiscardDrawn) -> list[Event]:
    held = _release_held(state.round)
    state.round.discard.append(held)
    return [Event(EventKind.DISCARDED, action.seat, cards=(held,)), *_end_turn(state)]


def _use_take_two(state: MatchState, action: UseTakeTwo) -> list[Event]:
    rnd, seat = state.round, action.seat
    rnd.discard.append(_release_held(rnd))
    drawn = [rnd.draw_pile.pop() for _ in range(min(2, len(rnd.draw_pile)))]
    events = [
        Event(EventKind.USED_TAKE_TWO, seat, cards=(Card.TAKE_2,)),
        Event(EventKind.TAKE_TWO_DREW, seat, count=len(drawn)),
        Event(EventKind.TAKE_TWO_DREW, seat, cards=tuple(drawn), count=len(drawn), private_to=seat),
    ]
    if len(drawn) == 2:
        rnd.options, rnd.step = drawn, Step.CHOOSING
    elif len(drawn) == 1:
        # Only one card was left: the seat simply holds it and goes on (RULES.md §6).
        rnd.held, rnd.step = drawn[0], Step.HOLDING
    else:
        events.extend(_end_turn(state))
    return events


def _keep_card(state: MatchState, action: KeepCard) -> list[Event]:
    rnd = state.round
    kept = rnd.options[action.index]
    other = rnd.options[1 - action.index]
    rnd.discard.append(other)
    rnd.options, rnd.held, rnd.step = [], kept, Step.HOLDING
    return [
        Event(EventKind.KEPT, action.seat, cards=(other,)),
        Event(EventKind.KEPT, action.seat, cards=(kept, other), private_to=action.seat),
    ]


def _use_peek(state: MatchState, action: UsePeek) -> list[Event]:
    rnd = state.round
    rnd.discard.append(_release_held(rnd))
    rnd.knowledge.see(action.seat, action.target)
    seen = rnd.card_at(action.target)
    return [
        Event(EventKind.USED_PEEK, action.seat, cards=(Card.PEEK_1,), slots=(action.target,)),
        Event(EventKind.USED_PEEK, action.seat, cards=(seen,), slots=(action.target,), private_to=action.seat),
        *_end_turn(state),
    ]


def _use_swap(state: MatchState, action: UseSwap) -> list[Event]:
    rnd, first, second = state.round, action.first, action.second
    rnd.discard.append(_release_held(rnd))
    a, b = rnd.card_at(first), rnd.card_at(second)
    rnd.dreams[first.seat][first.position] = b
    rnd.dreams[second.seat][second.position] = a
    rnd.knowledge.swap(first, second)
    return [
        Event(EventKind.USED_SWAP, action.seat, cards=(Card.SWAP_2,), slots=(first, second)),
        *_end_turn(state),
    ]


def _put_in(rnd: RoundState, slot: Slot, card: Card) -> Card:
    """Put a card into a dream slot; the card it replaces goes face up on the discard pile and is returned."""
    given = rnd.card_at(slot)
    rnd.dreams[slot.seat][slot.position] = card
    rnd.discard.append(given)
    return given


def _release_held(rnd: RoundState) -> Card:
    held = rnd.held
    assert held is not None, "checked by rules.check_step"
    rnd.held = None
    return held


def _end_turn(state: MatchState) -> list[Event]:
    rnd = state.round
    rnd.turns_played += 1
    rnd.step = Step.START
    if not rnd.draw_pile:
        return _end_round(state, caller=None, ender=rnd.turn)
    rnd.turn = (rnd.turn + 1) % state.num_seats
    return []


def _end_round(state: MatchState, caller: int | None, ender: int) -> list[Event]:
    rnd = state.round
    sums, scores, succeeded = round_scores(rnd.dreams, caller, state.settings.penalty)
    result = RoundResult(
        rnd.number, tuple(tuple(d) for d in rnd.dreams), sums, scores, caller, ender, succeeded,
        rnd.turns_played,
    )
    state.results.append(result)
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    events = [Event(EventKind.ROUND_ENDED, caller, count=rnd.number)]
    if match_is_over(state.settings, state.totals, len(state.results)):
        state.over = True
        rnd.step = Step.OVER
        return [*events, Event(EventKind.MATCH_ENDED, count=len(winners(state.totals)))]
    starter = (ender + 1) % state.num_seats
    state.round = deal_round(state.num_seats, state.seed, rnd.number + 1, starter)
    return [*events, Event(EventKind.ROUND_STARTED, starter, count=rnd.number + 1)]


_HANDLERS: dict[type, Callable[[MatchState, Any], list[Event]]] = {
    InitialPeek: _initial_peek,
    WakeUp: _wake_up,
    TakeDiscard: _take_discard,
    Draw: _draw,
    SwapDrawn: _swap_drawn,
    DiscardDrawn: _discard_drawn,
    UseTakeTwo: _use_take_two,
    KeepCard: _keep_card,
    UsePeek: _use_peek,
    UseSwap: _use_swap,
}
