"""Every caption drawn on a picture, so that the bot can pass a translated set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.dreamcats import Card
from images.fonts import clean


@dataclass(frozen=True, slots=True)
class PictureText:
    """The captions and labels of the pictures (English defaults); `{...}` fields are filled in by str.format."""

    take_2: str = "Take 2"
    peek_1: str = "Peek 1"
    swap_2: str = "Swap 2"
    draw_pile: str = "Draw pile"
    discard: str = "Discard"
    empty: str = "empty"
    turn_of: str = "{name}'s turn"
    round: str = "Round {number}"
    you: str = "you"
    seat: str = "Seat {number}"
    in_hand: str = "In your hand"
    keep_one: str = "Keep one"
    wake_up: str = "Wake up!"
    penalty: str = "+{penalty} penalty"
    sum: str = "Sum"
    score: str = "Score"
    total: str = "Total"
    round_over: str = "Round {number}: dreams revealed"
    round_over_empty: str = "Round {number}: the draw pile ran out"
    standings: str = "Final standings"
    rounds: str = "Rounds"
    move_swapped_in: str = "{name}: drew, put it in {position}, discarded {card}"
    move_discarded: str = "{name}: drew and discarded {card}"
    move_took: str = "{name}: took the {card} into {position}, discarded {given}"
    move_peek: str = "{name}: {power} — looked at {slot}"
    move_swap: str = "{name}: {power} — {first} ⇄ {second}"
    move_first_peek: str = "{name}: looked at {first} and {second}"
    called_mark: str = "called Wake up!"
    penalty_mark: str = "Wake up! without the lowest sum: penalty"
    origin_drawn: str = "from the draw pile"
    origin_discard: str = "from the discard"
    origin_swapped: str = "by Swap 2"
    origin_dealt: str = "unmarked: dealt"
    alt_table: str = "Dreamcats table, round {number}. {seats}. {turn}. Draw pile: {draw}. Discard: {discard}."
    alt_seat: str = "{name} {total}"
    alt_private: str = "Your dream: {dream}. {hand}"
    alt_hand: str = "In your hand: {cards}."
    alt_hidden: str = "face down"
    alt_seen: str = "Also shown: {cards}"
    alt_reveal: str = "Round {number} revealed. {seats}."
    alt_reveal_seat: str = "{name}: {cards}, sum {sum}, score {score}, total {total}"
    alt_called: str = "{name} called Wake up!"
    alt_standings: str = "Final standings: {seats}. {winners}."
    alt_place: str = "{place}. {name} {total}"
    alt_winners: str = "Winner: {names}"
    alt_winners_many: str = "Winners: {names}"

    def card_name(self, card: Card) -> str:
        """The name printed for a card: its number, or a special card's name."""
        specials = {Card.TAKE_2: self.take_2, Card.PEEK_1: self.peek_1, Card.SWAP_2: self.swap_2}
        return specials.get(card, str(int(card)))

    def seat_name(self, names: Sequence[str], seat: int) -> str:
        """The display name of a seat, or "Seat N" when none was given or none of it can be drawn."""
        name = str(names[seat]).strip() if 0 <= seat < len(names) else ""
        return name if clean(name) else self.seat.format(number=seat + 1)


ENGLISH = PictureText()
