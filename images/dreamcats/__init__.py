"""Pictures of the Dreamcats table, drawn with Pillow from observations (never the full state).

Typical use::

    image = render_table(public_observation(state), names, last_events=events, deadline="1:45 left")
    data = encode_png(image)
    description = table_alt(public_observation(state), names)
    png, alt = dream_picture(dream_of(observe(state, seat), names, showing))  # a seat's own, cached
"""

from images.dreamcats.alt import private_alt, reveal_alt, standings_alt, table_alt
from images.dreamcats.dream import Dream, Picture, cached_picture, dream_of, dream_picture, render_dream
from images.dreamcats.reveal import render_reveal
from images.dreamcats.standings import render_standings
from images.dreamcats.table import render_table
from images.dreamcats.text import PictureText
from images.encode import encode_png  # re-exported: the flagship's pictures are encoded alike

__all__ = [
    "Dream", "Picture", "PictureText", "cached_picture", "dream_of", "dream_picture", "encode_png", "private_alt",
    "render_dream", "render_reveal", "render_standings", "render_table", "reveal_alt", "standings_alt", "table_alt",
]
