"""The match engine: start a match, check and apply actions, and get back what happened."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.catduel.actions import Action, Choose, Prelude
from game.catduel.cards import START_HAND, WILD, Ability, Cat, shuffled_deck
from game.catduel.events import Event, EventKind, public
from game.catduel.rounds import begin_round, prelude_seats, settle_round, show_preludes, strategy_seats
from game.catduel.rules import check_action
from game.catduel.scoring import duel_winners, match_winners
from game.catduel.settings import CatDuelSettings
from game.catduel.state import DuelResult, DuelState, MatchState, SeatState, Strategy
from game.catduel.table import duel_rng
from game.errors import SettingsError

MIN_SEATS, MAX_SEATS = 2, 6


def new_match(num_seats: int, settings: CatDuelSettings, rng: random.Random,
              cats: Sequence[Cat | None] | None = None) -> MatchState:
    """A new match; its seed comes from `rng`. `cats` are the lobby's picks (None: a random free cat)."""
    settings.validated()
    seed = rng.getrandbits(63)
    return match_from_seed(num_seats, settings, seed, assign_cats(num_seats, seed, cats))


def assign_cats(num_seats: int, seed: int, picks: Sequence[Cat | None] | None) -> tuple[Cat, ...]:
    """Every seat's cat: its pick, or a random free cat drawn from the seed (§1)."""
    picks = list(picks) if picks is not None else [None] * num_seats
    chosen = [cat for cat in picks if cat is not None]
    if len(picks) != num_seats or len(set(chosen)) != len(chosen) or not all(isinstance(c, Cat) for c in chosen):
        raise SettingsError("Pick one cat per seat, no two seats the same cat.")
    free = [cat for cat in Cat if cat not in chosen]
    random.Random(f"catduel:{seed}:cats").shuffle(free)
    return tuple(cat if cat is not None else free.pop() for cat in picks)


def match_from_seed(num_seats: int, settings: CatDuelSettings, seed: int, cats: Sequence[Cat]) -> MatchState:
    """The match that this seed and these cats begin, before any action."""
    if type(num_seats) is not int or not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise SettingsError(f"Cat Duel needs {MIN_SEATS} to {MAX_SEATS} seats, not {num_seats}.")
    if len(cats) != num_seats or len(set(cats)) != num_seats:
        raise SettingsError("Every seat plays its own cat.")
    wild_rng = random.Random(f"catduel:{seed}:wild")
    wild = tuple(wild_rng.choice(WILD) if settings.wild_abilities else None for _ in range(num_seats))
    state = MatchState(settings, num_seats, seed, tuple(cats), wild, [0] * num_seats, [], _placeholder(), [])
    state.duel = new_duel(state, 1)
    return state


def _placeholder() -> DuelState:
    return DuelState(0, [], [])


def abilities_of(cat: Cat, wild: Ability | None) -> tuple[Ability, ...]:
    """The cat's own ability, then its wild one if the setting gave it one."""
    return (cat.ability,) if wild is None else (cat.ability, wild)


def new_duel(state: MatchState, number: int) -> DuelState:
    """A fresh duel: full HP, a deck shuffled from the seed, two cards each in seat order, round 1 open."""
    deck = shuffled_deck(duel_rng(state.seed, number, 0, "deal"))
    seats = [SeatState(cat, cat.start_hp, [], abilities_of(cat, state.wild[seat]))
             for seat, cat in enumerate(state.cats)]
    duel = DuelState(number, seats, deck)
    for _ in range(START_HAND):
        for seat in seats:
            seat.hand.append(deck.pop())
    duel.history.extend([Event(EventKind.DUEL_STARTED, count=number), *begin_round(duel)])
    return duel


def apply_action(state: MatchState, action: Action) -> list[Event]:
    """Check the action, then carry it out; an illegal action raises and changes nothing.

    The choice that completes a phase also plays what follows: the prelude shown, or the reveal, the settlement,
    the postlude and the start of the next round (or duel).
    """
    check_action(state, action)
    state.log.append(action)
    duel = state.duel  # the duel the action belongs to, even if the action ends it
    events = [Event(EventKind.CHOSE, action.seat)]
    if isinstance(action, Prelude):
        duel.preludes[action.seat] = action.ability
        if set(duel.preludes) >= set(prelude_seats(duel)):
            events.extend(show_preludes(duel, state.seed))
    else:
        duel.strategies[action.seat] = _strategy(action)
        if set(duel.strategies) >= set(strategy_seats(duel)):
            events.extend(settle_round(duel, state.seed))
            events.extend(_after_round(state))
    duel.history.extend(public([e for e in events if e.kind is not EventKind.DUEL_STARTED]))
    trim_history(duel)
    if state.duel is not duel:  # a new duel began: its table still shows how the last one ended
        state.duel.history[:0] = final_round(duel.history)
    return events


def final_round(history: list[Event]) -> list[Event]:
    """A finished duel's last round, from its start to the Duel ended event (the next duel's start left out)."""
    ended = max(i for i, event in enumerate(history) if event.kind is EventKind.DUEL_ENDED)
    start = max(i for i, event in enumerate(history[:ended]) if event.kind is EventKind.ROUND_STARTED)
    return history[start:ended + 1]


def trim_history(duel: DuelState) -> None:
    """Keep the public events of the round in play and of the one before it (the table log's reach)."""
    starts = [i for i, event in enumerate(duel.history) if event.kind is EventKind.ROUND_STARTED]
    if len(starts) > 2:
        del duel.history[:starts[-2]]


def _strategy(action: Choose) -> Strategy:
    return Strategy(action.move, tuple(action.targets), action.card)


def _after_round(state: MatchState) -> list[Event]:
    """The duel ends if someone won; else the next round begins."""
    duel = state.duel
    winners = duel_winners(duel)
    if winners is None:
        duel.round += 1
        return begin_round(duel)
    survived = tuple(duel.round if cat.out_round is None else cat.out_round - 1 for cat in duel.seats)
    state.results.append(DuelResult(duel.number, winners, duel.round, tuple(cat.hp for cat in duel.seats), survived))
    for seat in winners:
        state.wins[seat] += 1
    events = [Event(EventKind.DUEL_ENDED, count=duel.number, seats=winners)]
    match = match_winners(state.wins, state.settings.duels_to_win)
    if match:
        state.over = True
        return [*events, Event(EventKind.MATCH_ENDED, seats=match)]
    state.duel = new_duel(state, duel.number + 1)
    return [*events, *state.duel.history]
