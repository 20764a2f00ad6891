"""The reveal and the settlement of a round (RULES-catduel.md §3.3-3.4, §4, §5): scratches, then purrs and guards."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from game.catduel.cards import Ability, Chance, Move
from game.catduel.events import Cause, Event, EventKind
from game.catduel.state import DuelState, Strategy
from game.catduel.table import change_hp


@dataclass(slots=True)
class Tally:
    """What the settlement of one round keeps track of: the order, who was attacked or stopped, cards earned."""

    order: list[int]
    attacked: set[int] = field(default_factory=set)
    stopped: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    earned: dict[int, list[Cause]] = field(default_factory=lambda: defaultdict(list))

    def earn(self, seat: int, cause: Cause) -> Event:
        """The seat earns a chance card, drawn in the postlude."""
        self.earned[seat].append(cause)
        return Event(EventKind.EARNED, seat, cause=cause)


def reveal(duel: DuelState) -> list[Event]:
    """Show every strategy at once; the chance cards played go to the used pile, used or not (§3)."""
    events: list[Event] = []
    for seat in duel.living():
        strategy = duel.strategies.get(seat)
        if strategy is None:
            events.append(Event(EventKind.SKIPPED, seat))
            continue
        events.append(Event(EventKind.STRATEGY_SHOWN, seat, card=strategy.card, move=strategy.move,
                            seats=strategy.targets))
        duel.moves_shown[seat][list(Move).index(strategy.move)] += 1
        for target in strategy.targets:
            duel.scratches_shown[seat][target] += 1
        if strategy.card is not None:
            duel.seats[seat].hand.remove(strategy.card)
            duel.used.append(strategy.card)
    return events


def settlement_order(duel: DuelState, rng: random.Random) -> tuple[list[int], int]:
    """A random start (a Spotlight seat if one is used) and a random direction: the living seats in that order."""
    living = duel.living()
    spotlit = [seat for seat in living if duel.active.get(seat) is Ability.SPOTLIGHT]
    start = rng.choice(spotlit or living)
    direction = rng.choice((1, -1))
    n = len(duel.seats)
    around = [(start + direction * step) % n for step in range(n)]
    return [seat for seat in around if seat in living], direction


def damage_of(duel: DuelState, seat: int, strategy: Strategy) -> int:
    """Damage per target: 1, 2 with Double Scratch on one target, doubled by Critical Hit (§4)."""
    damage = 2 if strategy.card is Chance.DOUBLE_SCRATCH and len(strategy.targets) == 1 else 1
    return damage * 2 if duel.active.get(seat) is Ability.CRITICAL_HIT else damage


def settle_scratches(duel: DuelState, tally: Tally) -> list[Event]:
    """Every scratch, one seat at a time in settlement order; a cat already out scratches nobody."""
    events: list[Event] = []
    for seat in tally.order:
        strategy = duel.strategies.get(seat)
        if strategy is None or strategy.move is not Move.SCRATCH:
            continue
        for target in strategy.targets:
            if not duel.seats[seat].is_in:
                break  # reversed out of the duel halfway: the rest of its scratch does nothing
            events.extend(scratch(duel, tally, seat, target, strategy))
    return events


def scratch(duel: DuelState, tally: Tally, seat: int, target: int, strategy: Strategy) -> list[Event]:
    """One scratch by `seat` on `target`, against the target's strategy (§4)."""
    if not duel.seats[target].is_in:
        return [Event(EventKind.NO_EFFECT, seat, other=target)]
    damage = damage_of(duel, seat, strategy)
    defence = duel.strategies.get(target)
    if defence is None or defence.move is Move.SCRATCH:
        return hit(duel, tally, seat, target, damage)
    if defence.move is Move.PURR:
        tally.attacked.add(target)
        return [Event(EventKind.ATTACKED, seat, other=target, amount=damage)]
    if strategy.card is Chance.CANT_GUARD:
        return hit(duel, tally, seat, target, damage)
    return stop(duel, tally, seat, target, damage, defence)


def hit(duel: DuelState, tally: Tally, seat: int, target: int, damage: int) -> list[Event]:
    """The scratch lands: the target loses the damage; Attacker earns a card for 2 or more."""
    events = [Event(EventKind.HIT, seat, other=target, amount=damage)]
    events.extend(change_hp(duel, target, -damage, Cause.SCRATCH, other=seat))
    if damage >= 2 and Ability.ATTACKER in duel.seats[seat].abilities:
        events.append(tally.earn(seat, Cause.ATTACKER))
    return events


def stop(duel: DuelState, tally: Tally, seat: int, target: int, damage: int, defence: Strategy) -> list[Event]:
    """The guard stops the scratch; Reverse Scratch sends it back unless Can't Reverse; Gentleman earns a card."""
    tally.stopped[target] += 1
    events: list[Event] = []
    if damage >= 2 and Ability.GENTLEMAN in duel.seats[target].abilities:
        events.append(tally.earn(target, Cause.GENTLEMAN))
    attacker = duel.strategies[seat]
    if defence.card is Chance.REVERSE_SCRATCH and attacker.card is not Chance.CANT_REVERSE:
        events.append(Event(EventKind.REVERSED, seat, other=target, amount=damage))
        return [*events, *change_hp(duel, seat, -damage, Cause.REVERSED, other=target)]
    return [Event(EventKind.STOPPED, seat, other=target, amount=damage), *events]


def settle_purrs_and_guards(duel: DuelState, tally: Tally) -> list[Event]:
    """Every cat still in, in settlement order: its Purr or Guard outcome (§5)."""
    events: list[Event] = []
    for seat in tally.order:
        strategy = duel.strategies.get(seat)
        if strategy is None or not duel.seats[seat].is_in:
            continue
        if strategy.move is Move.PURR:
            events.extend(purr(duel, tally, seat, strategy.card))
        elif strategy.move is Move.GUARD and tally.stopped[seat]:
            events.extend(guarded(duel, tally, seat, strategy.card))
    return events


def purr(duel: DuelState, tally: Tally, seat: int, card: Chance | None) -> list[Event]:
    """+1 (+2 Double Purring; Purr and Draw earns a card) if not attacked; attacked: -1 in all; Guaranteed: +1."""
    if card is Chance.GUARANTEED_PURRING:
        return change_hp(duel, seat, 1, Cause.PURR)
    if seat in tally.attacked:
        return change_hp(duel, seat, -1, Cause.ATTACKED)
    events = change_hp(duel, seat, 2 if card is Chance.DOUBLE_PURRING else 1, Cause.PURR)
    if card is Chance.PURR_AND_DRAW:
        events.append(tally.earn(seat, Cause.PURR))
    return events


def guarded(duel: DuelState, tally: Tally, seat: int, card: Chance | None) -> list[Event]:
    """A guard that stopped a scratch: Guard and Heal +1 HP, Guard and Draw earns a card."""
    if card is Chance.GUARD_AND_HEAL:
        return change_hp(duel, seat, 1, Cause.GUARD)
    if card is Chance.GUARD_AND_DRAW:
        return [tally.earn(seat, Cause.GUARD)]
    return []
