"""What one seat (or a spectator) may see: the only view computer players and pictures get."""

from __future__ import annotations

from dataclasses import dataclass

from game.catduel.cards import Ability, Cat, Chance
from game.catduel.events import Event
from game.catduel.rounds import prelude_seats, strategy_seats
from game.catduel.rules import check_seat
from game.catduel.state import DuelResult, MatchState, Phase, Strategy


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the match; `seat` None is the public view of a spectator.

    It holds nothing of another seat's hand or unrevealed choice: `hand`, `my_prelude` and `my_strategy` are the
    viewer's own; of the others only hand sizes show, and `waiting_for`/`chosen` say who still has to choose.
    `active` holds the prelude abilities shown this round (public once every prelude seat has chosen).
    `history` is every public event of this round and the one before, the same for every viewer.
    """

    seat: int | None
    num_seats: int
    cats: tuple[Cat, ...]
    abilities: tuple[tuple[Ability, ...], ...]
    ready_from: tuple[tuple[tuple[Ability, int], ...], ...]
    hps: tuple[int, ...]
    living: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_count: int
    used: tuple[Chance, ...]
    duel: int
    round: int
    phase: Phase
    waiting_for: tuple[int, ...]  # the seats that still have to choose in this phase
    chosen: tuple[int, ...]  # the seats that have chosen in this phase (their choice stays secret)
    active: tuple[tuple[int, Ability], ...]
    hand: tuple[Chance, ...]
    my_prelude: Ability | None
    my_strategy: Strategy | None
    wins: tuple[int, ...]
    results: tuple[DuelResult, ...]
    best_of: int
    over: bool
    moves_shown: tuple[tuple[int, ...], ...] = ()  # per seat: purrs, guards, scratches revealed this duel
    scratches_shown: tuple[tuple[int, ...], ...] = ()  # per seat: scratches revealed on each seat this duel
    history: tuple[Event, ...] = ()

    @property
    def to_choose(self) -> bool:
        """Whether this seat has a choice to make (or to change) now."""
        return self.seat is not None and not self.over and self.seat in self.waiting_for + self.chosen


def observe(state: MatchState, seat: int | None) -> Observation:
    """The view of `seat` (None: a spectator); safe to hand to a computer player or a picture.

    Raises UnknownSeatError for a seat that is not at the table.
    """
    if seat is not None:
        check_seat(state, seat)
    duel = state.duel
    prelude = duel.phase is Phase.PRELUDE
    choosers = [] if state.over else prelude_seats(duel) if prelude else strategy_seats(duel)
    made = duel.preludes if prelude else duel.strategies
    own = seat is not None and seat in made
    return Observation(
        seat=seat,
        num_seats=state.num_seats,
        cats=state.cats,
        abilities=tuple(cat.abilities for cat in duel.seats),
        ready_from=tuple(tuple(sorted(cat.ready_from.items())) for cat in duel.seats),
        hps=tuple(cat.hp for cat in duel.seats),
        living=tuple(duel.living()),
        hand_sizes=tuple(len(cat.hand) for cat in duel.seats),
        deck_count=len(duel.deck),
        used=tuple(duel.used),
        duel=duel.number,
        round=duel.round,
        phase=duel.phase,
        waiting_for=tuple(s for s in choosers if s not in made),
        chosen=tuple(s for s in choosers if s in made),
        active=tuple(sorted(duel.active.items())),
        hand=() if seat is None else tuple(sorted(duel.seats[seat].hand)),
        my_prelude=duel.preludes.get(seat) if own and prelude and seat is not None else None,
        my_strategy=duel.strategies.get(seat) if own and not prelude and seat is not None else None,
        wins=tuple(state.wins),
        results=tuple(state.results),
        best_of=state.settings.best_of,
        over=state.over,
        moves_shown=tuple(tuple(row) for row in duel.moves_shown),
        scratches_shown=tuple(tuple(row) for row in duel.scratches_shown),
        history=tuple(duel.history),
    )


def public_observation(state: MatchState) -> Observation:
    """The spectators' view: what the public table may show."""
    return observe(state, None)
