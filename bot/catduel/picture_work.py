"""Cat Duel's public pictures as module-level functions of picklable values, for the picture processes
(bot.pictures.draw_apart); like bot.picture_work, this imports only game/ and images/, never discord."""

from __future__ import annotations

from collections.abc import Sequence

from game.catduel import Observation
from images import encode_png
from images.catduel import CatDuelText, render_standings, render_table, standings_alt, table_alt


def table_png(obs: Observation, names: Sequence[str], text: CatDuelText) -> tuple[bytes, str]:
    """The public table as PNG bytes and its alt text (obs is the public observation)."""
    return encode_png(render_table(obs, names, text=text)), table_alt(obs, names, text)


def standings_png(obs: Observation, names: Sequence[str], text: CatDuelText, winners: Sequence[int],
                  left: Sequence[int] = ()) -> tuple[bytes, str]:
    """The end of the match (the public observation) as PNG bytes and its alt text: the records' winners crowned,
    the seats in `left` last."""
    return (encode_png(render_standings(obs, names, text=text, winners=winners, left=left)),
            standings_alt(obs, names, text, winners=winners, left=left))
