"""game.written_log: a log's text kept across saves is always exactly the log's own, whatever copies are written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.written_log import JsonText, WrittenLog, log_form

CONVERTED: list[int] = []


def _convert(action: int) -> dict[str, Any]:
    CONVERTED.append(action)
    return {"action": action, "slots": [[action, 0]]}


def _expected(log: list[int]) -> list[dict[str, Any]]:
    return [{"action": a, "slots": [[a, 0]]} for a in log]


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
            assert shared.written(written_log, _convert).value() == _expected(written_log)
        assert current[1].written(current[0], _convert).value() == _expected(current[0])


def test_a_growing_log_converts_each_action_once() -> None:
    CONVERTED.clear()
    written: WrittenLog[int] = WrittenLog()
    log: list[int] = []
    for action in range(100):
        log.append(action)
        assert written.written(log, _convert).value()[-1] == {"action": action, "slots": [[action, 0]]}
    assert CONVERTED == list(range(100))


def test_a_log_read_back_whole_after_a_restart_is_written_at_once() -> None:
    written: WrittenLog[int] = WrittenLog()
    log = list(range(700))  # a long match's log, read back from storage: nothing written yet
    assert written.written(log, _convert).value() == _expected(log)
    assert written.written(log[:3], _convert).value() == _expected(log[:3])  # an earlier copy's
    assert written.written([], _convert).value() == []


def test_the_text_is_no_string_to_a_json_writer_and_the_plain_form_is_plain() -> None:
    text = WrittenLog[int]().written([1, 2], _convert)
    with pytest.raises(TypeError):  # written as a quoted string it would read back as text, not as the log
        json.dumps({"log": text})
    assert isinstance(text, JsonText) and text == JsonText(text.text) and text != text.text
    assert log_form(WrittenLog(), [1, 2], _convert, stored=False) == _expected([1, 2])
