"""The pieces of Cat Duel: basic moves, the nine chance cards (27 in the deck), the abilities and the six cats."""

from __future__ import annotations

import random
from enum import StrEnum


class Move(StrEnum):
    """The three basic moves of a strategy."""

    PURR = "purr"
    GUARD = "guard"
    SCRATCH = "scratch"


class Chance(StrEnum):
    """The nine chance cards; each goes with one basic move (`move_of`)."""

    DOUBLE_PURRING = "double_purring"
    GUARANTEED_PURRING = "guaranteed_purring"
    PURR_AND_DRAW = "purr_and_draw"
    REVERSE_SCRATCH = "reverse_scratch"
    GUARD_AND_HEAL = "guard_and_heal"
    GUARD_AND_DRAW = "guard_and_draw"
    CANT_REVERSE = "cant_reverse"
    CANT_GUARD = "cant_guard"
    DOUBLE_SCRATCH = "double_scratch"

    @property
    def move(self) -> Move:
        """The basic move this card goes with."""
        return _MOVE_OF[self]


_MOVE_OF = {
    Chance.DOUBLE_PURRING: Move.PURR, Chance.GUARANTEED_PURRING: Move.PURR, Chance.PURR_AND_DRAW: Move.PURR,
    Chance.REVERSE_SCRATCH: Move.GUARD, Chance.GUARD_AND_HEAL: Move.GUARD, Chance.GUARD_AND_DRAW: Move.GUARD,
    Chance.CANT_REVERSE: Move.SCRATCH, Chance.CANT_GUARD: Move.SCRATCH, Chance.DOUBLE_SCRATCH: Move.SCRATCH,
}
COPIES = 3
DECK_SIZE = COPIES * len(Chance)  # 27
START_HAND = 2
HAND_LIMIT = 5
HUNTED = (Chance.CANT_GUARD, Chance.CANT_REVERSE)  # what Hunting looks for and brings


class Ability(StrEnum):
    """The six cats' abilities and the two ownerless ones of the "wild abilities" setting."""

    REJUVENATION = "rejuvenation"
    GENTLEMAN = "gentleman"
    HUNTING = "hunting"
    RECYCLING = "recycling"
    LONELINESS = "loneliness"
    SPOTLIGHT = "spotlight"
    ATTACKER = "attacker"
    CRITICAL_HIT = "critical_hit"


PRELUDE_ABILITIES = frozenset({Ability.LONELINESS, Ability.SPOTLIGHT, Ability.CRITICAL_HIT})
COOLDOWN = 2  # rounds; the same for every ability that has one (RULES-catduel.md §6)
COOLING = frozenset({Ability.REJUVENATION, Ability.RECYCLING, Ability.LONELINESS, Ability.SPOTLIGHT,
                     Ability.CRITICAL_HIT})
WILD = (Ability.ATTACKER, Ability.CRITICAL_HIT)


class Cat(StrEnum):
    """The six cats; no two seats play the same one."""

    PERSIAN = "persian"
    RAGDOLL = "ragdoll"
    MAINE_COON = "maine_coon"
    EXOTIC_SHORTHAIR = "exotic_shorthair"
    SIAMESE = "siamese"
    ABYSSINIAN = "abyssinian"

    @property
    def start_hp(self) -> int:
        """The cat's HP at the start of every duel."""
        return 8 if self is Cat.PERSIAN else 10

    @property
    def ability(self) -> Ability:
        """The cat's own ability."""
        return _ABILITY_OF[self]


_ABILITY_OF = {
    Cat.PERSIAN: Ability.REJUVENATION, Cat.RAGDOLL: Ability.GENTLEMAN, Cat.MAINE_COON: Ability.HUNTING,
    Cat.EXOTIC_SHORTHAIR: Ability.RECYCLING, Cat.SIAMESE: Ability.LONELINESS, Cat.ABYSSINIAN: Ability.SPOTLIGHT,
}


def full_deck() -> list[Chance]:
    """The 27 chance cards in a fixed order."""
    return [card for card in Chance for _ in range(COPIES)]


def shuffled_deck(rng: random.Random) -> list[Chance]:
    """The 27 chance cards shuffled by the given random generator."""
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def cards_for(move: Move) -> tuple[Chance, ...]:
    """The chance cards that go with a basic move."""
    return tuple(card for card in Chance if card.move is move)
