"""The bot's texts: every key it uses exists in English and Polish; log lines and custom_ids hide no card."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

import bot.service.errors as service_errors
from bot.i18n import catalogue_keys
from bot.service import LogEntry, Seat, Table
from bot.service.lobby import UnknownStrengthError
from bot.texts import log_line, names_with_strength, seat_names
from bot.views.ids import MAX_LENGTH, make_id, make_select_id, parse_id
from game.dreamcats import Card, EventKind, MatchSettings, Slot, apply_action, legal_actions, new_match, observe
from game.dreamcats.players import STRENGTHS, choose

ROOT = Path(__file__).resolve().parents[2] / "bot"
MINE = [p for p in ROOT.rglob("*.py") if not {"storage", "i18n"} & set(p.parts)
        and p.name not in {"standings.py", "arena.py", "demo.py", "cli.py"}]
LOG_KINDS = {k.value for k in EventKind} - {"take_two_drew", "initial_peek"} | {"timeout", "handover", "left"}


def _literal_keys() -> set[str]:
    keys: set[str] = set()
    for path in MINE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "tn")
                    and node.args and isinstance(node.args[0], ast.Constant)):
                keys.add(node.args[0].value)
    return keys


def _dynamic_keys() -> set[str]:
    errors = [cls for _, cls in inspect.getmembers(service_errors, inspect.isclass)
              if issubclass(cls, service_errors.TableError)] + [UnknownStrengthError]
    return (
        {f"log.{kind}" for kind in LOG_KINDS}
        | {f"closed.{r}.{part}" for r in ("cancelled", "stopped", "finished", "expired", "abandoned")
           for part in ("title", "body")}
        | {f"permission.{p}" for p in ("send_messages", "send_messages_in_threads", "embed_links", "attach_files")}
        | {f"error.{cls.__name__}" for cls in errors}
        | {f"term.strength.{s}" for s in STRENGTHS}
        | {f"lobby.strength.{s}{part}" for s in STRENGTHS for part in ("", ".description")}
        | {f"closed.expired.{part}" for part in ("title", "body")}
        | {f"reveal.{k}" for k in ("line", "line_penalty", "called_ok", "called_failed")}
        | {"private.dream", "private.dream_aid"}
    )


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_every_key_the_bot_uses_exists(locale: str) -> None:
    missing = (_literal_keys() | _dynamic_keys()) - catalogue_keys(locale)
    assert not missing


def _table(seed: int) -> Table:
    from datetime import UTC, datetime

    seats = [Seat(1, "Ana"), Seat(2, "Bo"), Seat(None, "Luna", strength="hard")]
    table = Table("abcdef0123", 1, 2, 1, MatchSettings(), "en", seats, datetime.now(UTC))
    table.state = new_match(3, MatchSettings(), random.Random(seed), starter=0)
    return table


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_log_lines_name_only_public_cards(locale: str) -> None:
    rng = random.Random(3)
    for seed in range(20):
        table = _table(seed)
        state = table.state
        assert state is not None
        names = seat_names(table, locale)
        for _ in range(200):
            if state.over:
                break
            seat = next((s for s in range(3) if not state.round.peeked[s]), state.round.turn)
            action = choose("normal", observe(state, seat), legal_actions(state, seat), rng)
            for event in apply_action(state, action):
                if not event.is_public or event.kind in (EventKind.INITIAL_PEEK, EventKind.TAKE_TWO_DREW):
                    continue
                line = log_line(LogEntry.of(event), names, locale)
                assert "{" not in line and line.strip()
                if event.kind in (EventKind.DREW, EventKind.USED_PEEK, EventKind.USED_SWAP):
                    # the drawn card and the peeked card stay secret; only the power's own card is named
                    assert set(event.cards) <= {Card.PEEK_1, Card.SWAP_2}


def test_custom_ids_round_trip_and_stay_short() -> None:
    longest = make_id("abcdef0123", "s2ok", 9999, "4.3", "3.2")
    assert len(longest) <= MAX_LENGTH
    parsed = parse_id(longest)
    assert parsed is not None and parsed.action == "s2ok" and parsed.slot_arg(2) == Slot(3, 2)
    select = parse_id(make_select_id("abcdef0123", "peek0", 2))
    assert select is not None and select.select and select.int_arg(0) == 2
    assert parse_id("dc:abcdef0123:draw:7:") is None and parse_id("lb:1") is None


def test_computer_players_have_short_names_and_their_strength_apart() -> None:
    assert seat_names(_table(1), "en") == ["Ana", "Bo", "Bot Luna"]
    assert seat_names(_table(1), "pl")[2] == "Bot Luna"
    assert names_with_strength(_table(1), "en") == ["Ana", "Bo", "Bot Luna (hard)"]
    assert names_with_strength(_table(1), "pl")[2] == "Bot Luna (trudny)"


@pytest.mark.parametrize(("locale", "marked"), [("en", "Bo (computer)"), ("pl", "Bo (komputer)")])
def test_a_person_whose_seat_a_computer_plays_is_marked(locale: str, marked: str) -> None:
    table = _table(1)
    table.seats[1].left, table.seats[1].strength = True, "normal"  # Bo left: a stand-in plays the seat
    assert seat_names(table, locale)[:2] == ["Ana", marked]
    assert names_with_strength(table, locale)[1] == marked  # a person's seat shows no strength


async def test_warm_up_draws_and_encodes_a_table() -> None:
    from bot.pictures import warm_up

    png = await warm_up()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
