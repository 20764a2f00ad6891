"""Seeded Dream 21 scenes for the golden images: each picture is drawn from a match the engine really played."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, partial

from PIL import Image

from game.dream21 import (
    Dream21Settings,
    EventKind,
    MatchState,
    Observation,
    apply_action,
    legal_actions,
    new_match,
    observe,
    public_observation,
    winners,
)
from game.dream21.players import get_player
from images.dream21 import Dream21Text, render_hand, render_hand_end, render_standings, render_trick
from tests.images.dream21.polish import POLISH

NAMES = ("Ana", "Bartłomiej Żółć", "Cy", "Dawid the extraordinarily long-named player", "Ela 🌸", "Fu")
ENGLISH = Dream21Text()
Condition = Callable[[MatchState], bool]


def played_until(num_seats: int, seed: int, condition: Condition, hands_per_seat: int = 2) -> MatchState:
    """A match played by the easy computer player from a seed until the condition holds."""
    state = new_match(num_seats, Dream21Settings(hands_per_seat=hands_per_seat), random.Random(seed), dealer=0)
    player, rng = get_player("easy"), random.Random(seed)
    while not condition(state):
        assert not state.over, "the condition never held"
        seat = state.hand.turn
        apply_action(state, player(observe(state, seat), legal_actions(state, seat), rng))
    return state


def _last(state: MatchState, kind: EventKind) -> bool:
    return bool(state.hand.history) and state.hand.history[-1].kind is kind


def mid_trick(state: MatchState) -> bool:
    """A trick of three cards or more at 15-20, just after a play, in a later hand."""
    hand = state.hand
    return (bool(state.results) and len(hand.play_pile) >= 3 and 15 <= hand.total <= 20
            and _last(state, EventKind.PLAYED))


@cache
def trick_4_state() -> MatchState:
    """Four seats, a trick mid-way."""
    return played_until(4, 11, mid_trick)


@cache
def made_21_state() -> MatchState:
    """Two seats, a trick just made 21."""
    return played_until(2, 12, lambda s: bool(s.results) and _last(s, EventKind.MADE_21)
                        and len(s.hand.history) > 3 and s.hand.history[-2].total == 21)


@cache
def stuck_6_state() -> MatchState:
    """Six seats, a seat that could not play has just taken the trick."""
    return played_until(6, 13, lambda s: bool(s.results) and _last(s, EventKind.COULD_NOT_PLAY))


@cache
def long_trick_state() -> MatchState:
    """Three seats, a trick of six cards or more."""
    return played_until(3, 14, lambda s: len(s.hand.play_pile) >= 6, hands_per_seat=5)


@cache
def lead_state() -> MatchState:
    """Five seats at the start of the second hand: nobody has played yet."""
    return played_until(5, 19, lambda s: bool(s.results))


@cache
def drawn_state() -> MatchState:
    """Three seats: the seat in turn has drawn and holds cards that fit and cards that do not."""
    def fits_some(s: MatchState) -> bool:
        hand = s.hand
        cards = hand.hands[hand.turn]
        fit = [c for c in cards if hand.total + c.value <= 21]
        return hand.drawn is not None and len(cards) >= 5 and 0 < len(fit) < len(cards)
    return played_until(3, 15, fits_some)


@cache
def must_draw_state() -> MatchState:
    """Four seats: the seat in turn must draw, unless it plays the card that makes 21."""
    def can_make_21(s: MatchState) -> bool:
        hand = s.hand
        cards = hand.hands[hand.turn]
        return (not hand.leading and hand.drawn is None and bool(hand.draw_pile) and len(cards) >= 4
                and any(hand.total + c.value == 21 for c in cards))
    return played_until(4, 16, can_make_21)


@cache
def finished_match() -> MatchState:
    """Three seats, five hands per seat: fifteen hands played to the end."""
    return played_until(3, 17, lambda s: s.over, hands_per_seat=5)


@cache
def hand_end_state() -> MatchState:
    """Four seats, just after the third hand ended."""
    return played_until(4, 18, lambda s: len(s.results) == 3)


def _trick(state: Callable[[], MatchState], seats: int, text: Dream21Text) -> Image.Image:
    return render_trick(public_observation(state()), NAMES[:seats], text=text)


def _hand(state: Callable[[], MatchState], seats: int, text: Dream21Text) -> Image.Image:
    s = state()
    obs: Observation = observe(s, s.hand.turn)
    return render_hand(obs, names=NAMES[:seats], text=text)


def _hand_paused(text: Dream21Text) -> Image.Image:
    s = lead_state()
    return render_hand(observe(s, s.hand.turn), names=NAMES[:5], text=text, paused=True)


def _hand_end(text: Dream21Text) -> Image.Image:
    s = hand_end_state()
    return render_hand_end(s.results[-1], NAMES[:4], s.totals, text=text)


def _standings(text: Dream21Text) -> Image.Image:
    s = finished_match()
    return render_standings(s.totals, NAMES[:3], winners(s.totals), s.results, text=text)


SCENES: dict[str, Callable[[], Image.Image]] = {}
for _lang, _text in (("en", ENGLISH), ("pl", POLISH)):
    SCENES.update({
        f"trick_4_mid_{_lang}": partial(_trick, trick_4_state, 4, _text),
        f"trick_2_made21_{_lang}": partial(_trick, made_21_state, 2, _text),
        f"trick_6_stuck_{_lang}": partial(_trick, stuck_6_state, 6, _text),
        f"hand_3_drawn_{_lang}": partial(_hand, drawn_state, 3, _text),
        f"hand_4_must_draw_{_lang}": partial(_hand, must_draw_state, 4, _text),
        f"hand_end_4_{_lang}": partial(_hand_end, _text),
        f"standings_3_{_lang}": partial(_standings, _text),
    })
SCENES["trick_3_long_en"] = partial(_trick, long_trick_state, 3, ENGLISH)
SCENES["trick_5_lead_pl"] = partial(_trick, lead_state, 5, POLISH)
SCENES["hand_5_next_hand_pl"] = partial(_hand_paused, POLISH)
