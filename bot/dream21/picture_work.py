"""Dream 21's public pictures as module-level functions of picklable values, for the picture processes
(bot.pictures.draw_apart); like bot.picture_work, this imports only game/ and images/, never discord."""

from __future__ import annotations

from collections.abc import Sequence

from game.dream21 import HandResult, Observation
from images import encode_png
from images.dream21 import (
    Dream21Text,
    hand_end_alt,
    render_hand_end,
    render_standings,
    render_trick,
    standings_alt,
    trick_alt,
)


def trick_png(obs: Observation, names: Sequence[str], text: Dream21Text) -> tuple[bytes, str]:
    """The public trick as PNG bytes and its alt text (obs is the public observation)."""
    return encode_png(render_trick(obs, names, text=text)), trick_alt(obs, names, text)


def hand_end_png(result: HandResult, names: Sequence[str], totals: Sequence[int], text: Dream21Text
                 ) -> tuple[bytes, str]:
    """A finished hand as PNG bytes and its alt text."""
    return encode_png(render_hand_end(result, names, totals, text=text)), hand_end_alt(result, names, totals, text)


def standings_png(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                  results: Sequence[HandResult], text: Dream21Text, left: Sequence[int] = ()) -> tuple[bytes, str]:
    """The final standings as PNG bytes and their alt text (the seats in `left` last)."""
    return (encode_png(render_standings(totals, names, winners, results, text=text, left=left)),
            standings_alt(totals, names, winners, text, left=left))
