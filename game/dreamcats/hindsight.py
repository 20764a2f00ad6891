"""A finished round in hindsight: how each revealed card got where it lies, and each seat's round looked back on.

Everything here is read from the round's public history and its revealed dreams alone (a `RoundStory`), so it can
show nothing that was not revealed when the round ended: every card that left a dream went face up on the discard
pile, so the dreams at any earlier moment follow from the final dreams by undoing the public moves, last first.

Where RULES.md is silent:

- A card's origin is the last move that put it where it lies: dealt, kept from the draw pile (B1, also after
  Take 2), taken from the discard (A), or moved by Swap 2 (whoever's dream it came from).
- A seat's turns are those it began (took the discard, drew, or called Wake up!); the dreams "at a turn" are the
  dreams as they stood when it began. A Wake up! then succeeds when the seat's sum is the lowest or tied, so its
  margin is the lowest other sum minus its own (0: a tie, which succeeds).
- What a call on a turn would have scored is the seat's sum then, plus the penalty if it would have failed. The
  points that calling (or not) cost or gained are the round's score minus the best such score over its turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.dreamcats.actions import Slot
from game.dreamcats.cards import DREAM_SIZE, Card, points_of
from game.dreamcats.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed
from game.dreamcats.events import Event, EventKind
from game.dreamcats.knowledge import Knowledge
from game.dreamcats.serialize import event_from_dict, event_to_dict, result_from_dict, result_to_dict
from game.dreamcats.state import MatchState, RoundResult
from game.errors import CorruptStateError, GameError, UnknownSeatError

TURN_OPENERS = frozenset({EventKind.TOOK_DISCARD, EventKind.DREW, EventKind.WOKE_UP})
STORY_FORMAT = 1


class RoundNotFinishedError(GameError):
    """The round asked about has not been played to its end in this match."""


class Origin(StrEnum):
    """How a card came to lie where it lies at the end of the round."""

    DEALT = "dealt"
    DRAWN = "drawn"  # kept from the draw pile
    DISCARD = "discard"  # taken from the discard pile
    SWAPPED = "swapped"  # moved here by Swap 2


@dataclass(frozen=True, slots=True)
class Placed:
    """The origin of a card and the seat whose move put it there (None when it was dealt)."""

    origin: Origin
    by: int | None = None


DEALT = Placed(Origin.DEALT)


@dataclass(frozen=True, slots=True)
class RoundStory:
    """A finished round as everyone saw it: its revealed result, its public history and the match's penalty."""

    result: RoundResult
    history: tuple[Event, ...]
    penalty: int

    @property
    def num_seats(self) -> int:
        """How many seats played the round."""
        return len(self.result.dreams)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the story."""
        return {"format": STORY_FORMAT, "result": result_to_dict(self.result),
                "history": [event_to_dict(e) for e in self.history], "penalty": self.penalty}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundStory:
        """The story that `to_dict` wrote; CorruptStateError if it is unreadable or does not hold together."""
        try:
            if data["format"] != STORY_FORMAT:
                raise CorruptStateError(f"Unknown round story format {data['format']!r}.")
            story = cls(result_from_dict(data["result"]), tuple(event_from_dict(e) for e in data["history"]),
                        int(data["penalty"]))
        except CorruptStateError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptStateError(f"Unreadable round story: {exc!r}.") from exc
        _check_story(story)
        return story


def _check_story(story: RoundStory) -> None:
    """Raise CorruptStateError unless the dreams, sums and every slot and seat of the history fit the table."""
    result, seats = story.result, story.num_seats
    slots_ok = all(0 <= s.seat < seats and 0 <= s.position < DREAM_SIZE for e in story.history for s in e.slots)
    problems = [
        not MIN_SEATS <= seats <= MAX_SEATS or any(len(d) != DREAM_SIZE for d in result.dreams),
        result.sums != tuple(points_of(d) for d in result.dreams) or len(result.scores) != seats,
        not slots_ok or any(e.seat is not None and not 0 <= e.seat < seats for e in story.history),
        result.caller is not None and not 0 <= result.caller < seats,
    ]
    if any(problems) or not all(_shaped(event) for event in story.history):
        raise CorruptStateError("The round story does not hold together.")


# The moves that change or read dreams, and how many (cards, slots) their public event carries at least.
_SHAPES = {EventKind.TOOK_DISCARD: (2, 1), EventKind.SWAPPED_IN: (1, 1), EventKind.USED_SWAP: (0, 2),
           EventKind.INITIAL_PEEK: (0, 2), EventKind.USED_PEEK: (0, 1)}


def _shaped(event: Event) -> bool:
    cards, slots = _SHAPES.get(event.kind, (0, 0))
    return len(event.cards) >= cards and len(event.slots) >= slots


def kept_story(state: MatchState, number: int) -> RoundStory | None:
    """The story of round `number` if it is the round that ended last and the match kept its history (a match played
    here; one read back from storage keeps none), else None: no replay, so cheap anywhere."""
    if state.ended_round is None or state.ended_round[0] != number or not 1 <= number <= len(state.results):
        return None
    return RoundStory(state.results[number - 1], state.ended_round[1], state.settings.penalty)


def story_of(state: MatchState, number: int) -> RoundStory:
    """The story of finished round `number` of the match: its history as the match kept it when the round just ended,
    else replayed from the seed and the action log (a replay grows with the match: 3 ms at the tenth round of a
    100-point match, for every round's reveal)."""
    if not 1 <= number <= len(state.results):
        raise RoundNotFinishedError(f"Round {number} has not been played to its end.")
    kept = kept_story(state, number)
    if kept is not None:
        return kept
    again = match_from_seed(state.num_seats, state.settings, state.seed, state.first_starter)
    for action in state.log:
        played = again.round
        apply_action(again, action)
        if played.number == number and len(again.results) >= number:
            if again.results[number - 1] != state.results[number - 1]:
                raise CorruptStateError(f"Replaying the match does not give round {number} as it ended.")
            return RoundStory(state.results[number - 1], tuple(played.history), state.settings.penalty)
    raise RoundNotFinishedError(f"The action log does not reach the end of round {number}.")


def origins(story: RoundStory) -> tuple[tuple[Placed, ...], ...]:
    """Per seat and position, how the card lying there at the end got there."""
    placed: dict[Slot, Placed] = {}
    for event in story.history:
        if event.kind is EventKind.TOOK_DISCARD:
            placed[event.slots[0]] = Placed(Origin.DISCARD, event.seat)
        elif event.kind is EventKind.SWAPPED_IN:
            placed[event.slots[0]] = Placed(Origin.DRAWN, event.seat)
        elif event.kind is EventKind.USED_SWAP:
            for slot in event.slots:
                placed[slot] = Placed(Origin.SWAPPED, event.seat)
    return tuple(tuple(placed.get(Slot(s, p), DEALT) for p in range(DREAM_SIZE)) for s in range(story.num_seats))


def known_at_end(story: RoundStory) -> Knowledge:
    """Which dream slots each seat knew when the round ended (RULES.md §4, "Knowledge"), from the public moves."""
    knowledge = Knowledge(story.num_seats)
    for event in story.history:
        seat, slots = event.seat, event.slots
        if event.kind in (EventKind.INITIAL_PEEK, EventKind.USED_PEEK) and seat is not None:
            for slot in slots:
                knowledge.see(seat, slot)
        elif event.kind is EventKind.TOOK_DISCARD:
            knowledge.see_all(slots[0])
        elif event.kind is EventKind.SWAPPED_IN:
            knowledge.replace(slots[0], seat)
        elif event.kind is EventKind.USED_SWAP:
            knowledge.swap(slots[0], slots[1])
    return knowledge


def sums_at_turns(story: RoundStory) -> list[tuple[int, tuple[int, ...]]]:
    """Each turn of the round in order: the seat that began it and every seat's sum as the dreams stood then."""
    dreams = [list(dream) for dream in story.result.dreams]
    starts: list[tuple[int, tuple[int, ...]]] = []
    for event in reversed(story.history):  # undo the moves, last first: what left a dream went face up
        if event.kind is EventKind.TOOK_DISCARD:
            _put(dreams, event.slots[0], event.cards[1])
        elif event.kind is EventKind.SWAPPED_IN:
            _put(dreams, event.slots[0], event.cards[0])
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            card = dreams[first.seat][first.position]
            _put(dreams, first, dreams[second.seat][second.position])
            _put(dreams, second, card)
        if event.kind in TURN_OPENERS and event.seat is not None:
            starts.append((event.seat, tuple(points_of(dream) for dream in dreams)))
    starts.reverse()
    return starts


def _put(dreams: list[list[Card]], slot: Slot, card: Card) -> None:
    dreams[slot.seat][slot.position] = card


@dataclass(frozen=True, slots=True)
class OwnCard:
    """One card of a seat's revealed dream: where it lies, how it got there, and whether the seat knew it."""

    position: int
    card: Card
    placed: Placed
    known: bool


@dataclass(frozen=True, slots=True)
class TurnCheck:
    """One turn of the seat (1: its first of the round): its sum and the lowest other sum when it began."""

    turn: int
    own: int
    lowest_other: int

    @property
    def margin(self) -> int:
        """By how many cats a Wake up! would have succeeded (0: a tie), or failed (negative)."""
        return self.lowest_other - self.own

    @property
    def would_succeed(self) -> bool:
        """Whether a Wake up! at the start of this turn would have succeeded."""
        return self.margin >= 0

    def score(self, penalty: int) -> int:
        """What a Wake up! at the start of this turn would have scored."""
        return self.own if self.would_succeed else self.own + penalty


@dataclass(frozen=True, slots=True)
class Hindsight:
    """One seat's round looked back on: its cards, its turns, and what calling (or not) did to its score."""

    seat: int
    number: int
    cards: tuple[OwnCard, ...]
    turns: tuple[TurnCheck, ...]
    called: bool
    succeeded: bool | None
    score: int
    penalty: int

    @property
    def best(self) -> TurnCheck | None:
        """The turn whose Wake up! would have scored the least (the earliest of equals); None without turns."""
        return min(self.turns, key=lambda check: (check.score(self.penalty), check.turn), default=None)

    @property
    def missed(self) -> int:
        """Points the best turn's Wake up! would have saved (positive) or cost (negative) against the round's score."""
        best = self.best
        return 0 if best is None else self.score - best.score(self.penalty)


def look_back(story: RoundStory, seat: int) -> Hindsight:
    """The seat's round in hindsight; UnknownSeatError for a seat that was not at the table."""
    if not 0 <= seat < story.num_seats:
        raise UnknownSeatError(f"There is no seat {seat} in a round of {story.num_seats} seats.")
    result = story.result
    known = known_at_end(story).of(seat)
    placed = origins(story)[seat]
    cards = tuple(OwnCard(p, card, placed[p], Slot(seat, p) in known) for p, card in enumerate(result.dreams[seat]))
    turns: list[TurnCheck] = []
    for whose, sums in sums_at_turns(story):
        if whose == seat:
            others = [s for other, s in enumerate(sums) if other != seat]
            turns.append(TurnCheck(len(turns) + 1, sums[seat], min(others)))
    called = result.caller == seat
    return Hindsight(seat, result.number, cards, tuple(turns), called, result.caller_succeeded if called else None,
                     result.scores[seat], story.penalty)
