"""The captions: the two pile captions never run into each other, and the last move is told in one line."""

from __future__ import annotations

import random
from dataclasses import replace

from game.dreamcats import Card, Event, EventKind, MatchSettings, Slot, new_match, public_observation
from images.dreamcats import PictureText, render_table
from images.dreamcats.caption import caption_of, last_move
from images.dreamcats.layout import WIDTH
from images.dreamcats.marks import marks_from
from images.fonts import clean, isolated, text_sprite


def _gap_strip(text: PictureText) -> bytes:
    """The pixels of the 16 px wide strip between the two piles, top to bottom."""
    obs = public_observation(new_match(2, MatchSettings(), random.Random(5)))
    image = render_table(obs, ["Ana", "Bo"], text=text).convert("RGB")
    return image.crop((WIDTH // 2 - 8, 0, WIDTH // 2 + 8, image.height)).tobytes()


def test_long_pile_captions_leave_the_gap_between_the_piles_clear() -> None:
    blank = _gap_strip(replace(PictureText(), draw_pile="", discard=""))
    long = _gap_strip(replace(PictureText(), draw_pile="W" * 40, discard="M" * 40))
    assert long == blank


def test_the_usual_captions_are_drawn() -> None:
    obs = public_observation(new_match(2, MatchSettings(), random.Random(5)))
    plain = render_table(obs, ["Ana", "Bo"], text=PictureText()).tobytes()
    blank = render_table(obs, ["Ana", "Bo"], text=replace(PictureText(), draw_pile="", discard="")).tobytes()
    assert plain != blank


def _swap(seat: int, first: Slot, second: Slot) -> Event:
    return Event(EventKind.USED_SWAP, seat, cards=(Card.SWAP_2,), slots=(first, second))


NAMES = ["Ana", "Bo", "Ela"]


def test_the_last_move_is_told_in_one_line() -> None:
    events = [Event(EventKind.DREW, 1, count=1), _swap(1, Slot(0, 2), Slot(2, 0))]
    assert caption_of(last_move(events), NAMES, PictureText()) == "Bo: Swap 2 — Ana 3 ⇄ Ela 1"


def test_only_the_most_recent_finished_move_is_marked() -> None:
    peek = Event(EventKind.USED_PEEK, 0, cards=(Card.PEEK_1,), slots=(Slot(2, 3),))
    swap = _swap(1, Slot(0, 2), Slot(2, 0))
    drew = Event(EventKind.DREW, 1, count=1)
    events = [Event(EventKind.DREW, 0, count=1), peek, drew, swap,
              Event(EventKind.DREW, 2, count=1)]  # the seat now playing has only drawn: the swap stays the news
    assert last_move(events) == [drew, swap]
    assert set(marks_from(last_move(events), 3).slots) == {Slot(0, 2), Slot(2, 0)}


def test_a_new_round_has_no_last_move_until_one_is_made() -> None:
    peek = Event(EventKind.INITIAL_PEEK, 2, slots=(Slot(2, 0), Slot(2, 1)))
    ended = [_swap(1, Slot(0, 2), Slot(2, 0)), Event(EventKind.WOKE_UP, 2), Event(EventKind.ROUND_ENDED, 2, count=1),
             Event(EventKind.ROUND_STARTED, 0, count=2)]
    assert last_move(ended) == []
    assert caption_of(last_move([*ended, peek]), NAMES, PictureText()) == "Ela: looked at 1 and 2"


def test_the_caption_names_only_public_cards() -> None:
    hidden = Event(EventKind.SWAPPED_IN, 0, cards=(Card.NINE, Card.ZERO), slots=(Slot(0, 1),), private_to=0)
    public = Event(EventKind.SWAPPED_IN, 0, cards=(Card.NINE,), slots=(Slot(0, 1),))
    move = last_move([Event(EventKind.DREW, 0, count=1), public, hidden])
    assert caption_of(move, NAMES, PictureText()) == "Ana: drew, put it in 2, discarded 9"
    taken = Event(EventKind.TOOK_DISCARD, 2, cards=(Card.THREE, Card.SEVEN), slots=(Slot(2, 3),))
    assert caption_of([taken], NAMES, PictureText()) == "Ela: took the 3 into 4, discarded 7"


def test_a_caption_is_drawn_on_the_table() -> None:
    obs = public_observation(new_match(3, MatchSettings(), random.Random(5)))
    plain = render_table(obs, NAMES).tobytes()
    told = render_table(obs, NAMES, last_events=[_swap(1, Slot(0, 2), Slot(2, 0))]).tobytes()
    assert plain != told


def test_a_right_to_left_name_keeps_its_position_number_on_its_right() -> None:
    """"Swap 2 — محمد 4 ⇄ Bo 1": without the name set apart, the bidirectional layout drew the 4 into the
    right-to-left name's run, on its left, where it reads as the other seat's."""
    name = "محمد علي"
    both = text_sprite(isolated(name) + " 4", 30, (255, 255, 255), condensed=True)
    alone = text_sprite(isolated(name), 30, (255, 255, 255), condensed=True)
    left = (0, 0, alone.width - 6, alone.height)  # the name is drawn first, from the left; the 4 follows it
    assert both.width > alone.width and both.crop(left).tobytes() == alone.crop(left).tobytes()
    swap = [Event(EventKind.USED_SWAP, 0, cards=(Card.SWAP_2,), slots=(Slot(1, 3), Slot(0, 0)))]
    caption = caption_of(swap, ["Bo", name], PictureText(), isolate=True)
    assert f"{isolated(name)} 4" in caption
    assert caption_of(swap, ["Bo", name], PictureText()) == f"Bo: Swap 2 — {name} 4 ⇄ Bo 1"  # alt text: plain
    assert clean(caption) == caption  # the isolates are kept where the text is drawn
