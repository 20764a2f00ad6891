"""Dream 21's own named errors; the ones shared with Dreamcats (turn, seat, match over) come from game.errors."""

from game.errors import GameError


class LeadWithoutDrawError(GameError):
    """The seat that leads plays without drawing."""


class AlreadyDrewError(GameError):
    """A seat draws at most one card per turn."""


class EmptyPileError(GameError):
    """There is no card left to draw."""


class MustDrawError(GameError):
    """A following seat draws before playing, unless its card makes exactly 21."""


class CardNotHeldError(GameError):
    """The seat does not hold that card."""


class AceChoiceError(GameError):
    """Only an ace can count 11."""


class OverTwentyOneError(GameError):
    """The card would take the total past 21."""
