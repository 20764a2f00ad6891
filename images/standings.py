"""The match-end standings: places, totals, the winners crowned, and the recent rounds' scores."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from game import RoundResult
from images import art, scene
from images.fonts import text_sprite
from images.text import ENGLISH, PictureText

WIDTH = 1080
ROW_H, ROW_GAP, HEADER_H = 84, 10, 132
MAX_ROUNDS = 8
NAME_END, ROUNDS_RIGHT, ROUND_W = 468, 900, 52
TOTAL_X = 980


def places(totals: Sequence[int]) -> list[int]:
    """The place of each seat: 1 for the lowest total, equal totals share a place (1, 1, 3)."""
    return [1 + sum(other < total for other in totals) for total in totals]


def render_standings(
    totals: Sequence[int],
    names: Sequence[str],
    winners: Sequence[int],
    results: Sequence[RoundResult],
    *,
    text: PictureText = ENGLISH,
) -> Image.Image:
    """The final standings, best first: place, crown for each winner, name, recent round scores and total."""
    seats = len(totals)
    height = HEADER_H + seats * (ROW_H + ROW_GAP) + 14
    frame = scene.background(WIDTH, height).copy()
    title = text_sprite(text.standings, 40, art.MOON, WIDTH - 200)
    scene.paste_centred(frame, title, WIDTH / 2, 40)
    scene.paste_centred(frame, scene.badge("crown", 48), WIDTH / 2 - title.width / 2 - 40, 40)
    scene.paste_centred(frame, scene.badge("crown", 48), WIDTH / 2 + title.width / 2 + 40, 40)
    shown = list(results)[-MAX_ROUNDS:]
    left = ROUNDS_RIGHT - ROUND_W * len(shown)
    if shown:
        header = text_sprite(text.rounds, 20, (210, 200, 240), ROUNDS_RIGHT - NAME_END)
        scene.paste_centred(frame, header, max(left + ROUND_W * len(shown) / 2, NAME_END + header.width / 2),
                            HEADER_H - 44)
    for i, result in enumerate(shown):
        number = text_sprite(str(result.number), 20, (210, 200, 240), ROUND_W)
        scene.paste_centred(frame, number, left + i * ROUND_W + ROUND_W / 2, HEADER_H - 16)
    scene.paste_centred(frame, text_sprite(text.total, 22, (210, 200, 240), 150), TOTAL_X, HEADER_H - 16)
    place_of = places(totals)
    order = sorted(range(seats), key=lambda s: (totals[s], s))
    for row, seat in enumerate(order):
        top = HEADER_H + row * (ROW_H + ROW_GAP)
        scores = [r.scores[seat] if seat < len(r.scores) else 0 for r in shown]
        _row(frame, top, place_of[seat], seat in winners, text.seat_name(names, seat), scores, totals[seat])
    return frame


def _row(frame: Image.Image, top: int, place: int, won: bool, name: str, scores: list[int], total: int) -> None:
    outline = scene.TURN_GLOW if won else None
    scene.paste(frame, scene.panel(WIDTH - 32, ROW_H, (20, 16, 46, 205), outline), 16, top)
    mid = top + ROW_H / 2
    disc = scene.panel(54, 54, (*(art.GOLD if won else (200, 190, 236)), 255))
    scene.paste_centred(frame, disc, 66, mid)
    scene.paste_centred(frame, text_sprite(str(place), 30, art.INK, 50, stroke=None), 66, mid)
    x = 106
    if won:
        scene.paste_centred(frame, scene.badge("crown", 44), x + 22, mid)
        x += 52
    left = ROUNDS_RIGHT - ROUND_W * len(scores)
    label = text_sprite(name, 30, art.MOON, min(NAME_END, left - 8) - x, condensed=True)
    scene.paste(frame, label, x, mid - label.height / 2)
    for i, score in enumerate(scores):
        value = text_sprite(str(score), 24, (226, 218, 255), ROUND_W)
        scene.paste_centred(frame, value, left + i * ROUND_W + ROUND_W / 2, mid)
    scene.paste_centred(frame, text_sprite(str(total), 42, art.GOLD), TOTAL_X, mid)
