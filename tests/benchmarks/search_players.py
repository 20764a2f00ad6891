"""Hard with a searched card play: close choices for a drawn card weighed by playing sampled deals out, as
`module:function` players for `bench_paired` and `dreamcats arena` (not offered in Discord).

When hard holds a drawn number card, it ranks its choices (put it in place of each own card, or throw it away) by the
cats each saves on its estimates; when the best few lie within `DELTA` cats, each of those is tried on the same
deals hard's Wake up! sampler draws (game.dreamcats.players.wake.sample_deals), each deal's draw pile in one order
shared by all the choices, and played out to the round's end by sharp-like seats (game.dreamcats.players.playout,
the next seat first, calls allowed); the choice whose endings are worth most to hard (its lead over the average
rival, or the match when the round ends it) is made. Everything else is hard's.

- `search`: 32 deals, choices within 1.5 cats;
- `search_wide`: 32 deals, choices within 3 cats;
- `search_more`: 64 deals, choices within 1.5 cats;
- `search_start`: `search`, and at the start of a turn taking the discard against drawing weighed the same way when
  the two lie within 1.5 cats (the discard in place of hard's worst own card; a draw played as sharp-like seats do).

Measured 2026-11-28 against sharp at penalty 5, paired with hard on the same deals (95 % intervals): at two seats,
seed 9701, 1,000 matches, `search` +1.7 ± 3.1 points and `search_wide` +2.1 ± 3.4 (hard 63.8 %); at four seats
against three sharps, seed 9702, 1,000 matches, `search_wide` -3.4 ± 3.2 (hard 29.1 %); `search_start` at two
seats, seed 9713, 800 matches, -2.2 ± 3.7 (hard 66.3 %); 2026-11-29 at two seats, seed 9801, 1,000 matches,
`search_wide` -0.2 ± 3.5 and `search_more` +0.5 ± 3.3 (hard 64.1 %). As with tests.benchmarks.keep_players
(JOURNAL.md: "Keep or throw, weighed by play-outs"), not kept in hard.

Run: .venv/bin/python -m tests.benchmarks.bench_paired --seats 2 --matches 1000 --seed 9701
     --players hard,tests.benchmarks.search_players:search,tests.benchmarks.search_players:search_wide
     (four seats: --seats 4 --seed 9702 --players hard,tests.benchmarks.search_players:search_wide)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.dreamcats.actions import Action, DiscardDrawn, Draw, Slot, SwapDrawn, TakeDiscard
from game.dreamcats.cards import DREAM_SIZE, POINTS, SPECIALS
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.hard import card_params, hard, wake_tuning
from game.dreamcats.players.playout import KEPT, Playout, playout_rng
from game.dreamcats.players.strategy import own_shifts
from game.dreamcats.players.wake import ending_worth, round_worth, sample_deals
from game.dreamcats.state import Step

Player = Callable[[Observation, Sequence[Action], random.Random], Action]


def _searcher(samples: int, delta: float, start: bool = False) -> Player:
    def player(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        action = hard(obs, legal, rng)
        if start and isinstance(action, (Draw, TakeDiscard)):
            chosen = _start_searched(obs, samples, delta)
            return chosen if chosen is not None and chosen in legal else action
        if obs.step is not Step.HOLDING or obs.holding is None or obs.holding in SPECIALS:
            return action
        if not isinstance(action, (SwapDrawn, DiscardDrawn)):
            return action
        chosen = _searched(obs, samples, delta)
        return chosen if chosen is not None and chosen in legal else action

    return player


def _searched(obs: Observation, samples: int, delta: float) -> Action | None:
    assert obs.seat is not None and obs.holding is not None
    seat, card = obs.seat, POINTS[obs.holding]
    params = card_params(obs)
    belief = belief_of(obs, params.owner_bias, own_shifts(obs, params))
    options: list[tuple[float, Action]] = [
        (belief.estimate(Slot(seat, p)) - card, SwapDrawn(seat, p)) for p in range(DREAM_SIZE)]
    options.append((0.0, DiscardDrawn(seat)))
    best = max(value for value, _ in options)
    close = [action for value, action in options if value >= best - delta]
    if len(close) < 2:
        return None
    prng = playout_rng(obs)
    deals = sample_deals(obs, seat, prng, replace(wake_tuning(obs), samples=samples))
    playout = Playout(obs, seat)
    worth = round_worth(obs, seat, False)
    totals = dict.fromkeys(close, 0.0)
    for dreams, left in deals:
        prng.shuffle(left)
        seed = prng.random()
        for action in close:
            table = playout.table(dreams, left)
            if isinstance(action, SwapDrawn):
                table.put(seat, action.position, card, KEPT)
            else:
                table.top = card
            table.turns[seat] += 1
            if table.pile:
                ending = playout.run(table, (seat + 1) % obs.num_seats, random.Random(seed), first_calls=True)
            else:
                ending = (None, table.sums())
            totals[action] += ending_worth(worth, obs.penalty, ending)
    return max(close, key=lambda action: totals[action])


def _start_searched(obs: Observation, samples: int, delta: float) -> Action | None:
    """Take the discard (in place of the worst own card) or draw, when the two lie within `delta` cats."""
    assert obs.seat is not None
    if not obs.discard_pile:
        return None
    seat, top = obs.seat, POINTS[obs.discard_top]
    params = card_params(obs)
    belief = belief_of(obs, params.owner_bias, own_shifts(obs, params))
    position, worst = belief.worst_own()
    take_gain, draw_gain = worst - top, belief.draw_gain() + params.take_bias
    if take_gain <= 0 or abs(take_gain - draw_gain) > delta:
        return None
    prng = playout_rng(obs)
    deals = sample_deals(obs, seat, prng, replace(wake_tuning(obs), samples=samples))
    playout = Playout(obs, seat)
    worth = round_worth(obs, seat, False)
    took = drew = 0.0
    for dreams, left in deals:
        prng.shuffle(left)
        seed = prng.random()
        for taking in (True, False):
            table = playout.table(dreams, left)
            rng = random.Random(seed)
            if taking:
                table.put(seat, position, top, float(top))
            else:
                if not table.pile:
                    return None
                own = [table.dreams[seat][p] if table.knows[seat][p] else playout.mean for p in range(DREAM_SIZE)]
                mine = max(range(DREAM_SIZE), key=lambda p: (own[p], table.knows[seat][p]))
                playout._draw(table, Slot(seat, mine), own[mine], rng)
            table.turns[seat] += 1
            ending = (playout.run(table, (seat + 1) % obs.num_seats, rng, first_calls=True) if table.pile
                      else (None, table.sums()))
            value = ending_worth(worth, obs.penalty, ending)
            if taking:
                took += value
            else:
                drew += value
    return TakeDiscard(seat, position) if took >= drew else Draw(seat)


search = _searcher(32, 1.5)
search_start = _searcher(32, 1.5, start=True)
search_wide = _searcher(32, 3.0)
search_more = _searcher(64, 1.5)

__all__ = ["search", "search_more", "search_start", "search_wide"]
