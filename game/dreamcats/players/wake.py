"""Hard's Wake up!: deals sampled from a belief that reads the public history, weighed with the match standings.

A card an opponent drew and kept is likely low, one it was dealt and looked at a little less so, and one nobody
has seen is any unseen card; with `own_origins`, an unseen card of mine that a rival kept before Swap 2 brought it
to me is as low as it was there. With `slot_caps`, each card is also capped by what its owner did
(game.dreamcats.players.inference: a kept card is below the card it replaced, a seat that threw a draw away knows
no card above it), and with `noncall_weight` a deal in which a rival would have called at its last turn, by a sharp-like
rule, counts less. Over the sampled deals the call is worth the caller's real score, penalty included, and a round
that would end the match is worth winning or losing the match. With `playout_weight`, playing on is also valued by
playing each deal out to the round's end with sharp-like seats (game.dreamcats.players.playout).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.dreamcats.actions import Slot
from game.dreamcats.cards import DREAM_SIZE, POINTS
from game.dreamcats.events import EventKind
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import unseen_cards
from game.dreamcats.players.equity import MatchEquity, rounds_of, rounds_to_limit
from game.dreamcats.players.history import card_origins, kept_from_draw, turns_taken
from game.dreamcats.players.inference import last_turns, slot_caps
from game.dreamcats.players.playout import Playout, playout_rng
from game.dreamcats.scoring import match_is_over, winners
from game.dreamcats.settings import MatchSettings

OPEN_VALUE, KEPT_GUESS = 5.0, 2.5  # a rival's guess of a card it has not seen, and of one another seat kept
MATCH_WEIGHT = 40.0  # ending the match as its winner (or loser) is worth this many cats
UNIFORM, OWNED, KEPT = 0, 1, 2  # what is known about where an unseen dream card came from


@dataclass(frozen=True, slots=True)
class WakeTuning:
    """The knobs of the sampled Wake up! (tuned in the arena against a field of opponents)."""

    samples: int = 48
    kept_bias: float = 1.6  # a card an opponent kept from the draw weighs 2^(-points / kept_bias)
    owned_bias: float = 3.0  # a dealt card its owner looked at (and kept so far) weighs 2^(-points / owned_bias)
    fresh_bias: float = 100.0  # the same before the owner's first turn: about any card
    base: float = 8.0  # call when calling is worth at least base - per_turn x own turns, on average ...
    per_turn: float = 0.4
    floor: float = -1.0  # ... but never less than this
    lead_share: float = 0.0  # the part of the present lead that playing on is expected to keep
    min_success: float = 0.8  # and the call must succeed this often
    above_cap: float = 0.05  # weight factor for a card above the lowest card its owner drew and threw away
    slot_caps: bool = False  # cap each slot by what its owner did (game.dreamcats.players.inference), not the seat
    # The opponents as a realistic player sees them: a rival calls on its next turn when its own estimate (the
    # cards it knows, OPEN_VALUE for the others) is at most rival_start - rival_per_turn x its turns (less
    # rival_crowded at 4-5 seats) and rival_lead below its estimate of every other dream. Zero rival_weight: off.
    rival_weight: float = 0.0
    rival_start: float = 10.0
    rival_per_turn: float = 0.5
    rival_lead: float = 3.0
    # A rival that did not call at the start of its latest turn (by the rule above) makes the deals in which it
    # would have called this much less likely. One: off.
    noncall_weight: float = 1.0
    took_caps: bool = False  # a seat that took the discard gave up its worst card: its other known cards are lower
    own_origins: bool = False  # an unknown card of mine that a rival kept before I took it is drawn as low
    # Playing on valued by playing each sampled deal out with sharp-like seats (game.dreamcats.players.playout): the
    # call's margin over that, less playout_offset, is added playout_weight times to the margin above. Zero: off.
    playout_weight: float = 0.0
    playout_offset: float = 1.0
    playout_powers: bool = True  # the play-outs' seats use the powers of the special cards they draw
    equity: bool = False  # weigh a round's scores by the match's winning chance (game.dreamcats.players.equity)


def _categories(obs: Observation, seat: int, own_origins: bool) -> list[tuple[Slot, int, int]]:
    """The dream slots this seat does not know, each with what is known about its card and whose choice that was."""
    kept = kept_from_draw(obs)
    origins = card_origins(obs) if own_origins else {}
    slots = []
    for owner in range(obs.num_seats):
        for position in range(DREAM_SIZE):
            slot = Slot(owner, position)
            if slot in obs.known:
                continue
            if owner == seat:
                # A card of mine I never saw may be one a rival kept and I took with Swap 2: as low as it was there.
                drawn, keeper = origins.get(slot, (False, seat))
                slots.append((slot, UNIFORM if keeper == seat else KEPT if drawn else OWNED, keeper))
            elif kept.get(slot) == owner:
                slots.append((slot, KEPT, owner))
            elif slot in obs.known_slots[owner]:
                slots.append((slot, OWNED, owner))
            else:
                slots.append((slot, UNIFORM, owner))
    slots.sort(key=lambda item: -item[1])  # the biased ones draw first, from the full pool
    return slots


def discard_caps(obs: Observation) -> list[int]:
    """Per seat, the lowest card it drew and threw away this round (10 if none): it keeps nothing it knows above."""
    caps = [10] * obs.num_seats
    for event in obs.history:
        if event.kind is EventKind.DISCARDED and event.seat is not None:
            caps[event.seat] = min(caps[event.seat], POINTS[event.cards[0]])
    return caps


def sample_deals(
    obs: Observation, seat: int, rng: random.Random, tuning: WakeTuning
) -> list[tuple[list[list[int]], list[int]]]:
    """`tuning.samples` deals that agree with what this seat has seen: every dream's points by position, and the
    points left over (the draw pile, unordered)."""
    pool = [POINTS[c] for c in unseen_cards(obs)]
    slots = _categories(obs, seat, tuning.own_origins)
    caps = discard_caps(obs)
    uniform = [1.0] * 10

    def table(owner: int, bias: float) -> list[float]:
        cap = 10 if tuning.slot_caps else caps[owner]
        return [2.0 ** (-p / bias) * (tuning.above_cap if p > cap else 1.0) for p in range(10)]

    limits = slot_caps(obs, tuning.took_caps) if tuning.slot_caps else {}

    # A dealt card its owner looked at is any card until the owner has had a turn to throw a high one away.
    owned = [tuning.owned_bias if turns_taken(obs, s) else tuning.fresh_bias for s in range(obs.num_seats)]
    tables = [{OWNED: table(s, owned[s]), KEPT: table(s, tuning.kept_bias)} for s in range(obs.num_seats)]
    base = [[POINTS[obs.known[Slot(s, p)]] if Slot(s, p) in obs.known else 0 for p in range(DREAM_SIZE)]
            for s in range(obs.num_seats)]
    deals = []
    for _ in range(tuning.samples):
        left = list(pool)
        dreams = [list(b) for b in base]
        for slot, kind, keeper in slots:
            if kind == UNIFORM or not left:
                index = rng.randrange(len(left))
            else:
                weights = tables[keeper].get(kind, uniform)
                cap = limits.get(slot, 9)
                index = rng.choices(range(len(left)), weights=[
                    weights[p] * (tuning.above_cap if p > cap else 1.0) for p in left])[0]
            left[index], left[-1] = left[-1], left[index]
            dreams[slot.seat][slot.position] = left.pop()
        deals.append((dreams, left))
    return deals


def round_worth(obs: Observation, seat: int, equity: bool) -> Callable[[Sequence[int]], float]:
    """How a round's scores are weighed for the seat: by `utility`, or by the match's winning chance in cats."""
    if not equity:
        return lambda scores: utility(obs, seat, scores)
    played = len(obs.results) + 1
    left = rounds_to_limit(obs.point_limit) if obs.fixed_rounds is None else rounds_of(obs.fixed_rounds, played)
    return MatchEquity(obs.totals, seat, left).worth


def utility(obs: Observation, seat: int, scores: Sequence[int]) -> float:
    """How good a round's scores are for the seat: its lead over the average rival, or the match if it ends."""
    others = [s for i, s in enumerate(scores) if i != seat]
    totals = [t + s for t, s in zip(obs.totals, scores, strict=True)]
    settings = MatchSettings(point_limit=obs.point_limit, penalty=obs.penalty, fixed_rounds=obs.fixed_rounds)
    if match_is_over(settings, totals, len(obs.results) + 1):
        return MATCH_WEIGHT if seat in winners(totals) else -MATCH_WEIGHT
    return sum(others) / len(others) - scores[seat]


@dataclass(frozen=True, slots=True)
class WakeMargins:
    """What a Wake up! weighing found, in cats: a call is made when `often` and the margins add up to at least 0."""

    own: float  # calling against playing on by the rival model, less the threshold that falls with my turns
    played_out: float | None  # calling against playing each deal out (None: play-outs are off)
    often: bool  # the call succeeds as often as the tuning asks

    def total(self, tuning: WakeTuning) -> float:
        """The margins added up as the tuning weighs them: a call is made when `often` and this is at least 0."""
        if self.played_out is None:
            return self.own
        return self.own + tuning.playout_weight * (self.played_out - tuning.playout_offset)


def sampled_wake(obs: Observation, seat: int, rng: random.Random, tuning: WakeTuning) -> bool:
    """Call Wake up! when, over sampled deals, the call succeeds often enough and beats playing on by enough."""
    margins = wake_margins(obs, seat, rng, tuning)
    return margins.often and margins.total(tuning) >= 0


def wake_margins(obs: Observation, seat: int, rng: random.Random, tuning: WakeTuning) -> WakeMargins:
    """Weigh a call over `tuning.samples` sampled deals: its margins over playing on, and whether it succeeds often."""
    called = still = played_on = successes = count = 0.0
    worth = round_worth(obs, seat, tuning.equity)
    deals = sample_deals(obs, seat, rng, tuning)
    caller_model = _RivalModel(obs, seat, tuning) if tuning.rival_weight else None
    weights = (noncall_weights(obs, seat, [dreams for dreams, _ in deals], tuning) if tuning.noncall_weight < 1.0
               else [1.0] * len(deals))
    playout = (Playout(obs, seat, tuning.playout_powers), playout_rng(obs)) if tuning.playout_weight else None
    for (dreams, left), weight in zip(deals, weights, strict=True):
        sums, scores, succeeded = round_scores_points(dreams, seat, obs.penalty)
        count += weight
        successes += weight * succeeded
        called += weight * worth(scores)
        rival = caller_model.caller(dreams) if caller_model is not None else None
        if rival is None:
            still += weight * tuning.lead_share * worth(sums)
        else:
            still += weight * tuning.rival_weight * worth(round_scores_points(dreams, rival, obs.penalty)[1])
        if playout is not None:
            played_on += weight * ending_worth(worth, obs.penalty, playout[0].play(dreams, left, playout[1]))
    threshold = max(tuning.floor, tuning.base - tuning.per_turn * turns_taken(obs, seat))
    played_out = (called - played_on) / count if playout is not None else None
    return WakeMargins((called - still) / count - threshold, played_out, successes >= tuning.min_success * count)


def ending_worth(
    worth: Callable[[Sequence[int]], float], penalty: int, ending: tuple[int | None, list[int]]
) -> float:
    """What a play-out's ending is worth: a rival's call, the seat's own later call, or a dry pile."""
    caller, sums = ending
    return worth(sums if caller is None else call_scores(sums, caller, penalty)[0])


def noncall_weights(
    obs: Observation, seat: int, deals: Sequence[Sequence[Sequence[int]]], tuning: WakeTuning
) -> list[float]:
    """Per deal, `tuning.noncall_weight` for each rival that would have called at the start of its latest turn."""
    pool = [POINTS[c] for c in unseen_cards(obs)]
    mean = sum(pool) / len(pool) if pool else 4.5
    kept = kept_from_draw(obs)
    snapshots = [t for s, t in last_turns(obs).items() if s != seat]
    crowded = 2.0 if obs.num_seats >= 4 else 0.0
    rules = []
    for snap in snapshots:
        limit = tuning.rival_start - crowded - tuning.rival_per_turn * snap.turns
        # What it took the other dreams for: the cards it knows, a kept card low, any other card the mean.
        sees = [[p for p in range(DREAM_SIZE) if Slot(s, p) in obs.known_slots[snap.seat]]
                for s in range(obs.num_seats)]
        fixed = [sum(KEPT_GUESS if kept.get(Slot(s, p)) not in (None, snap.seat) else mean
                     for p in range(DREAM_SIZE) if p not in sees[s]) for s in range(obs.num_seats)]
        rules.append((snap, limit, sees, fixed))
    weights = []
    for dreams in deals:
        weight = 1.0
        for snap, limit, sees, fixed in rules:
            own = sum(snap.given.get(p, dreams[snap.seat][p]) if p in snap.knew else mean for p in range(DREAM_SIZE))
            others = min(fixed[s] + sum(dreams[s][p] for p in sees[s]) for s in range(obs.num_seats) if s != snap.seat)
            if own <= limit and own + tuning.rival_lead <= others:
                weight *= tuning.noncall_weight
        weights.append(weight)
    return weights


class _RivalModel:
    """Whether a rival would call Wake up! on its next turn in a sampled deal, by a sharp-like rule."""

    def __init__(self, obs: Observation, seat: int, tuning: WakeTuning) -> None:
        self.seat, self.num_seats = seat, obs.num_seats
        kept = kept_from_draw(obs)
        self.rivals = [s for s in range(obs.num_seats) if s != seat]
        self.limits = {r: tuning.rival_start - (2.0 if obs.num_seats >= 4 else 0.0)
                       - tuning.rival_per_turn * turns_taken(obs, r) for r in self.rivals}
        self.lead = tuning.rival_lead
        # Per rival and per seat, positions the rival knows, and positions it takes for kept by another seat.
        self.sees = {r: [[p for p in range(DREAM_SIZE) if Slot(s, p) in obs.known_slots[r]]
                         for s in range(obs.num_seats)] for r in self.rivals}
        self.kept = {r: [[p for p in range(DREAM_SIZE) if kept.get(Slot(s, p)) not in (None, r)
                          and Slot(s, p) not in obs.known_slots[r]] for s in range(obs.num_seats)]
                     for r in self.rivals}

    def caller(self, dreams: list[list[int]]) -> int | None:
        """The first rival (in turn order) that would call in this deal, if any."""
        cards = dreams
        for rival in self.rivals:
            guesses = [self._guess(rival, s, cards[s]) for s in range(self.num_seats)]
            own = guesses[rival]
            others = min(g for s, g in enumerate(guesses) if s != rival)
            if own <= self.limits[rival] and own + self.lead <= others:
                return rival
        return None

    def _guess(self, rival: int, seat: int, cards: list[int]) -> float:
        seen, kept = self.sees[rival][seat], self.kept[rival][seat]
        return (sum(cards[p] for p in seen) + KEPT_GUESS * len(kept)
                + OPEN_VALUE * (DREAM_SIZE - len(seen) - len(kept)))


def round_scores_points(
    dreams: Sequence[Sequence[int]], caller: int, penalty: int
) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """Sums, scores and success of a call, for dreams given as points."""
    sums = tuple(sum(d) for d in dreams)
    scores, succeeded = call_scores(sums, caller, penalty)
    return sums, scores, succeeded


def call_scores(sums: Sequence[int], caller: int, penalty: int) -> tuple[tuple[int, ...], bool]:
    """The round's scores when `caller` called with these dream sums, and whether the call succeeded."""
    succeeded = sums[caller] <= min(sums)
    return tuple(s + (penalty if i == caller and not succeeded else 0) for i, s in enumerate(sums)), succeeded


__all__ = [
    "MATCH_WEIGHT", "WakeMargins", "WakeTuning", "call_scores", "noncall_weights", "round_scores_points",
    "ending_worth", "round_worth", "sample_deals", "sampled_wake", "utility", "wake_margins",
]
