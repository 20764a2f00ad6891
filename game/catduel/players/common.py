"""Helpers shared by the Cat Duel computer players: reading the legal choices and the public table."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.catduel.actions import Action, Choose, Prelude
from game.catduel.cards import Ability, Chance, Move
from game.catduel.observation import Observation

# The cards each move likes best, best first.
FAVOURITES: dict[Move, tuple[Chance, ...]] = {
    Move.PURR: (Chance.GUARANTEED_PURRING, Chance.DOUBLE_PURRING, Chance.PURR_AND_DRAW),
    Move.GUARD: (Chance.REVERSE_SCRATCH, Chance.GUARD_AND_HEAL, Chance.GUARD_AND_DRAW),
    Move.SCRATCH: (Chance.CANT_GUARD, Chance.DOUBLE_SCRATCH, Chance.CANT_REVERSE),
}


def me(obs: Observation) -> int:
    """The observing seat (a computer player always observes as a seat)."""
    if obs.seat is None:
        raise ValueError("A computer player needs a seat's observation.")
    return obs.seat


def opponents(obs: Observation) -> list[int]:
    """The other living seats."""
    return [seat for seat in obs.living if seat != obs.seat]


def preludes(legal: Sequence[Action]) -> list[Prelude]:
    """The legal prelude choices."""
    return [action for action in legal if isinstance(action, Prelude)]


def choices(legal: Sequence[Action]) -> list[Choose]:
    """The legal strategies."""
    return [action for action in legal if isinstance(action, Choose)]


def weakest(obs: Observation, rng: random.Random) -> int:
    """The living opponent with the least HP (ties at random)."""
    return min(opponents(obs), key=lambda seat: (obs.hps[seat], rng.random()))


def best_card(obs: Observation, move: Move, targets: tuple[int, ...]) -> Chance | None:
    """The favourite card held for the move (Double Scratch only on one target), or None."""
    for card in FAVOURITES[move]:
        if card in obs.hand and not (card is Chance.DOUBLE_SCRATCH and len(targets) != 1):
            return card
    return None


def pick(legal: Sequence[Action], wanted: Action, rng: random.Random) -> Action:
    """The wanted action if it is legal, else the same move without a card, else any legal action."""
    if wanted in legal:
        return wanted
    if isinstance(wanted, Choose):
        plain = Choose(wanted.seat, wanted.move, wanted.targets)
        if plain in legal:
            return plain
    return rng.choice(list(legal))


def prelude_choice(obs: Observation, legal: Sequence[Action], use: Ability | None, rng: random.Random) -> Action:
    """The prelude action for this ability (None: pass)."""
    return pick(legal, Prelude(me(obs), use), rng)
