"""The pure engines of the dream card games, one package each (game/dreamcats/, game/dream21/), and what they share:
the errors (game.errors) and the game-mode protocol every engine offers (game.modes, listed in game.games).

Standard library only, no clock or I/O, and randomness passed in as a `random.Random`, so every deal replays.
"""
