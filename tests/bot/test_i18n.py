"""The translation layer: complete, consistent en/pl catalogues, plurals, fallbacks and the command translator."""

from __future__ import annotations

import dataclasses
import inspect
import json
import logging
import re
from pathlib import Path

import discord
import jsonschema
import pytest
from babel.messages.pofile import read_po
from discord import app_commands

import game.errors
from bot.i18n import (
    LOCALES_DIR,
    RULES_SECTIONS,
    Catalogues,
    DreamcatsTranslator,
    card_name,
    catalogue_keys,
    command_str,
    default_catalogues,
    error_text,
    picture_text,
    placeholders,
    resolve_locale,
    rules_fields,
    t,
    tn,
)
from bot.service import RoundPausedError
from bot.service.errors import NotPausedError
from game.dreamcats import Card
from game.games import GAMES
from images.dreamcats import PictureText

OPENAPI = Path(__file__).resolve().parents[3] / "shared" / "discord-api" / "openapi.json"
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
# Keys whose Polish text is rightly the same as the English one. Other files can mark an entry `#, identical`.
SAME_IN_BOTH = {
    "app.name", "command.dreamcats.name", "picture.alt_seat", "picture.alt_place",
    *(f"card.{n}.name" for n in range(10)),
}
GAME_KEYS = tuple(GAMES)
COMMAND_KEYS = {
    "dreamcats": {},
    "start": {"game": GAME_KEYS, "points": (), "penalty": ("normal", "risky"), "rounds": (), "hands": (),
              "timer": ()},
    "leaderboard": {"game": GAME_KEYS, "page": ()},
    "stats": {"member": (), "game": GAME_KEYS},
    "settings": {
        "point_limit": (), "penalty": ("normal", "risky"), "turn_timer": (), "memory_aid": (), "reveal_time": (),
        "table_language": ("auto", "en", "pl"), "default_game": GAME_KEYS,
    },
    "rules": {},
    "stop": {},
}


def po_files(locale: str) -> list[Path]:
    """Every .po file of a locale."""
    return sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po"))


def all_keys() -> set[str]:
    """Every key of every locale."""
    return catalogue_keys("en") | catalogue_keys("pl")


def dummy_params(key: str, *, plural: bool = False) -> dict[str, str]:
    """A value for every placeholder the key uses in either language (a plural key's count comes from tn)."""
    names = set()
    for locale in ("en", "pl"):
        entry = default_catalogues().entry(key, locale)
        if entry is not None:
            names |= placeholders(entry)
    return {name: "7" for name in names if not (plural and name == "count")}


def render(key: str, locale: str) -> str:
    """The key's text in a locale, plural keys for 5 items."""
    if isinstance(default_catalogues().entry(key, "en"), tuple):
        return tn(key, 5, locale, **dummy_params(key, plural=True))
    return t(key, locale, **dummy_params(key))


def marked_identical() -> set[str]:
    """Polish entries flagged `#, identical` in any .po file."""
    keys = set()
    for path in po_files("pl"):
        with path.open("rb") as handle:
            keys |= {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if "identical" in m.flags}
    return keys


def is_discord_name(name: str) -> bool:
    """Discord's rule for command/option names: ^[-_\\p{L}\\p{N}...]{1,32}$, lowercase where possible."""
    return 1 <= len(name) <= 32 and all(c in "-_" or c.isalnum() for c in name) and name == name.lower()


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_every_po_file_parses_with_the_locales_plural_forms(locale: str) -> None:
    assert any(path.name == "core.po" for path in po_files(locale))
    for path in po_files(locale):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=locale, abort_invalid=True)
        assert catalog.plural_forms == PLURAL_FORMS[locale], path
        for message in catalog:
            assert not message.fuzzy or not message.id, (path, message.id)
            if isinstance(message.id, tuple):
                assert len(message.string) == catalog.num_plurals and all(message.string), (path, message.id)


def test_no_compiled_catalogues_are_kept() -> None:
    assert not list(LOCALES_DIR.rglob("*.mo"))


def test_every_key_exists_in_both_locales() -> None:
    assert catalogue_keys("en") == catalogue_keys("pl")
    assert len(catalogue_keys("en")) > 100


def test_a_key_is_defined_in_one_domain_file_only() -> None:
    for locale in ("en", "pl"):
        seen: dict[str, str] = {}
        for path in po_files(locale):
            with path.open("rb") as handle:
                for message in read_po(handle):
                    key = message.id if isinstance(message.id, str) else message.id[0]
                    if key:
                        assert key not in seen, f"{key} in {path.name} and {seen[key]}"
                        seen[key] = path.name


def test_plural_keys_are_plural_in_both_locales() -> None:
    for key in all_keys():
        kinds = {type(default_catalogues().entry(key, locale)) for locale in ("en", "pl")}
        assert len(kinds) == 1, key


def test_no_english_text_is_left_in_polish() -> None:
    allowed = SAME_IN_BOTH | marked_identical()
    untranslated = sorted(k for k in all_keys() - allowed if render(k, "pl") == render(k, "en"))
    assert untranslated == []


def test_placeholders_are_the_same_in_both_locales() -> None:
    for key in all_keys():
        en = placeholders(default_catalogues().entry(key, "en") or "")
        pl = placeholders(default_catalogues().entry(key, "pl") or "")
        assert en == pl, key


def test_every_key_renders_in_polish_without_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        texts = {key: render(key, "pl") for key in all_keys()}
    assert not caplog.records
    assert all(texts.values())


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("pl", ["1 punkt", "2 punkty", "5 punktów", "22 punkty", "25 punktów"]),
        ("en", ["1 point", "2 points", "5 points", "22 points", "25 points"]),
    ],
)
def test_plural_points(locale: str, expected: list[str]) -> None:
    assert [tn("unit.points", n, locale) for n in (1, 2, 5, 22, 25)] == expected


def test_polish_plural_edge_cases() -> None:
    counts = (0, 1, 4, 12, 14, 21, 102, 112, 1000)
    assert [tn("unit.cards", n, "pl") for n in counts] == [
        "0 kart", "1 karta", "4 karty", "12 kart", "14 kart", "21 kart", "102 karty", "112 kart", "1000 kart",
    ]
    assert [tn("unit.players", n, "pl") for n in (1, 3, 5)] == ["1 gracz", "3 gracze", "5 graczy"]
    assert tn("unit.seconds", 1, "en") == "1 second"


@pytest.mark.parametrize("value", [discord.Locale.polish, "pl", "pl-PL", "PL_pl"])
def test_resolve_locale_polish(value: object) -> None:
    assert resolve_locale(value) == "pl"


@pytest.mark.parametrize("value", [discord.Locale.american_english, discord.Locale.german, "en-GB", "", None])
def test_resolve_locale_defaults_to_english(value: object) -> None:
    assert resolve_locale(value) == "en"


def test_missing_key_falls_back_to_the_key_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        assert t("no.such.key.anywhere", "pl", name="x") == "no.such.key.anywhere"
        assert tn("no.such.plural.anywhere", 3, "pl") == "no.such.plural.anywhere"
    assert any("no.such.key.anywhere" in r.getMessage() for r in caplog.records)


def test_bad_parameters_never_raise(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        assert t("term.position", "pl") == "pozycja {number}"
        assert t("term.position", "pl", number=3, extra="ignored") == "pozycja 3"
    assert any("term.position" in r.getMessage() for r in caplog.records)


def write_po(root: Path, locale: str, domain: str, body: str) -> None:
    """A small .po file for a throw-away catalogue."""
    folder = root / locale / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    header = f'msgid ""\nmsgstr ""\n"Language: {locale}\\n"\n"Plural-Forms: {PLURAL_FORMS[locale]}\\n"\n\n'
    (folder / f"{domain}.po").write_text(header + body, encoding="utf-8")


def test_domain_files_merge_and_polish_falls_back_to_english(tmp_path: Path) -> None:
    write_po(tmp_path, "en", "core", 'msgid "a"\nmsgstr "Hello {name}"\n\nmsgid "b"\nmsgstr "Only English"\n')
    write_po(tmp_path, "en", "bot", 'msgid "c"\nmsgid_plural "c"\nmsgstr[0] "{count} cat"\nmsgstr[1] "{count} cats"\n')
    write_po(tmp_path, "pl", "core", 'msgid "a"\nmsgstr "Cześć {imie}"\n')
    write_po(tmp_path, "pl", "bot", 'msgid "c"\nmsgid_plural "c"\nmsgstr[0] "{count} kot"\nmsgstr[1] "{count} koty"\n')
    catalogues = Catalogues.load(tmp_path)
    assert catalogues.keys("en") == {"a", "b", "c"}
    assert catalogues.t("b", "pl") == "Only English"
    assert catalogues.t("a", "pl", name="Ola") == "Hello Ola"  # the Polish text has a wrong placeholder
    assert catalogues.tn("c", 5, "pl") == "5 cats"  # too few Polish forms: the entry counts as untranslated
    assert catalogues.tn("c", 1, "en") == "1 cat"


def test_a_broken_file_is_skipped(tmp_path: Path) -> None:
    write_po(tmp_path, "en", "core", 'msgid "a"\nmsgstr "A"\n')
    write_po(tmp_path, "en", "bot", 'msgid "b"\nmsgstr "B\n')
    assert Catalogues.load(tmp_path).t("a") == "A"


def test_every_engine_error_has_its_own_friendly_message() -> None:
    errors = [c for _, c in inspect.getmembers(game.errors, inspect.isclass) if issubclass(c, game.errors.GameError)]
    for cls in errors:
        for locale in ("en", "pl"):
            assert f"error.{cls.__name__}" in catalogue_keys(locale)
            assert error_text(cls("x"), locale) == t(f"error.{cls.__name__}", locale)
    assert error_text(RuntimeError("boom"), "pl") == t("error.generic", "pl")


def test_card_names() -> None:
    assert [card_name(c, "pl") for c in (Card.TAKE_2, Card.PEEK_1, Card.SWAP_2)] == ["Weź 2", "Podejrzyj 1", "Zamień 2"]
    assert [card_name(c) for c in (Card.TAKE_2, Card.PEEK_1, Card.SWAP_2)] == ["Take 2", "Peek 1", "Swap 2"]
    assert card_name(Card.SEVEN, "pl") == "7"


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_rules_fit_embed_fields(locale: str) -> None:
    fields = rules_fields(locale)
    assert len(fields) == len(RULES_SECTIONS)
    assert all(0 < len(title) <= 256 and 0 < len(body) <= 1024 for title, body in fields)
    assert sum(len(title) + len(body) for title, body in fields) + len(t("rules.title", locale)) <= 6000
    text = " ".join(body for _, body in fields)
    wake_up = "Pobud" if locale == "pl" else "Wake up!"
    assert wake_up in text and ("15" in text) and ("120" in text)


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_command_names_and_descriptions_are_valid(locale: str) -> None:
    for command, options in COMMAND_KEYS.items():
        assert is_discord_name(t(f"command.{command}.name", locale))
        assert 1 <= len(t(f"command.{command}.description", locale)) <= 100
        for option, choices in options.items():
            stem = f"command.{command}.option.{option}"
            assert is_discord_name(t(f"{stem}.name", locale)), stem
            assert 1 <= len(t(f"{stem}.description", locale)) <= 100
            assert all(1 <= len(t(f"{stem}.choice.{c}", locale)) <= 100 for c in choices)
    other_names = [k for k in catalogue_keys(locale) if k.startswith("command.") and k.endswith(".name")]
    assert all(is_discord_name(t(k, locale)) for k in other_names)


async def test_translator_answers_polish_only() -> None:
    translator = DreamcatsTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(command_str("command.stop.name"), discord.Locale.polish, context) == "zakończ"
    english = discord.Locale.american_english
    assert await translator.translate(command_str("command.stop.name"), english, context) is None
    as_message = app_commands.locale_str("command.rules.name")
    assert await translator.translate(as_message, discord.Locale.polish, context) == "zasady"
    plain = app_commands.locale_str("not a key at all")
    assert await translator.translate(plain, discord.Locale.polish, context) is None


def build_group() -> app_commands.Group:
    """A /dreamcats group shaped like the bot's, using the catalogue keys the way the cog does."""
    s = command_str
    group = app_commands.Group(name=s("command.dreamcats.name"), description=s("command.dreamcats.description"))

    @group.command(name=s("command.start.name"), description=s("command.start.description"))
    @app_commands.rename(points=s("command.start.option.points.name"), penalty=s("command.start.option.penalty.name"))
    @app_commands.describe(points=s("command.start.option.points.description"),
                           penalty=s("command.start.option.penalty.description"))
    @app_commands.choices(penalty=[
        app_commands.Choice(name=s("command.start.option.penalty.choice.normal"), value=5),
        app_commands.Choice(name=s("command.start.option.penalty.choice.risky"), value=15),
    ])
    async def start(interaction: discord.Interaction, points: int | None = None, penalty: int | None = None) -> None:
        """Unused body."""

    @group.command(name=s("command.stats.name"), description=s("command.stats.description"))
    @app_commands.rename(member=s("command.stats.option.member.name"))
    @app_commands.describe(member=s("command.stats.option.member.description"))
    async def stats(interaction: discord.Interaction, member: discord.User | None = None) -> None:
        """Unused body."""

    return group


@pytest.mark.skipif(not OPENAPI.exists(), reason="Discord's OpenAPI schema (../shared/discord-api) is not present")
async def test_command_sync_payload_is_valid_for_discord() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await build_group().get_translated_payload(tree, DreamcatsTranslator())
    assert payload["name_localizations"] == {"pl": "dreamcats"}
    start = next(o for o in payload["options"] if o["name"] == "start")
    assert start["name_localizations"] == {"pl": "zacznij"}
    assert start["description_localizations"]["pl"] == t("command.start.description", "pl")
    penalty = next(o for o in start["options"] if o["name"] == "penalty")
    assert penalty["name_localizations"] == {"pl": "kara"}
    assert [c["name_localizations"]["pl"] for c in penalty["choices"]] == ["zwykła (5)", "ryzykowna (15)"]
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    schema = {**document, "$ref": "#/components/schemas/ApplicationCommandUpdateRequest"}
    jsonschema.Draft202012Validator(schema).validate(payload)


def picture_text_class() -> type:
    """Dreamcats' picture words (images.dreamcats.PictureText)."""
    return PictureText


def test_picture_text_covers_every_caption_in_both_locales() -> None:
    cls = picture_text_class()
    english, polish, default = picture_text("en"), picture_text("pl"), cls()
    for item in dataclasses.fields(cls):
        ours, theirs = getattr(english, item.name), getattr(default, item.name)
        assert placeholders(ours) == placeholders(theirs), item.name
        assert placeholders(getattr(polish, item.name)) == placeholders(theirs), item.name
    same = {f.name for f in dataclasses.fields(cls) if getattr(polish, f.name) == getattr(english, f.name)}
    assert same == {"alt_seat", "alt_place"}
    assert polish.take_2 == "Weź 2" and polish.draw_pile == "Stos zakryty"


def test_template_keeps_the_fields_unformatted(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        assert default_catalogues().template("term.position", "pl") == "pozycja {number}"
    assert not caplog.records


@pytest.mark.parametrize(("game", "locale", "button"), [
    ("dreamcats", "en", "Next round"), ("dream21", "en", "Next hand"), ("catduel", "en", "Next duel"),
    ("dream21", "pl", "Następne rozdanie"), ("catduel", "pl", "Następny pojedynek")])
def test_a_move_during_the_pause_names_the_games_own_next_button(game: str, locale: str, button: str) -> None:
    assert button in error_text(RoundPausedError(game), locale)
    already = error_text(NotPausedError(game), locale)  # "The hand is already under way." in Dream 21
    assert (already == t("error.NotPausedError", locale)) == (game == "dreamcats")


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_a_text_that_names_a_command_names_it_as_that_language_shows_it(locale: str) -> None:
    catalogues = default_catalogues()
    keys = catalogues.keys(locale)
    commands = {catalogues.t(key, locale) for key in keys
                if key.startswith("command.") and key.endswith(".name") and ".option." not in key}
    named: list[tuple[str, str]] = []
    for key in keys:
        entry = catalogues.entry(key, locale)
        for text in (entry,) if isinstance(entry, str) else entry or ():
            named += [(key, word) for word in re.findall(r"/dreamcats ([\w-]+)", text)]
    assert named  # the texts do name commands
    assert [(key, word) for key, word in named if word not in commands] == []
