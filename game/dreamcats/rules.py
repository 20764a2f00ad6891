"""One check per rule; each raises a named GameError. `legal_actions` is built from the same checks."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import NamedTuple

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
)
from game.dreamcats.cards import DREAM_SIZE, Card
from game.dreamcats.state import MatchState, Step
from game.errors import (
    AlreadyPeekedError,
    InitialPeekRequiredError,
    InvalidPositionError,
    MatchOverError,
    NotSpecialError,
    NotYourTurnError,
    UnknownSeatError,
    WrongStepError,
)

PEEK_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(DREAM_SIZE), 2))


def check_match_running(state: MatchState) -> None:
    """Nothing can happen once the match is over."""
    if state.over:
        raise MatchOverError("The match is over.")


def check_seat(state: MatchState, seat: int) -> None:
    """The seat must exist at this table."""
    if not 0 <= seat < state.num_seats:
        raise UnknownSeatError(f"There is no seat {seat + 1} at this table.")


def check_position(position: int) -> None:
    """Dream positions are 1-4 (0-3 inside the engine)."""
    if not 0 <= position < DREAM_SIZE:
        raise InvalidPositionError(f"A dream has positions 1 to {DREAM_SIZE}, not {position + 1}.")


def check_slot(state: MatchState, slot: Slot) -> None:
    """A slot names an existing seat and position."""
    check_seat(state, slot.seat)
    check_position(slot.position)


def check_not_peeked(state: MatchState, seat: int) -> None:
    """The initial peek happens once per round."""
    if state.round.peeked[seat]:
        raise AlreadyPeekedError("You already looked at two of your cards this round.")


def check_peek_positions(positions: tuple[int, int]) -> None:
    """The initial peek looks at exactly two different positions."""
    if len(positions) != 2 or positions[0] == positions[1]:
        raise InvalidPositionError("Choose exactly two different cards of your dream to look at.")
    for position in positions:
        check_position(position)


def check_turn(state: MatchState, seat: int) -> None:
    """Only the seat whose turn it is may play."""
    if state.round.turn != seat:
        raise NotYourTurnError("It is not your turn.")


def check_has_peeked(state: MatchState, seat: int) -> None:
    """A seat must make its initial peek before its first action."""
    if not state.round.peeked[seat]:
        raise InitialPeekRequiredError("First look at two of your cards.")


def check_step(state: MatchState, step: Step) -> None:
    """The action must fit the current step of the turn."""
    if state.round.step != step:
        raise WrongStepError(_STEP_MESSAGES[step])


def check_holding(state: MatchState, card: Card) -> None:
    """A power can only be used with the special card just drawn from the pile."""
    if state.round.held != card:
        raise NotSpecialError(f"You can only use {_POWER_NAMES[card]} while holding that card, drawn from the pile.")


def check_option(state: MatchState, index: int) -> None:
    """Take 2 keeps one of the cards it drew."""
    if not 0 <= index < len(state.round.options):
        raise InvalidPositionError("Keep one of the two cards you drew.")


def check_two_slots(state: MatchState, first: Slot, second: Slot) -> None:
    """Swap 2 exchanges two different dream cards."""
    check_slot(state, first)
    check_slot(state, second)
    if first == second:
        raise InvalidPositionError("Choose two different cards to swap.")


_POWER_NAMES = {Card.TAKE_2: "Take 2", Card.PEEK_1: "Peek 1", Card.SWAP_2: "Swap 2"}

_STEP_MESSAGES = {
    Step.START: "You can only do that at the start of your turn.",
    Step.HOLDING: "You can only do that while holding a card you drew.",
    Step.CHOOSING: "You can only do that while choosing a card after Take 2.",
    Step.OVER: "The match is over.",
}

_TURN_STEP: dict[type, Step] = {
    WakeUp: Step.START,
    TakeDiscard: Step.START,
    Draw: Step.START,
    SwapDrawn: Step.HOLDING,
    DiscardDrawn: Step.HOLDING,
    UseTakeTwo: Step.HOLDING,
    UsePeek: Step.HOLDING,
    UseSwap: Step.HOLDING,
    KeepCard: Step.CHOOSING,
}


def check_action(state: MatchState, action: Action) -> None:
    """Raise the GameError that forbids the action, or return if it is legal now."""
    check_match_running(state)
    check_seat(state, action.seat)
    if isinstance(action, InitialPeek):
        check_not_peeked(state, action.seat)
        check_peek_positions(action.positions)
        return
    check_turn(state, action.seat)
    check_has_peeked(state, action.seat)
    check_step(state, _TURN_STEP[type(action)])
    match action:
        case TakeDiscard(position=p) | SwapDrawn(position=p):
            check_position(p)
        case UseTakeTwo():
            check_holding(state, Card.TAKE_2)
        case UsePeek(target=target):
            check_holding(state, Card.PEEK_1)
            check_slot(state, target)
        case UseSwap(first=first, second=second):
            check_holding(state, Card.SWAP_2)
            check_two_slots(state, first, second)
        case KeepCard(index=index):
            check_option(state, index)


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action the seat may take right now (empty when it has nothing to do)."""
    if state.over or not 0 <= seat < state.num_seats:
        return []
    rnd = state.round
    moves = _moves(state.num_seats, seat)
    if not rnd.peeked[seat]:
        return list(moves.peeks)
    if rnd.turn != seat:
        return []
    if rnd.step is Step.START:
        return list(moves.start)
    if rnd.step is Step.CHOOSING:
        return list(moves.keeps[: len(rnd.options)])
    return [*moves.holding, *moves.powers.get(rnd.held, ())]


class _Moves(NamedTuple):
    """Every action of one seat at a table of some size, built once: actions are immutable."""

    peeks: tuple[Action, ...]
    start: tuple[Action, ...]
    keeps: tuple[Action, ...]
    holding: tuple[Action, ...]
    powers: dict[Card | None, tuple[Action, ...]]


@cache
def _moves(num_seats: int, seat: int) -> _Moves:
    slots = all_slots(num_seats)
    return _Moves(
        peeks=tuple(InitialPeek(seat, pair) for pair in PEEK_PAIRS),
        start=(WakeUp(seat), Draw(seat), *(TakeDiscard(seat, p) for p in range(DREAM_SIZE))),
        keeps=(KeepCard(seat, 0), KeepCard(seat, 1)),
        holding=(*(SwapDrawn(seat, p) for p in range(DREAM_SIZE)), DiscardDrawn(seat)),
        powers={
            Card.TAKE_2: (UseTakeTwo(seat),),
            Card.PEEK_1: tuple(UsePeek(seat, slot) for slot in slots),
            Card.SWAP_2: tuple(UseSwap(seat, a, b) for a, b in combinations(slots, 2)),
        },
    )


def all_slots(num_seats: int) -> list[Slot]:
    """Every dream slot at a table of this size, seat by seat."""
    return [Slot(s, p) for s in range(num_seats) for p in range(DREAM_SIZE)]
