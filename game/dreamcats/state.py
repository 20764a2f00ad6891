"""The mutable state of a match and of its current round, and a round's final result."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from game.dreamcats.actions import Action, Slot
from game.dreamcats.cards import Card
from game.dreamcats.events import Event
from game.dreamcats.knowledge import Knowledge
from game.dreamcats.settings import MatchSettings
from game.written_log import WrittenLog


class Step(StrEnum):
    """Where the current turn stands."""

    START = "start"  # may Wake up!, take the discard, or draw
    HOLDING = "holding"  # holds a card drawn from the pile: swap, discard or use its power
    CHOOSING = "choosing"  # Take 2 drew two cards: keep one
    OVER = "over"  # the match has ended; nothing more happens


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: every dream revealed and the scores it gave."""

    number: int
    dreams: tuple[tuple[Card, ...], ...]
    sums: tuple[int, ...]
    scores: tuple[int, ...]
    caller: int | None
    ender: int
    caller_succeeded: bool | None
    turns: int


@dataclass(slots=True)
class RoundState:
    """The cards on the table and whose turn it is."""

    number: int
    starter: int
    dreams: list[list[Card]]
    draw_pile: list[Card]  # the top card is the last
    discard: list[Card]  # the top card is the last
    knowledge: Knowledge
    peeked: list[bool]
    turn: int
    step: Step = Step.START
    held: Card | None = None
    options: list[Card] = field(default_factory=list)
    turns_played: int = 0
    history: list[Event] = field(default_factory=list)  # the public events of this round so far (RULES.md §4)
    # The history's form as far as it was last saved (game.written_log): not part of the round's value.
    written_history: WrittenLog[Event] = field(default_factory=WrittenLog, compare=False, repr=False)

    def card_at(self, slot: Slot) -> Card:
        """The card lying in a dream slot."""
        return self.dreams[slot.seat][slot.position]

    def copy(self) -> RoundState:
        """An independent copy: every list and set copied, the immutable cards and events shared."""
        return replace(self, dreams=[list(dream) for dream in self.dreams], draw_pile=list(self.draw_pile),
                       discard=list(self.discard), knowledge=self.knowledge.copy(), peeked=list(self.peeked),
                       options=list(self.options), history=list(self.history))


@dataclass(slots=True)
class MatchState:
    """A whole match: settings, totals, finished rounds, the round in play and the action log."""

    settings: MatchSettings
    num_seats: int
    seed: int
    first_starter: int
    totals: list[int]
    results: list[RoundResult]
    round: RoundState
    log: list[Action]
    over: bool = False
    # The log's form as far as it was last saved (game.written_log): not part of the match's value.
    written_log: WrittenLog[Action] = field(default_factory=WrittenLog, compare=False, repr=False)
    # The number and public history of the round that ended last, as this match played it (not stored: a match read
    # back from storage has None, and hindsight.story_of replays the log instead). Not part of the match's value.
    ended_round: tuple[int, tuple[Event, ...]] | None = field(default=None, compare=False, repr=False)
    # (log length, turn actions among them) as last counted (mode.move_number): the log only grows, so a count goes on
    # from there instead of walking the whole log at every click. Not part of the match's value.
    moves_counted: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> MatchState:
        """An independent copy (changing one never changes the other), much cheaper than a JSON round trip."""
        return replace(self, totals=list(self.totals), results=list(self.results), round=self.round.copy(),
                       log=list(self.log))
