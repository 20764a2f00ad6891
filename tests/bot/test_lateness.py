"""bot.lateness: how late clicks reach their handlers, and when the bot is too busy to open new tables."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.lateness import BUSY_AFTER_S, CALM_BELOW_S, FLOOR_BUCKET_S, FLOOR_BUCKETS, Lateness, lateness_gauge

START = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def clicks(gauge: Lateness, *, late: float, count: int, start: datetime, every: float = 0.01,
           skew: float = 0.0) -> datetime:
    """`count` clicks `every` seconds apart, each reaching its handler `late` s (plus the clocks' `skew`) after it
    was sent; returns the time after the last one."""
    now = start
    for _ in range(count):
        gauge.record(now - timedelta(seconds=late + skew), now)
        now += timedelta(seconds=every)
    return now


def test_prompt_clicks_leave_the_bot_open() -> None:
    gauge = Lateness()
    clicks(gauge, late=0.05, count=500, start=START)
    assert not gauge.busy and gauge.level < 0.01


def test_clicks_that_come_late_make_it_busy_and_say_so_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.lateness")
    gauge = Lateness()
    now = clicks(gauge, late=0.0, count=10, start=START)
    clicks(gauge, late=2.5, count=200, start=now)
    assert gauge.busy and gauge.level > BUSY_AFTER_S
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "no new table opens" in caplog.records[0].getMessage()


def test_it_stays_busy_until_clicks_are_well_in_time_again(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.lateness")
    gauge = Lateness()
    now = clicks(gauge, late=0.0, count=10, start=START)
    now = clicks(gauge, late=2.5, count=200, start=now)
    now = clicks(gauge, late=(BUSY_AFTER_S + CALM_BELOW_S) / 2, count=300, start=now)
    assert gauge.busy  # between the two thresholds: no flapping
    clicks(gauge, late=0.1, count=300, start=now)
    assert not gauge.busy and gauge.level < CALM_BELOW_S
    assert [r.levelname for r in caplog.records] == ["WARNING", "INFO"]


@pytest.mark.parametrize("skew", [-40.0, -1.5, 1.5, 40.0])
def test_a_clock_apart_from_discords_is_not_lateness(skew: float) -> None:
    gauge = Lateness()
    now = clicks(gauge, late=0.05, count=300, start=START, skew=skew)
    assert not gauge.busy and gauge.level < 0.01
    clicks(gauge, late=3.0, count=300, start=now, skew=skew)  # what does count is the same with any skew
    assert gauge.busy


def test_one_click_after_a_quiet_spell_counts_fully() -> None:
    gauge = Lateness()
    now = clicks(gauge, late=0.0, count=10, start=START)
    now = clicks(gauge, late=3.0, count=200, start=now)
    assert gauge.busy
    gauge.record(now + timedelta(seconds=60), now + timedelta(seconds=60))  # everyone left; one person comes back
    assert not gauge.busy


def test_the_floor_forgets_ages_older_than_an_hour() -> None:
    gauge = Lateness()
    now = clicks(gauge, late=0.0, count=10, start=START)
    # The host's clock was stepped 5 s ahead: at first every click looks 5 s late ...
    now = clicks(gauge, late=0.0, count=200, start=now, skew=5.0)
    assert gauge.busy
    # ... until the hour of the old floor has passed.
    later = now + timedelta(seconds=FLOOR_BUCKET_S * (FLOOR_BUCKETS + 1))
    clicks(gauge, late=0.0, count=200, start=later, skew=5.0)
    assert not gauge.busy and gauge.level < 0.01


@given(st.lists(st.tuples(st.floats(0.0, 30.0), st.floats(0.0, 600.0)), min_size=1, max_size=60))
def test_the_level_stays_within_the_lateness_seen(steps: list[tuple[float, float]]) -> None:
    gauge, now = Lateness(), START
    for late, pause in steps:
        now += timedelta(seconds=pause)
        gauge.record(now - timedelta(seconds=late), now)
        assert 0.0 <= gauge.level <= max(late for late, _ in steps) + 1e-5  # microseconds of datetime
        if gauge.level >= BUSY_AFTER_S:
            assert gauge.busy
        if gauge.level < CALM_BELOW_S:
            assert not gauge.busy


def test_an_operator_sets_the_threshold_or_turns_the_refusals_off() -> None:
    strict, off = lateness_gauge(0.4), lateness_gauge(0.0)
    for gauge in (strict, off):
        now = clicks(gauge, late=0.0, count=10, start=START)
        clicks(gauge, late=0.6, count=400, start=now)
    assert strict.busy and strict.busy_after == 0.4 and strict.calm_below == 0.2
    assert not off.busy and off.level > 0.4
