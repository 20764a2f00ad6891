"""The Dream 21 pictures' rules: what is marked playable, long hands and tricks, and long Polish words that fit."""

from __future__ import annotations

import dataclasses

import pytest

from game.dream21 import Card, observe, public_observation
from images.dream21 import render_hand, render_trick
from images.dream21.hand import MAX_WIDTH, MIN_WIDTH, Playable, hand_width, hint, playable
from images.dream21.moves import shown_trick
from images.dream21.seats import DEALER_X, NAME_X
from images.dream21.text import Dream21Text
from images.dream21.trick import PILE_LABEL_W, pile_label_size
from images.fonts import ELLIPSIS, fit
from tests.images.dream21.polish import POLISH
from tests.images.dream21.scenarios import (
    ENGLISH,
    NAMES,
    drawn_state,
    finished_match,
    lead_state,
    made_21_state,
    stuck_6_state,
    trick_4_state,
)


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(sorted(Card.from_code(code) for code in codes))


def test_playable_when_leading_after_drawing_before_drawing_and_waiting() -> None:
    state = trick_4_state()
    seat = state.hand.turn
    obs = dataclasses.replace(observe(state, seat), hand=cards("AS", "3H", "9C", "KD"))
    lead = playable(dataclasses.replace(obs, play_pile=(), total=0))
    assert lead.marked and lead.cards == set(lead_hand := obs.hand) and len(lead_hand) == 4
    drew = playable(dataclasses.replace(obs, total=12, has_drawn=True))
    assert drew.cards == set(cards("AS", "3H", "9C")) and drew.makes_21 == set(cards("9C"))
    ace = playable(dataclasses.replace(obs, total=10, has_drawn=True))
    assert ace.cards == set(obs.hand) and ace.makes_21 == set(cards("AS"))
    before = playable(dataclasses.replace(obs, total=12, has_drawn=False, draw_count=5))
    assert before.cards == set(cards("9C")) == before.makes_21
    empty_pile = playable(dataclasses.replace(obs, total=12, has_drawn=False, draw_count=0))
    assert empty_pile.cards == set(cards("AS", "3H", "9C"))
    waiting = playable(dataclasses.replace(obs, turn=(seat + 1) % 4))
    assert not waiting.marked and not waiting.cards


def test_the_trick_just_taken_is_shown_with_its_taker() -> None:
    state = made_21_state()
    trick = shown_trick(public_observation(state))
    made = state.hand.history[-1]
    assert trick.total == 21 and trick.taker == made.other and len(trick.cards) >= 2
    assert trick.high == {len(trick.cards) - 1}  # the ace that made 21 counted 11
    stuck = shown_trick(public_observation(stuck_6_state()))
    assert stuck.taker == stuck_6_state().hand.history[-1].seat


def test_a_long_hand_overlaps_within_the_widest_picture() -> None:
    state = drawn_state()
    obs = dataclasses.replace(observe(state, state.hand.turn), hand=cards(*(f"{r}S" for r in "A23456789"),
                                                                          "10S", "JS", "QS", "KS", "AH", "2H"))
    image = render_hand(obs)
    assert image.width == MAX_WIDTH == hand_width(15)
    assert hand_width(3) == MIN_WIDTH


def test_a_long_trick_fits_beside_the_total() -> None:
    obs = public_observation(trick_4_state())
    many = dataclasses.replace(obs, play_pile=cards("AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", "3S"), total=19)
    image = render_trick(many, NAMES[:4])
    assert image.size == render_trick(obs, NAMES[:4]).size


@pytest.mark.parametrize("text", [ENGLISH, POLISH], ids=["en", "pl"])
def test_every_fixed_label_fits_whole(text: Dream21Text) -> None:
    hints = (text.your_turn_draw, text.your_turn_play, text.your_turn_lead, text.next_hand_lead)
    for label, size, room in ((*((line, 30, MIN_WIDTH - 40) for line in hints),
                               (text.draw_pile, pile_label_size(text.draw_pile), PILE_LABEL_W),
                               (text.cards, 30, 190), (text.dealer, 28, DEALER_X - NAME_X - 40), (text.tricks, 30, 190),
                               (text.match_total, 30, 190),
                               (text.hand_of.format(number=12, count=30), 32, 330))):
        assert not fit(label, size, room, True).endswith(ELLIPSIS), label


def test_a_finished_match_and_an_empty_hand_still_draw() -> None:
    state = finished_match()
    public = public_observation(state)
    assert public.over
    assert render_trick(public, NAMES[:3]).width == 1080
    assert render_hand(observe(state, 0)).width == MIN_WIDTH
    assert render_hand(dataclasses.replace(observe(state, 0), hand=())).width == MIN_WIDTH


def test_one_who_left_is_drawn_and_told_below_everyone_who_stayed() -> None:
    from images.dream21 import render_standings, standings_alt
    from images.dreamcats.standings import HEADER_H, ROW_GAP, ROW_H

    names = ["Ana", "Bo", "Cy"]
    drawn = render_standings((30, 10, 20), names, (2,), [], left={1})
    stayed = render_standings((30, 40, 20), names, (2,), [])  # the same order as if Bo were simply highest
    top_rows = (0, 0, drawn.width, HEADER_H + 2 * (ROW_H + ROW_GAP))
    assert drawn.crop(top_rows).tobytes() == stayed.crop(top_rows).tobytes()
    assert standings_alt((30, 10, 20), names, (2,), left={1}).startswith("Final standings: 1. Cy 20, 2. Ana 30, 3. Bo")


def test_a_seat_not_in_turn_gets_no_21_mark_as_the_total_changes_before_it_plays() -> None:
    marked_before = 0
    for state in (trick_4_state(), made_21_state(), stuck_6_state(), drawn_state()):
        for seat in range(state.num_seats):
            obs = observe(state, seat)
            if obs.my_turn:
                continue
            marked_before += any(obs.total + c.value == 21 or (c.is_ace and obs.total + 11 == 21) for c in obs.hand)
            assert playable(obs) == Playable(frozenset(), frozenset(), False)
    assert marked_before  # the states hold a waiting seat with a card that would make 21 now


def test_the_leader_of_the_next_hand_is_told_so_while_the_table_pauses() -> None:
    state = lead_state()
    obs = observe(state, state.hand.turn)
    assert hint(obs, NAMES[:5], ENGLISH) == "You lead: play any card"
    assert hint(obs, NAMES[:5], ENGLISH, paused=True) == "The next hand starts soon: you lead it"
    assert playable(obs, paused=True) == Playable(frozenset(), frozenset(), False)
    other = observe(state, (state.hand.turn + 1) % 5)
    assert hint(other, NAMES[:5], ENGLISH, paused=True).startswith("Waiting:")
