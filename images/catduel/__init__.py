"""Pictures of the Cat Duel table, drawn with Pillow from what a seat (or the public) may see, and their alt texts.

Typical use::

    public = public_observation(state)
    png, alt = encode_png(render_table(public, names)), table_alt(public, names, ENGLISH)
    mine = observe(state, seat)
    png, alt = encode_png(render_hand(mine, names)), hand_alt(mine, names, ENGLISH)
"""

from images.catduel.alt import hand_alt, standings_alt, table_alt
from images.catduel.hand import render_hand, render_standings, strategy_words
from images.catduel.reveal import Reveal, last_reveal, reveal_of
from images.catduel.table import render_table
from images.catduel.text import ENGLISH, ENGLISH_WORDS, CatDuelText

__all__ = [
    "ENGLISH", "ENGLISH_WORDS", "CatDuelText", "Reveal", "hand_alt", "last_reveal", "render_hand",
    "render_standings", "render_table", "reveal_of", "standings_alt", "strategy_words", "table_alt",
]
