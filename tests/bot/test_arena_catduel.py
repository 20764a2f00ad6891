"""`dreamcats arena --game catduel`: a few Cat Duel matches through the command's own function."""

from __future__ import annotations

import pytest

from bot import arena, arena_catduel
from game.catduel import CatDuelSettings


def test_the_catduel_arena_prints_a_row_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "catduel", "--players", "hard,easy", "--matches", "3", "--seats", "3"])
    out, err = capsys.readouterr()
    assert code == 0
    lines = out.splitlines()
    assert "win rate" in lines[0] and lines[1].startswith("hard") and lines[2].startswith("easy")
    assert err == ""


def test_the_catduel_arena_counts_matches_and_duels_the_same_with_any_number_of_jobs() -> None:
    alone = arena_catduel.run_arena(["normal", "easy"], 2, 4, CatDuelSettings(best_of=3), seed=3)
    shared = arena_catduel.run_arena(["normal", "easy"], 2, 4, CatDuelSettings(best_of=3), seed=3, jobs=2)
    assert alone["normal"].matches == alone["easy"].matches == 4
    assert alone["normal"].duels >= 8 and alone["normal"].wins + alone["easy"].wins >= 4
    assert [(t.matches, t.wins, t.duels, t.duels_won) for t in alone.values()] == [
        (t.matches, t.wins, t.duels, t.duels_won) for t in shared.values()]


def test_the_catduel_arena_refuses_bad_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "catduel", "--players", "nightmare", "--matches", "1"]) == 2
    assert arena.main(["--game", "catduel", "--seats", "7", "--matches", "1"]) == 2
    assert arena.main(["--game", "catduel", "--duels", "2", "--matches", "1"]) == 2
    assert "nightmare" in capsys.readouterr().err
