"""Helpers for the Dream 21 tests: rigged tables and a random player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from game.dream21 import (
    Action,
    Card,
    Draw,
    Dream21Settings,
    HandState,
    MatchState,
    Play,
    full_deck,
    legal_actions,
    match_from_seed,
)


def c(code: str) -> Card:
    """A card from its short code, e.g. c("7S")."""
    return Card.from_code(code)


def rigged(
    hands: Sequence[Sequence[str]],
    *,
    draw: Sequence[str] = (),
    play: Sequence[str] = (),
    total: int | None = None,
    turn: int = 0,
    dealer: int | None = None,
    drawn: str | None = None,
    settings: Dream21Settings | None = None,
) -> MatchState:
    """A match whose first hand lies as given: `draw[0]` is the top of the pile, `play` the trick so far.

    Every card not named lies face down among the taken cards, so the table still holds one whole deck.
    `total` defaults to the low values of `play`; later hands are dealt from the seed as usual.
    """
    seats = len(hands)
    dealer = (turn - 1) % seats if dealer is None else dealer
    state = match_from_seed(seats, settings or Dream21Settings(), seed=7, dealer=dealer)
    named = [c(code) for code in [*draw, *play, *(code for hand in hands for code in hand)]]
    assert len(set(named)) == len(named), "a card named twice"
    state.hand = HandState(
        number=1,
        dealer=dealer,
        hands=[[c(code) for code in hand] for hand in hands],
        draw_pile=[c(code) for code in reversed(draw)],
        turn=turn,
        play_pile=[c(code) for code in play],
        total=sum(c(code).value for code in play) if total is None else total,
        drawn=None if drawn is None else c(drawn),
        tricks=[0] * seats,
        taken=[card for card in full_deck() if card not in set(named)],
    )
    return state


def every_action(state: MatchState) -> list[Action]:
    """Every action that could be named at this table, legal or not: a draw and each card both ways, per seat."""
    return [action for seat in range(state.num_seats) for action in actions_of(seat)]


@cache
def actions_of(seat: int) -> tuple[Action, ...]:
    """Every action one seat could name, legal or not (built once: actions are immutable)."""
    return (Draw(seat), *(Play(seat, card, high) for card in full_deck() for high in (False, True)))


def random_action(state: MatchState, rng: random.Random) -> Action:
    """A uniformly random legal action of the seat in turn."""
    return rng.choice(legal_actions(state, state.hand.turn))


def all_cards(state: MatchState) -> list[Card]:
    """Every card on the table: hands, draw pile, trick in play and taken cards."""
    hand = state.hand
    return [*hand.draw_pile, *hand.play_pile, *hand.taken, *(card for cards in hand.hands for card in cards)]
