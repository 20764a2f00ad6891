"""Sample pictures of every kind: they teach the encoder its palette and make the README's example."""

from __future__ import annotations

import dataclasses
import random

from PIL import Image

from game.dreamcats import (
    Card,
    Draw,
    Event,
    EventKind,
    InitialPeek,
    MatchSettings,
    MatchState,
    Observation,
    RoundResult,
    Slot,
    Step,
    SwapDrawn,
    apply_action,
    new_match,
    observe,
    public_observation,
)
from images.dreamcats.cards import face
from images.dreamcats.dream import dream_of, render_dream
from images.dreamcats.layout import FEW_SEATS_CARD, PILE_CARD, SMALL_CARD
from images.dreamcats.reveal import CARD as REVEAL_CARD
from images.dreamcats.reveal import render_reveal
from images.dreamcats.standings import render_standings
from images.dreamcats.table import render_table
from images.dreamcats.text import ENGLISH

NAMES = ("Ana", "Bartłomiej Żółć", "Chika 🐱🌸", "Dawid the extraordinarily long-named player", "Ela")
DEADLINE = "1:45 left"
SHEET_GROUND = (20, 16, 46)


def sample_observations() -> tuple[Observation, list[Event], Observation]:
    """A 5-seat match a few turns in: the public view, a Swap 2 as the last action, and seat 0's view."""
    state = a_few_turns_in(5, random.Random(11), turns=6, position=2)
    swap = [Event(EventKind.USED_SWAP, 0, cards=(Card.SWAP_2,), slots=(Slot(1, 3), Slot(4, 0)))]
    return _later(public_observation(state)), swap, _later(observe(state, 0))


def a_few_turns_in(seats: int, rng: random.Random, *, turns: int, position: int) -> MatchState:
    """A new match after every seat's initial peek and `turns` turns, each drawing a card into `position`."""
    state = new_match(seats, MatchSettings(), rng, starter=0)
    for seat in range(seats):
        apply_action(state, InitialPeek(seat, (0, 1)))
    for _ in range(turns):
        seat = state.round.turn
        apply_action(state, Draw(seat))
        apply_action(state, SwapDrawn(seat, position))
    return state


def _later(obs: Observation) -> Observation:
    # a match a few rounds in looks more like a real one
    return dataclasses.replace(obs, round_number=3, totals=(23, 41, 17, 35, 29))


def sample_table() -> Image.Image:
    """The public table of the sample match (the README's example)."""
    obs, events, _ = sample_observations()
    return render_table(obs, NAMES, last_events=events, deadline=DEADLINE)


def sample_pictures() -> list[Image.Image]:
    """One picture of each kind, each on the twilight sky."""
    obs, events, mine = sample_observations()
    choosing = dataclasses.replace(mine, turn=0, step=Step.CHOOSING, options=(Card.TAKE_2, Card.NINE), option_count=2)
    result = RoundResult(2, ((Card.ZERO, Card.PEEK_1, Card.NINE, Card.THREE), (Card.FIVE, Card.SWAP_2, Card.ONE,
                                                                                 Card.EIGHT)),
                         (18, 21), (23, 21), 0, 0, False, 14)
    return [
        render_table(obs, NAMES, last_events=events, deadline=DEADLINE),
        render_dream(dream_of(choosing, NAMES, set(mine.known))),
        render_reveal(result, NAMES[:2], (40, 31), penalty=5),
        render_standings((40, 31), NAMES[:2], (1,), (result,)),
    ]


def face_sheet() -> Image.Image:
    """Every card face at every size used, on a plain dark ground of colour SHEET_GROUND."""
    sizes = (SMALL_CARD, FEW_SEATS_CARD, PILE_CARD, REVEAL_CARD)
    sheet = Image.new("RGB", (13 * 120, len(sizes) * 170), SHEET_GROUND)
    for row, (w, h) in enumerate(sizes):
        for column, card in enumerate(Card):
            sprite = face(card, w, h, ENGLISH.card_name(card))
            sheet.paste(sprite, (column * 120, row * 170), sprite)
    return sheet
