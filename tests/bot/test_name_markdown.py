"""A display name full of markdown reaches Discord's text escaped, once, and pictures, alt text and menus as typed."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.client import DreamcatsBot
from bot.dream21.words import NAME_LIMIT, recent_moves
from bot.markdown import cut, escape_name
from bot.service import Seat, Table
from bot.texts import names_with_strength, seat_names, text_names
from bot.views.private import peek_seen, swap_confirm
from game.dream21 import Event, EventKind
from game.dreamcats import MatchSettings, Slot, new_match, observe
from tests.bot.conftest import World
from tests.bot.test_catduel_table import open_catduel
from tests.bot.test_dream21_table import open_dream21
from tests.bot.test_game_threads import allow_threads
from tests.bot.ui import WHOLE_MATCH_QUIET, Players
from tests.fakediscord import FakeAttachment, FakeDiscord

MARKED = "**Ana** `x` ||y|| [z](https://example.com)"
SHOWN = escape_name(MARKED)


@pytest.fixture
def marked(world: World) -> World:
    """The world with Bo's display name full of markdown (set before the bot logs in)."""
    world.bo.display_name = MARKED
    return world


def _rendered(revision: dict[str, Any]) -> list[str]:
    """What Discord renders as markdown: the content and the embeds' text."""
    parts = [revision.get("content") or ""]
    for embed in revision.get("embeds") or []:
        fields = embed.get("fields") or []
        parts += [embed.get("title") or "", embed.get("description") or "", *(f["name"] for f in fields),
                  *(f["value"] for f in fields)]
    return parts


def _plain(revision: dict[str, Any]) -> list[str]:
    """What Discord shows as typed: alt text and the labels of buttons, menus and their options."""
    parts = [a.get("description") or "" for a in revision.get("attachments") or []]

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            parts.extend(str(item.get(key) or "") for key in ("label", "placeholder"))
            parts.extend(str(option.get("label") or "") for option in item.get("options") or [])
            walk(item.get("components") or [])

    walk(revision.get("components") or [])
    return parts


def shown_texts(fake: FakeDiscord) -> tuple[str, str]:
    """Every message's markdown text and plain text (public and private, every revision), having checked that the
    name is escaped in the one and as typed in the other."""
    revisions = [r for m in fake.messages_by_id.values() for r in m.revisions]
    rendered = "\n".join(part for r in revisions for part in _rendered(r))
    plain = "\n".join(part for r in revisions for part in _plain(r))
    assert MARKED not in rendered, "a name's markdown reached Discord's text unescaped"
    assert SHOWN not in plain and "\\*" not in plain, "a name was escaped where Discord shows text as typed"
    return rendered, plain


def alt(attachment: FakeAttachment) -> str:
    """A picture's alt text."""
    return attachment.description or ""


# ---- the builders ----

def test_the_name_is_escaped_once_and_plain_names_are_unchanged() -> None:
    assert SHOWN == r"\*\*Ana\*\* \`x\` \|\|y\|\| \[z](https://example.com)"
    assert escape_name("Ana") == "Ana" and escape_name("Ana (computer)") == "Ana (computer)"
    assert escape_name("@everyone") != "@everyone"


def test_a_cut_never_ends_in_half_an_escape() -> None:
    assert cut("ab\\*", 3) == "ab"
    assert cut("a\\\\b", 3) == "a\\\\"  # an escaped backslash stays whole
    assert cut("plain text", 5) == "plain"


def _table(name: str, **seat: Any) -> Table:
    seats = [Seat(1, "Ana"), Seat(2, name, **seat), Seat(None, "Luna", strength="hard")]
    table = Table("abcdef0123", 1, 2, 1, MatchSettings(), "en", seats, datetime.now(UTC))
    table.state = new_match(3, MatchSettings(), random.Random(1), starter=0)
    return table


def test_seat_names_stay_as_typed_and_text_names_are_escaped() -> None:
    table = _table(MARKED, strength="normal")
    assert seat_names(table, "en")[1] == f"{MARKED} (computer)"
    assert text_names(table, "en") == ["Ana", f"{SHOWN} (computer)", "Bot Luna"]
    assert names_with_strength(table, "en") == ["Ana", f"{SHOWN} (computer)", "Bot Luna (hard)"]
    assert names_with_strength(table, "en", seat_names(table, "en"))[1] == f"{MARKED} (computer)"


def test_a_private_dreamcats_step_names_the_seat_escaped() -> None:
    table = _table(MARKED)
    assert table.state is not None
    obs = observe(table.state, 0)
    seen = peek_seen(table, obs, Slot(1, 2), "en").text
    assert SHOWN in seen and MARKED not in seen
    swap = swap_confirm(table, Slot(0, 0), Slot(1, 3), "en").text
    assert SHOWN in swap and MARKED not in swap


def test_dream21_moves_cut_a_long_name_before_escaping_it() -> None:
    name = "a" * (NAME_LIMIT - 2) + "*" * 10  # its cut falls among the stars
    [line] = recent_moves([Event(EventKind.DREW, seat=1)], ["Ana", name], "en")
    assert "a" * (NAME_LIMIT - 2) + "\\*…" in line and "\\…" not in line


# ---- through the fake Discord ----

async def test_dreamcats_shows_the_name_escaped_from_lobby_to_standings(marked: World, running: DreamcatsBot) -> None:
    world, fake = marked, marked.fake
    fake.quiet = WHOLE_MATCH_QUIET
    allow_threads(fake, world)
    start = await fake.slash(world.ana, world.games, "dreamcats start", rounds=1, thread=True)
    lobby = start.reply
    assert lobby is not None
    game_id = next(t.game_id for t in running.service.tables if t.channel_id == world.games.id)
    for person in (world.bo, world.cy):
        await fake.click(person, lobby, f"dc:{game_id}:join")
    await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", ["normal"])
    await running.presenter.idle()
    await fake.idle()
    assert f"Seat 2: {SHOWN}\n" in lobby.embeds[0]["fields"][0]["value"]
    assert any(o["label"] == MARKED for c in lobby.iter_components() for o in c.get("options") or [])  # Remove seat
    await fake.click(world.ana, lobby, f"dc:{game_id}:start")
    players = Players(world, running, game_id, {u.id: u for u in (world.ana, world.bo, world.cy)})
    await players.settle()
    assert SHOWN in lobby.content  # the lobby became the line: the match is on, in its thread
    await players.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    rendered, plain = shown_texts(fake)
    assert f"It is **{SHOWN}**'s turn." in rendered
    reveal = next(m for m in fake.public_messages() if any(a.filename == "reveal.png" for a in m.attachments))
    assert f"**{SHOWN}**: sum" in reveal.embeds[0]["description"]
    assert MARKED in alt(reveal.attachment("reveal.png"))
    standings = next(m for m in fake.public_messages() if any(a.filename == "standings.png" for a in m.attachments))
    assert f". {SHOWN}: " in standings.embeds[0]["description"]
    assert MARKED in alt(standings.attachment("standings.png"))
    assert f"{MARKED} " in plain  # the table picture's alt text: "<name> <total>"
    assert fake.violations == []


async def test_dream21_shows_the_name_escaped_in_text_and_as_typed_in_pictures(marked: World,
                                                                             running: DreamcatsBot) -> None:
    world, fake = marked, marked.fake
    fake.quiet = WHOLE_MATCH_QUIET
    players = await open_dream21(world, running)
    table = players.table
    assert table is not None and table.seats[1].user_id == world.bo.id and table.turn == 1
    assert f"It is **{SHOWN}**'s turn." in players.message().content
    assert MARKED in alt(players.message().attachment("table.png"))
    waiting = await fake.private_answer(await fake.click(world.ana, players.message(), f"dc:{players.game_id}:d21h"))
    assert waiting.embeds[0]["description"] == f"Your hand. It is **{SHOWN}**'s turn."
    await players.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    rendered, _ = shown_texts(fake)
    assert f"Seat 2: {SHOWN}" in rendered
    ends = [m for m in fake.public_messages() if any(a.filename == "hand-end.png" for a in m.attachments)]
    assert ends and all(SHOWN in m.embeds[0]["description"] for m in ends)
    assert all(MARKED in alt(m.attachment("hand-end.png")) for m in ends)
    standings = next(m for m in fake.public_messages() if any(a.filename == "standings.png" for a in m.attachments))
    assert SHOWN in standings.embeds[0]["description"]
    assert fake.violations == []


async def test_catduel_shows_the_name_escaped_in_text_and_as_typed_in_pictures(marked: World,
                                                                             running: DreamcatsBot) -> None:
    world, fake = marked, marked.fake
    fake.quiet = WHOLE_MATCH_QUIET
    duel = await open_catduel(world, running, duels=1)
    message = duel.message()
    assert SHOWN in message.embeds[0]["fields"][0]["value"]
    assert MARKED in alt(message.attachment("table.png"))
    await duel.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    rendered, _ = shown_texts(fake)
    assert f"Seat 2: {SHOWN}" in rendered and f"waiting for {SHOWN}" in rendered
    private = [part for m in fake.ephemerals(world.ana) for r in m.revisions for part in _rendered(r)]
    assert any(f"Scratch {SHOWN}" in part for part in private)  # Ana's choice, confirmed to her
    standings = next(m for m in fake.public_messages() if any(a.filename == "standings.png" for a in m.attachments))
    assert SHOWN in standings.embeds[0]["description"]
    assert MARKED in alt(standings.attachment("standings.png"))
    assert fake.violations == []
