"""A round's course: the prelude shown, then reveal, settlement and postlude, then the next round (§3, §6)."""

from __future__ import annotations

import random

from game.catduel.cards import COOLDOWN, HAND_LIMIT, HUNTED, Ability
from game.catduel.events import Cause, Event, EventKind
from game.catduel.rules import prelude_ready
from game.catduel.settle import Tally, reveal, settle_purrs_and_guards, settle_scratches, settlement_order
from game.catduel.state import DuelState, Phase
from game.catduel.table import change_hp, draw, draw_many, duel_rng, take_into_hand

LONELY_DRAWS = 2


def used_now(duel: DuelState, seat: int, ability: Ability) -> None:
    """Start the ability's cooldown: ready again in the third round after this one (§6)."""
    duel.seats[seat].ready_from[ability] = duel.round + COOLDOWN + 1


def prelude_seats(duel: DuelState) -> list[int]:
    """The living seats with a prelude ability ready: the ones that choose in the prelude."""
    return [seat for seat in duel.living() if prelude_ready(duel, seat)]


def strategy_seats(duel: DuelState) -> list[int]:
    """The living seats that choose a strategy this round (all but a lonely one)."""
    return [seat for seat in duel.living() if duel.active.get(seat) is not Ability.LONELINESS]


def begin_round(duel: DuelState) -> list[Event]:
    """Open the round: a prelude if any living seat has a prelude ability ready, else straight to strategies."""
    duel.preludes.clear()
    duel.active.clear()
    duel.strategies.clear()
    duel.phase = Phase.PRELUDE if prelude_seats(duel) else Phase.STRATEGY
    return [Event(EventKind.ROUND_STARTED, count=duel.round)]


def show_preludes(duel: DuelState, seed: int) -> list[Event]:
    """Everyone has chosen or passed: show the prelude choices in seat order, Loneliness draws 2 (§6)."""
    rng = duel_rng(seed, duel.number, duel.round, "prelude")
    events: list[Event] = []
    for seat in sorted(duel.preludes):
        ability = duel.preludes[seat]
        events.append(Event(EventKind.PRELUDE_SHOWN, seat, ability=ability))
        if ability is None:
            continue
        duel.active[seat] = ability
        used_now(duel, seat, ability)
        if ability is Ability.LONELINESS:
            events.extend(draw_many(duel, seat, LONELY_DRAWS, Cause.LONELINESS, rng))
    duel.phase = Phase.STRATEGY
    return events


def settle_round(duel: DuelState, seed: int) -> list[Event]:
    """Every strategy is in: reveal, settlement, postlude, and the round's HP on the table."""
    rng = duel_rng(seed, duel.number, duel.round, "settle")
    events = reveal(duel)
    order, direction = settlement_order(duel, rng)
    events.append(Event(EventKind.ORDER, seats=tuple(order), count=direction))
    tally = Tally(order)
    events.extend(settle_scratches(duel, tally))
    events.extend(settle_purrs_and_guards(duel, tally))
    events.extend(postlude(duel, tally, rng))
    hps = tuple(cat.hp for cat in duel.seats)
    return [*events, Event(EventKind.ROUND_ENDED, count=duel.round, hps=hps)]


def postlude(duel: DuelState, tally: Tally, rng: random.Random) -> list[Event]:
    """Cards earned, drawn in settlement order; then postlude abilities in seat order (§3.5)."""
    events: list[Event] = []
    for seat in tally.order:
        if duel.seats[seat].is_in:
            for cause in tally.earned.get(seat, []):
                events.extend(draw(duel, seat, cause, rng))
    for seat in duel.living():
        for ability in duel.seats[seat].abilities:
            if duel.seats[seat].is_in:
                events.extend(postlude_ability(duel, seat, ability, rng))
    return events


def postlude_ability(duel: DuelState, seat: int, ability: Ability, rng: random.Random) -> list[Event]:
    """One seat's postlude ability, used automatically whenever it is ready and can do something."""
    cat = duel.seats[seat]
    if ability is Ability.REJUVENATION and cat.ready(ability, duel.round):
        used_now(duel, seat, ability)
        return [Event(EventKind.ABILITY, seat, ability=ability), *change_hp(duel, seat, 1, Cause.REJUVENATION)]
    if ability is Ability.RECYCLING and cat.ready(ability, duel.round) and duel.used and len(cat.hand) < HAND_LIMIT:
        used_now(duel, seat, ability)
        card = duel.used.pop(rng.randrange(len(duel.used)))
        return [Event(EventKind.ABILITY, seat, ability=ability),
                *take_into_hand(duel, seat, card, Cause.RECYCLING, public_card=True)]
    if ability is Ability.HUNTING:
        return hunt(duel, seat, rng)
    if ability is Ability.CRITICAL_HIT and duel.active.get(seat) is Ability.CRITICAL_HIT:
        return change_hp(duel, seat, -1, Cause.CRITICAL_HIT)
    return []


def hunt(duel: DuelState, seat: int, rng: random.Random) -> list[Event]:
    """Hunting: the second round in a row ending without Can't Guard or Can't Reverse in hand brings one (§6)."""
    cat = duel.seats[seat]
    if any(card in cat.hand for card in HUNTED):
        cat.hunt_streak = 0
        return []
    cat.hunt_streak += 1
    if cat.hunt_streak < 2:
        return []
    cat.hunt_streak = 0
    kinds = [kind for kind in HUNTED if kind in duel.deck or kind in duel.used]
    if not kinds:
        return []
    kind = rng.choice(kinds)
    from_deck = kind in duel.deck
    (duel.deck if from_deck else duel.used).remove(kind)
    return [Event(EventKind.ABILITY, seat, ability=Ability.HUNTING),
            *take_into_hand(duel, seat, kind, Cause.HUNTING, public_card=not from_deck)]
