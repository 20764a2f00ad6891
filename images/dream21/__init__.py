"""Pictures of the Dream 21 table, drawn with Pillow from what a seat (or the public) may see, and their alt texts.

Typical use::

    public = public_observation(state)
    png, alt = encode_png(render_trick(public, names)), trick_alt(public, names)
    mine = observe(state, seat)
    png, alt = encode_png(render_hand(mine, names=names)), hand_alt(mine, names=names)
"""

from images.dream21.alt import hand_alt, hand_end_alt, standings_alt, trick_alt
from images.dream21.hand import render_hand
from images.dream21.scores import render_hand_end, render_standings
from images.dream21.text import ENGLISH, Dream21Text
from images.dream21.trick import render_trick

__all__ = [
    "ENGLISH", "Dream21Text", "hand_alt", "hand_end_alt", "render_hand", "render_hand_end", "render_standings",
    "render_trick", "standings_alt", "trick_alt",
]
