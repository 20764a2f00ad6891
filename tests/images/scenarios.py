"""Seeded scenes for the golden images: each builds its picture from a real match played by the engine."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from PIL import Image

from game.dreamcats import (
    Card,
    DiscardDrawn,
    Draw,
    Event,
    EventKind,
    InitialPeek,
    MatchSettings,
    MatchState,
    RoundResult,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    WakeUp,
    apply_action,
    new_match,
    observe,
    public_observation,
)
from game.dreamcats.hindsight import RoundStory, origins
from images.dreamcats import PictureText, dream_of, render_dream, render_reveal, render_standings, render_table
from tests.game.support import rigged
from tests.images.guide_scenes import GUIDE_SCENES

NAMES = ("Ana", "Bartłomiej Żółć", "Chika 🐱🌸", "Dawid the extraordinarily long-named player", "Ela")
# Names in scripts DejaVu does not draw (the Noto Sans CJK fallback draws them), one of them long enough to be cut,
# one beside Arabic (whose turn it is in table_5_cjk_names: the banner reads "高橋みなみ محمد's turn").
CJK_NAMES = ("山田太郎", "김민준", "张伟 🐱", "Zoë 佐藤 the long-named player with more", "高橋みなみ محمد")


def dealt(num_seats: int, seed: int) -> MatchState:
    """A fresh match whose seats have all made their initial peek at positions 1 and 2."""
    state = new_match(num_seats, MatchSettings(), random.Random(seed), starter=0)
    for seat in range(num_seats):
        apply_action(state, InitialPeek(seat, (0, 1)))
    return state


def turns(state: MatchState, count: int) -> list[Event]:
    """Play `count` simple turns (draw, then swap into position 3 or discard); the last turn's events."""
    events: list[Event] = []
    for i in range(count):
        seat = state.round.turn
        apply_action(state, Draw(seat))
        events = apply_action(state, SwapDrawn(seat, 2) if i % 2 == 0 else DiscardDrawn(seat))
    return events


def table_2_start() -> Image.Image:
    """Two seats at the start of a round; nothing marked."""
    state = dealt(2, 1)
    return render_table(public_observation(state), NAMES[:2])


def table_3_took_holding() -> Image.Image:
    """Three seats: the last seat took the discard into position 2; the next holds a drawn card; a deadline."""
    state = dealt(3, 2)
    turns(state, 2)
    events = apply_action(state, TakeDiscard(state.round.turn, 1))
    apply_action(state, Draw(state.round.turn))
    return render_table(public_observation(state), NAMES[:3], last_events=events, deadline="0:42 left")


def table_5_swap() -> Image.Image:
    """Five seats: a Peek 1, then a Swap 2 between two opponents; only the Swap 2, the last move, is marked and told."""
    state = dealt(5, 3)
    turns(state, 3)
    events = [
        Event(EventKind.USED_PEEK, 2, cards=(Card.PEEK_1,), slots=(Slot(0, 2),)),
        Event(EventKind.DREW, 3, count=1),
        Event(EventKind.USED_SWAP, 3, cards=(Card.SWAP_2,), slots=(Slot(1, 3), Slot(4, 0))),
    ]
    return render_table(public_observation(state), NAMES, last_events=events, deadline="1:45 left")


def table_5_cjk_names() -> Image.Image:
    """Five seats named in Japanese, Korean and Chinese (and one cut with an ellipsis), in plates and the caption."""
    state = dealt(5, 7)
    events = turns(state, 9)
    return render_table(public_observation(state), CJK_NAMES, last_events=events, deadline="1:45 left")


def standings_4_cjk_names() -> Image.Image:
    """standings_4_many_rounds with the names of table_5_cjk_names."""
    return _standings(CJK_NAMES[:4])


def private_4_hand() -> Image.Image:
    """Four seats: the seat to play holds a drawn card and is shown what it knows."""
    state = dealt(4, 4)
    turns(state, 5)
    seat = state.round.turn
    apply_action(state, Draw(seat))
    obs = observe(state, seat)
    return render_dream(dream_of(obs, NAMES[:4], set(obs.known)))


def private_5_choosing() -> Image.Image:
    """Five seats: the viewer chooses one of two cards (after Take 2), with the memory aid's known cards shown."""
    state = dealt(5, 5)
    turns(state, 5)
    obs = observe(state, state.round.turn)
    obs = dataclasses.replace(obs, step=Step.CHOOSING, options=(Card.TAKE_2, Card.NINE), option_count=2)
    return render_dream(dream_of(obs, NAMES, set(obs.known)))


def private_2_waiting() -> Image.Image:
    """Two seats: not the viewer's turn; only one of its known cards is being shown."""
    state = dealt(2, 6)
    obs = observe(state, 1)
    return render_dream(dream_of(obs, NAMES[:2], {Slot(1, 0)}))


def private_3_peeked() -> Image.Image:
    """Three seats: the viewer used Peek 1 on the next seat's position 4 and is shown that card only."""
    state = dealt(3, 7)
    while True:
        seat = state.round.turn
        apply_action(state, Draw(seat))
        if state.round.held == Card.PEEK_1:
            target = Slot((seat + 1) % 3, 3)
            apply_action(state, UsePeek(seat, target))
            return render_dream(dream_of(observe(state, seat), NAMES[:3], {target}))
        apply_action(state, DiscardDrawn(seat))


def reveal_3_penalty() -> Image.Image:
    """Three seats: the caller was not lowest and pays the penalty."""
    dreams = ((Card.FIVE, Card.SEVEN, Card.PEEK_1, Card.ZERO), (Card.ZERO, Card.ONE, Card.NINE, Card.TWO),
              (Card.SWAP_2, Card.THREE, Card.FOUR, Card.EIGHT))
    result = RoundResult(4, dreams, (18, 12, 22), (23, 12, 22), 0, 0, False, 17)
    return render_reveal(result, NAMES[:3], (61, 40, 77), penalty=5)


def reveal_5_empty_pile() -> Image.Image:
    """Five seats: the draw pile ran out, no caller; two seats tie for lowest."""
    cards = list(Card)
    dreams = tuple(tuple(cards[(seat * 4 + p) % 13] for p in range(4)) for seat in range(5))
    sums = tuple(sum(c.points for c in dream) for dream in dreams)
    result = RoundResult(2, dreams, sums, sums, None, 3, None, 30)
    return render_reveal(result, NAMES, tuple(s + 20 for s in sums), penalty=5)


def origins_story() -> RoundStory:
    """Three seats play a rigged round: a card kept from the pile, a Swap 2 between two dreams, a discard taken, and
    a failed Wake up!."""
    state = rigged([[3, 7, 1, 9], [0, 8, 2, 4], [6, 5, 9, 1]], draw=[2, Card.SWAP_2, 4, 0, 5], discard=(1,))
    rnd = state.round
    for action in (Draw(0), SwapDrawn(0, 3), Draw(1), UseSwap(1, Slot(1, 1), Slot(0, 0)), TakeDiscard(2, 2),
                   Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 3), WakeUp(2)):
        apply_action(state, action)
    return RoundStory(state.results[0], tuple(rnd.history), state.settings.penalty)


def _reveal_with_origins(text: PictureText) -> Image.Image:
    story = origins_story()
    return render_reveal(story.result, NAMES[:3], story.result.scores, penalty=5, text=text, origins=origins(story))


def reveal_3_origins_en() -> Image.Image:
    """Three seats, each revealed card marked with how it got there, and the legend."""
    return _reveal_with_origins(PictureText())


def reveal_3_origins_pl() -> Image.Image:
    """The same in Polish, in the words the bot really draws."""
    from bot.i18n import picture_text  # images itself never imports bot

    return _reveal_with_origins(picture_text("pl"))


def standings_4_many_rounds() -> Image.Image:
    """Four seats after twelve rounds, with Wake up! calls (one failed: a penalty) and a shared win."""
    return _standings(NAMES[:4])


def _standings(names: tuple[str, ...]) -> Image.Image:
    rng = random.Random(7)
    results = []
    for number in range(1, 13):
        sums = tuple(rng.randrange(0, 30) for _ in range(4))
        caller = (None, 0, 2)[number % 3]
        succeeded = None if caller is None else sums[caller] == min(sums)
        scores = tuple(s + (5 if seat == caller and not succeeded else 0) for seat, s in enumerate(sums))
        results.append(RoundResult(number, (), sums, scores, caller, caller or 0, succeeded, 20))
    totals = tuple(sum(r.scores[seat] for r in results) for seat in range(4))
    return render_standings(totals, names, tuple(s for s in range(4) if totals[s] == min(totals)), results)


SCENES: dict[str, Callable[[], Image.Image]] = {
    f.__name__: f
    for f in (table_2_start, table_3_took_holding, table_5_swap, private_4_hand, private_5_choosing,
              private_2_waiting, private_3_peeked, reveal_3_penalty, reveal_5_empty_pile, reveal_3_origins_en,
              reveal_3_origins_pl, standings_4_many_rounds, table_5_cjk_names, standings_4_cjk_names)
}
SCENES.update(GUIDE_SCENES)
