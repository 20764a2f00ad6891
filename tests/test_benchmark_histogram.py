"""The load benchmark's constant-memory latency histogram gives the quantiles the sorted values give, to 1 %."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.benchmarks.histogram import RATIO, SMALLEST, Histogram
from tests.benchmarks.load_report import percentile

latencies = st.lists(st.floats(min_value=0.0, max_value=60.0, allow_nan=False), min_size=1, max_size=300)


@given(latencies, st.sampled_from([0.5, 0.9, 0.99]))
def test_a_quantile_is_the_exact_one_rounded_up_to_its_bin(values: list[float], share: float) -> None:
    histogram = Histogram()
    for value in values:
        histogram.add(value)
    exact = percentile(values, share)
    assert exact <= histogram.quantile(share) <= max(SMALLEST, exact * RATIO * (1 + 1e-9))


@given(latencies)
def test_the_largest_value_is_kept_exactly_and_clear_forgets_everything(values: list[float]) -> None:
    histogram = Histogram()
    for value in values:
        histogram.add(value)
    assert histogram.quantile(1.0) == max(values)
    histogram.clear()
    assert histogram.quantile(0.5) == histogram.quantile(1.0) == 0.0
