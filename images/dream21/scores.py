"""The end of a Dream 21 hand (who went out, tricks, hand scores, totals) and the final standings."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from PIL import Image

from game.dream21 import HandResult
from game.dreamcats import RoundResult
from images import art, scene
from images.dream21.text import ENGLISH, Dream21Text
from images.dreamcats.standings import render_standings as render_rounds
from images.dreamcats.text import ENGLISH as PICTURE_TEXT
from images.fonts import Colour, text_sprite

WIDTH = 1080
ROW_H, ROW_GAP, HEADER_H = 76, 8, 128
COLUMNS = {"tricks": 620, "score": 800, "total": 965}
HEADING: Colour = (210, 200, 240)
SCORED: Colour = (255, 170, 150)  # points are bad in Dream 21: a score above 0 is tinted


def hand_title(result: HandResult, names: Sequence[str], text: Dream21Text) -> str:
    """The hand's end in words: who went out, or the safety stop."""
    if result.out is None:
        return text.hand_stopped.format(number=result.number)
    return text.hand_over.format(number=result.number, name=text.seat_name(names, result.out))


def render_hand_end(result: HandResult, names: Sequence[str], totals: Sequence[int], *,
                    text: Dream21Text = ENGLISH) -> Image.Image:
    """Who went out, each seat's tricks, hand score and running total."""
    seats = len(result.scores)
    frame = scene.background(WIDTH, HEADER_H + seats * (ROW_H + ROW_GAP) + 10).copy()
    title = text_sprite(hand_title(result, names, text), 58, art.MOON, WIDTH - 60, display=True)
    scene.paste_centred(frame, title, WIDTH / 2, 40)
    for key, label in (("tricks", text.tricks), ("score", text.score), ("total", text.match_total)):
        scene.paste_centred(frame, text_sprite(label, 30, HEADING, 170, condensed=True), COLUMNS[key], HEADER_H - 24)
    for seat in range(seats):
        top = HEADER_H + seat * (ROW_H + ROW_GAP)
        out = result.out == seat
        scene.paste(frame, scene.panel(WIDTH - 32, ROW_H, (20, 16, 46, 215), scene.TURN_GLOW if out else None), 16, top)
        mid = top + ROW_H / 2
        x = 36
        if out:
            tag = text_sprite(text.out_mark, 30, art.INK, 170, condensed=True, stroke=None)
            scene.paste(frame, scene.panel(tag.width + 24, 44, (*scene.TURN_GLOW, 255)), x, mid - 22)
            scene.paste_centred(frame, tag, x + (tag.width + 24) / 2, mid)
            x += tag.width + 40
        name = text_sprite(text.seat_name(names, seat), 36, art.MOON, COLUMNS["tricks"] - 70 - x, condensed=True)
        scene.paste(frame, name, x, mid - name.height / 2)
        score = result.scores[seat]
        scene.paste_centred(frame, text_sprite(str(result.tricks[seat]), 38, art.MOON), COLUMNS["tricks"], mid)
        shown = f"+{score}" if score else "0"
        scene.paste_centred(frame, text_sprite(shown, 38, SCORED if score else art.MOON), COLUMNS["score"], mid)
        total = totals[seat] if seat < len(totals) else 0
        scene.paste_centred(frame, text_sprite(str(total), 40, art.GOLD), COLUMNS["total"], mid)
    return frame


def render_standings(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                     results: Sequence[HandResult], *, text: Dream21Text = ENGLISH,
                     left: Collection[int] = ()) -> Image.Image:
    """The final standings, lowest total first (the seats in `left`, whose person left, last), winners crowned,
    every hand's score (the earliest as a subtotal)."""
    # The Dreamcats standings draw the same table; a hand is a round that nobody called.
    words = dataclasses.replace(PICTURE_TEXT, standings=text.standings, rounds=text.hands, total=text.match_total,
                                seat=text.seat)
    rounds = [RoundResult(r.number, (), r.scores, r.scores, None, 0, None, r.plays) for r in results]
    return render_rounds(totals, names, winners, rounds, text=words, left=left)
