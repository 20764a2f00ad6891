"""Every GameError subclass can be reached through the public API and explains itself in plain English."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from game import errors as errors_module
from game.dreamcats import (
    Draw,
    GameError,
    InitialPeek,
    KeepCard,
    MatchSettings,
    Slot,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    action_from_dict,
    apply_action,
    check_action,
    match_from_dict,
    match_to_dict,
    new_match,
)
from tests.game.support import C, play, rigged


def _fresh() -> object:
    return rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.PEEK_1, C.TAKE_2, 3, 4, 9, 9])


def _settings() -> None:
    MatchSettings(point_limit=1).validated()


def _match_over() -> None:
    state = rigged([[0, 0, 0, 0], [9, 9, 9, 9]], draw=[9, 9], settings=MatchSettings(point_limit=30))
    play(state, WakeUp(0), WakeUp(0))


def _not_your_turn() -> None:
    play(_fresh(), Draw(1))  # type: ignore[arg-type]


def _unknown_seat() -> None:
    play(_fresh(), WakeUp(2))  # type: ignore[arg-type]


def _unknown_target_seat() -> None:
    play(_fresh(), Draw(0), UsePeek(0, Slot(3, 0)))  # type: ignore[arg-type]


def _invalid_position() -> None:
    play(_fresh(), TakeDiscard(0, 4))  # type: ignore[arg-type]


def _invalid_keep() -> None:
    state = _fresh()
    play(state, Draw(0), UsePeek(0, Slot(1, 0)), Draw(1), UseTakeTwo(1), KeepCard(1, 2))  # type: ignore[arg-type]


def _same_two_slots() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.SWAP_2, 9])
    play(state, Draw(0), UseSwap(0, Slot(1, 1), Slot(1, 1)))


def _peek_required() -> None:
    play(new_match(2, MatchSettings(), random.Random(1), starter=0), Draw(0))


def _already_peeked() -> None:
    play(_fresh(), InitialPeek(1, (2, 3)))  # type: ignore[arg-type]


def _wrong_step() -> None:
    play(_fresh(), KeepCard(0, 0))  # type: ignore[arg-type]


def _not_special() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[3, 9])
    play(state, Draw(0), UseTakeTwo(0))


def _corrupt() -> None:
    action_from_dict({"kind": "fly", "seat": 0})


def _corrupt_match() -> None:
    data = match_to_dict(new_match(2, MatchSettings(), random.Random(1)))
    data["round"]["draw_pile"].pop()
    match_from_dict(data)


CASES: dict[str, tuple[type[GameError], Callable[[], None], str]] = {
    "settings": (errors_module.SettingsError, _settings, "The point limit must be a whole number from 30 to 500"),
    "over": (errors_module.MatchOverError, _match_over, "The match is over."),
    "turn": (errors_module.NotYourTurnError, _not_your_turn, "It is not your turn."),
    "seat": (errors_module.UnknownSeatError, _unknown_seat, "There is no seat 3 at this table."),
    "target": (errors_module.UnknownSeatError, _unknown_target_seat, "There is no seat 4 at this table."),
    "position": (errors_module.InvalidPositionError, _invalid_position, "A dream has positions 1 to 4, not 5."),
    "keep": (errors_module.InvalidPositionError, _invalid_keep, "Keep one of the two cards you drew."),
    "same": (errors_module.InvalidPositionError, _same_two_slots, "Choose two different cards to swap."),
    "peek": (errors_module.InitialPeekRequiredError, _peek_required, "First look at two of your cards."),
    "again": (errors_module.AlreadyPeekedError, _already_peeked, "You already looked at two of your cards"),
    "step": (errors_module.WrongStepError, _wrong_step, "You can only do that while choosing a card after Take 2."),
    "special": (errors_module.NotSpecialError, _not_special, "You can only use Take 2 while holding that card"),
    "corrupt": (errors_module.CorruptStateError, _corrupt, "Unreadable action"),
    "inconsistent": (errors_module.CorruptStateError, _corrupt_match, "The saved match is inconsistent"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_error_is_reachable_with_a_plain_english_message(case: str) -> None:
    error_class, cause, start = CASES[case]
    with pytest.raises(error_class) as caught:
        cause()
    message = str(caught.value)
    assert type(caught.value) is error_class
    assert message.startswith(start)
    assert re.fullmatch(r"[A-Z].*[.]", message), message
    assert not re.search(r"\b(TAKE_2|PEEK_1|SWAP_2|Step\.|Card\.)", message), message


def test_every_game_error_subclass_is_covered() -> None:
    subclasses = {
        value for value in vars(errors_module).values()
        if isinstance(value, type) and issubclass(value, GameError) and value is not GameError
    }
    assert subclasses == {error_class for error_class, _, _ in CASES.values()}
    assert all(cls.__doc__ for cls in subclasses)


def test_game_errors_are_value_errors() -> None:
    assert issubclass(GameError, ValueError)


def test_check_action_raises_the_same_error_as_apply_action_and_changes_nothing() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    before = repr(state)
    with pytest.raises(errors_module.NotYourTurnError):
        check_action(state, Draw(1))
    with pytest.raises(errors_module.NotYourTurnError):
        apply_action(state, Draw(1))
    assert repr(state) == before
