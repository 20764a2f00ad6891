"""Hard with one card-play knob changed (game.dreamcats.players.strategy.Params), at any table: `module:function`
players for `bench_paired` and `dreamcats arena`, not offered in Discord. The knob sweeps of 2026-11-26 and 2026-11-27
tried hard's card-play knobs at two seats only; these are for four.

- `take_0`, `take_2`: taking the discard must beat a draw's expected gain by 0 or 2 cats (hard: 1);
- `unknown_plus`, `unknown_minus`, `unknown_1`: a card put where an own card hard has not seen lies counts 0.5 cats
  more or less, or 1 cat more (hard: 0);
- `swap_0`: Swap 2 needs no margin (hard: 0.3 cats);
- `peek_3`: Peek 1 on an own unseen card worth 3 cats (hard: 1.5);
- `take2_20`, `take2_12`: Take 2 worth 2.0 or 1.2 draws (hard: 1.6);
- `harm_0`, `harm_1`: what a Swap 2 hands a rival counts 0 or 1 times as much as what hard gains (hard: 0.5; at
  four seats a rival made worse is one of three).
- `rivals_swap`: at three to five seats Swap 2 may also exchange two rivals' cards: the card the match leader (the
  rival with the lowest total plus dream estimate) is read to hold lowest for the card another rival is read to hold
  highest, worth the difference times 1.5 for the leader made worse less 0.5 for the other made better, less
  hard's Swap 2 margin; taken when that beats hard's own use of the card (hard swaps only its own cards).

Measured 2026-11-28 against three sharps at four seats, penalty 5, paired with hard (95 % intervals): seed 9711, 800
matches (hard 29.2 %): `take_0` -0.7 ± 2.3, `take_2` -0.8 ± 2.2, `unknown_plus` +0.7 ± 1.6; seed 9712, 800 matches
(hard 26.8 %): `unknown_plus` -0.8 ± 1.5, `unknown_1` +0.1 ± 2.0, `peek_3` -0.2 ± 0.8; seed 9721, 800 matches (hard
29.4 %): `harm_0` -0.4 ± 0.6, `harm_1` +0.0 ± 0.3 (9 and 2 matches changed). None kept. 2026-11-29, seed 9731, 800
matches (hard 26.5 %): `rivals_swap` 26.8 %, +0.2 ± 1.0 (19 matches changed); not kept. At two seats (2026-11-29,
seed 7401, 1,000 matches against sharp, hard 60.8 %): `peek_3` +0.0 ± 0.6 (10 matches changed), `take2_20` +0.3 ±
0.3 (3), `take2_12` +0.3 ± 0.4 (5); none kept.

Run: .venv/bin/python -m tests.benchmarks.bench_paired --seats 4 --matches 800 --seed 9711
     --players hard,tests.benchmarks.crowded_card_players:take_0,tests.benchmarks.crowded_card_players:take_2,\
tests.benchmarks.crowded_card_players:unknown_plus
     (seed 9712: --players hard,...:unknown_plus,...:unknown_1,...:peek_3; seed 9721: hard,...:harm_0,...:harm_1;
     seed 9731: hard,...:rivals_swap; two seats: --seats 2 --matches 1000 --seed 7401
     --players hard,...:peek_3,...:take2_20,...:take2_12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.dreamcats.actions import Action, Slot, UseSwap
from game.dreamcats.cards import Card
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.hard import card_params, sampled_waker, wake_tuning
from game.dreamcats.players.strategy import best_holding, own_shifts, play
from game.dreamcats.state import Step

Player = Callable[[Observation, Sequence[Action], random.Random], Action]


def _changed(**fields: float) -> Player:
    def player(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        params = replace(card_params(obs), **fields)
        return play(obs, legal, rng, params, sampled_waker(wake_tuning(obs)))

    return player


take_0 = _changed(take_bias=0.0)
take_2 = _changed(take_bias=2.0)
unknown_plus = _changed(unknown_bonus=0.5)
unknown_minus = _changed(unknown_bonus=-0.5)
unknown_1 = _changed(unknown_bonus=1.0)
swap_0 = _changed(swap_margin=0.0)
peek_3 = _changed(peek_own=3.0)
take2_20 = _changed(take2_factor=2.0)
take2_12 = _changed(take2_factor=1.2)
harm_0 = _changed(harm_weight=0.0)
harm_1 = _changed(harm_weight=1.0)

LEADER_HARM, OTHER_HELP = 1.5, 0.5


def rivals_swap(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, whose Swap 2 may also move the leader's lowest card to another rival for that rival's highest."""
    params = card_params(obs)
    chosen = play(obs, legal, rng, params, sampled_waker(wake_tuning(obs)))
    if obs.num_seats < 3 or obs.step is not Step.HOLDING or obs.holding is not Card.SWAP_2:
        return chosen
    belief = belief_of(obs, params.owner_bias, own_shifts(obs, params))
    worth, _ = best_holding(belief, Card.SWAP_2, params)
    rivals = [seat for seat in range(obs.num_seats) if seat != belief.seat]
    leader = min(rivals, key=lambda seat: obs.totals[seat] + belief.dream_estimate(seat))
    low = min((Slot(leader, p) for p in range(4)), key=belief.estimate)
    high = max((Slot(seat, p) for seat in rivals if seat != leader for p in range(4)), key=belief.estimate)
    difference = belief.estimate(high) - belief.estimate(low)
    gain = difference * LEADER_HARM - difference * OTHER_HELP - params.swap_margin
    swap = UseSwap(belief.seat, low, high)
    return swap if gain > worth and swap in legal else chosen


__all__ = ["harm_0", "harm_1", "peek_3", "rivals_swap", "swap_0", "take2_12", "take2_20", "take_0", "take_2",
           "unknown_1", "unknown_minus", "unknown_plus"]
