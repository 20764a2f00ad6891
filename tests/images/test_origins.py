"""The reveal with each card's origin: marks and words for what was not dealt, and nothing that was not revealed."""

from __future__ import annotations

from PIL import ImageChops

from game.dreamcats import Card, DiscardDrawn, Draw, Slot, SwapDrawn, TakeDiscard, UseSwap, WakeUp, apply_action
from game.dreamcats.hindsight import DEALT, RoundStory, origins
from images.dreamcats import encode_png, render_reveal, reveal_alt
from images.dreamcats.origins import LEGEND_H
from tests.game.support import rigged
from tests.images.scenarios import NAMES, origins_story


def test_the_alt_text_tells_how_each_card_that_was_not_dealt_got_there() -> None:
    story = origins_story()
    alt = reveal_alt(story.result, NAMES[:3], story.result.scores, origins=origins(story))
    assert "Ana: 8 (by Swap 2), 7, 1, 2 (from the draw pile)" in alt
    assert "Chika 🐱🌸: 6, 5, Swap 2 (7) (from the discard), 1" in alt
    plain = reveal_alt(story.result, NAMES[:3], story.result.scores)
    assert "(" not in plain.replace("Swap 2 (7)", "")


def test_origins_add_a_legend_and_all_dealt_cards_are_unmarked() -> None:
    story = origins_story()
    plain = render_reveal(story.result, NAMES[:3], story.result.scores, penalty=5)
    marked = render_reveal(story.result, NAMES[:3], story.result.scores, penalty=5, origins=origins(story))
    assert marked.height == plain.height + LEGEND_H
    real = origins(story)
    dealt = tuple((DEALT,) * 4 for _ in range(3))
    none_marked = render_reveal(story.result, NAMES[:3], story.result.scores, penalty=5, origins=dealt)
    marks = [(seat, position) for seat, row in enumerate(real) for position, placed in enumerate(row)
             if placed != DEALT]
    assert len(marks) == 5
    for seat, position in marks:  # one card marked at a time: only its own small badge differs from none marked
        one = tuple(tuple(real[s][p] if (s, p) == (seat, position) else DEALT for p in range(4)) for s in range(3))
        shown = render_reveal(story.result, NAMES[:3], story.result.scores, penalty=5, origins=one)
        box = ImageChops.difference(none_marked.convert("RGB"), shown.convert("RGB")).getbbox()
        assert box is not None and box[2] - box[0] <= 60 and box[3] - box[1] <= 60, (seat, position, box)


def _story(draw_tail: list[int]) -> RoundStory:
    """The same public round over a draw pile whose undrawn cards differ."""
    state = rigged([[3, 7, 1, 9], [0, 8, 2, 4]], draw=[2, Card.SWAP_2, 4, *draw_tail], discard=(1,))
    rnd = state.round
    for action in (Draw(0), SwapDrawn(0, 3), Draw(1), UseSwap(1, Slot(1, 1), Slot(0, 0)), TakeDiscard(0, 2),
                   Draw(1), DiscardDrawn(1), WakeUp(0)):
        apply_action(state, action)
    return RoundStory(state.results[0], tuple(rnd.history), state.settings.penalty)


def test_the_reveal_with_origins_depends_on_nothing_left_unrevealed() -> None:
    pictures = set()
    for tail in ([5, 6, 9, 0], [9, 0, 6, 5]):
        story = _story(tail)
        image = render_reveal(story.result, NAMES[:2], story.result.scores, penalty=5, origins=origins(story))
        pictures.add(encode_png(image))
    assert len(pictures) == 1
