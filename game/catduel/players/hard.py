"""The hard computer player: models the other cats from the public reveals and plays a mixed strategy.

Every legal strategy gets an expected value (its own HP change, the damage it deals weighted by how dangerous
each target is, cards earned and spent) against the model of `players.model`; the choice is drawn from a
softmax over those values, so that it is hard to read. Face to face (one other cat left) it reads the other cat as
a normal-like player corrected by its reveals (`players.reading`) and values each strategy by its chance to win
the duel after the round, the round settled by the rules themselves (`players.duel`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.catduel.actions import Action, Choose
from game.catduel.cards import Ability, Chance, Move
from game.catduel.observation import Observation
from game.catduel.players.common import choices, me, opponents, prelude_choice, preludes
from game.catduel.players.model import Guess, guesses, none_of
from game.catduel.players.normal import prelude_ability
from game.catduel.players.reading import me_first, strategies, worth_of
from game.catduel.scoring import WIN_HP

CARD = 0.7  # a chance card in hand, in HP
SPEND = 0.25  # what playing a card costs beyond losing it from the hand (keep some for later)
TEMPERATURE = 0.35
KILL = 2.0  # the worth of knocking a cat out
DUEL_TEMPERATURE = 0.01  # face to face, in chance to win
# `duel.win_chance`'s table (about 0.1 s to build) is built at a process's first face-to-face decision, not on
# import: every process that imports the players (the bot starting up, however few Cat Duel tables it holds) would pay.


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Values every strategy against the modelled opponents and draws one from a softmax of the values."""
    if preludes(legal):
        return prelude_choice(obs, legal, prelude_ability(obs), rng)
    options = choices(legal)
    if not options:
        return rng.choice(list(legal))
    rivals = opponents(obs)
    if len(rivals) == 1:
        return _face_to_face(obs, options, rivals[0], rng)
    values = [value(obs, option) for option in options]
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    return rng.choices(options, weights=weights)[0]


def _face_to_face(obs: Observation, options: list[Choose], rival: int, rng: random.Random) -> Action:
    """One opponent left: every strategy's chance to win against the modelled cat, drawn from a sharp softmax."""
    seat = me(obs)
    theirs = strategies(obs, seat, rival)
    first = me_first(obs, seat, rival)
    values = [worth_of(obs, option, theirs, first) for option in options]
    top = max(values)
    weights = [math.exp((v - top) / DUEL_TEMPERATURE) for v in values]
    return rng.choices(options, weights=weights)[0]


def value(obs: Observation, choice: Choose) -> float:
    """The expected worth of a strategy, in HP."""
    seat = me(obs)
    model = guesses(obs, seat)
    cost = CARD + SPEND if choice.card is not None else 0.0
    if choice.move is Move.PURR:
        gain = _purr(obs, model, choice.card)
    elif choice.move is Move.GUARD:
        gain = _guard(model, choice.card, obs)
    else:
        gain = _scratch(obs, model, choice)
    return gain - cost


def _purr(obs: Observation, model: list[Guess], card: Chance | None) -> float:
    seat = me(obs)
    safe = none_of([g.at_me for g in model])
    if card is Chance.GUARANTEED_PURRING:
        return _hp_worth(obs, seat, 1.0)
    heal = 2.0 if card is Chance.DOUBLE_PURRING else 1.0
    draw = CARD * safe if card is Chance.PURR_AND_DRAW else 0.0
    return safe * _hp_worth(obs, seat, heal) - (1 - safe) * 1.0 + draw


def _guard(model: list[Guess], card: Chance | None, obs: Observation) -> float:
    through = sum(g.at_me * g.card_chance for g in model)  # Can't Guard scratches hit anyway
    stopped = 1 - none_of([g.at_me * (1 - g.card_chance) for g in model])
    worth = -through
    if card is Chance.REVERSE_SCRATCH:
        worth += sum(g.at_me * (1 - g.card_chance) * _danger(obs, g.seat) for g in model)
    elif card is Chance.GUARD_AND_HEAL:
        worth += stopped
    elif card is Chance.GUARD_AND_DRAW:
        worth += stopped * CARD
    return worth


def _scratch(obs: Observation, model: list[Guess], choice: Choose) -> float:
    incoming = -sum(g.at_me for g in model)
    each = 2 if choice.card is Chance.DOUBLE_SCRATCH and len(choice.targets) == 1 else 1
    if (me(obs), Ability.CRITICAL_HIT) in obs.active:
        each *= 2
    by_seat = {g.seat: g for g in model}
    dealt = sum(_dealt(obs, by_seat[t], each, choice.card) for t in choice.targets)
    return incoming + dealt


def _dealt(obs: Observation, target: Guess, damage: int, card: Chance | None) -> float:
    """The expected worth of scratching this target for `damage`."""
    guarded = damage if card is Chance.CANT_GUARD else -damage * target.card_chance * 0.5  # a Reverse Scratch
    expected = target.scratch * damage + target.purr * 1.0 + target.guard * guarded
    kill = KILL * (target.scratch + (target.guard if card is Chance.CANT_GUARD else 0.0))
    finish = kill if obs.hps[target.seat] <= damage else 0.0
    return expected * _danger(obs, target.seat) + finish


def _danger(obs: Observation, seat: int) -> float:
    """How much hurting this cat is worth: more as it nears 20 HP."""
    return 1.0 + max(0, obs.hps[seat] - 12) / 4


def _hp_worth(obs: Observation, seat: int, gain: float) -> float:
    """Healing is worth more when it wins the duel."""
    return gain + (3.0 if obs.hps[seat] + gain >= WIN_HP else 0.0)
