"""The mutable state of a match and of its current hand, and a finished hand's result."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.dream21.actions import Action
from game.dream21.cards import Card
from game.dream21.events import Event
from game.dream21.settings import Dream21Settings
from game.written_log import WrittenLog


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: who went out (None after the safety stop), the tricks taken and the scores."""

    number: int
    dealer: int
    out: int | None
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    plays: int
    # The public events of the move that ended the hand (the last card played, a 21 made, going out): the next
    # hand's table no longer shows them, so the hand's end says them (RULES-dream21 §6: every action is public).
    last_moves: tuple[Event, ...] = ()


@dataclass(slots=True)
class HandState:
    """The cards on the table, the trick in play and whose turn it is."""

    number: int
    dealer: int
    hands: list[list[Card]]
    draw_pile: list[Card]  # the top card is the last
    turn: int
    play_pile: list[Card] = field(default_factory=list)  # the trick in play, oldest first
    total: int = 0
    drawn: Card | None = None  # the card the seat in turn drew this turn, until it plays
    tricks: list[int] = field(default_factory=list)
    taken: list[Card] = field(default_factory=list)  # cards of finished tricks, face down
    plays: int = 0
    history: list[Event] = field(default_factory=list)  # the public events of this hand so far

    @property
    def leading(self) -> bool:
        """Whether the seat in turn leads a new trick."""
        return not self.play_pile

    def copy(self) -> HandState:
        """An independent copy: every list copied, the immutable cards and events shared."""
        return replace(self, hands=[list(h) for h in self.hands], draw_pile=list(self.draw_pile),
                       play_pile=list(self.play_pile), tricks=list(self.tricks), taken=list(self.taken),
                       history=list(self.history))


@dataclass(slots=True)
class MatchState:
    """A whole match: settings, totals, finished hands, the hand in play and the action log."""

    settings: Dream21Settings
    num_seats: int
    seed: int
    first_dealer: int
    totals: list[int]
    results: list[HandResult]
    hand: HandState
    log: list[Action]
    over: bool = False
    # The log's form as far as it was last saved (game.written_log): not part of the match's value.
    written_log: WrittenLog[Action] = field(default_factory=WrittenLog, compare=False, repr=False)

    @property
    def hands_in_match(self) -> int:
        """How many hands this match lasts."""
        return self.settings.hands_in_match(self.num_seats)

    def copy(self) -> MatchState:
        """An independent copy (changing one never changes the other)."""
        return replace(self, totals=list(self.totals), results=list(self.results), hand=self.hand.copy(),
                       log=list(self.log))
