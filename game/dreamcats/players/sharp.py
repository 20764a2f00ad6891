"""The sharp sparring partner (issue 11): a simple, well-tuned card counter that calls Wake up! early and often.

It is offered to the arena (`get_player("sharp")`), not to people in Discord.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.dreamcats.actions import (
    Action,
    DiscardDrawn,
    Draw,
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
from game.dreamcats.players.belief import seated, unseen_cards
from game.dreamcats.players.history import kept_from_draw, turns_taken
from game.dreamcats.players.strategy import opening_peek
from game.dreamcats.state import Step

KEPT_VALUE = 2.5  # a card an opponent drew and kept is taken to be this low
TAKE2_FACTOR = 1.6  # Take 2 is worth this many draws (the better of two cards)
PEEK_OWN, PEEK_OTHER = 1.5, 0.3  # what looking at an own unknown card, or at an opponent's, is worth in cats


@dataclass(frozen=True, slots=True)
class WakeRule:
    """Call at or below `start` (`crowded` at 4-5 seats) minus `per_turn` per own turn, `lead` below every rival."""

    start: float = 10.0
    crowded: float = 8.0
    per_turn: float = 0.5
    lead: float = 3.0


SHARP_RULE = WakeRule()


@dataclass(frozen=True, slots=True)
class SharpView:
    """Sharp's reading of the table: every unseen card is worth the mean of the unseen cards."""

    obs: Observation
    seat: int
    unseen: tuple[int, ...]
    mean: float
    kept: dict[Slot, int]

    def estimate(self, slot: Slot) -> float:
        """The points sharp expects in a slot: known, kept from the draw by an opponent, or the unseen mean."""
        card = self.obs.known.get(slot)
        if card is not None:
            return float(POINTS[card])
        keeper = self.kept.get(slot)
        return KEPT_VALUE if keeper is not None and keeper != self.seat else self.mean

    def dream(self, seat: int) -> float:
        """The estimated sum of a seat's dream."""
        return sum(self.estimate(Slot(seat, p)) for p in range(DREAM_SIZE))

    def rivals(self) -> list[int]:
        """The other seats."""
        return [s for s in range(self.obs.num_seats) if s != self.seat]

    def worst_own(self) -> tuple[int, float]:
        """The own position with the highest estimate (a known card before an unknown one on a tie)."""
        own = [(self.estimate(Slot(self.seat, p)), Slot(self.seat, p) in self.obs.known, -p) for p in range(DREAM_SIZE)]
        value, _, position = max(own)
        return -position, value

    def draw_gain(self) -> float:
        """The expected cats saved by drawing and keeping the card only when it beats the worst own card."""
        if not self.unseen:
            return 0.0
        worst = self.worst_own()[1]
        return sum(max(0.0, worst - u) for u in self.unseen) / len(self.unseen)


def sharp_view(obs: Observation) -> SharpView:
    """Count the cards as sharp does."""
    seat = seated(obs)
    unseen = tuple(POINTS[c] for c in unseen_cards(obs))
    mean = sum(unseen) / len(unseen) if unseen else 4.5
    return SharpView(obs, seat, unseen, mean, kept_from_draw(obs))


def sharp(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Counts cards, takes good discards, peeks its own cards first, and wakes up on a falling threshold."""
    return play_sharp(obs, legal, SHARP_RULE)


def play_sharp(obs: Observation, legal: Sequence[Action], rule: WakeRule) -> Action:
    """Sharp's card play with the given Wake up! rule."""
    peek = opening_peek(legal)
    if peek is not None:
        return peek
    view = sharp_view(obs)
    if obs.step is Step.CHOOSING:
        action: Action = KeepCard(view.seat, min(range(len(obs.options)), key=lambda i: POINTS[obs.options[i]]))
    elif obs.step is Step.HOLDING and obs.holding is not None:
        action = holding_choice(view, obs.holding)
    elif sharp_wakes(view, rule):
        action = WakeUp(view.seat)
    else:
        action = start_choice(view)
    return action if action in legal else legal[0]


def wake_threshold(view: SharpView, rule: WakeRule = SHARP_RULE) -> float:
    """The estimated sum at or below which sharp calls: it falls by half a cat with each of its turns."""
    start = rule.start if view.obs.num_seats <= 3 else rule.crowded
    return start - rule.per_turn * turns_taken(view.obs, view.seat)


def sharp_wakes(view: SharpView, rule: WakeRule = SHARP_RULE) -> bool:
    """Call when low enough and at least `rule.lead` below every opponent's estimate."""
    mine = view.dream(view.seat)
    return mine <= wake_threshold(view, rule) and mine + rule.lead <= min(view.dream(s) for s in view.rivals())


def start_choice(view: SharpView) -> Action:
    """Take the discard when that beats the expected gain of a draw, else draw."""
    position, worst = view.worst_own()
    gain = worst - POINTS[view.obs.discard_top]
    if gain > 0 and gain > view.draw_gain():
        return TakeDiscard(view.seat, position)
    return Draw(view.seat)


def holding_choice(view: SharpView, card: Card) -> Action:
    """The best of swapping the card in, discarding it and using its power, each worth the cats it saves."""
    seat = view.seat
    position, worst = view.worst_own()
    choices: list[tuple[float, Action]] = [(worst - POINTS[card], SwapDrawn(seat, position)), (0.0, DiscardDrawn(seat))]
    if card is Card.TAKE_2:
        choices.append((TAKE2_FACTOR * view.draw_gain(), UseTakeTwo(seat)))
    elif card is Card.PEEK_1:
        choices.append(peek_choice(view))
    elif card is Card.SWAP_2:
        swap = swap_choice(view)
        if swap is not None:
            choices.append(swap)
    return max(choices, key=lambda choice: choice[0])[1]


def peek_choice(view: SharpView) -> tuple[float, Action]:
    """Peek at an own unknown card first, else at the leader's unknown card that its owner knows (it keeps it)."""
    seat = view.seat
    own = [p for p in range(DREAM_SIZE) if Slot(seat, p) not in view.obs.known]
    if own:
        return PEEK_OWN, UsePeek(seat, Slot(seat, own[0]))
    for rival in sorted(view.rivals(), key=view.dream):
        hidden = [Slot(rival, p) for p in range(DREAM_SIZE) if Slot(rival, p) not in view.obs.known]
        if hidden:
            hidden.sort(key=lambda s: s not in view.obs.known_slots[rival])
            return PEEK_OTHER, UsePeek(seat, hidden[0])
    return 0.0, DiscardDrawn(seat)


def swap_choice(view: SharpView) -> tuple[float, Action] | None:
    """Hand the worst own card for the best card of the leader (the lowest estimated dream), when it helps."""
    position, worst = view.worst_own()
    leader = min(view.rivals(), key=view.dream)
    best = min(range(DREAM_SIZE), key=lambda p: view.estimate(Slot(leader, p)))
    gain = worst - view.estimate(Slot(leader, best))
    if gain <= 0:
        return None
    return gain, UseSwap(view.seat, Slot(view.seat, position), Slot(leader, best))
