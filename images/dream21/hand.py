"""A seat's private Dream 21 picture: its hand sorted, the card just drawn, and which cards it may play now."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from game.dream21 import TARGET, Card, Observation
from images import art, scene
from images.dream21.cards import INDEX_W, face
from images.dream21.text import ENGLISH, Dream21Text
from images.dreamcats.cards import SHADOW, shadow
from images.fonts import Colour, locked_cache, text_sprite

MAX_WIDTH, MIN_WIDTH = 1080, 840  # narrower with few cards: Discord scales it down less, so the cards show larger
GAP = 14
BAND_TOP, BAND_H = 12, 56
HINT_Y = 96
BADGE_Y = 142
CARD = (136, 190)
RAISE = 24
CARDS_TOP = 206  # a card that may be played is raised by RAISE above it
PILL_Y = CARDS_TOP + CARD[1] + 30
HEIGHT = PILL_Y + 30
MARGIN = 24
PALE: Colour = (236, 230, 255)
HINT: Colour = (206, 244, 255)
DIM: Colour = (14, 10, 34, 165)


@dataclass(frozen=True, slots=True)
class Playable:
    """Which cards the seat may play now, and which of them make exactly 21."""

    cards: frozenset[Card]
    makes_21: frozenset[Card]
    marked: bool  # False while it is not the seat's turn: nothing is marked or dimmed


def playable(obs: Observation, *, paused: bool = False) -> Playable:
    """The cards playable now: any when leading, those making exactly 21 before a draw, else those that fit; none
    while it is not the seat's turn or the table pauses between hands (the total changes before the seat plays)."""
    if not obs.my_turn or paused:
        return Playable(frozenset(), frozenset(), False)
    makes = frozenset(c for c in obs.hand if obs.total + c.value == TARGET or (c.is_ace and obs.total + 11 == TARGET))
    if obs.leading:
        return Playable(frozenset(obs.hand), frozenset(), True)
    if obs.has_drawn or obs.draw_count == 0:
        return Playable(frozenset(c for c in obs.hand if obs.total + c.value <= TARGET), makes, True)
    return Playable(makes, makes, True)


def hint(obs: Observation, names: tuple[str, ...], text: Dream21Text, *, paused: bool = False) -> str:
    """What the seat may do now, in one line (`paused`: the table pauses before the hand's first trick)."""
    if obs.over:
        return ""
    if paused and obs.my_turn:
        return text.next_hand_lead
    if not obs.my_turn or paused:
        return text.waiting.format(name=text.seat_name(names, obs.turn))
    if obs.leading:
        return text.your_turn_lead
    return text.your_turn_play if obs.has_drawn or obs.draw_count == 0 else text.your_turn_draw


def render_hand(obs: Observation, *, names: tuple[str, ...] = (), text: Dream21Text = ENGLISH,
                paused: bool = False) -> Image.Image:
    """The seat's own hand: playable cards raised and ringed, the others dimmed, the drawn card and the total marked
    (`paused`: between hands, nothing marked yet)."""
    assert obs.seat is not None, "a private hand is drawn from that seat's own observation"
    count = len(obs.hand)
    width = hand_width(count)
    frame = scene.on_layer(_layer(width, text), ("dream21-hand", width, text))
    total = _total(obs.total, text.total)
    scene.paste(frame, total, width - 16 - total.width, BAND_TOP)
    line = hint(obs, names, text, paused=paused)
    if line:
        scene.paste_centred(frame, text_sprite(line, 30, HINT, width - 40, condensed=True), width / 2, HINT_Y)
    can = playable(obs, paused=paused)
    w, h = CARD
    room = width - 2 * MARGIN - w
    step = max(w * INDEX_W, min(w + GAP, room / (count - 1))) if count > 1 else 0
    left = MARGIN + (room - step * (count - 1)) / 2
    for i, card in enumerate(obs.hand):
        x = left + i * step
        raised = can.marked and card in can.cards
        top = CARDS_TOP - (RAISE if raised else 0)
        scene.paste(frame, shadow(w, h), x - SHADOW + 3, top - SHADOW + 4)
        scene.paste(frame, face(card, w, h), x, top)
        if raised:
            scene.paste(frame, scene.panel(w + 8, h + 8, (0, 0, 0, 0), scene.MARK), x - 4, top - 4)
        elif can.marked:
            scene.paste(frame, scene.panel(w, h, DIM), x, top)
        if card in can.makes_21:
            scene.paste_centred(frame, _badge_21(), x + w * INDEX_W / 2 + 4, BADGE_Y)
        if card == obs.drawn:
            pill = text_sprite(text.drawn, 28, art.INK, 200, condensed=True, stroke=None)
            cx = x + min(step, w) / 2
            scene.paste_centred(frame, scene.panel(pill.width + 24, 40, (*scene.TURN_GLOW, 255), art.INK), cx, PILL_Y)
            scene.paste_centred(frame, pill, cx, PILL_Y)
    return frame


def hand_width(count: int) -> int:
    """The picture's width for a hand of `count` cards: side by side while they fit, then overlapping."""
    return max(MIN_WIDTH, min(MAX_WIDTH, 2 * MARGIN + count * CARD[0] + (count - 1) * GAP))


@locked_cache(maxsize=16)
def _layer(width: int, text: Dream21Text) -> Image.Image:
    frame = scene.background(width, HEIGHT, moon=False).copy()
    label = text_sprite(text.your_hand, 34, art.MOON, 420, condensed=True)
    scene.paste(frame, scene.panel(label.width + 32, BAND_H, scene.PANEL), 16, BAND_TOP)
    scene.paste(frame, label, 32, BAND_TOP + (BAND_H - label.height) / 2)
    return frame


@locked_cache(maxsize=32)
def _total(total: int, word: str) -> Image.Image:
    """The trick's total as a panel: "Total 18 / 21", gold at 21."""
    label = text_sprite(word, 30, PALE, 260, condensed=True)
    big = text_sprite(str(total), 46, scene.TURN_GLOW if total == TARGET else art.MOON)
    rest = text_sprite(f"/ {TARGET}", 30, PALE)
    image = scene.panel(label.width + big.width + rest.width + 56, BAND_H, scene.PANEL).copy()
    image.alpha_composite(label, (16, (BAND_H - label.height) // 2))
    x = 16 + label.width + 12
    image.alpha_composite(big, (x, (BAND_H - big.height) // 2))
    image.alpha_composite(rest, (x + big.width + 8, (BAND_H - big.height) // 2 + big.height - rest.height - 6))
    return image


@locked_cache(maxsize=1)
def _badge_21() -> Image.Image:
    """A gold star with 21 on it: this card makes exactly 21."""
    size = 80
    image = scene.badge("star", size).copy()
    label = text_sprite(str(TARGET), 28, art.INK, size, stroke=None)
    image.alpha_composite(label, ((size - label.width) // 2, (size - label.height) // 2 + 2))
    return image
