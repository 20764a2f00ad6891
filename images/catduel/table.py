"""The public Cat Duel table: the cats in a ring with HP, cards and abilities, who has chosen, and the last reveal
with its scratches as arrows (hit, stopped, reversed, on a purring cat) and every cat's HP change."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from game.catduel import Cat, Event, EventKind, Observation, Phase
from game.catduel.settings import duels_to_win
from images import scene
from images.catduel.cats import portrait
from images.catduel.reveal import Reveal, reveal_of
from images.catduel.text import ENGLISH, CatDuelText
from images.fonts import Colour, fit_name, text_length, text_sprite

W = 1000
LAYOUTS = {False: (724, (500, 392), (330, 204)), True: (800, (500, 428), (382, 242))}  # (height, centre, radii)
SEAT_W, SEAT_H, FACE = 210, 176, 92
PALE: Colour = (236, 230, 255)
HP_GOOD: Colour = (120, 214, 140)
HP_LOW: Colour = (240, 110, 96)
ARROWS: dict[EventKind, Colour] = {EventKind.HIT: (240, 90, 90), EventKind.STOPPED: (150, 176, 224),
                                   EventKind.REVERSED: (255, 166, 64), EventKind.ATTACKED: (246, 140, 200)}
SS = 2
STATUS_TOP, STATUS_H = 12, 48  # who has chosen, top right: the moon is drawn below it, clear of every seat count's ring
MOON_TOP = STATUS_TOP + STATUS_H + 10
BANNER_SIZES, BANNER_H = (32, 28, 24), 60  # the winners' banner in the ring's middle: smaller before names are cut


def layout(num_seats: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The picture's height, the ring's centre and radii: five or six cats get a wider ring."""
    return LAYOUTS[num_seats > 4]


def seat_centres(num_seats: int) -> list[tuple[float, float]]:
    """Where each seat sits: around an ellipse, seat 0 on the left, clockwise."""
    _, (cx, cy), (rx, ry) = layout(num_seats)
    return [(cx + rx * math.cos(math.pi + math.tau * i / num_seats), cy + ry * math.sin(math.pi + math.tau * i /
                                                                                       num_seats))
            for i in range(num_seats)]


def render_table(obs: Observation, names: Sequence[str], *, text: CatDuelText = ENGLISH) -> Image.Image:
    """The public table; drawn from the public observation only."""
    assert obs.seat is None, "the public table is drawn from the public observation only"
    frame = scene.background(W, layout(obs.num_seats)[0], moon_top=MOON_TOP).convert("RGBA")
    reveal = reveal_of(obs.history, obs.num_seats)
    _header(frame, obs, reveal, text)
    centres = seat_centres(obs.num_seats)
    if reveal is not None:
        _arrows(frame, reveal, centres)
    for seat, centre in enumerate(centres):
        _seat(frame, obs, seat, names[seat] if seat < len(names) else "?", centre, reveal, text)
    _status(frame, obs, reveal, names, text)
    return frame.convert("RGB")


def _header(frame: Image.Image, obs: Observation, reveal: Reveal | None, text: CatDuelText) -> None:
    title = text.duel_round.format(duel=obs.duel, round=obs.round)
    if obs.best_of > 1:
        title += "  ·  " + text.best_of.format(best_of=obs.best_of, wins=duels_to_win(obs.best_of))
    sprite = text_sprite(title, 30, PALE, 640, condensed=True)
    scene.paste(frame, scene.panel(sprite.width + 28, 48), 16, 12)
    scene.paste(frame, sprite, 30, 12 + (48 - sprite.height) / 2)
    if reveal is not None:
        note = text_sprite(text.last_round.format(round=reveal.round), 22, (206, 244, 255), 300, condensed=True)
        scene.paste(frame, note, 30, 66)


def _seat(frame: Image.Image, obs: Observation, seat: int, name: str, centre: tuple[float, float],
          reveal: Reveal | None, text: CatDuelText) -> None:
    cat, hp, alive = obs.cats[seat], obs.hps[seat], seat in obs.living
    cx, cy = centre
    left, top = cx - SEAT_W / 2, cy - SEAT_H / 2
    scene.paste(frame, scene.panel(SEAT_W, SEAT_H), left, top)
    scene.paste_centred(frame, portrait(cat, FACE, not alive), cx, top + 8 + FACE / 2)
    scene.paste_centred(frame, text_sprite(name, 22, PALE, SEAT_W - 16, condensed=True), cx, top + FACE + 18)
    hp_bar(frame, left + 14, top + FACE + 34, SEAT_W - 28, hp, cat, text, not alive)
    info = f"{text.word(cat)} · {'▮' * obs.hand_sizes[seat] or '–'}"
    scene.paste_centred(frame, text_sprite(info, 17, (206, 200, 236), SEAT_W - 16, condensed=True), cx,
                        top + FACE + 66)
    abilities_line(frame, obs, seat, cx, top + SEAT_H + 2, text)
    if reveal is not None and reveal.changes and reveal.changes[seat]:
        change = reveal.changes[seat]
        colour = HP_GOOD if change > 0 else HP_LOW
        badge = text_sprite(f"{change:+d}".replace("-", "−"), 30, colour, 80)
        scene.paste_centred(frame, badge, left + 26, top + 26)
    if seat in obs.chosen:
        scene.paste_centred(frame, _tick(28), left + SEAT_W - 22, top + 22)
    elif seat in obs.waiting_for:
        scene.paste_centred(frame, scene.badge("hourglass", 30), left + SEAT_W - 22, top + 22)
    if reveal is not None and seat in reveal.shown:
        _paste_inside(frame, _shown_label(reveal.shown[seat], text), cx, top - 14)
    elif reveal is not None and seat in reveal.skipped:
        _paste_inside(frame, _pill(text.skips, (206, 200, 236)), cx, top - 14)


def _paste_inside(frame: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Centred at (cx, cy) as far as the frame allows: a label wider than its seat, over a seat at the ring's left or
    right end (five or six cats), would otherwise run off the picture."""
    half = sprite.width / 2 + 6
    scene.paste_centred(frame, sprite, min(max(cx, half), frame.width - half), cy)


def hp_bar(frame: Image.Image, x: float, y: float, w: float, hp: int, cat: Cat, text: CatDuelText,
           out: bool) -> None:
    """The HP bar, filling towards the 20 HP win, a mark at the cat's starting HP; "Out" for a cat that is out."""
    bar = Image.new("RGBA", (int(w) * SS, 22 * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(bar)
    d.rounded_rectangle((0, 0, bar.width - 1, bar.height - 1), 10 * SS, fill=(24, 20, 48, 230),
                        outline=(14, 12, 34), width=2 * SS)
    share = max(0.0, min(1.0, hp / 20))  # the bar fills towards the 20 HP win
    if share > 0:
        colour = HP_GOOD if hp > 3 else HP_LOW
        d.rounded_rectangle((3 * SS, 3 * SS, 3 * SS + (bar.width - 6 * SS) * share, bar.height - 3 * SS), 8 * SS,
                            fill=colour)
    start = (bar.width - 6 * SS) * cat.start_hp / 20 + 3 * SS
    d.line([(start, 2 * SS), (start, bar.height - 2 * SS)], fill=(255, 255, 255, 120), width=SS)
    bar = bar.resize((int(w), 22), Image.Resampling.LANCZOS)
    scene.paste(frame, bar, x, y)
    label = text.out if out else text.hp.format(hp=max(hp, 0))
    scene.paste_centred(frame, text_sprite(label, 17, PALE, int(w), condensed=True), x + w / 2, y + 11)


def abilities_line(frame: Image.Image, obs: Observation, seat: int, cx: float, y: float, text: CatDuelText) -> None:
    """The seat's abilities under its panel: ✦ ready, ◌ cooling down."""
    ready_from = dict(obs.ready_from[seat])
    parts = []
    for ability in obs.abilities[seat]:
        ready = ready_from.get(ability, 0) <= obs.round
        parts.append(("✦ " if ready else "◌ ") + text.word(ability))
    sprite = text_sprite("  ".join(parts), 16, (246, 222, 160), SEAT_W + 40, condensed=True)
    scene.paste(frame, scene.panel(sprite.width + 16, sprite.height + 4), cx - sprite.width / 2 - 8, y)
    scene.paste(frame, sprite, cx - sprite.width / 2, y + 2)


def _shown_label(event: Event, text: CatDuelText) -> Image.Image:
    words = text.word(event.move) if event.move is not None else ""
    if event.card is not None:
        words += " · " + text.word(event.card)
    colour = {"purr": (150, 230, 170), "guard": (150, 190, 255), "scratch": (255, 150, 140)}.get(str(event.move),
                                                                                               PALE)
    return _pill(words, colour)


def _pill(words: str, colour: Colour) -> Image.Image:
    sprite = text_sprite(words, 19, (34, 26, 58), SEAT_W + 90, condensed=True, stroke=None)
    pill = scene.panel(sprite.width + 20, 30, (*colour[:3], 240), (34, 26, 58)).copy()
    pill.alpha_composite(sprite, (10, (30 - sprite.height) // 2))
    return pill


def _tick(size: int) -> Image.Image:
    image = Image.new("RGBA", (size * 3, size * 3), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.ellipse((2, 2, size * 3 - 3, size * 3 - 3), fill=(120, 214, 140), outline=(34, 26, 58), width=6)
    d.line([(size * 0.8, size * 1.6), (size * 1.3, size * 2.1), (size * 2.2, size * 0.9)], fill=(34, 26, 58),
           width=size // 3)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _arrows(frame: Image.Image, reveal: Reveal, centres: Sequence[tuple[float, float]]) -> None:
    height = layout(len(centres))[0]
    layer = Image.new("RGBA", (W * SS, height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    labels: list[tuple[str, Colour, float, float]] = []
    drawn: dict[tuple[int, int], int] = {}
    for event in reveal.scratches:
        if event.seat is None or event.other is None:
            continue
        # Each arrow keeps to its own right: two cats scratching each other get two arrows well apart, each with
        # its amount on its outer side; a second arrow the same way goes further out.
        key = (event.seat, event.other)
        offset = 13 + 22 * drawn.get(key, 0)
        drawn[key] = drawn.get(key, 0) + 1
        mid = _arrow(d, centres[event.seat], centres[event.other], ARROWS[event.kind], offset, event.kind)
        if event.kind in (EventKind.HIT, EventKind.REVERSED) and event.amount:
            labels.append((f"−{event.amount}", ARROWS[event.kind], *mid))
    box = layer.getbbox()
    if box is not None:  # only the arrows' own box is scaled down: most of the picture has none
        left, top = box[0] // (2 * SS) * 2, box[1] // (2 * SS) * 2
        right, bottom = min(W, -(-box[2] // SS) + 1), min(height, -(-box[3] // SS) + 1)
        part = layer.crop((left * SS, top * SS, right * SS, bottom * SS))
        scene.paste(frame, part.resize((right - left, bottom - top), Image.Resampling.LANCZOS), left, top)
    for words, colour, x, y in labels:
        scene.paste_centred(frame, text_sprite(words, 26, colour), x, y)


def _arrow(d: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], colour: Colour,
           offset: float, kind: EventKind) -> tuple[float, float]:
    """An arrow from the scratcher towards its target (stopped: it ends on a bar; reversed: it turns back)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    px, py = -uy * offset, ux * offset
    # Start and end just outside the panels (with the move's label above and the ability below them), whatever the
    # angle: a fixed trim left diagonal arrows' heads under a panel's corner.
    edge = min(SEAT_W / 2 / abs(ux) if abs(ux) > 1e-6 else math.inf,
               (SEAT_H / 2 + 22) / abs(uy) if abs(uy) > 1e-6 else math.inf)
    trim_start, trim_end = edge + 4, edge + (14 if kind is not EventKind.STOPPED else 52)
    if trim_start + trim_end > length - 40:  # close neighbours: keep at least a short arrow between them
        shrink = (length - 40) / (trim_start + trim_end)
        trim_start, trim_end = trim_start * shrink, trim_end * shrink
    ax, ay = x0 + ux * trim_start + px, y0 + uy * trim_start + py
    bx, by = x1 - ux * trim_end + px, y1 - uy * trim_end + py
    d.line([(ax * SS, ay * SS), (bx * SS, by * SS)], fill=colour, width=7 * SS)
    if kind is EventKind.STOPPED:  # the guard: a shield bar across the arrow's end
        d.line([((bx - px / offset * 22 if offset else bx) * SS, (by - py / offset * 22 if offset else by) * SS),
                ((bx + px / offset * 22 if offset else bx) * SS, (by + py / offset * 22 if offset else by) * SS)],
               fill=colour, width=10 * SS)
    else:
        tip, back = (ax, ay) if kind is EventKind.REVERSED else (bx, by), -1 if kind is EventKind.REVERSED else 1
        hx, hy = tip
        wing = [(hx + (-ux * back * 20 - uy * 12), hy + (-uy * back * 20 + ux * 12)),
                (hx + (-ux * back * 20 + uy * 12), hy + (-uy * back * 20 - ux * 12))]
        d.polygon([(hx * SS, hy * SS), *((x * SS, y * SS) for x, y in wing)], fill=colour)
    outward = (offset + 18) / offset if offset else 0.0  # the amount beside the arrow, on its outer side
    return ((ax + bx) / 2 + px * outward, (ay + by) / 2 + py * outward)


@functools.cache  # one answer per seat count
def _centre_room(num_seats: int) -> int:
    """How wide the winners' banner in the ring's middle may be without covering a cat beside it."""
    _, (cx, cy), _ = layout(num_seats)
    room = W - 360
    for x, y in seat_centres(num_seats):
        if abs(y - cy) < SEAT_H / 2 + BANNER_H / 2:  # a seat level with the banner: keep clear of its panel
            room = min(room, int(2 * (abs(x - cx) - SEAT_W / 2)) - 24 - 40)
    return room


def _status(frame: Image.Image, obs: Observation, reveal: Reveal | None, names: Sequence[str],
            text: CatDuelText) -> None:
    """Who has chosen (top right), or the winners in the middle of the ring when the duel has just ended."""
    if reveal is not None and reveal.winners and (obs.over or obs.round == 1):
        who = text.and_word.join(names[s] for s in reveal.winners if s < len(names))
        template = (text.won_match if reveal.match_over else text.won).replace("{names}", "{name}")
        room = _centre_room(obs.num_seats)
        size = next((size for size in BANNER_SIZES if text_length(template.format(name=who), size, True) <= room),
                    BANNER_SIZES[-1])
        words = fit_name(template, who, size, room, condensed=True)  # long names give way, not the words
        sprite = text_sprite(words, size, (255, 214, 120), room, condensed=True)
        _, (cx, cy), _ = layout(obs.num_seats)
        scene.paste_centred(frame, scene.panel(sprite.width + 40, BANNER_H, (20, 16, 46, 225), (255, 214, 120)), cx,
                            cy)
        scene.paste_centred(frame, sprite, cx, cy)
        return
    if obs.over:
        return
    total = len(obs.waiting_for) + len(obs.chosen)
    template = text.prelude if obs.phase is Phase.PRELUDE else text.chosen
    sprite = text_sprite(template.format(chosen=len(obs.chosen), total=total), 28, PALE, W // 2 - 60, condensed=True)
    scene.paste(frame, scene.panel(sprite.width + 32, STATUS_H), W - 16 - sprite.width - 32, STATUS_TOP)
    scene.paste(frame, sprite, W - 16 - sprite.width - 16, STATUS_TOP + (STATUS_H - sprite.height) / 2)
