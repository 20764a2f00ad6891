"""Guesses at the other seat's hand in a two-seat hand, weighed by what its plays revealed.

The other seat is modelled as the normal player: it makes 21 whenever it can, draws only when it cannot, and
otherwise plays its highest fitting card (aces last). So each of its moves forbids some values in the rest of its
hand at that moment: a lead of 6 says it held nothing from 7 to 10, a draw that it held no card making 21. Its
cards came from six kinds of slot (the deal, then each draw); a card may sit in a slot only if no later move
forbids it while it stays in hand, and each card it played must have reached it before it played it. Every
arrangement of cards into slots is equally likely before the moves, so a guess is drawn slot by slot with the
odds of the arrangements counted backwards (see `_Ways`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb

from game.dream21.cards import HAND_SIZE, TARGET
from game.dream21.events import EventKind
from game.dream21.observation import Observation
from game.dream21.players.common import exact_values


@dataclass(slots=True)
class Timeline:
    """The other seat's moves as slot times, the times it played known cards, and forbidden-value masks."""

    slots: list[int] = field(default_factory=list)
    played: list[tuple[int, int]] = field(default_factory=list)  # (value, time played)
    forbids: list[tuple[int, int]] = field(default_factory=list)  # (time, bit mask of values it could not hold)
    clock: int = 0

    def tick(self) -> int:
        """The next moment on the timeline."""
        self.clock += 1
        return self.clock


def _exact_mask(gap: int) -> int:
    return sum(1 << value for value in exact_values(gap))


def _higher_mask(value: int, top: int) -> int:
    """Non-ace values the normal player would have shed before `value` (all of them up to `top` for an ace)."""
    low = 2 if value == 1 else value + 1
    return sum(1 << v for v in range(low, min(top, 10) + 1))


def timeline(obs: Observation, other: int) -> Timeline:
    """The other seat's slots, plays and forbidden values this hand, read from the public history."""
    line = Timeline(slots=[0] * HAND_SIZE)
    total = 0
    for event in obs.history:
        if event.kind is EventKind.DREW and event.seat == other:
            line.forbids.append((line.tick(), _exact_mask(TARGET - total)))
            line.slots.append(line.tick())
        elif event.kind is EventKind.PLAYED and event.card is not None:
            before = event.total - event.value
            if event.seat == other:
                now, value = line.tick(), event.card.value
                line.played.append((value, now))
                if before == 0:
                    line.forbids.append((now, _higher_mask(value, 10)))
                elif event.total != TARGET:
                    gap = TARGET - before
                    line.forbids.append((now, _exact_mask(gap) | _higher_mask(value, gap)))
            total = 0 if event.total == TARGET else event.total
        elif event.kind is EventKind.COULD_NOT_PLAY:
            if event.seat == other:
                gap = TARGET - total
                line.forbids.append((line.tick(), sum(1 << v for v in range(1, min(gap, 10) + 1))))
            total = 0
    return line


def sample_hands(obs: Observation, other: int, unseen: list[int], rng: random.Random,
                 wanted: int) -> list[tuple[list[int], float]]:
    """`wanted` guesses at the other seat's hand (values, ace 1) from the `unseen` counts, each with its weight.

    Returns an empty list when no arrangement fits the moves (the seat did not play like the model).
    """
    line = timeline(obs, other)
    if len(line.slots) - len(line.played) != obs.hand_sizes[other]:
        return []
    table = _Ways.of(line, unseen)
    if table.ways[0][0] <= 0:
        return []
    # The slots count played cards as if each were told apart from the kept ones of its value; the seat sheds
    # one of equal cards at random, so a kept card equal to one played since its value was last ruled out makes
    # the hand that much less likely (a lead of a 10 says less about a second 10 than the count supposes).
    last = table.last
    since = [sum(1 for value, played in line.played if value == v and played > last[v]) for v in range(11)]
    guesses = []
    for _ in range(wanted):
        hand = table.sample(unseen, rng)
        weight = 1.0
        for v in set(hand):
            weight /= comb(since[v] + hand.count(v), since[v])
        guesses.append((hand, weight))
    return guesses


@dataclass(slots=True)
class _Ways:
    """ways[s][j]: how many ways fill the slots from s on when j played cards sit in the slots before s.

    An unseen card may go where no later move forbids it; those sets only grow with time, so the i-th unseen
    card placed has (room - i) choices. A played card's choices are counted the same way, from the played cards
    that no move between the slot and their play ruled out: exact when their windows nest, close otherwise.
    """

    last: list[int]  # per value: the last time a move ruled it out (-1: never)
    allowed: list[list[int]]  # per slot: the unseen values that may sit there
    room: list[int]  # per slot: how many unseen cards may sit there
    opened: list[int]  # per slot: how many played cards may sit there (not ruled out, not yet played)
    ways: list[list[float]]

    @classmethod
    def of(cls, line: Timeline, unseen: list[int]) -> _Ways:
        """The table for this timeline."""
        last = [-1] * 11
        for time, mask in line.forbids:
            for v in range(1, 11):
                if mask >> v & 1:
                    last[v] = max(last[v], time)
        since = [max((t for t, m in line.forbids if t < played and m >> value & 1), default=-1)
                 for value, played in line.played]
        allowed = [[v for v in range(1, 11) if last[v] < t] for t in line.slots]
        room = [sum(unseen[v] for v in values) for values in allowed]
        # Played cards that may sit in the slot, counted net of those already placed that are still to be played.
        opened = [sum(1 for lo, (_, played) in zip(since, line.played, strict=True) if lo < t < played)
                  for t in line.slots]
        gone = [sum(1 for _, played in line.played if played < t) for t in line.slots]
        due = [*gone[1:], len(line.played)]
        owed, count = len(line.played), len(line.slots)
        ways = [[0.0] * (owed + 2) for _ in range(count + 1)]
        ways[count][owed] = 1.0
        for s in range(count - 1, -1, -1):
            for j in range(gone[s], min(s, owed) + 1):
                if j >= due[s]:
                    ways[s][j] += max(0, room[s] - (s - j)) * ways[s + 1][j]
                if j + 1 >= due[s] and j < owed:
                    ways[s][j] += max(0, opened[s] - (j - gone[s])) * ways[s + 1][j + 1]
        return cls(last, allowed, room, opened, ways)

    def sample(self, unseen: list[int], rng: random.Random) -> list[int]:
        """One hand drawn with the table's odds."""
        counts = list(unseen)
        hand: list[int] = []
        j = 0
        for s, room in enumerate(self.room):
            free = room - (s - j)
            if rng.random() * self.ways[s][j] < max(0, free) * self.ways[s + 1][j]:
                hand.append(_pick(counts, self.allowed[s], rng.randrange(free)))
            else:
                j += 1
        return hand


def _pick(counts: list[int], values: list[int], index: int) -> int:
    """The value of the `index`-th unseen card among these values; taken out of `counts`."""
    for v in values:
        if index < counts[v]:
            counts[v] -= 1
            return v
        index -= counts[v]
    raise ValueError("index past the cards")
