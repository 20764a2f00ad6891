"""Seeded Cat Duel scenes for the golden images: each picture is drawn from a match the engine really played."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from PIL import Image

from bot.catduel.texts import picture_text
from game.catduel import (
    CatDuelSettings,
    Choose,
    MatchState,
    Move,
    Phase,
    apply_action,
    legal_actions,
    new_match,
    observe,
)
from game.catduel.players import PLAYERS
from images.catduel import CatDuelText, render_hand, render_standings, render_table

NAMES = ("Ana", "Bartłomiej Żółć", "Cy", "Dawid the extraordinarily long-named player", "Ela 🌸", "Fu")
Condition = Callable[[MatchState], bool]


def played_until(num_seats: int, seed: int, condition: Condition, best_of: int = 1) -> MatchState:
    """A match played by the normal computer player from a seed until the condition holds."""
    rng = random.Random(seed)
    state = new_match(num_seats, CatDuelSettings(best_of=best_of), rng)
    while not condition(state):
        assert not state.over, "the condition never held"
        seat = observe(state, None).waiting_for[0]
        apply_action(state, PLAYERS["normal"](observe(state, seat), legal_actions(state, seat), rng))
    return state


def after_rounds(rounds: int) -> Condition:
    """Once this many rounds were revealed, with the next round's strategies open."""
    return lambda s: s.over or (s.rounds_so_far > rounds and s.duel.phase is Phase.STRATEGY)


def one_chose(state: MatchState) -> MatchState:
    """The first seat still to choose guards (its choice is secret on the table)."""
    seat = observe(state, None).waiting_for[0]
    apply_action(state, next(a for a in legal_actions(state, seat) if isinstance(a, Choose) and a.move is Move.GUARD))
    return state


def table(seats: int, seed: int, rounds: int, text: CatDuelText, chose: bool = True) -> Image.Image:
    """The public table after some rounds."""
    state = played_until(seats, seed, after_rounds(rounds), best_of=3)
    if chose:
        one_chose(state)
    return render_table(observe(state, None), NAMES[:seats], text=text)


def hand(seats: int, seed: int, rounds: int, text: CatDuelText) -> Image.Image:
    """The first waiting seat's private picture after it chose."""
    state = played_until(seats, seed, after_rounds(rounds))
    seat = observe(state, None).waiting_for[0]
    one_chose(state)
    return render_hand(observe(state, seat), NAMES[:seats], text=text)


def ended(seats: int, seed: int, text: CatDuelText, standings: bool) -> Image.Image:
    """The table as the match ended, or the standings."""
    state = played_until(seats, seed, lambda s: s.over, best_of=3)
    draw = render_standings if standings else render_table
    return draw(observe(state, None), NAMES[:seats], text=text)


SCENES: dict[str, Callable[[], Image.Image]] = {
    "table_2_en": partial(table, 2, 3, 2, picture_text("en")),
    "table_3_pl": partial(table, 3, 4, 4, picture_text("pl")),
    "table_4_en": partial(table, 4, 5, 3, picture_text("en")),
    "table_6_en": partial(table, 6, 6, 1, picture_text("en"), False),
    "hand_en": partial(hand, 3, 9, 5, picture_text("en")),
    "hand_pl": partial(hand, 3, 9, 5, picture_text("pl")),
    "end_4_en": partial(ended, 4, 3, picture_text("en"), False),
    "standings_4_pl": partial(ended, 4, 3, picture_text("pl"), True),
}
