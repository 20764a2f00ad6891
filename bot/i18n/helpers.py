"""Key helpers for card names, engine error messages and the rules sections."""

from __future__ import annotations

from collections.abc import Collection

RULES_SECTIONS: tuple[str, ...] = (
    "goal", "cards", "setup", "turn", "draw", "powers", "memory", "wakeup", "scoring", "end", "timers",
)
# PictureText fields whose text already has a key of its own.
PICTURE_ALIASES: dict[str, str] = {
    "take_2": "card.take2.name", "peek_1": "card.peek1.name", "swap_2": "card.swap2.name",
    "draw_pile": "term.draw_pile", "wake_up": "term.wake_up",
}
_SPECIAL_KEYS = {10: "take2", 11: "peek1", 12: "swap2"}


def card_key(card: int) -> str:
    """The key stem of a card (a game.Card or its int value): "card.7" or "card.take2"."""
    return f"card.{_SPECIAL_KEYS.get(int(card), int(card))}"


def error_key(error: BaseException, keys: Collection[str]) -> str:
    """The most specific "error.<ClassName>" key along the exception's class hierarchy, else "error.generic"; an
    exception that names its `game` takes that game's own wording first ("error.<ClassName>.<game>")."""
    game = getattr(error, "game", None)
    for cls in type(error).__mro__:
        key = f"error.{cls.__name__}"
        if isinstance(game, str) and f"{key}.{game}" in keys:
            return f"{key}.{game}"
        if key in keys:
            return key
    return "error.generic"
