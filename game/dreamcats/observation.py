"""What one seat (or a spectator) may see: the only view computer players and pictures get."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.dreamcats.actions import Slot
from game.dreamcats.cards import Card
from game.dreamcats.events import Event
from game.dreamcats.rules import check_seat
from game.dreamcats.scoring import winners
from game.dreamcats.state import MatchState, RoundResult, Step


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the match; `seat` None is the public view of a spectator.

    It holds no card that the viewer may not know: `known` maps the slots the viewer knows to
    their cards, `holding` and `options` are set only for the seat that drew them. `history` is every public
    event of the round so far (who did what where, RULES.md §4), the same for every viewer.
    """

    seat: int | None
    num_seats: int
    round_number: int
    starter: int
    turn: int
    step: Step
    draw_count: int
    discard_pile: tuple[Card, ...]
    known: Mapping[Slot, Card]
    known_slots: tuple[frozenset[Slot], ...]
    peeked: tuple[bool, ...]
    holding: Card | None
    options: tuple[Card, ...]
    option_count: int
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    point_limit: int
    penalty: int
    fixed_rounds: int | None
    over: bool
    history: tuple[Event, ...] = ()

    @property
    def discard_top(self) -> Card:
        """The face-up card on top of the discard pile."""
        return self.discard_pile[-1]

    @property
    def last_result(self) -> RoundResult | None:
        """The most recently finished round, if any."""
        return self.results[-1] if self.results else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing the lowest total (meaningful once `over`)."""
        return winners(self.totals)

    @property
    def my_turn(self) -> bool:
        """Whether it is this seat's turn."""
        return self.seat is not None and self.seat == self.turn and not self.over


def observe(state: MatchState, seat: int | None) -> Observation:
    """The view of `seat` (None: a spectator); safe to hand to a computer player or a picture.

    Raises UnknownSeatError for a seat that is not at the table.
    """
    if seat is not None:
        check_seat(state, seat)
    rnd = state.round
    dreams = rnd.dreams
    mine = seat is not None and seat == rnd.turn
    return Observation(
        seat=seat,
        num_seats=state.num_seats,
        round_number=rnd.number,
        starter=rnd.starter,
        turn=rnd.turn,
        step=rnd.step,
        draw_count=len(rnd.draw_pile),
        discard_pile=tuple(rnd.discard),
        known=MappingProxyType({slot: dreams[slot.seat][slot.position] for slot in rnd.knowledge.of(seat)}),
        known_slots=tuple(frozenset(rnd.knowledge.of(s)) for s in range(state.num_seats)),
        peeked=tuple(rnd.peeked),
        holding=rnd.held if mine else None,
        options=tuple(rnd.options) if mine else (),
        option_count=len(rnd.options),
        totals=tuple(state.totals),
        results=tuple(state.results),
        point_limit=state.settings.point_limit,
        penalty=state.settings.penalty,
        fixed_rounds=state.settings.fixed_rounds,
        over=state.over,
        history=tuple(rnd.history),
    )


def public_observation(state: MatchState) -> Observation:
    """The spectators' view: what the public table may show."""
    return observe(state, None)
