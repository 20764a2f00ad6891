"""Babel .po catalogues merged per locale, with lookups that never raise."""

from __future__ import annotations

import functools
import gettext
import logging
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.pofile import read_po

if TYPE_CHECKING:
    import discord

log = logging.getLogger(__name__)

SUPPORTED_LOCALES: tuple[str, ...] = ("en", "pl")
DEFAULT_LOCALE = "en"
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"

Entry = str | tuple[str, ...]


@dataclass
class LocaleCatalogue:
    """Every message of one locale: key -> text (or plural forms) and its plural rule."""

    locale: str
    messages: dict[str, Entry] = field(default_factory=dict)
    plural_forms: str = "nplurals=2; plural=(n != 1);"
    origins: dict[str, str] = field(default_factory=dict)

    @property
    def plural(self) -> Callable[[int], int]:
        """The index of the plural form for a count."""
        return _plural_function(self.plural_forms)


@functools.lru_cache(maxsize=16)
def _plural_function(plural_forms: str) -> Callable[[int], int]:
    expression = plural_forms.split("plural=", 1)[1].rstrip().rstrip(";")
    # gettext.c2py is the standard library's safe evaluator of C plural expressions.
    return gettext.c2py(expression)


def read_locale(directory: Path, locale: str) -> LocaleCatalogue:
    """Merge every .po file under <directory>/<locale>/LC_MESSAGES into one catalogue."""
    catalogue = LocaleCatalogue(locale)
    for path in sorted((directory / locale / "LC_MESSAGES").glob("*.po")):
        _merge_file(catalogue, path)
    return catalogue


def _merge_file(catalogue: LocaleCatalogue, path: Path) -> None:
    try:
        with path.open("rb") as handle:
            po = read_po(handle, locale=catalogue.locale, abort_invalid=True)
    except Exception as exc:  # a broken file must not take the bot down: log and skip it
        log.error("i18n: cannot read %s: %s", path, exc)
        return
    if path.stem == "core" or not catalogue.messages:
        catalogue.plural_forms = po.plural_forms
    for message in po:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key in catalogue.messages:
            log.warning("i18n: key %r in %s already defined in %s", key, path.name, catalogue.origins[key])
            continue
        text = tuple(message.string) if isinstance(message.string, tuple | list) else message.string
        if not text or (isinstance(text, tuple) and not all(text)):
            continue
        catalogue.messages[key] = text
        catalogue.origins[key] = path.name


@functools.lru_cache(maxsize=256)  # called for every text: a handful of distinct values, parsed once each
def resolve_locale(locale: discord.Locale | str | None) -> str:
    """'pl' for Polish (discord.Locale.polish, 'pl', 'pl-PL', ...), else 'en'."""
    if locale is None:
        return DEFAULT_LOCALE
    value = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    code = value.split("-", 1)[0]
    return code if code in SUPPORTED_LOCALES else DEFAULT_LOCALE


class _KeepMissing(dict[str, Any]):
    """Format mapping that leaves an unknown placeholder visible instead of raising."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def placeholders(text: Entry) -> set[str]:
    """The names of the {placeholders} used in a text (all plural forms together)."""
    forms = (text,) if isinstance(text, str) else text
    names: set[str] = set()
    for form in forms:
        try:
            names.update(name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(form) if name)
        except ValueError:
            continue
    return names


class Catalogues:
    """All locales' catalogues with never-raising `t`/`tn` lookups and English fallback."""

    def __init__(self, locales: Mapping[str, LocaleCatalogue]) -> None:
        self.locales = dict(locales)
        self._warned: set[tuple[str, ...]] = set()

    @classmethod
    def load(cls, directory: Path = LOCALES_DIR, locales: Iterable[str] = SUPPORTED_LOCALES) -> Catalogues:
        """Read and merge the .po files of every locale under `directory`."""
        return cls({code: read_locale(directory, code) for code in locales})

    def keys(self, locale: str) -> set[str]:
        """Every key defined in a locale's catalogue."""
        catalogue = self.locales.get(resolve_locale(locale))
        return set(catalogue.messages) if catalogue else set()

    def entry(self, key: str, locale: str) -> Entry | None:
        """The raw text (or plural forms) of a key in exactly that locale, or None."""
        catalogue = self.locales.get(locale)
        return catalogue.messages.get(key) if catalogue else None

    def t(self, key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
        """The text of `key` in `locale`, formatted with `params`; falls back to English, then the key."""
        code = resolve_locale(locale)
        catalogue = self.locales.get(code)
        text = catalogue.messages.get(key) if catalogue is not None else None
        if isinstance(text, str):  # the common case, about 20 times a click: straight to the format
            try:
                return text.format(**params)
            except Exception:  # the full path below says what was wrong, once, and falls back
                pass
        return self._render(key, code, None, params)

    def tn(self, key: str, count: int, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
        """The plural form of `key` for `count` in `locale`; `{count}` is available in the text."""
        return self._render(key, resolve_locale(locale), count, {"count": count, **params})

    def template(self, key: str, locale: str = DEFAULT_LOCALE, /) -> str:
        """The unformatted text of a key (for code that fills the {fields} itself); falls back like `t`."""
        code = resolve_locale(locale)
        for candidate in dict.fromkeys((code, DEFAULT_LOCALE)):
            text = self._pick(key, candidate, None)
            if text is not None:
                return text
        self._warn(("missing", key, code), "i18n: missing key %r (locale %s)", key, code)
        return key

    def _render(self, key: str, code: str, count: int | None, params: Mapping[str, Any]) -> str:
        texts = [(c, self._pick(key, c, count)) for c in dict.fromkeys((code, DEFAULT_LOCALE))]
        found = [(c, text) for c, text in texts if text is not None]
        if not found:
            self._warn(("missing", key, code), "i18n: missing key %r (locale %s)", key, code)
            return key
        if found[0][0] != code:
            self._warn(("missing", key, code), "i18n: key %r missing in %s, using English", key, code)
        for candidate, text in found:
            try:
                return text.format(**params)
            except Exception as exc:  # a wrong parameter must never break a reply
                self._warn(("format", key, candidate), "i18n: cannot format %r in %s: %r", key, candidate, exc)
        try:  # last resort: the text with the unknown placeholders left visible
            return string.Formatter().vformat(found[0][1], (), _KeepMissing(params))
        except Exception:
            return key

    def _pick(self, key: str, locale: str, count: int | None) -> str | None:
        entry = self.entry(key, locale)
        if entry is None or isinstance(entry, str):
            return entry
        if count is None:
            return entry[0]
        try:
            return entry[self.locales[locale].plural(count)]
        except Exception:  # a bad Plural-Forms header or too few forms: use the last form
            self._warn(("plural", key, locale), "i18n: bad plural forms for %r in %s", key, locale)
            return entry[-1]

    def _warn(self, marker: tuple[str, ...], message: str, *args: Any) -> None:
        if marker in self._warned:
            return
        self._warned.add(marker)
        log.warning(message, *args)


@functools.cache
def default_catalogues() -> Catalogues:
    """The bot's catalogues, read from bot/locales once, on first use."""
    return Catalogues.load(LOCALES_DIR, SUPPORTED_LOCALES)
