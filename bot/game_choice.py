"""Which game a /dreamcats command is about: the `game` choices, the server's default game, and the settings a new
lobby of each game starts with (from the start command's options and the server's defaults)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from bot.i18n import command_str, t, tn
from bot.storage import ServerSettingsRecord
from bot.storage.records import DREAMCATS
from game.catduel import CatDuelSettings
from game.catduel.settings import TURN_TIMER_RANGE as CATDUEL_TIMER_RANGE
from game.dream21 import Dream21Settings
from game.dream21.settings import TURN_TIMER_RANGE as DREAM21_TIMER_RANGE
from game.dreamcats import MatchSettings
from game.dreamcats.settings import TURN_TIMER_RANGE as DREAMCATS_TIMER_RANGE
from game.games import GAMES

# The start command's options that only one game takes, by the game.games key of that game.
GAME_OPTIONS = {"points": DREAMCATS, "penalty": DREAMCATS, "rounds": DREAMCATS, "hands": "dream21",
                "duels": "catduel", "wild": "catduel"}
# Each game's own turn timer (its rulebook's default) and the start command's timer option, which takes every game's.
GAME_TIMER_DEFAULTS = {DREAMCATS: MatchSettings().turn_timer, "dream21": Dream21Settings().turn_timer,
                       "catduel": CatDuelSettings().turn_timer}
START_TIMER_RANGE = (min(r[0] for r in (DREAMCATS_TIMER_RANGE, DREAM21_TIMER_RANGE, CATDUEL_TIMER_RANGE)),
                     max(r[1] for r in (DREAMCATS_TIMER_RANGE, DREAM21_TIMER_RANGE, CATDUEL_TIMER_RANGE)))


class StartOptionError(ValueError):
    """/dreamcats start was given an option the lobby it would open cannot take: nothing is opened."""

    def text(self, locale: str) -> str:
        """One friendly line for the person who ran the command."""
        raise NotImplementedError  # each kind of refusal words its own line


class WrongGameOptionError(StartOptionError):
    """/dreamcats start was given options of other games than the one it would open; `text(locale)` says which."""

    def __init__(self, options: list[str], game: str) -> None:
        super().__init__(f"{', '.join(options)}: other games' options given for {game}")
        self.options, self.game = options, game
        self.owners = {GAME_OPTIONS[option]: [o for o in options if GAME_OPTIONS[o] == GAME_OPTIONS[option]]
                       for option in options}  # each other game with its options, in the order given

    def text(self, locale: str) -> str:
        """A friendly line per other game: which of its options were given, and that nothing was opened."""
        return "\n".join(
            tn("start.wrong_game", len(options), locale,
               options=", ".join(f"`{t(f'command.start.option.{option}.name', locale)}`" for option in options),
               owner=game_title(owner, locale), game=game_title(self.game, locale))
            for owner, options in self.owners.items())


class TimerOutOfRangeError(StartOptionError):
    """/dreamcats start was given a turn timer outside the range of the game it would open (the command's own range,
    START_TIMER_RANGE, covers every game's)."""

    def __init__(self, seconds: int, allowed: tuple[int, int], game: str) -> None:
        super().__init__(f"timer {seconds} s outside {allowed} for {game}")
        self.seconds, self.allowed, self.game = seconds, allowed, game

    def text(self, locale: str) -> str:
        """One friendly line: the range the game takes, and that nothing was opened."""
        return t("start.timer_range", locale, game=game_title(self.game, locale), asked=self.seconds,
                 low=self.allowed[0], high=self.allowed[1])


class PointsWithRoundsError(StartOptionError):
    """/dreamcats start was given both a point limit and a number of rounds: a match of fixed rounds ends after them
    whatever the totals (RULES.md §2), so one of the two would be ignored without a word."""

    def __init__(self) -> None:
        super().__init__("both a point limit and a fixed number of rounds")

    def text(self, locale: str) -> str:
        """One friendly line: choose one of the two; nothing was opened."""
        return t("start.points_or_rounds", locale)


@dataclass(frozen=True, slots=True)
class StandingsWords:
    """A game's words in the standings: catalogue keys of the leaderboard row and of the stats fields shown."""

    row: str
    average: str | None  # the stats field of the average round score; None: not shown (Cat Duel)
    best: str | None  # None: the game's rounds have no "best" worth showing (Cat Duel)
    wakeup: bool  # whether the game has Wake up! calls to count
    scored: str | None = None  # the stats field of the round scores added up (Cat Duel: duels won), if shown
    sums_average: str | None = None  # the stats field of the round sums per round (Cat Duel: rounds survived)
    favourite: str | None = None  # the stats field of what a person played as most (Cat Duel: favourite cat)
    favourite_names: str = ""  # the catalogue prefix of those names ("catduel.cat.")
    total_in_points: bool = True  # a match's total is points (Cat Duel's is duels behind the winner: not shown)


STANDINGS_WORDS: dict[str, StandingsWords] = {
    "dreamcats": StandingsWords("standings.leaderboard.row", "standings.stats.average", "standings.stats.best_round",
                                wakeup=True),
    "dream21": StandingsWords("standings.leaderboard.row_hands", "standings.stats.average_hand",
                              "standings.stats.best_hand", wakeup=False),
    # Cat Duel's "round" records are duels: scores 1 for a duel won, sums the rounds the seat's cat survived in it
    "catduel": StandingsWords("standings.leaderboard.row_duels", None, None, wakeup=False,
                              scored="standings.stats.duels_won", sums_average="standings.stats.average_duel",
                              favourite="standings.stats.favourite_cat", favourite_names="catduel.cat.",
                              total_in_points=False),
}


def game_choices(command: str, option: str = "game") -> list[app_commands.Choice[str]]:
    """A game option's choices of a command: every game of game.games, its title translated."""
    return [app_commands.Choice(name=command_str(f"command.{command}.option.{option}.choice.{key}"), value=key)
            for key in GAMES]


def known_game(key: str | None) -> str:
    """The key if it names a game of game.games, else Dreamcats, the flagship (an old or unknown stored value)."""
    return key if key is not None and key in GAMES else DREAMCATS


def chosen_game(given: str | None, server: ServerSettingsRecord) -> str:
    """The game a command is about: the one given, else the server's default game."""
    return known_game(given if given is not None else server.default_game)


def game_title(key: str, locale: str) -> str:
    """A game's name for people ("Dreamcats", "Dream 21")."""
    return t(f"game.title.{known_game(key)}", locale)


def standings_words(key: str) -> StandingsWords:
    """The standings' words of a game."""
    return STANDINGS_WORDS.get(key, STANDINGS_WORDS[DREAMCATS])


def check_game_options(game: str, **options: Any) -> None:
    """WrongGameOptionError if an option given (not None) belongs to another game than `game`."""
    wrong = [name for name, value in options.items()
             if value is not None and GAME_OPTIONS.get(name, game) != game]
    if wrong:
        raise WrongGameOptionError(wrong, game)


def lobby_settings(game: str, server: ServerSettingsRecord, *, points: int | None = None,
                   penalty: int | None = None, rounds: int | None = None, hands: int | None = None,
                   duels: int | None = None, wild: bool | None = None, timer: int | None = None) -> Any:
    """The settings a new lobby of `game` starts with: the options given, else the server's defaults.

    A server's turn timer outside a game's range is brought into it (the setting is one for every game); a timer given
    to the command outside it is refused (TimerOutOfRangeError), since the person asked for that number.
    """
    check_game_options(game, points=points, penalty=penalty, rounds=rounds, hands=hands, duels=duels, wild=wild)
    if points is not None and rounds is not None:
        raise PointsWithRoundsError()
    options = StartOptions(points, penalty, rounds, hands, duels, wild)
    make, timers = LOBBY_SETTINGS[known_game(game)]
    return make(options, server, _turn_timer(game, timer, server, timers))


@dataclass(frozen=True, slots=True)
class StartOptions:
    """The start command's game options, each None when not given (check_game_options saw each go to its game)."""

    points: int | None
    penalty: int | None
    rounds: int | None
    hands: int | None
    duels: int | None
    wild: bool | None


def _dreamcats_settings(options: StartOptions, server: ServerSettingsRecord, timer: int) -> MatchSettings:
    return MatchSettings(point_limit=options.points or server.point_limit, penalty=options.penalty or server.penalty,
                         fixed_rounds=options.rounds, memory_aid=server.memory_aid, reveal_time=server.reveal_time,
                         turn_timer=timer)


def _dream21_settings(options: StartOptions, server: ServerSettingsRecord, timer: int) -> Dream21Settings:
    return Dream21Settings(hands_per_seat=options.hands or Dream21Settings().hands_per_seat, turn_timer=timer)


def _catduel_settings(options: StartOptions, server: ServerSettingsRecord, timer: int) -> CatDuelSettings:
    return CatDuelSettings(best_of=options.duels or 1, wild_abilities=bool(options.wild), turn_timer=timer).validated()


# Per game: its lobby's settings from the start command's options and the server's defaults, and its timer range.
LOBBY_SETTINGS: dict[str, tuple[Callable[[StartOptions, ServerSettingsRecord, int], Any], tuple[int, int]]] = {
    DREAMCATS: (_dreamcats_settings, DREAMCATS_TIMER_RANGE), "dream21": (_dream21_settings, DREAM21_TIMER_RANGE),
    "catduel": (_catduel_settings, CATDUEL_TIMER_RANGE)}


def default_timer(game: str) -> int:
    """A game's own turn timer, which its lobbies get where the server never chose one."""
    return GAME_TIMER_DEFAULTS.get(game, GAME_TIMER_DEFAULTS[DREAMCATS])


def _turn_timer(game: str, given: int | None, server: ServerSettingsRecord, allowed: tuple[int, int]) -> int:
    """The timer asked for (refused outside the game's range), else the server's brought into the range; a server
    that never chose a timer (or chose 0 since) has each game's own default (Cat Duel's 60 s, RULES-catduel §9)."""
    low, high = allowed
    if given is not None and not low <= given <= high:
        raise TimerOutOfRangeError(given, allowed, game)
    if given is not None:
        return given
    if server.turn_timer is None:
        return default_timer(game)
    return min(max(server.turn_timer, low), high)
