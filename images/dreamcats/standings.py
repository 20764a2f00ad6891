"""The match-end standings: places, totals, the winners crowned, and every round's scores adding up to the totals.

When there are more rounds than fit, the earliest are folded into one subtotal column headed by their range
("1–5"), so that the scores shown still add up. A Wake up! call is ringed in gold, a failed one (a penalty) in red.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from game.dreamcats import RoundResult
from images import art, scene
from images.dreamcats.text import ENGLISH, PictureText
from images.fonts import Colour, locked_cache, text_sprite

WIDTH = 1080
ROW_H, ROW_GAP, HEADER_H, LEGEND_H = 84, 10, 144, 52
MAX_ROUNDS = 8  # round columns, the subtotal column included
ROUNDS_RIGHT, ROUND_W, SUBTOTAL_W = 900, 58, 76
TOTAL_X = 980
HEADING: Colour = (210, 200, 240)
SCORE: Colour = (226, 218, 255)
PENALTY: Colour = (255, 150, 130)
SUBTOTAL_FILL: Colour = (44, 34, 84, 255)


def places(totals: Sequence[int], left: Collection[int] = ()) -> list[int]:
    """The place of each seat: 1 for the lowest total, equal totals share a place (1, 1, 3); the seats in `left`
    (their person left the match: a loss) share the place below every seat that stayed, as the records keep it."""
    keys = [(True, 0) if seat in left else (False, total) for seat, total in enumerate(totals)]
    return [1 + sum(other < key for other in keys) for key in keys]


def standings_order(totals: Sequence[int], left: Collection[int] = ()) -> list[int]:
    """The seats best first, as `places` ranks them."""
    return sorted(range(len(totals)), key=lambda s: (s in left, totals[s], s))


def render_standings(
    totals: Sequence[int],
    names: Sequence[str],
    winners: Sequence[int],
    results: Sequence[RoundResult],
    *,
    text: PictureText = ENGLISH,
    left: Collection[int] = (),
) -> Image.Image:
    """The final standings, best first: place, crown for each winner, name, the rounds' scores and total; the seats
    in `left` (their person left the match) last."""
    seats = len(totals)
    marked = any(r.caller is not None for r in results)
    height = HEADER_H + seats * (ROW_H + ROW_GAP) + (LEGEND_H if marked else 0) + 14
    frame = scene.background(WIDTH, height).copy()
    title = text_sprite(text.standings, 72, art.MOON, WIDTH - 200, display=True)
    scene.paste_centred(frame, title, WIDTH / 2, 40)
    for side in (-1, 1):
        scene.paste_centred(frame, scene.badge("crown", 48), WIDTH / 2 + side * (title.width / 2 + 40), 40)
    folded, shown = _split(results)
    columns = _columns(bool(folded), len(shown))
    _header(frame, text, folded, shown, columns)
    place_of = places(totals, left)
    for row, seat in enumerate(standings_order(totals, left)):
        top = HEADER_H + row * (ROW_H + ROW_GAP)
        _row(frame, top, place_of[seat], seat in winners, text.seat_name(names, seat), totals[seat])
        _scores(frame, top + ROW_H / 2, seat, folded, shown, columns)
    if marked:
        _legend(frame, text, HEADER_H + seats * (ROW_H + ROW_GAP) + LEGEND_H / 2 - 4)
    return frame


def _split(results: Sequence[RoundResult]) -> tuple[list[RoundResult], list[RoundResult]]:
    """The rounds folded into the subtotal (none when all fit) and the rounds shown one by one."""
    if len(results) <= MAX_ROUNDS:
        return [], list(results)
    return list(results[: len(results) - MAX_ROUNDS + 1]), list(results[len(results) - MAX_ROUNDS + 1:])


def _columns(folded: bool, count: int) -> list[float]:
    """The centre x of each column: the subtotal first if any, then one per round shown."""
    left = ROUNDS_RIGHT - ROUND_W * count - (SUBTOTAL_W + 8 if folded else 0)
    centres = [left + SUBTOTAL_W / 2] if folded else []
    start = left + (SUBTOTAL_W + 8 if folded else 0)
    return centres + [start + ROUND_W * i + ROUND_W / 2 for i in range(count)]


def _header(frame: Image.Image, text: PictureText, folded: list[RoundResult], shown: list[RoundResult],
            columns: list[float]) -> None:
    if not columns:
        scene.paste_centred(frame, text_sprite(text.total, 24, HEADING, 150), TOTAL_X, HEADER_H - 18)
        return
    header = text_sprite(text.rounds, 22, HEADING, 300)
    scene.paste_centred(frame, header, (columns[0] + columns[-1]) / 2, HEADER_H - 50)
    labels = ([f"{folded[0].number}–{folded[-1].number}"] if folded else []) + [str(r.number) for r in shown]
    for x, label in zip(columns, labels, strict=True):
        scene.paste_centred(frame, text_sprite(label, 24, HEADING, SUBTOTAL_W), x, HEADER_H - 18)
    scene.paste_centred(frame, text_sprite(text.total, 24, HEADING, 150), TOTAL_X, HEADER_H - 18)


def _row(frame: Image.Image, top: int, place: int, won: bool, name: str, total: int) -> None:
    outline = scene.TURN_GLOW if won else None
    scene.paste(frame, scene.panel(WIDTH - 32, ROW_H, (20, 16, 46, 205), outline), 16, top)
    mid = top + ROW_H / 2
    disc = scene.panel(54, 54, (*(art.GOLD if won else (200, 190, 236)), 255))
    scene.paste_centred(frame, disc, 66, mid)
    scene.paste_centred(frame, text_sprite(str(place), 32, art.INK, 50, stroke=None), 66, mid)
    x = 106
    if won:
        scene.paste_centred(frame, scene.badge("crown", 44), x + 22, mid)
        x += 52
    label = text_sprite(name, 34, art.MOON, ROUNDS_RIGHT - ROUND_W * MAX_ROUNDS - 34 - x, condensed=True)
    scene.paste(frame, label, x, mid - label.height / 2)
    scene.paste_centred(frame, text_sprite(str(total), 44, art.GOLD), TOTAL_X, mid)


def _scores(frame: Image.Image, mid: float, seat: int, folded: list[RoundResult], shown: list[RoundResult],
            columns: list[float]) -> None:
    """Each shown round's score, ringed for a Wake up! call, after the folded rounds' subtotal."""
    xs = iter(columns)
    if folded:
        x = next(xs)
        scene.paste_centred(frame, scene.panel(SUBTOTAL_W, 48, SUBTOTAL_FILL), x, mid)
        scene.paste_centred(frame, text_sprite(str(sum(_score(r, seat) for r in folded)), 28, SCORE, SUBTOTAL_W), x,
                            mid)
    for x, result in zip(xs, shown, strict=True):
        kind = _call(result, seat)
        if kind:
            scene.paste_centred(frame, _ring(kind), x, mid)
        colour = PENALTY if kind == "failed" else SCORE
        scene.paste_centred(frame, text_sprite(str(_score(result, seat)), 28, colour, ROUND_W), x, mid)


def _score(result: RoundResult, seat: int) -> int:
    return result.scores[seat] if seat < len(result.scores) else 0


def _call(result: RoundResult, seat: int) -> str:
    """'called' or 'failed' (called Wake up! without the lowest sum: a penalty) for the caller, else ''."""
    if result.caller != seat:
        return ""
    return "failed" if result.caller_succeeded is False else "called"


@locked_cache(maxsize=4)
def _ring(kind: str) -> Image.Image:
    """A ring around a score: gold for a Wake up! call, red for a failed one."""
    size, ss = 52, 3
    image = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    colour = PENALTY if kind == "failed" else art.GOLD
    ImageDraw.Draw(image).ellipse((4, 4, size * ss - 5, size * ss - 5), outline=colour, width=4 * ss)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _legend(frame: Image.Image, text: PictureText, y: float) -> None:
    """What the rings mean, under the rows."""
    x = 40.0
    for kind, label in (("called", text.called_mark), ("failed", text.penalty_mark)):
        ring = _ring(kind).resize((36, 36), Image.Resampling.LANCZOS)
        scene.paste_centred(frame, ring, x + 18, y)
        room = int(WIDTH - 40 - x - 44)
        sprite = text_sprite(label, 26, PENALTY if kind == "failed" else HEADING, room, condensed=True)
        scene.paste(frame, sprite, x + 44, y - sprite.height / 2)
        x += 44 + sprite.width + 40
