"""The hard player's two-cat arithmetic: one round settled by the rules of §4-§5, and a win chance per HP pair.

`settle` plays one round between two cats exactly as the engine does for two seats (scratches in the settlement
order, then purrs and guards, then Critical Hit's cost and Rejuvenation). `win_chance` is the chance to win a
duel from an HP pair, found once by value iteration when both cats play like the normal computer player without
cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.catduel.cards import Chance, Move
from game.catduel.scoring import WIN_HP

SHARED = 0.5  # the worth of a shared win
PATIENCE = 0.995  # a round later is a little less sure: the chance to win drifts back to even by this each round
TOP = WIN_HP - 1
SETTLED = 1e-5  # the value iteration stops once no chance moves by more
Outcome = tuple[int, int, int]  # my HP, the other cat's HP, chance cards I earn


@dataclass(frozen=True, slots=True)
class Side:
    """One cat's part in a round: its HP, its strategy (move None: it skips) and what changes its damage or HP."""

    hp: int
    move: Move | None
    card: Chance | None = None
    crit: bool = False
    rejuvenates: bool = False


def settle(mine: Side, theirs: Side, me_first: bool) -> Outcome:
    """The round settled with this settlement order."""
    sides = (mine, theirs)
    hps = [mine.hp, theirs.hp]
    attacked = [False, False]
    stopped = [False, False]
    for s in ((0, 1) if me_first else (1, 0)):
        t = 1 - s
        if hps[s] > 0 and hps[t] > 0 and sides[s].move is Move.SCRATCH:
            _scratch(sides[s], sides[t], hps, attacked, stopped, s)
    earned = 0
    for i, side in enumerate(sides):
        if hps[i] > 0:
            hps[i] += _own(side, attacked[i], stopped[i])
            earned += i == 0 and _earns(side, attacked[i], stopped[i])
    for i, side in enumerate(sides):
        if hps[i] > 0:
            hps[i] += side.rejuvenates - side.crit
    return hps[0], hps[1], earned


def _scratch(by: Side, on: Side, hps: list[int], attacked: list[bool], stopped: list[bool], s: int) -> None:
    t = 1 - s
    damage = (2 if by.card is Chance.DOUBLE_SCRATCH else 1) * (2 if by.crit else 1)
    if on.move is Move.PURR:
        attacked[t] = True
    elif on.move is Move.GUARD and by.card is not Chance.CANT_GUARD:
        stopped[t] = True
        if on.card is Chance.REVERSE_SCRATCH and by.card is not Chance.CANT_REVERSE:
            hps[s] -= damage
    else:
        hps[t] -= damage


def _own(side: Side, attacked: bool, stopped: bool) -> int:
    """The HP change of a cat's own Purr or Guard."""
    if side.move is Move.PURR:
        if side.card is Chance.GUARANTEED_PURRING:
            return 1
        return -1 if attacked else 2 if side.card is Chance.DOUBLE_PURRING else 1
    if side.move is Move.GUARD and stopped and side.card is Chance.GUARD_AND_HEAL:
        return 1
    return 0


def _earns(side: Side, attacked: bool, stopped: bool) -> bool:
    if side.card is Chance.PURR_AND_DRAW:
        return side.move is Move.PURR and not attacked
    return side.card is Chance.GUARD_AND_DRAW and stopped


def worth(mine: int, theirs: int) -> float | None:
    """The worth of an HP pair at the end of a round if the duel is over there, else None."""
    if mine <= 0:
        return SHARED if theirs <= 0 else 0.0
    if theirs <= 0:
        return 1.0
    if mine >= WIN_HP or theirs >= WIN_HP:
        return 1.0 if mine > theirs else 0.0 if theirs > mine else SHARED
    return None


def value(mine: int, theirs: int) -> float:
    """The worth of an HP pair at the end of a round: the duel's result, or the chance to win from there."""
    over = worth(mine, theirs)
    if over is not None:
        return over
    return win_chance()[min(mine, TOP)][min(theirs, TOP)]


def normal_moves(mine: int, theirs: int) -> tuple[tuple[float, Move], ...]:
    """How the normal player (at `theirs` HP, against `mine`) picks its move when it holds no card."""
    if mine <= 1:
        return ((1.0, Move.SCRATCH),)
    if theirs <= 3:
        return ((1.0, Move.GUARD),)
    return ((0.35, Move.PURR), (0.25, Move.GUARD), (0.4, Move.SCRATCH))


@cache
def win_chance() -> tuple[tuple[float, ...], ...]:
    """The chance to win from each HP pair (indices 1 to 19) when both cats play like a cardless normal player."""
    steps = {(a, b): _step(a, b) for a in range(1, WIN_HP) for b in range(1, WIN_HP)}
    table = [[0.5] * WIN_HP for _ in range(WIN_HP)]
    for _ in range(1000):
        change = 0.0
        for (a, b), (fixed, onward) in steps.items():
            new = fixed + sum(w * table[x][y] for w, x, y in onward)
            change = max(change, abs(new - table[a][b]))
            table[a][b] = new
        if change < SETTLED:
            break
    return tuple(tuple(row) for row in table)


def _step(a: int, b: int) -> tuple[float, list[tuple[float, int, int]]]:
    """One round from an HP pair, discounted: the worth of the ends that finish the duel, and the weight of the rest."""
    fixed = 0.5 * (1 - PATIENCE)
    onward: dict[tuple[int, int], float] = {}
    for q, m in normal_moves(WIN_HP, WIN_HP):
        for p, n in normal_moves(a, b):
            for order in (True, False):
                x, y, _ = settle(Side(a, m), Side(b, n), order)
                weight = PATIENCE * p * q / 2
                over = worth(x, y)
                if over is None:
                    onward[(x, y)] = onward.get((x, y), 0.0) + weight
                else:
                    fixed += weight * over
    return fixed, [(w, x, y) for (x, y), w in onward.items()]
