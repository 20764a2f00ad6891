"""Hard's Wake up! with and without play-outs of its sampled deals (game.dreamcats.players.playout), at any table:
`module:function` players for `bench_paired` and `dreamcats arena`, not offered in Discord.

Over the deals hard's sampler draws (deals in which a rival would already have called weighed as hard weighs them),
calling now is worth the mean of the deals' real scores and playing on the mean of their play-outs' endings (hard's
own utility: the lead over the average rival, or the match if the round ends it). Hard's own margin is calling
against its model of a rival's next call, less its falling threshold. Each player keeps hard's gate, success rate
and card play:

- `without`: hard's own margin ≥ 0 (hard without play-outs: hard before 2026-11-27);
- `playout`: calling beats playing on;
- `mix`: the sum of both margins, less 1 cat, ≥ 0 (what hard does since 2026-11-27 at two seats and a penalty under
  10, here at any table);
- `both`: both margins ≥ 0;
- `plain`: `mix` with play-outs whose seats use no power of a special card they draw (each counts its points alone):
  hard at two seats and a penalty under 10 from bba8eaf until the play-outs' seats used the powers;
- `cheaper_tuning`: hard with the tuning of a penalty under 10 (`HARD_WAKE`, `HARD_WAKE_CROWDED`) at every penalty,
  the risky one included (tried at penalty 15 on 2026-12-01, not kept: the journal).

Run: .venv/bin/python -m tests.benchmarks.bench_paired --seats 2 --matches 2000 --seed 9316
     --players tests.benchmarks.playout_players:without,hard
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import Belief
from game.dreamcats.players.hard import (
    HARD_WAKE,
    HARD_WAKE_CROWDED,
    card_params,
    passes_gate,
    play_hard,
    wake_tuning,
)
from game.dreamcats.players.strategy import Params, play
from game.dreamcats.players.wake import wake_margins

Rule = Callable[[float, float], bool]  # (hard's own margin, the play-outs' margin) -> call


def _player(rule: Rule, powers: bool = True) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    def waker(belief: Belief, params: Params, rng: random.Random) -> bool:
        if not passes_gate(belief, params):
            return False
        tuning = replace(wake_tuning(belief.obs), playout_weight=1.0, playout_powers=powers)
        margins = wake_margins(belief.obs, belief.seat, rng, tuning)
        assert margins.played_out is not None
        return margins.often and rule(margins.own, margins.played_out)

    def player(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return play(obs, legal, rng, card_params(obs), waker)

    return player


def _mixed(own: float, played_out: float) -> bool:
    return own + played_out - 1.0 >= 0


without = _player(lambda own, _played_out: own >= 0)
playout = _player(lambda _own, played_out: played_out >= 0)
mix = _player(_mixed)
both = _player(lambda own, played_out: own >= 0 and played_out >= 0)
plain = _player(_mixed, powers=False)


def cheaper_tuning(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard with the Wake-up tuning of a penalty under 10 at any penalty."""
    return play_hard(obs, legal, rng, HARD_WAKE if obs.num_seats == 2 else HARD_WAKE_CROWDED)
