"""Helpers for the Cat Duel tests: rigged tables, whole rounds of choices, random play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from game.catduel import (
    Ability,
    Action,
    Cat,
    CatDuelSettings,
    Chance,
    Choose,
    Event,
    EventKind,
    MatchState,
    Move,
    Prelude,
    Strategy,
    apply_action,
    full_deck,
    legal_actions,
    match_from_seed,
)
from game.catduel.cards import COOLING
from game.catduel.rounds import begin_round

P, R, M, E, S, A = Cat.PERSIAN, Cat.RAGDOLL, Cat.MAINE_COON, Cat.EXOTIC_SHORTHAIR, Cat.SIAMESE, Cat.ABYSSINIAN
FULL = Counter(full_deck())


def rigged(
    cats: Sequence[Cat],
    *,
    hps: Sequence[int] | None = None,
    hands: Sequence[Sequence[Chance]] | None = None,
    used: Sequence[Chance] = (),
    wild: Sequence[Ability | None] | None = None,
    ready: Sequence[Ability] = (),
    settings: CatDuelSettings | None = None,
    seed: int = 1,
) -> MatchState:
    """A match whose first duel lies as given; every cooling ability waits (round 99) unless named in `ready`.

    The cards not in a hand or the used pile make the deck, in a fixed order (the top is the last).
    """
    state = match_from_seed(len(cats), settings or CatDuelSettings(), seed, tuple(cats))
    duel = state.duel
    if wild is not None:
        state.wild = tuple(wild)
        for seat, extra in enumerate(wild):
            if extra is not None:
                duel.seats[seat].abilities = (cats[seat].ability, extra)
    for seat, cat in enumerate(duel.seats):
        cat.hp = cat.hp if hps is None else hps[seat]
        cat.hand = [] if hands is None else list(hands[seat])
        cat.ready_from = {a: 99 for a in cat.abilities if a in COOLING and a not in ready}
    duel.used = list(used)
    rest = FULL - Counter([*duel.used, *(card for cat in duel.seats for card in cat.hand)])
    duel.deck = sorted(rest.elements())
    begin_round(duel)
    return state


def scratch(seat: int, *targets: int, card: Chance | None = None) -> Choose:
    """A scratch."""
    return Choose(seat, Move.SCRATCH, tuple(targets), card)


def purr(seat: int, card: Chance | None = None) -> Choose:
    """A purr."""
    return Choose(seat, Move.PURR, (), card)


def guard(seat: int, card: Chance | None = None) -> Choose:
    """A guard."""
    return Choose(seat, Move.GUARD, (), card)


def play(state: MatchState, *actions: Action) -> list[Event]:
    """Apply the actions in turn; every event they made."""
    events: list[Event] = []
    for action in actions:
        events.extend(apply_action(state, action))
    return events


def hp_changes(events: Sequence[Event]) -> Mapping[int, int]:
    """The sum of the HP events per seat."""
    total: Counter[int] = Counter()
    for event in events:
        if event.kind is EventKind.HP and event.seat is not None:
            total[event.seat] += event.amount
    return total


def kinds(events: Sequence[Event], kind: EventKind) -> list[Event]:
    """The events of one kind."""
    return [event for event in events if event.kind is kind]


def all_cards(state: MatchState) -> Counter[Chance]:
    """Every chance card of the duel: deck, used pile and hands."""
    duel = state.duel
    return Counter([*duel.deck, *duel.used, *(card for cat in duel.seats for card in cat.hand)])


def actors(state: MatchState) -> list[int]:
    """The seats with something to choose."""
    return [seat for seat in range(state.num_seats) if legal_actions(state, seat)]


def random_step(state: MatchState, rng: random.Random) -> Action:
    """A random legal action of a random actor."""
    return rng.choice(legal_actions(state, rng.choice(actors(state))))


def prelude(seat: int, ability: Ability | None = None) -> Prelude:
    """A prelude choice."""
    return Prelude(seat, ability)


def reshuffle_hidden(state: MatchState, seat: int | None, rng: random.Random) -> MatchState:
    """A copy in which everything `seat` cannot see is changed: the deck and the other hands dealt anew from the
    same cards (same sizes), and the other seats' secret choices replaced (the same seats still have chosen).
    `seat` None: a spectator, who sees no hand and no secret choice."""
    other = state.copy()
    duel = other.duel
    others = [s for s in range(other.num_seats) if s != seat]
    pool = [*duel.deck, *(card for s in others for card in duel.seats[s].hand)]
    rng.shuffle(pool)
    for s in others:
        size = len(duel.seats[s].hand)
        duel.seats[s].hand, pool = pool[:size], pool[size:]
    duel.deck = pool
    for s in others:
        if s in duel.preludes:
            duel.preludes[s] = rng.choice([None, *duel.seats[s].abilities])
        if s in duel.strategies:
            duel.strategies[s] = Strategy(rng.choice(list(Move)))
    return other
