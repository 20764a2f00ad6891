"""Discord's markdown and people's names: a name shown as typed, and a text cut without splitting an escape.

Message content, embed titles, descriptions and field values render markdown; button and select labels, thread
names and a picture's alt text do not, so names go there as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

ELLIPSIS = "…"
CONTENT_LIMIT = 2000  # Discord's limit on a message's text


def escape_name(name: str) -> str:
    """A display name as Discord text: its markdown and mentions shown as typed, never applied (escape it once)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def shortened(name: str, limit: int) -> str:
    """The name, at most `limit` characters, its end an ellipsis if it was longer (cut before it is escaped)."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + ELLIPSIS


def cut(text: str, limit: int) -> str:
    """At most `limit` characters of the text, never ending in half an escape (a lone backslash)."""
    text = text[:limit]
    dangling = (len(text) - len(text.rstrip("\\"))) % 2
    return text[: len(text) - dangling]


def newest_that_fit(lines: Sequence[str], *, before: Sequence[str] = (), after: Sequence[str] = (),
                    limit: int = CONTENT_LIMIT) -> str:
    """A message of `before`, the newest of `lines` that fit, and `after`: the oldest lines give way (long names can
    say more than a message holds), `before` and `after` (a heading, a status line) never do."""
    kept = list(lines)
    while kept and len("\n".join([*before, *kept, *after])) > limit:
        kept.pop(0)
    return cut("\n".join([*before, *kept, *after]).strip(), limit)
