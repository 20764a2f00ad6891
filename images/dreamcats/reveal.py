"""The round reveal: every dream face up, the sums, the caller and any penalty, round scores and totals."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from game.dreamcats import RoundResult
from game.dreamcats.hindsight import Placed
from images import art, scene
from images.dreamcats.cards import face
from images.dreamcats.origins import LEGEND_H, dealt_caption, draw_origins, legend
from images.dreamcats.text import ENGLISH, PictureText
from images.fonts import text_sprite

WIDTH = 1080
ROW_H, ROW_GAP, HEADER_H = 104, 10, 118
CARD = (64, 90)
PENALTY: tuple[int, int, int] = (255, 150, 130)
_COLUMNS = {"sum": 690, "score": 830, "total": 970}
# With origin badges the cards stand further apart: a badge at a card's corner must not cover the next card.
CARD_GAP, BADGED_GAP = 8, 20


def render_reveal(
    result: RoundResult,
    names: Sequence[str],
    totals: Sequence[int],
    *,
    penalty: int,
    text: PictureText = ENGLISH,
    origins: Sequence[Sequence[Placed]] | None = None,
) -> Image.Image:
    """Every dream face up with its sum; the caller, the penalty if they failed, the round scores and the totals.

    With `origins` (game.dreamcats.hindsight.origins) each card shows how it got there, and a legend says what the
    marks mean.
    """
    seats = len(result.sums)
    rows_end = HEADER_H + seats * (ROW_H + ROW_GAP)
    height = rows_end + 14 + (LEGEND_H if origins is not None else 0)
    frame = scene.background(WIDTH, height).copy()
    title = text.round_over if result.caller is not None else text.round_over_empty
    title_sprite = text_sprite(title.format(number=result.number), 56, art.MOON, WIDTH - 60, display=True)
    scene.paste_centred(frame, title_sprite, WIDTH / 2, 38)
    for key, label in (("sum", text.sum), ("score", text.score), ("total", text.total)):
        scene.paste_centred(frame, text_sprite(label, 28, (210, 200, 240), 136), _COLUMNS[key], HEADER_H - 22)
    lowest = min(result.sums)
    for seat in range(seats):
        top = HEADER_H + seat * (ROW_H + ROW_GAP)
        total = totals[seat] if seat < len(totals) else 0
        _row(frame, result, seat, top, text.seat_name(names, seat), total, penalty, lowest, text, origins is not None)
        if origins is not None and seat < len(origins):
            draw_origins(frame, origins[seat], _card_lefts(True), top + (ROW_H - CARD[1]) / 2, CARD[0])
    if origins is not None:
        lefts = _card_lefts(True)
        scene.paste_centred(frame, dealt_caption(text, lefts[-1] + CARD[0] - lefts[0] + 40),
                            (lefts[0] + lefts[-1] + CARD[0]) / 2, HEADER_H - 22)
        scene.paste_centred(frame, legend(text, WIDTH - 40), WIDTH / 2, rows_end + LEGEND_H / 2)
    return frame


def _card_lefts(badged: bool) -> list[int]:
    step = CARD[0] + (BADGED_GAP if badged else CARD_GAP)
    first = 300 if badged else 310  # the wider row still ends clear of the sum's star
    return [first + position * step for position in range(4)]


def _row(
    frame: Image.Image,
    result: RoundResult,
    seat: int,
    top: int,
    name: str,
    total: int,
    penalty: int,
    lowest: int,
    text: PictureText,
    badged: bool = False,
) -> None:
    caller = result.caller == seat
    outline = scene.TURN_GLOW if caller else None
    scene.paste(frame, scene.panel(WIDTH - 32, ROW_H, (20, 16, 46, 200), outline), 16, top)
    mid = top + ROW_H / 2
    label = text_sprite(name, 32, art.MOON, 268, condensed=True)
    scene.paste(frame, label, 34, (mid - label.height / 2 - 18) if caller else mid - label.height / 2)
    if caller:
        tag = text_sprite(text.wake_up, 24, art.INK, 200, stroke=None)
        scene.paste(frame, scene.panel(tag.width + 20, 34, (*scene.TURN_GLOW, 255)), 34, mid + 6)
        scene.paste_centred(frame, tag, 34 + (tag.width + 20) / 2, mid + 23)
    w, h = CARD
    for x, card in zip(_card_lefts(badged), result.dreams[seat], strict=False):
        scene.paste(frame, face(card, w, h, text.card_name(card)), x, top + (ROW_H - h) / 2)
    sum_ = result.sums[seat]
    scene.paste_centred(frame, text_sprite(str(sum_), 38, art.MOON), _COLUMNS["sum"], mid)
    if sum_ == lowest:
        scene.paste_centred(frame, scene.badge("star", 30), _COLUMNS["sum"] - 50, mid)
    score = result.scores[seat]
    failed = caller and result.caller_succeeded is False
    score_y = mid - 12 if failed else mid
    scene.paste_centred(frame, text_sprite(str(score), 38, PENALTY if failed else art.MOON), _COLUMNS["score"], score_y)
    if failed:
        note = text_sprite(text.penalty.format(penalty=penalty), 22, PENALTY, 150)
        scene.paste_centred(frame, note, _COLUMNS["score"], mid + 26)
    scene.paste_centred(frame, text_sprite(str(total), 40, art.GOLD), _COLUMNS["total"], mid)
