"""Short alt texts for the pictures; like the pictures, they hold no card the viewer may not see."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence
from typing import Protocol

from game.dreamcats import Card, Event, Observation, RoundResult
from game.dreamcats.hindsight import Origin, Placed
from images.dreamcats.caption import caption_of, last_move
from images.dreamcats.origins import origin_word
from images.dreamcats.standings import places, standings_order
from images.dreamcats.text import ENGLISH, PictureText


class ShownDream(Protocol):
    """What a private picture shows (images.dreamcats.dream.Dream, which draws with this module's alt text)."""

    @property
    def cards(self) -> tuple[Card | None, ...]:
        """The seat's positions 1-4: the card when face up, None when face down."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The card held, or Take 2's options."""
        ...

    @property
    def other(self) -> tuple[str, int, Card] | None:
        """Another seat's card seen: its name, position and card."""
        ...

    @property
    def text(self) -> PictureText:
        """The picture's language."""
        ...

_UNSAFE = {"Cc", "Cs", "Co", "Cn"}  # control characters and lone surrogates, which JSON cannot carry
MAX_ALT = 1000  # Discord's limit for an attachment description is 1024 characters


def _short(text: str) -> str:
    text = " ".join(text.split())
    text = "".join(c for c in text if unicodedata.category(c) not in _UNSAFE)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def _seats(obs: Observation, names: Sequence[str], text: PictureText) -> str:
    return ", ".join(
        text.alt_seat.format(name=text.seat_name(names, s), total=obs.totals[s]) for s in range(obs.num_seats)
    )


def table_alt(
    obs: Observation, names: Sequence[str], text: PictureText = ENGLISH, last_events: Sequence[Event] = ()
) -> str:
    """The public table in words: seats and totals, whose turn, the draw pile count, the discard and the last move."""
    turn = "" if obs.over else text.turn_of.format(name=text.seat_name(names, obs.turn))
    sentence = text.alt_table.format(
        number=obs.round_number, seats=_seats(obs, names, text), turn=turn, draw=obs.draw_count,
        discard=_card(obs.discard_top, text),
    )
    move = caption_of(last_move(last_events), names, text, cut=MAX_ALT)
    return _short(sentence.replace(". .", ".") + (f" {move}." if move else ""))


def _card(card: Card, text: PictureText) -> str:
    name = text.card_name(card)
    return f"{name} ({card.points})" if card.is_special else name


def private_alt(dream: ShownDream) -> str:
    """The private picture in words: the seat's cards by position (face up or down), any other card, the hand."""
    text = dream.text
    cards = ", ".join(f"{p + 1}: " + (_card(c, text) if c is not None else text.alt_hidden)
                      for p, c in enumerate(dream.cards))
    if dream.other is not None:
        name, position, card = dream.other
        cards += ". " + text.alt_seen.format(cards=f"{name} {position + 1}: {_card(card, text)}")
    hand = text.alt_hand.format(cards=", ".join(_card(c, text) for c in dream.hand)) if dream.hand else ""
    return _short(text.alt_private.format(dream=cards, hand=hand))


def _revealed(card: Card, placed: Placed | None, text: PictureText) -> str:
    """A revealed card, with how it got there unless it was dealt."""
    if placed is None or placed.origin is Origin.DEALT:
        return _card(card, text)
    return f"{_card(card, text)} ({origin_word(placed.origin, text)})"


def reveal_alt(
    result: RoundResult, names: Sequence[str], totals: Sequence[int], text: PictureText = ENGLISH,
    origins: Sequence[Sequence[Placed]] | None = None,
) -> str:
    """The revealed round in words: each seat's cards (with their origins, if given), sum, score and total, and who
    called Wake up!."""
    def placed(seat: int, position: int) -> Placed | None:
        if origins is None or seat >= len(origins) or position >= len(origins[seat]):
            return None
        return origins[seat][position]

    seats = "; ".join(
        text.alt_reveal_seat.format(
            name=text.seat_name(names, s),
            cards=", ".join(_revealed(c, placed(s, p), text) for p, c in enumerate(result.dreams[s])),
            sum=result.sums[s], score=result.scores[s], total=totals[s] if s < len(totals) else 0,
        )
        for s in range(len(result.sums))
    )
    called = "" if result.caller is None else " " + text.alt_called.format(name=text.seat_name(names, result.caller))
    return _short(text.alt_reveal.format(number=result.number, seats=seats) + called)


def standings_alt(
    totals: Sequence[int], names: Sequence[str], winners: Sequence[int], text: PictureText = ENGLISH, *,
    left: Collection[int] = ()
) -> str:
    """The final standings in words, best first, and the winner(s)."""
    place_of, order = places(totals, left), standings_order(totals, left)
    seats = ", ".join(
        text.alt_place.format(place=place_of[s], name=text.seat_name(names, s), total=totals[s]) for s in order
    )
    template = text.alt_winners if len(winners) == 1 else text.alt_winners_many
    won = template.format(names=", ".join(text.seat_name(names, s) for s in winners))
    return _short(text.alt_standings.format(seats=seats, winners=won))
