"""The mutable state of a match and of its current duel, and a finished duel's result."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from game.catduel.actions import Action
from game.catduel.cards import Ability, Cat, Chance, Move
from game.catduel.events import Event
from game.catduel.settings import CatDuelSettings
from game.written_log import WrittenLog


class Phase(StrEnum):
    """The two phases of a round in which seats choose; the others happen inside the last choice."""

    PRELUDE = "prelude"
    STRATEGY = "strategy"


@dataclass(frozen=True, slots=True)
class Strategy:
    """A chosen strategy: the move, its targets (a scratch only) and the chance card played, if any."""

    move: Move
    targets: tuple[int, ...] = ()
    card: Chance | None = None


@dataclass(slots=True)
class SeatState:
    """One seat's cat in the duel: HP, private hand, abilities and when each is ready again."""

    cat: Cat
    hp: int
    hand: list[Chance]
    abilities: tuple[Ability, ...]
    ready_from: dict[Ability, int] = field(default_factory=dict)  # the first round it may be used again
    out_round: int | None = None  # the round its cat went out in; None while it is in
    hunt_streak: int = 0  # rounds in a row ended without Can't Guard or Can't Reverse in hand (Hunting)

    @property
    def is_in(self) -> bool:
        """Whether the cat is still in the duel."""
        return self.out_round is None

    def ready(self, ability: Ability, round_number: int) -> bool:
        """Whether the seat has the ability and it is not cooling down in that round."""
        return ability in self.abilities and self.ready_from.get(ability, 0) <= round_number

    def copy(self) -> SeatState:
        """An independent copy."""
        return replace(self, hand=list(self.hand), ready_from=dict(self.ready_from))


@dataclass(frozen=True, slots=True)
class DuelResult:
    """A finished duel: its winners, how many rounds it lasted, every cat's HP at its end and how many rounds each
    cat ended still in (the standings' "rounds survived")."""

    number: int
    winners: tuple[int, ...]
    rounds: int
    hps: tuple[int, ...]
    survived: tuple[int, ...] = ()


@dataclass(slots=True)
class DuelState:
    """The cats, the chance cards and the round in play."""

    number: int
    seats: list[SeatState]
    deck: list[Chance]  # the top card is the last
    used: list[Chance] = field(default_factory=list)  # face up, the latest last
    round: int = 1
    phase: Phase = Phase.STRATEGY
    preludes: dict[int, Ability | None] = field(default_factory=dict)  # secret until every prelude seat chose
    active: dict[int, Ability] = field(default_factory=dict)  # the prelude abilities shown this round
    strategies: dict[int, Strategy] = field(default_factory=dict)  # secret until the reveal
    history: list[Event] = field(default_factory=list)  # public events of this round and the one before
    # What the reveals showed so far in the duel, for the computer players: per seat, how often it purred,
    # guarded and scratched (in `Move` order), and how often it scratched each seat.
    moves_shown: list[list[int]] = field(default_factory=list)
    scratches_shown: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.seats)
        self.moves_shown = self.moves_shown or [[0] * len(Move) for _ in range(n)]
        self.scratches_shown = self.scratches_shown or [[0] * n for _ in range(n)]

    def living(self) -> list[int]:
        """The seats whose cats are still in, in seat order."""
        return [seat for seat, cat in enumerate(self.seats) if cat.is_in]

    def copy(self) -> DuelState:
        """An independent copy: every list and dict copied, the immutable values shared."""
        return replace(self, seats=[s.copy() for s in self.seats], deck=list(self.deck), used=list(self.used),
                       preludes=dict(self.preludes), active=dict(self.active), strategies=dict(self.strategies),
                       history=list(self.history), moves_shown=[list(m) for m in self.moves_shown],
                       scratches_shown=[list(s) for s in self.scratches_shown])


@dataclass(slots=True)
class MatchState:
    """A whole match: settings, cats, duel wins, finished duels, the duel in play and the action log."""

    settings: CatDuelSettings
    num_seats: int
    seed: int
    cats: tuple[Cat, ...]
    wild: tuple[Ability | None, ...]  # each seat's wild ability (None with the setting off)
    wins: list[int]
    results: list[DuelResult]
    duel: DuelState
    log: list[Action]
    over: bool = False
    # The log's form as far as it was last saved (game.written_log): not part of the match's value.
    written_log: WrittenLog[Action] = field(default_factory=WrittenLog, compare=False, repr=False)

    @property
    def rounds_so_far(self) -> int:
        """Rounds begun in the whole match: finished duels' rounds plus the current round."""
        return sum(result.rounds for result in self.results) + (0 if self.over else self.duel.round)

    def copy(self) -> MatchState:
        """An independent copy (changing one never changes the other)."""
        return replace(self, wins=list(self.wins), results=list(self.results), duel=self.duel.copy(),
                       log=list(self.log))
