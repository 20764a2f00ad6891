"""A strategy being put together in a private reply: move, chance card, targets — before it is confirmed.

The draft lives only in the reply's custom_ids (so it survives a restart and costs the bot nothing to keep): the
move as a number, the card as its place in the seat's sorted hand (never its name), the targets as seat digits.
The hand cannot change while a round's strategies are being chosen, so a place names the same card throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service import StaleButtonError
from game.catduel import Action, Chance, Choose, Move, Observation, Strategy

MOVES = tuple(Move)  # a move's number is its place here plus one; 0 is no move yet


@dataclass(frozen=True, slots=True)
class Draft:
    """Move (None: not yet), card (its place in the sorted hand plus one; 0: none) and targets (seats)."""

    move: Move | None = None
    card: int = 0
    targets: tuple[int, ...] = ()

    @property
    def move_code(self) -> int:
        """The move as a custom_id argument."""
        return 0 if self.move is None else MOVES.index(self.move) + 1

    @property
    def targets_code(self) -> str:
        """The targets as a custom_id argument: one digit per seat (seat + 1), "0" for none."""
        return "".join(str(seat + 1) for seat in self.targets) or "0"

    def choice(self, obs: Observation, legal: Sequence[Action]) -> Choose | None:
        """The legal strategy this draft stands for, or None while it is incomplete (or no longer possible)."""
        if self.move is None or obs.seat is None:
            return None
        wanted = Choose(obs.seat, self.move, self.targets, card_at(obs, self.card))
        return wanted if wanted in legal else None


def card_at(obs: Observation, place: int) -> Chance | None:
    """The card at a place of the seat's sorted hand (plus one; 0: none); a place beyond the hand is stale."""
    if place == 0:
        return None
    if not 0 < place <= len(obs.hand):
        raise StaleButtonError("That card is no longer in your hand.")
    return obs.hand[place - 1]


def place_of(obs: Observation, card: Chance | None) -> int:
    """The place (plus one) of a card in the seat's sorted hand; 0 for none."""
    return 0 if card is None else obs.hand.index(card) + 1


def draft_of(strategy: Strategy | None, obs: Observation) -> Draft:
    """The draft that shows a chosen strategy (or an empty one)."""
    if strategy is None:
        return Draft()
    return Draft(strategy.move, place_of(obs, strategy.card) if strategy.card in obs.hand else 0, strategy.targets)


def parse_move(code: int) -> Move | None:
    """The move of a custom_id argument; StaleButtonError if it is not one."""
    if not 0 <= code <= len(MOVES):
        raise StaleButtonError("That move is not one of ours.")
    return None if code == 0 else MOVES[code - 1]


def parse_targets(code: str) -> tuple[int, ...]:
    """The targets of a custom_id argument or select value ("0": none)."""
    if not code.isdecimal():
        raise StaleButtonError("Those targets are not ours.")
    return () if code == "0" else tuple(int(digit) - 1 for digit in code)


def options_for(legal: Sequence[Action], move: Move | None, card: Chance | None) -> list[Choose]:
    """The legal strategies with this move and card (their targets differ)."""
    return [a for a in legal if isinstance(a, Choose) and a.move is move and a.card == card]


def cards_for(legal: Sequence[Action], move: Move | None) -> list[Chance]:
    """The chance cards the seat may play with this move, in hand order."""
    found = {a.card for a in legal if isinstance(a, Choose) and a.move is move and a.card is not None}
    return sorted(found)


def settle(draft: Draft, obs: Observation, legal: Sequence[Action]) -> Draft:
    """The draft made whole where only one choice is left: its targets when just one target (set) is possible."""
    if draft.move is None:
        return draft
    options = options_for(legal, draft.move, card_at(obs, draft.card))
    if any(option.targets == draft.targets for option in options):
        return draft
    return Draft(draft.move, draft.card, options[0].targets if len(options) == 1 else ())
