"""game.written_log: a log's form kept across saves is always exactly the log's own, whatever copies are written."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.written_log import WrittenLog

CONVERTED: list[int] = []


def _convert(action: int) -> dict[str, Any]:
    CONVERTED.append(action)
    return {"action": action}


# Each step: (0, a) the newest copy appends a; (1, _) a copy is kept; (2, i) go on from kept copy i;
# (3, i) write kept copy i.
STEPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40)), max_size=80)


@settings(max_examples=200, deadline=None)
@given(steps=STEPS)
def test_every_copy_writes_its_own_log(steps: list[tuple[int, int]]) -> None:
    current: tuple[list[int], WrittenLog[int]] = ([], WrittenLog())
    kept = [current]
    for kind, value in steps:
        log, written = current
        if kind == 0:
            log.append(value % 5)  # few distinct values: equal actions at the same place in different logs
        elif kind == 1:
            kept.append((list(log), written))  # a copy shares the form, as MatchState.copy shares written_log
        elif kind == 2:
            old_log, old_written = kept[value % len(kept)]
            current = (list(old_log), old_written)
        else:
            written_log, shared = kept[value % len(kept)]
            dicts = shared.dicts_for(written_log, _convert)
            assert dicts == [{"action": a} for a in written_log]
        dicts = current[1].dicts_for(current[0], _convert)
        assert dicts == [{"action": a} for a in current[0]]


def test_a_growing_log_converts_each_action_once() -> None:
    CONVERTED.clear()
    written: WrittenLog[int] = WrittenLog()
    log: list[int] = []
    for action in range(100):
        log.append(action)
        dicts = written.dicts_for(log, _convert)
        assert dicts[-1] == {"action": action}
    assert CONVERTED == list(range(100))
