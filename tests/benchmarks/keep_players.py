"""Hard with its keep-or-throw choice for a drawn number card weighed by playing sampled deals out: a
`module:function` player for `bench_paired` and `dreamcats arena`, tried on 2026-11-27 and not kept in hard (JOURNAL.md,
"Keep or throw, weighed by play-outs").

Hard's card-play rule (game.dreamcats.players.strategy) keeps a drawn card in place of the own card it reads highest
when the drawn one is lower, else throws it away. `weighed` weighs the real choices at two seats instead: throw the
card away, put it in place of the highest own card it knows, or of the own unknown card it reads highest (and the
rule's own choice, when that is another slot). Each choice is played on over the same sampled deals (hard's Wake up!
sampler, game.dreamcats.players.wake), from the rival's turn to the round's end by sharp-like seats
(game.dreamcats.players.playout), each deal's draw pile in the same order for every choice; a choice is worth the
seat's utility of the round's ending (its lead over the rival, or the match when the round ends it). It leaves the
rule's choice only for one that beats it by more than KEEP_MARGIN cats and KEEP_ERRORS standard errors of the paired
differences. At three to five seats, and for every other choice, it plays as hard.

Run: .venv/bin/python -m tests.benchmarks.bench_paired --seats 2 --matches 1000 --seed 4242
     --players hard,tests.benchmarks.keep_players:weighed
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from game.dreamcats.actions import Action, DiscardDrawn, Slot, SwapDrawn
from game.dreamcats.cards import DREAM_SIZE, POINTS, SPECIALS
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import Belief, belief_of
from game.dreamcats.players.hard import card_params, hard, wake_tuning
from game.dreamcats.players.playout import KEPT, Playout, Table
from game.dreamcats.players.strategy import own_shifts
from game.dreamcats.players.wake import WakeTuning, ending_worth, round_worth, sample_deals
from game.dreamcats.state import Step


def weighed(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, with a drawn number card's keep-or-throw choice weighed by play-outs at two seats."""
    action = hard(obs, legal, rng)
    if not weighs_keep(obs, action):
        return action
    params = card_params(obs)
    return weighed_keep(belief_of(obs, params.owner_bias, own_shifts(obs, params)), action, wake_tuning(obs))


KEEP_SAMPLES = 48
# A weighed choice must beat the rule's by this many cats on average and this many standard errors of the paired
# differences: a closer call is the play-outs' noise.
KEEP_MARGIN, KEEP_ERRORS = 0.5, 2.0


def weighs_keep(obs: Observation, chosen: Action) -> bool:
    """Whether hard weighs the rule's choice: a number card's keep-or-throw choice, at two seats."""
    return obs.num_seats == 2 and keeps_or_throws(obs, chosen)


def keeps_or_throws(obs: Observation, chosen: Action) -> bool:
    """Whether the rule's choice keeps a drawn number card or throws it away."""
    return (obs.step is Step.HOLDING and obs.holding is not None and obs.holding not in SPECIALS
            and isinstance(chosen, (SwapDrawn, DiscardDrawn)))


def weighed_keep(belief: Belief, chosen: Action, tuning: WakeTuning) -> Action:
    """The rule's choice for the held card, or the weighed choice that beats it most clearly: by more than KEEP_MARGIN
    cats on average and by more than KEEP_ERRORS standard errors of the paired differences over the deals."""
    obs = belief.obs
    choices = keep_choices(belief, chosen)
    rows = keep_values(obs, choices, keep_rng(obs), replace(tuning, samples=KEEP_SAMPLES))
    base = choices.index(chosen)
    best, best_gain = chosen, 0.0
    for k, choice in enumerate(choices):
        gain, error = _paired_gain([row[k] - row[base] for row in rows])
        if gain > KEEP_MARGIN and gain > KEEP_ERRORS * error and gain > best_gain:
            best, best_gain = choice, gain
    return best


def _paired_gain(differences: list[float]) -> tuple[float, float]:
    """The mean of the paired differences and its standard error."""
    count = len(differences)
    mean = sum(differences) / count
    if count < 2:
        return mean, 0.0
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1))
    return mean, spread / math.sqrt(count)


def keep_rng(obs: Observation) -> random.Random:
    """A generator from the observation alone: the seat's own stream stays as the rule alone would leave it."""
    return random.Random(f"k{obs.round_number}:{len(obs.history)}:{obs.seat}")


def keep_choices(belief: Belief, chosen: Action) -> list[Action]:
    """Throw the card away, or put it in place of the highest known own card or the highest-read unknown one; and
    the rule's choice. Any other slot is beaten by one of those whatever lies there."""
    seat, known = belief.seat, belief.obs.known
    mine = [Slot(seat, p) for p in range(DREAM_SIZE)]
    seen = [slot for slot in mine if slot in known]
    unseen = [slot for slot in mine if slot not in known]
    choices: list[Action] = [DiscardDrawn(seat)]
    if seen:
        choices.append(SwapDrawn(seat, max(seen, key=lambda slot: POINTS[known[slot]]).position))
    if isinstance(chosen, SwapDrawn) and Slot(seat, chosen.position) in unseen:
        choices.append(chosen)
    elif unseen:
        choices.append(SwapDrawn(seat, max(unseen, key=belief.estimate).position))
    return choices if chosen in choices else [*choices, chosen]


def keep_values(obs: Observation, choices: list[Action], rng: random.Random, tuning: WakeTuning) -> list[list[float]]:
    """Per sampled deal, each choice's utility once the deal is played out (the same deal and pile for every
    choice)."""
    assert obs.holding is not None and obs.seat is not None
    held = POINTS[obs.holding]
    playout = Playout(obs, obs.seat)
    deals = sample_deals(obs, obs.seat, rng, tuning)
    base_seed = rng.getrandbits(32)
    rows: list[list[float]] = []
    for index, (dreams, left) in enumerate(deals):
        rows.append([_played_choice(obs, playout, playout.table(dreams, left), choice, held, base_seed + index)
                     for choice in choices])
    return rows


def _played_choice(obs: Observation, playout: Playout, table: Table, choice: Action, held: int, seed: int) -> float:
    """The seat's utility once the held card is kept or thrown as `choice` and the table is played out."""
    seat = playout.seat
    if isinstance(choice, SwapDrawn):
        table.put(seat, choice.position, held, KEPT)
    else:
        table.top = held
    table.turns[seat] += 1
    pile_rng = random.Random(seed)
    pile_rng.shuffle(table.pile)
    ending = (playout.run(table, (seat + 1) % obs.num_seats, pile_rng, first_calls=True) if table.pile
              else (None, table.sums()))
    return ending_worth(round_worth(obs, seat, False), obs.penalty, ending)
