"""The standings add up: every round is shown, or the earliest are folded into one subtotal; calls are marked."""

from __future__ import annotations

from game.dreamcats import RoundResult
from images.dreamcats import render_standings
from images.dreamcats.standings import MAX_ROUNDS, _call, _split


def _rounds(count: int) -> list[RoundResult]:
    return [RoundResult(n, (), (n, 2 * n), (n + 5 * (n == 3), 2 * n), 0 if n == 3 else None, 0,
                        False if n == 3 else None, 10) for n in range(1, count + 1)]


def test_every_round_is_shown_when_they_fit() -> None:
    folded, shown = _split(_rounds(MAX_ROUNDS))
    assert folded == [] and [r.number for r in shown] == list(range(1, MAX_ROUNDS + 1))


def test_hidden_rounds_are_folded_into_a_subtotal_that_adds_up() -> None:
    results = _rounds(12)
    folded, shown = _split(results)
    assert folded + shown == results and len(shown) + 1 == MAX_ROUNDS  # the subtotal takes one column
    for seat in (0, 1):
        total = sum(r.scores[seat] for r in results)
        assert sum(r.scores[seat] for r in folded) + sum(r.scores[seat] for r in shown) == total


def test_a_failed_wake_up_is_marked_as_a_penalty() -> None:
    result = _rounds(3)[2]
    assert (_call(result, 0), _call(result, 1)) == ("failed", "")
    ok = RoundResult(1, (), (1, 9), (1, 9), 1, 1, True, 4)
    assert _call(ok, 1) == "called"


def test_the_legend_is_drawn_only_when_someone_called() -> None:
    quiet = [RoundResult(1, (), (3, 4), (3, 4), None, 0, None, 10)]
    plain = render_standings((3, 4), ["Ana", "Bo"], (0,), quiet)
    called = render_standings((9, 4), ["Ana", "Bo"], (1,), _rounds(3)[2:])
    assert called.height > plain.height
