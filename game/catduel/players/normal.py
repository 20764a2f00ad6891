"""The normal computer player: plain good sense from its own hand and the public HP."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.catduel.actions import Action, Choose
from game.catduel.cards import Ability, Chance, Move
from game.catduel.observation import Observation
from game.catduel.players.common import best_card, me, pick, prelude_choice, preludes, weakest
from game.catduel.scoring import WIN_HP


def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Finishes a weak cat, guards when low, purrs near 20, else mixes the three moves with its best card."""
    if preludes(legal):
        return prelude_choice(obs, legal, prelude_ability(obs), rng)
    seat = me(obs)
    move = _move(obs, rng)
    targets = (weakest(obs, rng),) if move is Move.SCRATCH else ()
    card = best_card(obs, move, targets) if len(obs.hand) >= 3 or rng.random() < 0.6 else None
    return pick(legal, Choose(seat, move, targets, card), rng)


def prelude_ability(obs: Observation) -> Ability | None:
    """Spotlight whenever ready, Critical Hit with HP to spare, Loneliness with a short hand and HP to spare."""
    seat = me(obs)
    ready = [a for a in obs.abilities[seat] if dict(obs.ready_from[seat]).get(a, 0) <= obs.round]
    if Ability.SPOTLIGHT in ready:
        return Ability.SPOTLIGHT
    if Ability.CRITICAL_HIT in ready and obs.hps[seat] >= 5:
        return Ability.CRITICAL_HIT
    if Ability.LONELINESS in ready and len(obs.hand) <= 2 and obs.hps[seat] >= 6:
        return Ability.LONELINESS
    return None


def _move(obs: Observation, rng: random.Random) -> Move:
    seat = me(obs)
    hp = obs.hps[seat]
    target = min(obs.hps[s] for s in obs.living if s != seat)
    if target <= 1 or (target <= 2 and Chance.DOUBLE_SCRATCH in obs.hand):
        return Move.SCRATCH
    if hp >= WIN_HP - 2 and Chance.GUARANTEED_PURRING in obs.hand:
        return Move.PURR
    if hp <= 3:
        return Move.GUARD
    weights = {Move.PURR: 0.35, Move.GUARD: 0.25, Move.SCRATCH: 0.4}
    return rng.choices(list(weights), weights=list(weights.values()))[0]
