"""One check per rule; each raises a named GameError. `legal_actions` is built from the same checks."""

from __future__ import annotations

from itertools import permutations

from game.catduel.actions import Action, Choose, Prelude
from game.catduel.cards import PRELUDE_ABILITIES, Ability, Chance, Move, cards_for
from game.catduel.errors import (
    AbilityCoolingError,
    AbilityNotOwnedError,
    CardMoveMismatchError,
    CardNotHeldError,
    CatOutError,
    NoPreludeChoiceError,
    NotAMoveError,
    NotPreludeAbilityError,
    SkippingRoundError,
    TargetError,
    WrongPhaseError,
)
from game.catduel.state import DuelState, MatchState, Phase
from game.errors import GameError, MatchOverError, UnknownSeatError


def check_match_running(state: MatchState) -> None:
    """Nothing can happen once the match is over."""
    if state.over:
        raise MatchOverError("The match is over.")


def check_seat(state: MatchState, seat: int) -> None:
    """The seat must exist at this table."""
    if type(seat) is not int or not 0 <= seat < state.num_seats:
        raise UnknownSeatError(f"There is no seat {seat!r} at this table.")


def check_in(duel: DuelState, seat: int) -> None:
    """A cat at 0 HP is out and never acts again (§4)."""
    if not duel.seats[seat].is_in:
        raise CatOutError("Your cat is out of this duel.")


def check_phase(duel: DuelState, phase: Phase) -> None:
    """Prelude choices come in the prelude, strategies in the strategy phase (§3)."""
    if duel.phase is not phase:
        raise WrongPhaseError(f"That is not a {phase.value} choice: the round is in its {duel.phase.value} phase.")


def prelude_ready(duel: DuelState, seat: int) -> list[Ability]:
    """The prelude abilities the seat's cat has ready this round."""
    return [a for a in sorted(PRELUDE_ABILITIES) if duel.seats[seat].ready(a, duel.round)]


def check_has_prelude_choice(duel: DuelState, seat: int) -> None:
    """Only a seat with a prelude ability ready chooses in the prelude (§3.1)."""
    if not prelude_ready(duel, seat):
        raise NoPreludeChoiceError("You have no prelude ability ready: wait for the strategy phase.")


def check_prelude_ability(duel: DuelState, seat: int, ability: Ability | None) -> None:
    """A prelude choice is a pass, or a prelude ability the cat has and is ready (§6)."""
    if ability is None:
        return
    if not isinstance(ability, Ability) or ability not in PRELUDE_ABILITIES:
        raise NotPreludeAbilityError(f"{ability!r} is not a prelude ability.")
    if ability not in duel.seats[seat].abilities:
        raise AbilityNotOwnedError(f"Your cat does not have {ability.value}.")
    if not duel.seats[seat].ready(ability, duel.round):
        ready = duel.seats[seat].ready_from[ability]
        raise AbilityCoolingError(f"{ability.value} is cooling down until round {ready}.")


def check_not_skipping(duel: DuelState, seat: int) -> None:
    """A cat that used Loneliness skips the round: no strategy (§6)."""
    if duel.active.get(seat) is Ability.LONELINESS:
        raise SkippingRoundError("You are skipping this round (Loneliness).")


def check_move(move: Move) -> None:
    """The move is one of the three basic moves."""
    if not isinstance(move, Move):
        raise NotAMoveError(f"{move!r} is not a basic move: purr, guard or scratch.")


def check_targets(duel: DuelState, action: Choose) -> None:
    """Purr and Guard name no target; a scratch names one other living cat, or two with Double Scratch (§3.2)."""
    targets = action.targets
    if action.move is not Move.SCRATCH:
        if targets:
            raise TargetError(f"{action.move.value.title()} targets yourself: name no target.")
        return
    most = 2 if action.card is Chance.DOUBLE_SCRATCH else 1
    if not 1 <= len(targets) <= most:
        raise TargetError("A scratch needs one target (one or two with Double Scratch).")
    if len(set(targets)) != len(targets):
        raise TargetError("Name each target once.")
    for target in targets:
        if type(target) is not int or not 0 <= target < len(duel.seats) or target == action.seat:
            raise TargetError(f"Seat {target!r} cannot be scratched: pick another cat at the table.")
        if not duel.seats[target].is_in:
            raise TargetError("That cat is already out.")


def check_card(duel: DuelState, action: Choose) -> None:
    """The chance card, if any, is in the seat's hand and goes with the move (§2)."""
    card = action.card
    if card is None:
        return
    if not isinstance(card, Chance) or card not in duel.seats[action.seat].hand:
        raise CardNotHeldError(f"You do not hold {card!r}.")
    if card.move is not action.move:
        raise CardMoveMismatchError(f"{card.value} goes with {card.move.value}, not {action.move.value}.")


def check_action(state: MatchState, action: Action) -> None:
    """Raise the GameError that forbids the action, or return if it is legal now."""
    check_match_running(state)
    check_seat(state, action.seat)
    duel = state.duel
    check_in(duel, action.seat)
    if isinstance(action, Prelude):
        check_phase(duel, Phase.PRELUDE)
        check_has_prelude_choice(duel, action.seat)
        check_prelude_ability(duel, action.seat, action.ability)
        return
    check_phase(duel, Phase.STRATEGY)
    check_not_skipping(duel, action.seat)
    check_move(action.move)
    check_targets(duel, action)
    check_card(duel, action)


def candidates(state: MatchState, seat: int) -> list[Action]:
    """Every action the seat could name now that might be legal (the checks decide)."""
    duel = state.duel
    if duel.phase is Phase.PRELUDE:
        return [Prelude(seat), *(Prelude(seat, ability) for ability in sorted(PRELUDE_ABILITIES))]
    others = [s for s in duel.living() if s != seat]
    found: list[Action] = []
    for move in Move:
        cards: list[Chance | None] = [None, *cards_for(move)]
        for card in cards:
            if move is not Move.SCRATCH:
                found.append(Choose(seat, move, (), card))
                continue
            found.extend(Choose(seat, move, (t,), card) for t in others)
            if card is Chance.DOUBLE_SCRATCH:
                found.extend(Choose(seat, move, pair, card) for pair in permutations(others, 2))
    return found


def is_legal(state: MatchState, action: Action) -> bool:
    """Whether the checks allow the action now."""
    try:
        check_action(state, action)
    except GameError:
        return False
    return True


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action the seat may take right now (empty when it has nothing to choose)."""
    if state.over or type(seat) is not int or not 0 <= seat < state.num_seats:
        return []
    return [action for action in candidates(state, seat) if is_legal(state, action)]
