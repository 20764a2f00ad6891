"""Who wins a duel (RULES-catduel.md §7) and the match, and the standings' totals."""

from __future__ import annotations

from collections.abc import Sequence

from game.catduel.state import DuelState, MatchState

WIN_HP = 20
MAX_ROUNDS = 200  # the safety stop of §7


def highest(duel: DuelState, seats: Sequence[int]) -> tuple[int, ...]:
    """The seats among these with the highest HP (equal share)."""
    top = max(duel.seats[seat].hp for seat in seats)
    return tuple(seat for seat in seats if duel.seats[seat].hp == top)


def duel_winners(duel: DuelState) -> tuple[int, ...] | None:
    """The winners at the end of the round, or None while the duel goes on."""
    living = duel.living()
    rich = [seat for seat in living if duel.seats[seat].hp >= WIN_HP]
    if rich:
        return highest(duel, rich)
    if len(living) == 1:
        return (living[0],)
    if not living:  # the last cats all went out this round: they share the win
        return tuple(seat for seat, cat in enumerate(duel.seats) if cat.out_round == duel.round)
    if duel.round >= MAX_ROUNDS:
        return highest(duel, living)
    return None


def match_winners(wins: Sequence[int], needed: int) -> tuple[int, ...]:
    """The seats that won the match: the most duel wins, once some seat has the majority (empty before)."""
    top = max(wins)
    if top < needed:
        return ()
    return tuple(seat for seat, won in enumerate(wins) if won == top)


def totals(state: MatchState) -> tuple[int, ...]:
    """Each seat's total for the standings, lower is better: duels short of the best seat's wins."""
    top = max(state.wins)
    return tuple(top - won for won in state.wins)
