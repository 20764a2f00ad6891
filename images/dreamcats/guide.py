"""The rules guide's pictures: one small picture per page, drawn with the table's own card art.

Every word on them comes in through GuideText, so the bot passes the page's language; card values come from game.
A page's picture is a pure function of (page, text, penalty).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from game.dreamcats import DREAM_SIZE, SPECIALS, Card, MatchSettings
from images import art, fonts, scene
from images.dreamcats.cards import back, face
from images.dreamcats.text import ENGLISH, PictureText
from images.encode import encode_png
from images.fonts import Colour, locked_cache, text_sprite

WIDTH, HEIGHT = 720, 300
PAGES = 5
PALE: Colour = (236, 230, 255)
PENALTY: Colour = (255, 150, 130)
FILL: Colour = (20, 16, 46, 200)
DEFAULT_PENALTY = MatchSettings().penalty
# The example dreams of the scoring page: the caller's sum is not the lowest, so the penalty shows.
CALLER_DREAM = (Card.THREE, Card.ZERO, Card.TAKE_2, Card.ONE)
OTHER_DREAM = (Card.TWO, Card.ONE, Card.FOUR, Card.ZERO)


@dataclass(frozen=True, slots=True)
class GuideText:
    """The words drawn on the guide's pictures (English defaults); `cards` names the special lands."""

    cards: PictureText = field(default=ENGLISH)
    your_dream: str = "Your dream"
    look_at_two: str = "Look at 2"
    discard_pile: str = "Discard"
    draw_pile: str = "Draw pile"
    swap: str = "Swap"
    discard: str = "Discard"
    power: str = "Power"
    keep_one: str = "Keep one"
    look_at_one: str = "Look at any 1"
    swap_two: str = "Swap any 2"
    wake_up: str = "Wake up!"
    you: str = "You"
    opponent: str = "Opponent"
    penalty: str = "score {score}"  # under the caller's "+5": what the caller scores in all


def render_guide(page: int, text: GuideText = GuideText(), *, penalty: int = DEFAULT_PENALTY) -> Image.Image:
    """The picture of guide page `page` (1-PAGES): the dream, the cards, a turn, the powers, Wake up! and scoring."""
    draw = _PAGES[page - 1]
    frame = scene.background(WIDTH, HEIGHT, moon=False).copy()
    draw(frame, text, penalty)
    return frame


def guide_png(page: int, text: GuideText = GuideText(), penalty: int = DEFAULT_PENALTY) -> bytes:
    """The page's picture as PNG bytes (the bot keeps them: a page is drawn once per language)."""
    return encode_png(render_guide(page, text, penalty=penalty))


def _face(card: Card, text: GuideText, w: int, h: int) -> Image.Image:
    return face(card, w, h, text.cards.card_name(card))


@locked_cache(maxsize=128)  # under the fonts' lock: FreeType faces must not be used concurrently
def _label(words: str, colour: Colour, room: int, size: int, outline: bool = True) -> Image.Image:
    """A caption as large as `size` (condensed) that fits in `room` pixels, smaller down to 60 % before it is cut."""
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6):
        shown = int(size * scale)
        if fonts.text_length(words, shown, True) <= room:
            break
    return text_sprite(words, shown, colour, room, condensed=True, stroke=(14, 12, 34) if outline else None)


def _chip(frame: Image.Image, words: str, cx: float, cy: float, room: int, size: int,
          fill: Colour = scene.TURN_GLOW) -> None:
    """Dark words on a bright rounded tag, centred on (cx, cy)."""
    label = _label(words, art.INK, room - 20, size, outline=False)
    scene.paste_centred(frame, scene.panel(label.width + 22, label.height + 8, (*fill[:3], 255)), cx, cy)
    scene.paste_centred(frame, label, cx, cy)


def _arrow(frame: Image.Image, x0: float, x1: float, y: float) -> None:
    """A bold right-pointing arrow from x0 to x1 at height y."""
    sprite = _arrow_sprite(int(x1 - x0))
    scene.paste(frame, sprite, x0, y - sprite.height / 2)


@locked_cache(maxsize=16)
def _arrow_sprite(length: int) -> Image.Image:
    image = Image.new("RGBA", (length * 2, 56), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.rectangle((0, 20, length * 2 - 34, 36), fill=scene.MARK, outline=art.INK, width=3)
    d.polygon([(length * 2 - 40, 4), (length * 2 - 2, 28), (length * 2 - 40, 52)], fill=scene.MARK, outline=art.INK,
              width=3)
    return image.resize((length, 28), Image.Resampling.LANCZOS)


def _dream(frame: Image.Image, text: GuideText, penalty: int) -> None:
    """Page 1: four face-down cards, numbered; the first two looked at."""
    w, h, gap = 96, 134, 16
    left, top = 44, 76
    scene.paste(frame, scene.panel(4 * w + 3 * gap + 40, 272, FILL), left - 20, 14)
    scene.paste(frame, _label(text.your_dream, art.MOON, 4 * w, 34), left, 20)
    shown = {0: Card.THREE, 1: Card.ZERO}
    for position in range(DREAM_SIZE):
        x = left + position * (w + gap)
        card = shown.get(position)
        scene.paste(frame, back(w, h) if card is None else _face(card, text, w, h), x, top)
        if card is not None:
            scene.paste_centred(frame, scene.badge("eye", 40), x + w - 6, top + 6)
        scene.paste_centred(frame, text_sprite(str(position + 1), 36, PALE), x + w / 2, top + h + 30)
    cx = left + 4 * w + 3 * gap + 40 + (WIDTH - (left + 4 * w + 3 * gap + 40)) / 2
    scene.paste_centred(frame, scene.badge("eye", 96), cx, 110)
    _chip(frame, text.look_at_two, cx, 200, WIDTH - (left + 4 * w + 3 * gap + 50), 34)


def _cards(frame: Image.Image, text: GuideText, penalty: int) -> None:
    """Page 2: every value from 0 to 9, then the three special lands with the cats they count."""
    w, h, gap = 62, 87, 8
    left = (WIDTH - 10 * w - 9 * gap) / 2
    for value in range(10):
        scene.paste(frame, _face(Card(value), text, w, h), left + value * (w + gap), 14)
    sw, sh = 96, 134
    column = WIDTH / len(SPECIALS)
    for i, card in enumerate(SPECIALS):
        x = i * column + 14
        scene.paste(frame, _face(card, text, sw, sh), x, 14 + h + 26)
        cats = text_sprite(f"= {card.points}", 52, art.GOLD)
        scene.paste(frame, cats, x + sw + 10, 14 + h + 26 + (sh - cats.height) / 2)


def _turn(frame: Image.Image, text: GuideText, penalty: int) -> None:
    """Page 3: A takes the discard into the dream; B draws, then swaps, discards or uses the power."""
    half = WIDTH / 2
    for i in range(2):
        scene.paste(frame, scene.panel(int(half) - 20, HEIGHT - 20, FILL), i * half + 10, 10)
    w, h = 84, 118
    # A: the discard's card goes into a dream position; the card there goes to the discard pile.
    scene.paste(frame, text_sprite("A", 56, art.GOLD), 28, 16)
    scene.paste(frame, _label(text.discard_pile, PALE, 250, 28), 84, 30)
    scene.paste(frame, _face(Card.TWO, text, w, h), 30, 84)
    _arrow(frame, 30 + w + 8, 30 + w + 62, 84 + h / 2)
    mini_w, mini_h = 56, 78
    for position in range(DREAM_SIZE):
        x = 196 + (position % 2) * (mini_w + 12)
        y = 64 + (position // 2) * (mini_h + 12)
        scene.paste(frame, back(mini_w, mini_h), x, y)
        if position == 1:
            scene.paste_centred(frame, scene.badge("in", 34), x + mini_w - 4, y + 4)
    scene.paste_centred(frame, _label(text.your_dream, PALE, int(half) - 60, 28), half / 2 + 10, HEIGHT - 40)
    # B: the draw pile's top card, looked at, then one of three choices.
    bx = half + 10
    scene.paste(frame, text_sprite("B", 56, art.GOLD), bx + 18, 16)
    scene.paste(frame, _label(text.draw_pile, PALE, 200, 28), bx + 74, 30)
    scene.paste(frame, back(w, h), bx + 16, 84)
    scene.paste(frame, _face(Card.PEEK_1, text, w, h), bx + 44, 118)
    scene.paste_centred(frame, scene.badge("eye", 38), bx + 44 + w - 4, 118 + 4)
    choices = ((f"B1 {text.swap}", scene.MARK), (f"B2 {text.discard}", art.BLOSSOM), (f"B3 {text.power}", art.GOLD))
    for i, (words, colour) in enumerate(choices):
        _chip(frame, words, bx + 250, 112 + i * 62, 164, 30, colour)


def _powers(frame: Image.Image, text: GuideText, penalty: int) -> None:
    """Page 4: each special land with what its power does."""
    column = WIDTH / len(SPECIALS)
    w, h = 100, 140
    captions = {Card.TAKE_2: text.keep_one, Card.PEEK_1: text.look_at_one, Card.SWAP_2: text.swap_two}
    for i, card in enumerate(SPECIALS):
        x = i * column
        scene.paste(frame, scene.panel(int(column) - 16, HEIGHT - 20, FILL), x + 8, 10)
        scene.paste(frame, _face(card, text, w, h), x + 18, 24)
        _power_example(frame, card, text, x + 18 + w + 12, 24)
        _chip(frame, captions[card], x + column / 2, HEIGHT - 58, int(column) - 22, 28)


def _power_example(frame: Image.Image, card: Card, text: GuideText, x: float, y: float) -> None:
    """The little scene beside a special land: two cards to keep one of, a card looked at, two cards swapped."""
    w, h = 52, 72
    if card == Card.TAKE_2:
        scene.paste(frame, _face(Card.ONE, text, w, h), x, y)
        scene.paste(frame, _face(Card.NINE, text, w, h), x + 30, y + 70)
        scene.paste_centred(frame, scene.badge("star", 36), x + w - 4, y + 4)
    elif card == Card.PEEK_1:
        scene.paste(frame, back(w, h), x + 14, y + 30)
        scene.paste_centred(frame, scene.badge("eye", 44), x + 14 + w / 2, y + 30 + h + 18)
    else:
        scene.paste(frame, back(w, h), x, y)
        scene.paste(frame, back(w, h), x + 30, y + 70)
        scene.paste_centred(frame, scene.badge("swap", 40), x + 41, y + 70)


def _scoring(frame: Image.Image, text: GuideText, penalty: int) -> None:
    """Page 5: the caller's dream and another's, face up, with sums; the caller was not lowest and pays."""
    w, h = 64, 90
    rows = ((text.you, CALLER_DREAM, True), (text.opponent, OTHER_DREAM, False))
    lowest = min(sum(c.points for c in dream) for _, dream, _ in rows)
    for i, (name, dream, caller) in enumerate(rows):
        top = 10 + i * 140
        scene.paste(frame, scene.panel(WIDTH - 20, 130, FILL, scene.TURN_GLOW if caller else None), 10, top)
        scene.paste(frame, _label(name, art.MOON, 150, 32), 28, top + (22 if caller else 46))
        if caller:
            _chip(frame, text.wake_up, 28 + 75, top + 92, 150, 24)
        for position, card in enumerate(dream):
            scene.paste(frame, _face(card, text, w, h), 196 + position * (w + 8), top + 20)
        total = sum(c.points for c in dream)
        scene.paste_centred(frame, text_sprite(f"= {total}", 46, art.MOON), 540, top + 65)
        if caller and total > lowest:
            scene.paste_centred(frame, text_sprite(f"+{penalty}", 46, PENALTY), 640, top + 50)
            scene.paste_centred(frame, _label(text.penalty.format(score=total + penalty), PENALTY, 160, 26), 636,
                                top + 102)
        elif total == lowest:
            scene.paste_centred(frame, scene.badge("star", 44), 640, top + 65)


_PAGES: tuple[Callable[[Image.Image, GuideText, int], None], ...] = (_dream, _cards, _turn, _powers, _scoring)
