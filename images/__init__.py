"""Pictures of the Dreamcats table, drawn with Pillow from observations (never the full state).

Typical use::

    image = render_table(public_observation(state), names, last_events=events, deadline="1:45 left")
    data = encode_png(image)
    description = table_alt(public_observation(state), names)
"""

from images.alt import private_alt, reveal_alt, standings_alt, table_alt
from images.encode import encode_png
from images.reveal import render_reveal
from images.standings import render_standings
from images.table import render_private, render_table
from images.text import PictureText

__all__ = [
    "PictureText", "encode_png", "private_alt", "render_private", "render_reveal", "render_standings",
    "render_table", "reveal_alt", "standings_alt", "table_alt",
]
