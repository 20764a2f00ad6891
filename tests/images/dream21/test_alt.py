"""The Dream 21 alt texts: short, in the picture's language, and saying what the picture shows."""

from __future__ import annotations

import dataclasses

from game.dream21 import Card, Event, EventKind, observe, public_observation, winners
from images.dream21 import hand_alt, hand_end_alt, standings_alt, trick_alt
from images.dreamcats.alt import MAX_ALT
from tests.images.dream21.polish import POLISH
from tests.images.dream21.scenarios import (
    NAMES,
    drawn_state,
    finished_match,
    hand_end_state,
    made_21_state,
    must_draw_state,
    stuck_6_state,
    trick_4_state,
)


def test_trick_alt_tells_the_trick_the_turn_the_seats_and_the_last_move() -> None:
    obs = public_observation(trick_4_state())
    alt = trick_alt(obs, NAMES[:4])
    assert len(alt) <= MAX_ALT
    assert f"Trick: {', '.join(map(str, obs.play_pile))}, total {obs.total} of 21." in alt
    assert f"hand {obs.hand_number} of {obs.hands_in_match}" in alt
    assert f"{NAMES[obs.turn]}'s turn" in alt
    assert f"Draw pile: {obs.draw_count}." in alt
    last = obs.history[-1]
    assert f"played {last.card} — total {obs.total}." in alt
    for seat in range(4):
        assert f"{obs.hand_sizes[seat]} cards, {obs.tricks[seat]} tricks, match {obs.totals[seat]}" in alt
    assert "(dealer)" in alt


def test_trick_alt_after_21_names_the_taker_and_the_cards_taken() -> None:
    obs = public_observation(made_21_state())
    alt = trick_alt(obs, NAMES[:2])
    assert "A♣ (11), total 21 of 21." in alt
    assert "made 21:" in alt and "takes the trick" in alt


def test_trick_alt_in_polish() -> None:
    alt = trick_alt(public_observation(stuck_6_state()), NAMES[:6], POLISH)
    assert alt.startswith("Dream 21, rozdanie 2 z 12.")
    assert "nie może zagrać i bierze lewę." in alt and "Stos zakryty:" in alt
    assert "Trick" not in alt and "turn" not in alt


def test_trick_alt_is_cut_at_the_limit_for_absurd_names() -> None:
    obs = public_observation(stuck_6_state())
    assert len(trick_alt(obs, ["x" * 400] * 6)) == MAX_ALT


def test_hand_alt_lists_the_cards_the_drawn_one_and_what_may_be_played() -> None:
    state = drawn_state()
    obs = observe(state, state.hand.turn)
    alt = hand_alt(obs, names=NAMES[:3])
    assert obs.drawn is not None and f"{obs.drawn} (just drawn)" in alt
    for card in obs.hand:
        assert str(card) in alt
    fitting = [str(c) for c in obs.hand if obs.total + c.value <= 21]
    assert f"Playable now: {', '.join(fitting)}." in alt
    assert f"Total on the trick: {obs.total} of 21." in alt


def test_hand_alt_before_drawing_offers_only_the_card_making_21() -> None:
    state = must_draw_state()
    obs = observe(state, state.hand.turn)
    alt = hand_alt(obs, names=NAMES[:4], text=POLISH)
    makers = [str(c) for c in obs.hand if obs.total + c.value == 21]
    assert "Najpierw dobierz" in alt and f"Możesz zagrać teraz: {', '.join(makers)}." in alt


def test_hand_alt_while_waiting_marks_nothing_playable() -> None:
    state = trick_4_state()
    seat = (state.hand.turn + 1) % 4
    alt = hand_alt(observe(state, seat), names=NAMES[:4])
    assert f"Waiting: {NAMES[state.hand.turn]}'s turn" in alt and "Playable" not in alt


def test_hand_end_and_standings_alt() -> None:
    state = hand_end_state()
    result = state.results[-1]
    alt = hand_end_alt(result, NAMES[:4], state.totals)
    assert alt.startswith(f"Hand {result.number}: {NAMES[result.out or 0]} went out.")
    for seat in range(4):
        assert f"{result.tricks[seat]} tricks, scores {result.scores[seat]}, total {state.totals[seat]}" in alt
    stopped = dataclasses.replace(result, out=None)
    assert hand_end_alt(stopped, NAMES[:4], state.totals, POLISH).startswith("Rozdanie 3: przerwane")
    final = finished_match()
    won = winners(final.totals)
    text = standings_alt(final.totals, NAMES[:3], won)
    assert text.startswith("Final standings: 1. ") and text.endswith(f"Winner: {NAMES[won[0]]}.")


def test_the_caption_of_each_kind_of_move() -> None:
    obs = public_observation(trick_4_state())
    names = ("Ana", "Bo", "Cy", "Di")
    moves = {
        Event(EventKind.PLAYED, 0, card=Card.from_code("7S"), value=7, total=18): "Ana played 7♠ — total 18.",
        Event(EventKind.MADE_21, 1, other=0): "Bo made 21: Ana takes the trick.",
        Event(EventKind.COULD_NOT_PLAY, 2, other=1): "Cy could not play and takes the trick.",
        Event(EventKind.DREW, 0): "Ana drew a card.",
    }
    for event, line in moves.items():
        assert trick_alt(dataclasses.replace(obs, history=(event,)), names).endswith(line)
    polish = trick_alt(dataclasses.replace(obs, history=(Event(EventKind.MADE_21, 1, other=0),)), names, POLISH)
    assert polish.endswith("Bo robi 21: Ana bierze lewę.")
