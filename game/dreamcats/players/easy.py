"""The easy computer player: keeps its own cards in mind, counts nothing, and slips now and then."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dreamcats.actions import (
    Action,
    DiscardDrawn,
    Draw,
    KeepCard,
    Slot,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseTakeTwo,
    WakeUp,
)
from game.dreamcats.cards import DREAM_SIZE, POINTS, Card
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import seated
from game.dreamcats.players.strategy import opening_peek
from game.dreamcats.state import Step

GUESS = 5  # what an unseen card is taken to be worth
SLIP = 0.15  # how often it plays a plausible but careless move
WAKE_AT = 9  # calls Wake up! once it believes its dream is this low


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Sensible but loose: swaps in clearly lower cards, peeks at its own cards, wakes up on a low guess."""
    peek = opening_peek(legal)
    if peek is not None:
        return peek
    seat = seated(obs)
    values = [_guess(obs, Slot(seat, p)) for p in range(DREAM_SIZE)]
    worst = max(range(DREAM_SIZE), key=lambda p: values[p])
    careless = rng.random() < SLIP
    if obs.step is Step.CHOOSING:
        return KeepCard(seat, min(range(len(obs.options)), key=lambda i: POINTS[obs.options[i]]))
    if obs.step is Step.HOLDING and obs.holding is not None:
        if careless:
            slips: list[Action] = [SwapDrawn(seat, p) for p in _no_worse(obs, seat, obs.holding)]
            return rng.choice([*slips, DiscardDrawn(seat)])
        return _holding(obs, obs.holding, values, worst)
    if sum(values) <= WAKE_AT and rng.random() < 0.7:
        return WakeUp(seat)
    top = POINTS[obs.discard_top]
    if careless:
        openings: list[Action] = [TakeDiscard(seat, p) for p in _no_worse(obs, seat, obs.discard_top)]
        return rng.choice([*openings, Draw(seat)])
    if top <= 3 and values[worst] >= top + 2:
        return TakeDiscard(seat, worst)
    return Draw(seat)


def _no_worse(obs: Observation, seat: int, card: Card) -> list[int]:
    """The positions where putting the card in never gives up a card known to be lower (never silly)."""
    return [p for p in range(DREAM_SIZE) if POINTS[obs.known.get(Slot(seat, p), Card.NINE)] >= POINTS[card]]


def _guess(obs: Observation, slot: Slot) -> int:
    card = obs.known.get(slot)
    return GUESS if card is None else POINTS[card]


def _holding(obs: Observation, card: Card, values: list[int], worst: int) -> Action:
    seat = obs.seat
    assert seat is not None
    unknown = [p for p in range(DREAM_SIZE) if Slot(seat, p) not in obs.known]
    if card is Card.PEEK_1 and unknown:
        return UsePeek(seat, Slot(seat, unknown[0]))
    if card is Card.TAKE_2:
        return UseTakeTwo(seat)
    if POINTS[card] < values[worst] - 1:
        return SwapDrawn(seat, worst)
    return DiscardDrawn(seat)
