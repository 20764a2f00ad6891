"""The public pictures of Dreamcats drawn in processes of their own: module-level functions of picklable values.

A table, a reveal or the standings takes 6-8 ms of drawing and encoding, most of it Python code that holds the
interpreter. Drawn in threads beside the event loop, at 500 tables those threads held it for about 2 ms of every
click, and the loop's every turn waited for them: a click's answer queued behind pictures. In a process of their
own they hold nothing of the bot's; only their inputs (a public observation, names, captions) and the PNG bytes
cross over. This module imports only game/ and images/ (what such a process needs), never discord.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.dreamcats import Event, Observation, RoundResult
from game.dreamcats.hindsight import Placed
from images.dreamcats import (
    PictureText,
    encode_png,
    render_reveal,
    render_standings,
    render_table,
    reveal_alt,
    standings_alt,
    table_alt,
)
from images.dreamcats.samples import sample_table


def table_png(obs: Observation, names: Sequence[str], events: Sequence[Event], text: PictureText,
              deadline: str | None) -> tuple[bytes, str]:
    """The public table as PNG bytes and its alt text (obs is the public observation)."""
    image = render_table(obs, names, last_events=events, deadline=deadline, text=text)
    return encode_png(image), table_alt(obs, names, text=text, last_events=events)


def reveal_png(result: RoundResult, names: Sequence[str], totals: Sequence[int], penalty: int, text: PictureText,
               origins: Sequence[Sequence[Placed]] | None) -> tuple[bytes, str]:
    """A finished round with every dream face up, as PNG bytes and its alt text."""
    image = render_reveal(result, names, totals, penalty=penalty, text=text, origins=origins)
    return encode_png(image), reveal_alt(result, names, totals, text=text, origins=origins)


def standings_png(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                  results: Sequence[RoundResult], text: PictureText) -> tuple[bytes, str]:
    """The final standings as PNG bytes and their alt text."""
    image = render_standings(totals, names, winners, results, text=text)
    return encode_png(image), standings_alt(totals, names, winners, text=text)


def warm_up() -> bytes:
    """Draw and encode a sample table once: a new process builds its sprites, fonts and palette (about 0.5 s)."""
    return encode_png(sample_table())
