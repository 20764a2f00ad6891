"""Pillow pictures of the bot's games, pure functions of what a seat (or the public) may see.

One package per game — `images.dreamcats` (the flagship's table, private dream, reveal, standings and rules
guide; its card faces, card back and standings table, which Dream 21 borrows) and `images.dream21` — and what
every game shares here: fonts and text sprites (`fonts`), the palette and the painted night scene (`art`,
`paint`, `scene`) and PNG encoding with its layered bands (`encode`, `bands`). Imports Pillow and game/ only.
"""

from images.encode import encode_png

__all__ = ["encode_png"]
