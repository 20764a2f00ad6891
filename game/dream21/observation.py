"""What one seat (or a spectator) may see: the only view computer players and pictures get."""

from __future__ import annotations

from dataclasses import dataclass

from game.dream21.cards import Card
from game.dream21.events import Event
from game.dream21.rules import check_seat
from game.dream21.scoring import winners
from game.dream21.state import HandResult, MatchState


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the match; `seat` None is the public view of a spectator.

    It holds no card the viewer may not know: `hand` is the viewer's own hand (empty for a spectator) and
    `drawn` the card it drew this turn; of the others only the number of cards shows. `history` is every public
    event of the hand so far (every card played, who drew, who took which trick), the same for every viewer.
    """

    seat: int | None
    num_seats: int
    hand_number: int
    hands_in_match: int
    dealer: int
    turn: int
    has_drawn: bool
    draw_count: int
    play_pile: tuple[Card, ...]
    total: int
    hand: tuple[Card, ...]
    drawn: Card | None
    hand_sizes: tuple[int, ...]
    tricks: tuple[int, ...]
    plays: int
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    over: bool
    history: tuple[Event, ...] = ()

    @property
    def leading(self) -> bool:
        """Whether the seat in turn leads a new trick."""
        return not self.play_pile

    @property
    def my_turn(self) -> bool:
        """Whether it is this seat's turn."""
        return self.seat is not None and self.seat == self.turn and not self.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing the lowest total (meaningful once `over`)."""
        return winners(self.totals)


def observe(state: MatchState, seat: int | None) -> Observation:
    """The view of `seat` (None: a spectator); safe to hand to a computer player or a picture.

    Raises UnknownSeatError for a seat that is not at the table.
    """
    if seat is not None:
        check_seat(state, seat)
    hand = state.hand
    return Observation(
        seat=seat,
        num_seats=state.num_seats,
        hand_number=hand.number,
        hands_in_match=state.hands_in_match,
        dealer=hand.dealer,
        turn=hand.turn,
        has_drawn=hand.drawn is not None,
        draw_count=len(hand.draw_pile),
        play_pile=tuple(hand.play_pile),
        total=hand.total,
        hand=() if seat is None else tuple(sorted(hand.hands[seat])),
        drawn=hand.drawn if seat is not None and seat == hand.turn else None,
        hand_sizes=tuple(len(h) for h in hand.hands),
        tricks=tuple(hand.tricks),
        plays=hand.plays,
        totals=tuple(state.totals),
        results=tuple(state.results),
        over=state.over,
        history=tuple(hand.history),
    )


def public_observation(state: MatchState) -> Observation:
    """The spectators' view: what the public table may show."""
    return observe(state, None)
