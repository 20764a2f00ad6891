"""Cat Duel's own named errors; the ones shared with the other games (seat, match over) come from game.errors."""

from game.errors import GameError


class CatOutError(GameError):
    """A cat at 0 HP is out of the duel and never acts again."""


class WrongPhaseError(GameError):
    """The action belongs to another phase of the round (prelude or strategy)."""


class AbilityNotOwnedError(GameError):
    """The seat's cat does not have that ability."""


class NotPreludeAbilityError(GameError):
    """Only Loneliness, Spotlight and Critical Hit are used in the prelude."""


class AbilityCoolingError(GameError):
    """The ability is waiting out its cooldown."""


class NoPreludeChoiceError(GameError):
    """The seat has no prelude ability ready, so it has nothing to choose in the prelude."""


class SkippingRoundError(GameError):
    """A cat that used Loneliness skips this round and chooses no strategy."""


class NotAMoveError(GameError):
    """A strategy's move is Purr, Guard or Scratch."""


class TargetError(GameError):
    """Purr and Guard target yourself; a scratch targets one other living cat (two with Double Scratch)."""


class CardNotHeldError(GameError):
    """The seat does not hold that chance card."""


class CardMoveMismatchError(GameError):
    """A chance card must go with the basic move chosen."""
