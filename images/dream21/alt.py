"""Short alt texts for the Dream 21 pictures; like the pictures, they hold no card the viewer may not see."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence

from game.dream21 import HandResult, Observation
from images.dream21.hand import hint, playable
from images.dream21.moves import last_move, shown_trick
from images.dream21.scores import hand_title
from images.dream21.text import ENGLISH, Dream21Text
from images.dreamcats.alt import MAX_ALT
from images.dreamcats.standings import places, standings_order

_UNSAFE = {"Cc", "Cs", "Co", "Cn"}  # control characters and lone surrogates, which JSON cannot carry


def _short(text: str) -> str:
    text = "".join(c for c in " ".join(text.split()) if unicodedata.category(c) not in _UNSAFE)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def trick_alt(obs: Observation, names: Sequence[str], text: Dream21Text = ENGLISH) -> str:
    """The public table in words: the trick and its total, whose turn, each seat, the draw pile and the last move."""
    assert obs.seat is None, "the public table is described from the public observation only"
    trick = shown_trick(obs)
    if trick.cards:
        shown = [text.card_name(c) + (" (11)" if i in trick.high else "") for i, c in enumerate(trick.cards)]
        cards = text.alt_trick_cards.format(cards=", ".join(shown), total=trick.total)
    else:
        cards = text.alt_trick_empty
    seats = ", ".join(
        text.alt_seat.format(name=text.seat_name(names, s), dealer=text.alt_dealer if s == obs.dealer else "",
                             cards=obs.hand_sizes[s], tricks=obs.tricks[s], total=obs.totals[s])
        for s in range(obs.num_seats)
    )
    turn = "" if obs.over else text.turn_of.format(name=text.seat_name(names, obs.turn))
    move = last_move(obs.history, names, text, cut=1000)
    sentence = text.alt_trick.format(number=obs.hand_number, count=obs.hands_in_match, trick=cards, turn=turn,
                                     seats=seats, draw=obs.draw_count, move=f"{move}." if move else "")
    return _short(sentence.replace(" .", "").replace("..", "."))


def hand_alt(obs: Observation, *, names: Sequence[str] = (), text: Dream21Text = ENGLISH, paused: bool = False) -> str:
    """A seat's own hand in words: its cards (the drawn one said), what it may play now, and the trick's total."""
    assert obs.seat is not None, "a private hand is described from that seat's own observation"
    cards = ", ".join(text.alt_drawn.format(card=text.card_name(c)) if c == obs.drawn else text.card_name(c)
                      for c in obs.hand)
    can = playable(obs, paused=paused)
    line = hint(obs, tuple(names), text, paused=paused)
    if can.marked:
        shown = [text.card_name(c) for c in obs.hand if c in can.cards]
        line = f"{line}. " + text.alt_playable.format(cards=", ".join(dict.fromkeys(shown)) or text.alt_none)
    return _short(text.alt_hand.format(cards=cards or text.alt_none, total=obs.total, hint=line))


def hand_end_alt(result: HandResult, names: Sequence[str], totals: Sequence[int], text: Dream21Text = ENGLISH) -> str:
    """The hand's end in words: who went out, and each seat's tricks, score and total."""
    seats = "; ".join(
        text.alt_hand_end_seat.format(name=text.seat_name(names, s), tricks=result.tricks[s], score=result.scores[s],
                                      total=totals[s] if s < len(totals) else 0)
        for s in range(len(result.scores))
    )
    return _short(text.alt_hand_end.format(title=hand_title(result, names, text), seats=seats))


def standings_alt(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                  text: Dream21Text = ENGLISH, *, left: Collection[int] = ()) -> str:
    """The final standings in words, lowest total first, and the winner(s)."""
    place_of, order = places(totals, left), standings_order(totals, left)
    seats = ", ".join(
        text.alt_place.format(place=place_of[s], name=text.seat_name(names, s), total=totals[s]) for s in order
    )
    template = text.alt_winners if len(winners) == 1 else text.alt_winners_many
    won = template.format(names=", ".join(text.seat_name(names, s) for s in winners))
    return _short(text.alt_standings.format(seats=seats, winners=won))
