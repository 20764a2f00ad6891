"""One check per rule; each raises a named GameError. `legal_actions` is built from the same rules."""

from __future__ import annotations

from game.dream21.actions import Action, Draw, Play
from game.dream21.cards import ACE_HIGH, TARGET, Card
from game.dream21.errors import (
    AceChoiceError,
    AlreadyDrewError,
    CardNotHeldError,
    EmptyPileError,
    LeadWithoutDrawError,
    MustDrawError,
    OverTwentyOneError,
)
from game.dream21.state import HandState, MatchState
from game.errors import MatchOverError, NotYourTurnError, UnknownSeatError


def check_match_running(state: MatchState) -> None:
    """Nothing can happen once the match is over."""
    if state.over:
        raise MatchOverError("The match is over.")


def check_seat(state: MatchState, seat: int) -> None:
    """The seat must exist at this table."""
    if type(seat) is not int or not 0 <= seat < state.num_seats:
        raise UnknownSeatError(f"There is no seat {seat!r} at this table.")


def check_turn(state: MatchState, seat: int) -> None:
    """Only the seat whose turn it is may act."""
    if state.hand.turn != seat:
        raise NotYourTurnError("It is not your turn.")


def check_following(hand: HandState) -> None:
    """The seat that leads plays without drawing (§4, Leading)."""
    if hand.leading:
        raise LeadWithoutDrawError("You lead this trick: play a card without drawing.")


def check_not_drawn(hand: HandState) -> None:
    """A seat draws at most one card per turn."""
    if hand.drawn is not None:
        raise AlreadyDrewError("You already drew this turn: play a card.")


def check_pile_not_empty(hand: HandState) -> None:
    """There must be a card to draw."""
    if not hand.draw_pile:
        raise EmptyPileError("The draw pile is empty: play without drawing.")


def check_holds(hand: HandState, seat: int, card: Card) -> None:
    """A seat plays only a card from its own hand."""
    if card not in hand.hands[seat]:
        raise CardNotHeldError(f"You do not hold {card}.")


def check_ace_choice(card: Card, ace_high: bool) -> None:
    """Only an ace can count 11."""
    if ace_high and not card.is_ace:
        raise AceChoiceError(f"Only an ace can count {ACE_HIGH}; {card} counts {card.value}.")


def check_within_21(hand: HandState, value: int) -> None:
    """The total may never pass 21 (an ace counts 11 only where the total stays at 21 or below)."""
    if hand.total + value > TARGET:
        raise OverTwentyOneError(f"That would make {hand.total + value}: the total may not pass {TARGET}.")


def check_drew_first(hand: HandState, value: int) -> None:
    """A following seat draws first, unless the pile is empty or its card makes exactly 21."""
    must_draw = not hand.leading and hand.drawn is None and bool(hand.draw_pile)
    if must_draw and hand.total + value != TARGET:
        raise MustDrawError(f"Draw a card first (only a card making exactly {TARGET} may be played without drawing).")


def check_action(state: MatchState, action: Action) -> None:
    """Raise the GameError that forbids the action, or return if it is legal now."""
    check_match_running(state)
    check_seat(state, action.seat)
    check_turn(state, action.seat)
    hand = state.hand
    if isinstance(action, Draw):
        check_following(hand)
        check_not_drawn(hand)
        check_pile_not_empty(hand)
        return
    check_holds(hand, action.seat, action.card)
    check_ace_choice(action.card, action.ace_high)
    check_within_21(hand, action.value)
    check_drew_first(hand, action.value)


def plays_of(cards: list[Card], seat: int) -> list[Play]:
    """Every play of these cards, an ace both ways, before any rule about the total."""
    plays: list[Play] = []
    for card in sorted(set(cards)):
        plays.append(Play(seat, card))
        if card.is_ace:
            plays.append(Play(seat, card, ace_high=True))
    return plays


def fitting_plays(hand: HandState, seat: int) -> list[Play]:
    """The plays of the seat that keep the total at 21 or below."""
    return [play for play in plays_of(hand.hands[seat], seat) if hand.total + play.value <= TARGET]


def can_play(hand: HandState, seat: int) -> bool:
    """Whether the seat holds a card that keeps the total at 21 or below."""
    room = TARGET - hand.total
    return any(card.value <= room for card in hand.hands[seat])


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action the seat may take right now (empty when it is not its turn)."""
    if state.over or not 0 <= seat < state.num_seats or state.hand.turn != seat:
        return []
    hand = state.hand
    fitting = fitting_plays(hand, seat)
    if hand.leading or hand.drawn is not None or not hand.draw_pile:
        return list(fitting)
    return [Draw(seat), *(play for play in fitting if hand.total + play.value == TARGET)]
