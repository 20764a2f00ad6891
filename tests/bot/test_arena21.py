"""`dreamcats arena --game dream21`: a few Dream 21 matches through the command's own function."""

from __future__ import annotations

import pytest

from bot import arena, arena21
from game.dream21 import Dream21Settings


def test_the_dream21_arena_prints_a_row_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "dream21", "--players", "hard,easy", "--matches", "2", "--seats", "3", "--hands", "1"])
    out, err = capsys.readouterr()
    assert code == 0
    lines = out.splitlines()
    assert "win rate" in lines[0] and lines[1].startswith("hard") and lines[2].startswith("easy")
    assert err == ""


def test_the_dream21_arena_counts_every_seat_and_hand() -> None:
    tallies = arena21.run_arena(["normal", "easy"], 2, 4, Dream21Settings(hands_per_seat=1), seed=3)
    assert tallies["normal"].matches == tallies["easy"].matches == 4
    assert tallies["normal"].hands == 8 and tallies["normal"].outs + tallies["easy"].outs == 8
    assert tallies["normal"].wins + tallies["easy"].wins >= 4


def test_the_dream21_arena_refuses_bad_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "dream21", "--players", "nightmare", "--matches", "1"]) == 2
    assert arena.main(["--game", "dream21", "--seats", "7", "--matches", "1"]) == 2
    assert arena.main(["--game", "dream21", "--hands", "6", "--matches", "1"]) == 2
    assert "nightmare" in capsys.readouterr().err
