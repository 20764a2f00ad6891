"""Named errors raised by the engine; each carries a plain-English message."""


class GameError(ValueError):
    """An action that the rules do not allow right now."""


class SettingsError(GameError):
    """Match settings outside the allowed ranges."""


class MatchOverError(GameError):
    """The match has already ended."""


class NotYourTurnError(GameError):
    """The seat acted when it is not its turn."""


class UnknownSeatError(GameError):
    """The seat number does not exist at this table."""


class InvalidPositionError(GameError):
    """A dream position outside 1-4, or a slot that does not exist."""


class InitialPeekRequiredError(GameError):
    """The seat must look at two of its cards before acting."""


class AlreadyPeekedError(GameError):
    """The seat already made its initial peek this round."""


class WrongStepError(GameError):
    """The action does not fit the current step of the turn."""


class NotSpecialError(GameError):
    """The held card has no power to use."""


class CorruptStateError(GameError):
    """Serialized match data that cannot be read."""


def unreadable_action(data: object, cause: Exception) -> CorruptStateError:
    """The error for a stored action that cannot be read, naming its kind and seat only: the data and the cause's
    words may hold a seat's secret choice or a card in a hand."""
    named = (data.get("kind"), data.get("seat")) if isinstance(data, dict) else (None, None)
    return CorruptStateError(f"Unreadable action (kind {named[0]!r}, seat {named[1]!r}): {type(cause).__name__}.")
