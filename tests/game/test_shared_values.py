"""game.shared_values: equal values share the first instance, and the values kept stop at the bound."""

from __future__ import annotations

from game.shared_values import SharedValues


def test_equal_values_share_the_first_instance_up_to_the_bound() -> None:
    kept: SharedValues[tuple[str, int]] = SharedValues(bound=3)
    first = ("draw", 1)
    assert kept.shared(first) is first
    assert kept.shared(("draw", int("1"))) is first  # equal, made anew: the first one comes back
    values = [("swap", seat) for seat in range(5)]
    assert [kept.shared(v) is v for v in values] == [True] * 5  # new values come back as they are...
    assert len(kept) == 3  # ...but only the first three are kept
    assert kept.shared(("swap", 0)) is values[0] and kept.shared(("swap", 4)) is not values[4]
