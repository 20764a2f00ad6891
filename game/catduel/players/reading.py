"""The hard player face to face (one opponent left): the other cat's likely strategies, and the worth of each of mine.

The other cat is taken to play like the normal computer player, corrected by what its reveals showed this duel;
the card it plays is guessed from its hand size and the cards nobody has seen yet (27 less my hand and the used
pile). Each of my strategies is worth its chance to win the duel after the round (`duel.value`), averaged over
the other cat's strategies and the two settlement orders, plus what the round does to my hand.
"""

from __future__ import annotations

from math import comb

from game.catduel.actions import Choose
from game.catduel.cards import COPIES, Ability, Chance, Move
from game.catduel.observation import Observation
from game.catduel.players.common import FAVOURITES
from game.catduel.players.duel import Side, normal_moves, settle, value, worth
from game.catduel.scoring import WIN_HP

TRUST = 4.0  # how many reveals the normal-like prior counts for
CARD_WORTH = 0.02  # a chance card in hand, in chance to win
Strategy = tuple[float, Side]  # a strategy of the other cat with its chance


def unseen(obs: Observation) -> dict[Chance, int]:
    """How many of each card could be in another hand: all copies less mine and the used pile."""
    return {card: max(0, COPIES - obs.hand.count(card) - obs.used.count(card)) for card in Chance}


def chance_of_none(pool: dict[Chance, int], cards: tuple[Chance, ...], held: int) -> float:
    """The chance that a hand of `held` cards from the pool holds none of these cards."""
    total = sum(pool.values())
    held = min(held, total)
    missing = sum(pool[card] for card in cards)
    return comb(total - missing, held) / comb(total, held) if total else 1.0


def card_odds(pool: dict[Chance, int], move: Move, held: int) -> list[tuple[float, Chance | None]]:
    """The card the other cat plays with its move, as normal does: its favourite held, 60 % of the time if short."""
    keen = 1.0 if held >= 3 else 0.6
    odds: list[tuple[float, Chance | None]] = []
    before: tuple[Chance, ...] = ()
    for card in FAVOURITES[move]:
        p = chance_of_none(pool, before, held) - chance_of_none(pool, (*before, card), held)
        odds.append((keen * p, card))
        before = (*before, card)
    odds.append((1.0 - sum(p for p, _ in odds), None))
    return [(p, card) for p, card in odds if p > 0]


def move_odds(obs: Observation, seat: int, other: int, pool: dict[Chance, int]) -> dict[Move, float]:
    """The other cat's move: the normal-like guess, corrected by its reveals this duel."""
    mine, theirs, held = obs.hps[seat], obs.hps[other], obs.hand_sizes[other]
    has = {card: 1.0 - chance_of_none(pool, (card,), held)
           for card in (Chance.DOUBLE_SCRATCH, Chance.GUARANTEED_PURRING)}
    odds = dict.fromkeys(Move, 0.0)
    forced = has[Chance.DOUBLE_SCRATCH] if mine == 2 else 0.0
    odds[Move.SCRATCH] += forced
    purr = (1 - forced) * has[Chance.GUARANTEED_PURRING] if theirs >= WIN_HP - 2 and mine > 1 else 0.0
    odds[Move.PURR] += purr
    for p, move in normal_moves(mine, theirs):
        odds[move] += (1 - forced - purr) * p
    shown = obs.moves_shown[other] if obs.moves_shown else (0, 0, 0)
    seen = sum(shown)
    return {move: (TRUST * odds[move] + shown[i]) / (TRUST + seen) for i, move in enumerate(Move)}


def ready(obs: Observation, seat: int, ability: Ability) -> bool:
    """Whether the seat has this ability ready this round."""
    return ability in obs.abilities[seat] and dict(obs.ready_from[seat]).get(ability, 0) <= obs.round


def side(obs: Observation, seat: int, move: Move | None, card: Chance | None) -> Side:
    """A cat's part in the round from the public table."""
    crit = (seat, Ability.CRITICAL_HIT) in obs.active
    return Side(obs.hps[seat], move, card, crit, ready(obs, seat, Ability.REJUVENATION))


def strategies(obs: Observation, seat: int, other: int) -> list[Strategy]:
    """The other cat's likely strategies with their chances."""
    if (other, Ability.LONELINESS) in obs.active:
        return [(1.0, side(obs, other, None, None))]
    pool = unseen(obs)
    held = obs.hand_sizes[other]
    return [(p * q, side(obs, other, move, card))
            for move, p in move_odds(obs, seat, other, pool).items() if p > 0
            for q, card in card_odds(pool, move, held)]


def me_first(obs: Observation, seat: int, other: int) -> float:
    """The chance that my scratch is settled first (Spotlight, else a coin toss)."""
    lit = [s for s in (seat, other) if (s, Ability.SPOTLIGHT) in obs.active]
    return 0.5 if len(lit) != 1 else 1.0 if lit == [seat] else 0.0


def worth_of(obs: Observation, choice: Choose, theirs: list[Strategy], first: float) -> float:
    """The expected chance to win after the round with this strategy."""
    mine = side(obs, choice.seat, choice.move, choice.card)
    spent = choice.card is not None
    total = 0.0
    for p, other in theirs:
        for order, q in ((True, first), (False, 1 - first)):
            if q > 0:
                a, b, earned = settle(mine, other, order)
                over = worth(a, b)
                total += p * q * (over if over is not None else value(a, b) + CARD_WORTH * (earned - spent))
    return total
