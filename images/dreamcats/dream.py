"""A seat's private picture: its own four cards by position and its hand, drawn once per content and then cached.

What a private picture shows is reduced first to a `Dream` (the face-up cards, the hand, a card of another seat
seen by Peek 1, the captions): the picture and its alt text are a pure function of it, and their encoded bytes are
kept in a bounded cache shared by the drawing threads, so the common replies (a drawn card, all four face down)
are drawn once per process.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image

from game.dreamcats import DREAM_SIZE, Card, Observation, Slot
from images import art, fonts, scene
from images.dreamcats.alt import private_alt
from images.dreamcats.cards import back, face
from images.dreamcats.layout import PILE_CARD
from images.dreamcats.text import ENGLISH, PictureText
from images.encode import encode_png
from images.fonts import Colour, locked_cache, text_sprite

CARD_W, CARD_H = PILE_CARD
GAP, PAD, MARGIN = 10, 14, 12
TITLE_H, NUMBER_H = 46, 56  # the panels' caption row, and the position numbers' row under the cards
OWN_W = DREAM_SIZE * CARD_W + (DREAM_SIZE - 1) * GAP + 2 * PAD
SIDE_W = 2 * CARD_W + GAP + 2 * PAD  # the hand (room for Take 2's two cards) or a card of another seat
PANEL_H = TITLE_H + CARD_H + NUMBER_H
HAND_H = TITLE_H + CARD_H + PAD  # the hand's cards have no position numbers under them
HEIGHT = PANEL_H + 2 * MARGIN
CARDS_TOP = MARGIN + TITLE_H
NUMBER_SIZE = 44  # large: still about 22 px on a phone, where the picture is shown about 360 px wide
PALE = (236, 230, 255)
HAND_FILL = (20, 14, 44, 200)
CACHE_SIZE = 256


class Peeked(NamedTuple):
    """A card of another seat being shown (Peek 1): the seat's display name, the position (0-3) and the card."""

    name: str
    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class Dream:
    """Everything a private picture shows, and nothing else: the picture's and the alt text's cache key."""

    cards: tuple[Card | None, ...]  # the seat's positions 1-4: the card when face up, None when face down
    hand: tuple[Card, ...] = ()  # the card held, or Take 2's options
    other: Peeked | None = None
    text: PictureText = ENGLISH

    @property
    def choosing(self) -> bool:
        """Whether the hand is Take 2's cards to keep one of."""
        return len(self.hand) > 1


class Picture(NamedTuple):
    """An encoded private picture and its alt text."""

    png: bytes
    alt: str


class CacheInfo(NamedTuple):
    """Lookups answered from the cache, pictures drawn, and the cache's bound and size."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def shown_cards(obs: Observation, showing: Collection[Slot]) -> dict[Slot, Card]:
    """The cards a private picture may show face up: in a slot it is asked to show and that the seat knows."""
    return {slot: obs.known[slot] for slot in showing if slot in obs.known}


def hand_cards(obs: Observation) -> tuple[Card, ...]:
    """The card(s) in the seat's hand: the two Take 2 options, or the card it holds, or none."""
    return obs.options or ((obs.holding,) if obs.holding is not None else ())


def dream_of(obs: Observation, names: Sequence[str], showing: Collection[Slot], text: PictureText = ENGLISH) -> Dream:
    """What the seat's private picture shows: its shown and known cards, its hand, and at most one other card."""
    visible = shown_cards(obs, showing)
    cards = tuple(visible.get(Slot(obs.seat, p)) if obs.seat is not None else None for p in range(DREAM_SIZE))
    others = sorted(slot for slot in visible if slot.seat != obs.seat)  # Peek 1 shows one; more are left out
    other = None
    if others:
        other = Peeked(text.seat_name(names, others[0].seat), others[0].position, visible[others[0]])
    return Dream(cards, hand_cards(obs), other, text)


def render_dream(dream: Dream) -> Image.Image:
    """The seat's four cards with large position numbers, face up where shown; then its hand and any other card."""
    text = dream.text
    label = (text.keep_one if dream.choosing else text.in_hand) if dream.hand else None
    width = MARGIN + OWN_W + MARGIN + (SIDE_W + MARGIN) * ((label is not None) + (dream.other is not None))
    frame = scene.on_layer(_layer(width, text.you, label, dream.other is not None),
                           ("dream", width, text.you, label, dream.other is not None))
    for position, card in enumerate(dream.cards):
        if card is not None:  # over the face-down card of the layer, which it covers
            scene.paste(frame, _face(card, text), MARGIN + PAD + position * (CARD_W + GAP), CARDS_TOP)
    x = MARGIN + OWN_W + MARGIN
    if dream.hand:
        step = CARD_W + GAP
        left = x + (SIDE_W - len(dream.hand) * step + GAP) / 2
        for i, card in enumerate(dream.hand):
            scene.paste(frame, _face(card, text), left + i * step, CARDS_TOP)
        x += SIDE_W + MARGIN
    if dream.other is not None:
        name = _fitted(dream.other.name, PALE, SIDE_W - 2 * PAD - 34, (26, 23, 20))
        scene.paste(frame, name, x + PAD + 34, MARGIN + (TITLE_H - name.height) / 2)
        scene.paste(frame, _face(dream.other.card, text), x + (SIDE_W - CARD_W) / 2, CARDS_TOP)
        _number(frame, dream.other.position, x + SIDE_W / 2)
    return frame


def dream_picture(dream: Dream) -> Picture:
    """The private picture as PNG bytes and its alt text: from the cache, or drawn, encoded and kept."""
    found = cached_picture(dream)
    if found is None:
        found = Picture(encode_png(render_dream(dream)), private_alt(dream))
        _cache().put(dream, found)
    return found


def cached_picture(dream: Dream) -> Picture | None:
    """The private picture if it is in the cache (no drawing), else None."""
    return _cache().get(dream)


def cache_info() -> CacheInfo:
    """How the private pictures' cache has done so far in this process."""
    return _cache().info()


class PictureCache:
    """A bounded least-recently-used map of pictures, safe to share between threads.

    The lock is held only to look up or store, never while drawing: two threads may draw the same picture at
    once (the same bytes, stored twice), but no drawing waits for another, nor for the fonts' lock holder.
    """

    def __init__(self, maxsize: int) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Dream, Picture] = OrderedDict()
        self._maxsize = maxsize
        self._hits = self._misses = 0

    def get(self, key: Dream) -> Picture | None:
        """The picture stored under the key (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self._hits += 1
            return found

    def put(self, key: Dream, value: Picture) -> None:
        """Store a picture just drawn, dropping the least recently used beyond the bound."""
        with self._lock:
            self._misses += 1
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)

    def info(self) -> CacheInfo:
        """Hits, pictures stored (drawn), the bound and the size."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, self._maxsize, len(self._items))


@locked_cache(maxsize=1)
def _cache() -> PictureCache:
    return PictureCache(CACHE_SIZE)


def _face(card: Card, text: PictureText) -> Image.Image:
    return face(card, CARD_W, CARD_H, text.card_name(card))


def _number(frame: Image.Image, position: int, cx: float) -> None:
    number = text_sprite(str(position + 1), NUMBER_SIZE, PALE)
    scene.paste_centred(frame, number, cx, CARDS_TOP + CARD_H + NUMBER_H / 2)


@locked_cache(maxsize=256)  # measured under the fonts' lock: FreeType faces must not be used concurrently
def _fitted(label: str, colour: Colour, room: int, sizes: tuple[int, ...]) -> Image.Image:
    """A caption in the largest of `sizes` (condensed) that fits in `room` pixels, else cut at the smallest."""
    for size in sizes:
        if fonts.text_length(label, size, True) <= room:
            break
    return text_sprite(label, size, colour, room, condensed=True)


@locked_cache(maxsize=16)
def _layer(width: int, you: str, label: str | None, other: bool) -> Image.Image:
    """The sky, the panels, the seat's four cards face down and numbered, and the captions that never change."""
    frame = scene.background(width, HEIGHT, moon=False).copy()  # the side panels would half hide it
    scene.paste(frame, scene.panel(OWN_W, PANEL_H), MARGIN, MARGIN)
    tag = text_sprite(you, 26, art.INK, 200, stroke=None)
    scene.paste(frame, scene.panel(tag.width + 20, 34, (*art.BLOSSOM, 255)), MARGIN + PAD, MARGIN + (TITLE_H - 34) / 2)
    scene.paste_centred(frame, tag, MARGIN + PAD + (tag.width + 20) / 2, MARGIN + TITLE_H / 2)
    card_back = back(CARD_W, CARD_H)
    for position in range(DREAM_SIZE):
        x = MARGIN + PAD + position * (CARD_W + GAP)
        scene.paste(frame, card_back, x, CARDS_TOP)
        _number(frame, position, x + CARD_W / 2)
    x = MARGIN + OWN_W + MARGIN
    if label is not None:
        scene.paste(frame, scene.panel(SIDE_W, HAND_H, HAND_FILL, art.GOLD), x, MARGIN)
        caption = _fitted(label, art.GOLD, SIDE_W - 2 * PAD, (30, 26, 22))
        scene.paste_centred(frame, caption, x + SIDE_W / 2, MARGIN + TITLE_H / 2 + 2)
        x += SIDE_W + MARGIN
    if other:
        scene.paste(frame, scene.panel(SIDE_W, PANEL_H), x, MARGIN)
        scene.paste_centred(frame, scene.badge("eye", 28), x + PAD + 14, MARGIN + TITLE_H / 2)
    return frame
