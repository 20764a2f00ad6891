"""The card-counting strategy that `normal` plays and `hard` refines: every choice is scored in expected cats saved."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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
from game.dreamcats.cards import DREAM_SIZE, POINTS, Card
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import Belief, belief_of, seated
from game.dreamcats.players.history import card_origins, handed_to
from game.dreamcats.state import Step

INITIAL_PEEK = (0, 1)  # RULES.md §3.4: a computer player peeks at positions 1 and 2


@dataclass(frozen=True, slots=True)
class Params:
    """The knobs of the strategy, in cats."""

    owner_bias: float = 0.0  # an opponent's card that it knows is this much lower than an unseen one
    wake_margin: float = 3.0  # call when my estimate beats every other estimate by this much ...
    wake_per_unknown: float = 2.0  # ... plus this much per own card I do not know
    wake_ceiling: float = 14.0  # never call above this estimated sum
    peek_own: float = 1.5  # worth of looking at one of my own unknown cards
    peek_other: float = 0.3  # worth of looking at an opponent's card
    swap_margin: float = 0.5  # Swap 2 must win at least this much
    harm_weight: float = 0.0  # how much a cat added to an opponent's dream counts, per opponent
    take2_factor: float = 1.6  # Take 2 against one draw: the best of two cards
    take_bias: float = 0.0  # taking the discard must beat the expected gain of a draw by this much
    unknown_bonus: float = 0.0  # extra worth of replacing a card we do not know (we learn what lies there)
    # An own card I have not seen, by where it came from (game.dreamcats.players.history), lies this far from the
    # mean: one a rival drew and kept, or looked at and kept, before Swap 2 brought it to me; one a rival handed me
    # from its own dream with Swap 2 (its worst), not knowing it or knowing it. All zero: every unseen card is alike.
    own_kept: float = 0.0
    own_looked: float = 0.0
    own_given: float = 0.0
    own_given_known: float = 0.0


Waker = Callable[[Belief, Params, random.Random], bool]


def opening_peek(legal: Sequence[Action]) -> Action | None:
    """The initial peek at positions 1 and 2 when that is what the seat must do now (else the first offered)."""
    first = legal[0]
    if not isinstance(first, InitialPeek):
        return None
    wanted = InitialPeek(first.seat, INITIAL_PEEK)
    return wanted if wanted in legal else first


def play(obs: Observation, legal: Sequence[Action], rng: random.Random, params: Params, waker: Waker) -> Action:
    """Choose one of the legal actions for the observing seat."""
    peek = opening_peek(legal)
    if peek is not None:
        return peek
    belief = belief_of(obs, params.owner_bias, own_shifts(obs, params))
    if obs.step is Step.CHOOSING:
        action = _keep(belief, params)
    elif obs.step is Step.HOLDING and obs.holding is not None:
        action = best_holding(belief, obs.holding, params)[1]
    elif WakeUp(belief.seat) in legal and waker(belief, params, rng):
        action = WakeUp(belief.seat)
    else:
        action = _start(belief, params)
    # A caller may offer fewer actions than the rules allow (a rollout forbids Wake up!): never step outside them.
    return action if action in legal else legal[0]


def own_shifts(obs: Observation, params: Params) -> dict[Slot, float]:
    """How far from the mean each own card the seat has not seen is expected to lie, by where it came from."""
    if not (params.own_kept or params.own_looked or params.own_given or params.own_given_known):
        return {}
    seat = seated(obs)
    shifts = {slot: params.own_kept if drawn else params.own_looked
              for slot, (drawn, keeper) in card_origins(obs).items()
              if slot.seat == seat and keeper != seat and slot not in obs.known}
    for slot, knew in handed_to(obs, seat).items():
        if slot not in obs.known:
            shifts[slot] = params.own_given_known if knew else params.own_given
    return shifts


def _start(belief: Belief, params: Params) -> Action:
    position, worst = belief.worst_own()
    take_gain = worst - POINTS[belief.obs.discard_top]
    if take_gain > 0 and take_gain >= belief.draw_gain() + params.take_bias:
        return TakeDiscard(belief.seat, position)
    return Draw(belief.seat)


def _keep(belief: Belief, params: Params) -> Action:
    scores = [best_holding(belief, card, params)[0] for card in belief.obs.options]
    best = min(range(len(scores)), key=lambda i: (-scores[i], POINTS[belief.obs.options[i]]))
    return KeepCard(belief.seat, best)


def best_holding(belief: Belief, card: Card, params: Params) -> tuple[float, Action]:
    """The best use of a held card and its worth: swap it in, discard it or use its power."""
    seat = belief.seat
    position, worst = belief.worst_own()
    if Slot(seat, position) not in belief.obs.known:
        worst += params.unknown_bonus
    choices: list[tuple[float, Action]] = [(worst - POINTS[card], SwapDrawn(seat, position)), (0.0, DiscardDrawn(seat))]
    if card is Card.TAKE_2:
        choices.append((params.take2_factor * belief.draw_gain(), UseTakeTwo(seat)))
    elif card is Card.PEEK_1:
        choices.append(_peek(belief, params))
    elif card is Card.SWAP_2:
        swap = _swap(belief, params)
        if swap is not None:
            choices.append(swap)
    return max(choices, key=lambda choice: choice[0])


def _peek(belief: Belief, params: Params) -> tuple[float, Action]:
    own = belief.unknown_positions(belief.seat)
    if own:
        # Nothing tells one unknown card of ours from another: the first is as good as any.
        return params.peek_own, UsePeek(belief.seat, Slot(belief.seat, own[0]))
    targets = [slot for slot in _other_slots(belief) if slot not in belief.obs.known]
    if not targets:
        return 0.0, UsePeek(belief.seat, Slot(belief.seat, 0))
    # The cards an opponent knows are the ones it keeps: the best to learn, and to steal later with Swap 2.
    targets.sort(key=lambda slot: (slot not in belief.obs.known_slots[slot.seat], _leader_key(belief, slot.seat)))
    return params.peek_other, UsePeek(belief.seat, targets[0])


def _leader_key(belief: Belief, seat: int) -> float:
    return belief.obs.totals[seat] + belief.dream_estimate(seat)


def _swap(belief: Belief, params: Params) -> tuple[float, Action] | None:
    best: tuple[float, Action] | None = None
    others = [(slot, belief.estimate(slot)) for slot in _other_slots(belief)]
    for position in range(DREAM_SIZE):
        mine = Slot(belief.seat, position)
        mine_value = belief.estimate(mine)
        for theirs, theirs_value in others:
            gain = (mine_value - theirs_value) * (1.0 + params.harm_weight) - params.swap_margin
            if mine not in belief.obs.known:
                gain -= params.swap_margin  # giving away a card we never saw is a gamble
            if best is None or gain > best[0]:
                best = (gain, UseSwap(belief.seat, mine, theirs))
    return best


def _other_slots(belief: Belief) -> list[Slot]:
    return [Slot(s, p) for s in range(belief.obs.num_seats) if s != belief.seat for p in range(DREAM_SIZE)]


def threshold_wake(belief: Belief, params: Params, rng: random.Random) -> bool:
    """Call Wake up! when my estimated sum beats my estimate of every other dream by a margin."""
    mine = belief.dream_estimate(belief.seat)
    unknown = len(belief.unknown_positions(belief.seat))
    margin = params.wake_margin + params.wake_per_unknown * unknown
    return mine <= params.wake_ceiling and mine + margin <= belief.lowest_rival_estimate()
