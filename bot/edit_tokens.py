"""Click tokens that edit a table message without counting against Discord's global rate limit.

Discord lets a bot make about 50 requests a second across all its processes, and raises that only rarely; a channel
message edit counts, an interaction's own endpoints do not. A table's text follows every move, so at 500 live tables
the channel edits alone came to about 290 a second (tests/benchmarks/bench_load.py, README "Discord's global rate
limit"): a real bot would be throttled from about 80 tables on.

A click answered with a deferred update (a lobby button, Next round) leaves a token whose `@original` is the clicked
message itself, for 15 minutes; a table click that opens a private reply is answered so too when the game's token is
missing or getting old, its reply then following (bot.views.holds.hold). While the game's table is still that
message, its edits go through that token instead (bot.table_posts). A token is kept only in memory (it is a secret:
never logged, never stored), one per game, the newest; it is used until a minute before Discord lets it lapse, and
dropped as soon as Discord refuses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

# Discord: an interaction token is valid for 15 minutes from the interaction. It is lent at most a few seconds after
# the click, so a minute's margin also covers a click that reached the bot late.
TOKEN_USE = 14 * 60.0
# A table click that would open a private reply is answered with a deferred update instead (and the reply follows),
# lending a new token, once the game's token is this old: about one click in five minutes per table pays the extra
# request, and a token lent so is always fresh while people play.
REFRESH_AFTER = 5 * 60.0
SWEEP_EVERY = 60.0  # lapsed tokens of games nobody shows any more (a click on a game long over) go this often


@dataclass(frozen=True, slots=True)
class EditToken:
    """A click's token that edits `message_id` (its `@original`) until `until` on the store's clock."""

    message_id: int
    token: str = field(repr=False)
    until: float


class EditTokens:
    """The newest usable click token of each game's table message."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._tokens: dict[str, EditToken] = {}
        self._next_sweep = clock() + SWEEP_EVERY

    def __len__(self) -> int:
        return len(self._tokens)

    def lend(self, game_id: str, message_id: int, token: str) -> None:
        """A click on `message_id` was answered with a deferred update: its token edits that message for a while."""
        now = self._clock()
        self._tokens[game_id] = EditToken(message_id, token, now + TOKEN_USE)
        if now >= self._next_sweep:  # else a lapsed token is let go only when its game's table is edited again
            self._tokens = {game: held for game, held in self._tokens.items() if held.until > now}
            self._next_sweep = now + SWEEP_EVERY

    def for_message(self, game_id: str, message_id: int) -> str | None:
        """A token that edits the game's `message_id` now, if there is one."""
        held = self._tokens.get(game_id)
        if held is None:
            return None
        if held.until <= self._clock():
            del self._tokens[game_id]
            return None
        return held.token if held.message_id == message_id else None

    def wanted(self, game_id: str, message_id: int) -> bool:
        """Whether a click on the game's `message_id` should lend its token: none edits it, or the one that does is
        older than REFRESH_AFTER."""
        held = self._tokens.get(game_id)
        return held is None or held.message_id != message_id or held.until - self._clock() <= TOKEN_USE - REFRESH_AFTER

    def drop(self, game_id: str, token: str) -> None:
        """Discord refused the token: not used again (a newer one lent meanwhile stays)."""
        held = self._tokens.get(game_id)
        if held is not None and held.token == token:
            del self._tokens[game_id]

    def forget(self, game_id: str) -> None:
        """The game is over: its token is not kept."""
        self._tokens.pop(game_id, None)


__all__ = ["REFRESH_AFTER", "TOKEN_USE", "EditToken", "EditTokens"]
