"""Every word drawn on the Dream 21 pictures and their alt texts, so that the bot can pass a translated set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21 import Card
from images.fonts import clean


@dataclass(frozen=True, slots=True)
class Dream21Text:
    """The captions and labels of the Dream 21 pictures (English defaults); `{...}` fields are filled by str.format."""

    hand_of: str = "Hand {number} of {count}"
    turn_of: str = "{name}'s turn"
    leads: str = "{name} leads a new trick"
    takes: str = "{name} takes the trick"
    total: str = "Total"
    draw_pile: str = "Draw pile"
    cards: str = "Cards"
    tricks: str = "Tricks"
    match_total: str = "Match"
    dealer_mark: str = "D"
    dealer: str = "dealer"
    seat: str = "Seat {number}"
    played: str = "{name} played {card} — total {total}"
    made_21: str = "{name} made 21: {other} takes the trick"
    could_not_play: str = "{name} could not play and takes the trick"
    # The same two moves under the table's ribbon, which already names who takes the trick.
    made_21_alone: str = "{name} made 21!"
    could_not_play_alone: str = "{name} could not play"
    drew: str = "{name} drew a card"
    went_out: str = "{name} played their last card and is out"
    your_hand: str = "Your hand"
    drawn: str = "Drawn"
    your_turn_lead: str = "You lead: play any card"
    your_turn_draw: str = "Draw first — or play a card that makes 21"
    your_turn_play: str = "Play a card that keeps the total at 21 or below"
    waiting: str = "Waiting: {name}'s turn"
    next_hand_lead: str = "The next hand starts soon: you lead it"
    hand_over: str = "Hand {number}: {name} went out"
    hand_stopped: str = "Hand {number}: stopped after too many plays"
    out_mark: str = "Out"
    score: str = "Score"
    standings: str = "Final standings"
    hands: str = "Hands"
    alt_trick: str = "Dream 21, hand {number} of {count}. {trick} {turn}. {seats}. Draw pile: {draw}. {move}"
    alt_trick_cards: str = "Trick: {cards}, total {total} of 21."
    alt_trick_empty: str = "No card on the trick yet."
    alt_seat: str = "{name}{dealer}: {cards} cards, {tricks} tricks, match {total}"
    alt_dealer: str = " (dealer)"
    alt_hand: str = "Your hand: {cards}. Total on the trick: {total} of 21. {hint}"
    alt_drawn: str = "{card} (just drawn)"
    alt_playable: str = "Playable now: {cards}."
    alt_none: str = "none"
    alt_hand_end: str = "{title}. {seats}."
    alt_hand_end_seat: str = "{name}: {tricks} tricks, scores {score}, total {total}"
    alt_standings: str = "Final standings: {seats}. {winners}."
    alt_place: str = "{place}. {name} {total}"
    alt_winners: str = "Winner: {names}"
    alt_winners_many: str = "Winners: {names}"

    def seat_name(self, names: Sequence[str], seat: int) -> str:
        """The display name of a seat, or "Seat N" when none was given or none of it can be drawn."""
        name = str(names[seat]).strip() if 0 <= seat < len(names) else ""
        return name if clean(name) else self.seat.format(number=seat + 1)

    @staticmethod
    def card_name(card: Card) -> str:
        """A card as printed: rank and suit symbol ("7♠", "10♥", "A♦")."""
        return str(card)


ENGLISH = Dream21Text()
