"""What every game's match settings share: range checks and the JSON round trip of a dataclass of plain values."""

from __future__ import annotations

import functools
from dataclasses import fields
from typing import Any, Protocol, TypeVar

from game.errors import SettingsError


class Validating(Protocol):
    """Settings that can check themselves."""

    def validated(self) -> Any:
        """Return the settings if every value is allowed, else raise SettingsError."""
        ...


S = TypeVar("S", bound=Validating)


def check_range(name: str, value: object, bounds: tuple[int, int]) -> None:
    """SettingsError unless `value` is a whole number (not a bool) within `bounds`, both ends included."""
    low, high = bounds
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SettingsError(f"The {name} must be a whole number from {low} to {high}, not {value!r}.")


def plain_dict(settings: Any) -> dict[str, Any]:
    """A JSON-safe dict of a dataclass whose fields are plain values."""
    # No deep copy as dataclasses.asdict makes: it is slow, and this runs on every save (so are the field names,
    # looked up once per class).
    kind: type = type(settings)
    return {name: getattr(settings, name) for name in _field_names(kind)}


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(kind))


def from_plain_dict(kind: type[S], data: dict[str, Any]) -> S:
    """The settings `plain_dict` wrote, validated; SettingsError for an unknown setting or a bad value."""
    try:
        made = kind(**data)
    except TypeError as exc:
        raise SettingsError(f"Unknown match setting: {exc}") from exc
    made.validated()
    return made
