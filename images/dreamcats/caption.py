"""What just happened: the most recent finished move among the table's last events, and a one-line caption of it."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from game.dreamcats import Event, EventKind
from images import scene
from images.dreamcats.layout import CAPTION_H
from images.dreamcats.text import PictureText
from images.fonts import isolated, locked_cache, text_sprite

NAME_CHARS = 12  # a long name is cut here, so that the move itself always shows
CAPTION_WIDTH = 1040
CAPTION_SIZE = 30
_ROUND_CHANGES = {EventKind.ROUND_ENDED, EventKind.ROUND_STARTED, EventKind.MATCH_ENDED}
_STARTS = {EventKind.DREW, EventKind.TOOK_DISCARD, EventKind.WOKE_UP, EventKind.INITIAL_PEEK}
# The events that end a seat's move; Take 2 with an empty pile ends the round, so it needs no caption.
_ENDS = {EventKind.SWAPPED_IN, EventKind.DISCARDED, EventKind.TOOK_DISCARD, EventKind.USED_PEEK,
         EventKind.USED_SWAP, EventKind.INITIAL_PEEK}


def last_move(events: Sequence[Event]) -> list[Event]:
    """The public events of the most recent finished move of this round (one seat's), or none."""
    public = [e for e in events if e.is_public]
    for index in range(len(public) - 1, -1, -1):
        if public[index].kind in _ROUND_CHANGES:
            public = public[index + 1:]
            break
    moves: list[list[Event]] = []
    for event in public:
        if not moves or event.kind in _STARTS or event.seat != moves[-1][-1].seat:
            moves.append([])
        moves[-1].append(event)
    finished = [move for move in moves if any(e.kind in _ENDS for e in move)]
    return finished[-1] if finished else []


def caption_of(move: Sequence[Event], names: Sequence[str], text: PictureText, cut: int = NAME_CHARS,
               isolate: bool = False) -> str:
    """One line saying who did what in a move ("Bo: Swap 2 — Ana 3 ⇄ Ela 1"), names cut at `cut` (and, with
    `isolate`, set apart for the bidirectional layout of the picture); "" for none."""
    last = next((e for e in reversed(move) if e.kind in _ENDS), None)
    if last is None or last.seat is None:
        return ""

    def shown(seat: int) -> str:
        name = _short(text.seat_name(names, seat), cut)
        return isolated(name) if isolate else name

    name = shown(last.seat)
    if any(e.kind == EventKind.USED_TAKE_TWO for e in move):
        name = f"{name} ({text.take_2})"
    cards = [text.card_name(c) for c in last.cards]
    slots = [f"{shown(s.seat)} {s.position + 1}" for s in last.slots]
    positions = [str(s.position + 1) for s in last.slots]
    if last.kind == EventKind.SWAPPED_IN and positions and cards:
        return text.move_swapped_in.format(name=name, position=positions[0], card=cards[0])
    if last.kind == EventKind.DISCARDED and cards:
        return text.move_discarded.format(name=name, card=cards[0])
    if last.kind == EventKind.TOOK_DISCARD and positions and len(cards) == 2:
        return text.move_took.format(name=name, card=cards[0], position=positions[0], given=cards[1])
    if last.kind == EventKind.USED_PEEK and slots:
        return text.move_peek.format(name=name, power=text.peek_1, slot=slots[0])
    if last.kind == EventKind.USED_SWAP and len(slots) == 2:
        return text.move_swap.format(name=name, power=text.swap_2, first=slots[0], second=slots[1])
    if last.kind == EventKind.INITIAL_PEEK and len(positions) == 2:
        return text.move_first_peek.format(name=name, first=positions[0], second=positions[1])
    return ""


def draw_caption(frame: Image.Image, caption: str, cx: float, cy: float) -> None:
    """The caption centred at (cx, cy) on a soft panel."""
    if caption:
        sprite, panel = _sprites(caption)
        scene.paste_centred(frame, panel, cx, cy)
        scene.paste_centred(frame, sprite, cx, cy)


# A caption tells one move, so it is drawn again only while its table is redrawn before the next move: a few suffice
# (at 256, captions of ~50 KB each held 25 MB of a busy bot's memory).
@locked_cache(maxsize=32)
def _sprites(caption: str) -> tuple[Image.Image, Image.Image]:
    sprite = text_sprite(caption, CAPTION_SIZE, (206, 244, 255), CAPTION_WIDTH, condensed=True)
    return sprite, scene.panel(sprite.width + 28, CAPTION_H, (16, 12, 40, 200))


def _short(name: str, cut: int) -> str:
    return name if len(name) <= cut else name[: cut - 1].rstrip() + "…"
