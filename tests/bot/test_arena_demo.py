"""The arena's statistics and a tiny arena run; the demo written into a temporary folder."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot import arena, demo, demo_catduel
from game.catduel import CatDuelSettings
from game.dreamcats import Card, Event, EventKind, MatchSettings, Slot, SwapDrawn, apply_action, new_match
from game.dreamcats.actions import Action, Draw, InitialPeek
from game.dreamcats.observation import Observation
from game.errors import GameError


def test_wilson_interval_matches_known_values() -> None:
    low, high = arena.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-3)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_percentile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert arena.percentile(values, 50) == 50.0
    assert arena.percentile(values, 99) == 99.0
    assert arena.percentile([], 99) == 0.0


def test_lineup_gives_every_player_every_seat_equally() -> None:
    seen: Counter[tuple[int, str]] = Counter()
    for match in range(8):
        for seat, name in enumerate(arena.lineup(["hard", "normal", "normal", "normal"], 4, match)):
            seen[seat, name] += 1
    assert all(seen[seat, "hard"] == 2 for seat in range(4))
    assert arena.lineup(["a", "b"], 3, 0) == ["a", "b", "a"]


def test_a_tiny_arena_counts_every_seat_match_and_round() -> None:
    tallies = arena.run_arena(["normal", "easy"], 2, 4, MatchSettings(point_limit=30), seed=3)
    assert [t.matches for t in tallies.values()] == [4, 4]
    assert sum(t.wins for t in tallies.values()) == 4  # every match gives out one win, shared by tied seats
    assert tallies["normal"].rounds == tallies["easy"].rounds > 0
    rows = {row.name: row for row in arena.summarize(tallies)}
    assert 0.0 <= rows["easy"].low <= rows["easy"].win_rate <= rows["easy"].high <= 1.0
    assert rows["normal"].p99_ms >= rows["normal"].p50_ms > 0.0
    for row in rows.values():
        if row.wakeups:
            assert row.wakeup_success is not None and 0.0 <= row.wakeup_success <= 1.0


def test_jobs_share_the_matches_without_changing_the_results() -> None:
    settings = MatchSettings(point_limit=30)
    alone = arena.run_arena(["sharp", "easy"], 2, 4, settings, seed=5)
    shared = arena.run_arena(["sharp", "easy"], 2, 4, settings, seed=5, jobs=2)
    for name in ("sharp", "easy"):
        a, b = alone[name], shared[name]
        assert (a.matches, a.wins, a.rounds, a.round_points, a.calls) == (b.matches, b.wins, b.rounds, b.round_points,
                                                                          b.calls)
        assert len(a.times) == len(b.times)


def test_arena_command_prints_a_row_per_player_and_no_bar_when_not_on_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--players", "easy,tests.game.test_players:first_legal", "--matches", "2", "--points", "30"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "win rate" in out and "easy" in out and "first_legal" in out
    assert err == ""  # captured, as when piped or logged: no progress bar


def test_arena_command_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--players", "nightmare", "--matches", "1"]) == 2
    assert "nightmare" in capsys.readouterr().err


def draws_before_peeking(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """A plug-in player with a bug: it draws before its initial peek, which the engine refuses."""
    return Draw(seat=obs.seat if obs.seat is not None else 0)


def test_a_players_illegal_move_is_not_passed_off_as_a_usage_error() -> None:
    with pytest.raises(GameError):
        arena.main(["--players", "easy,tests.bot.test_arena_demo:draws_before_peeking", "--matches", "1",
                    "--points", "30"])


def test_the_demo_refuses_an_unknown_player_before_writing_anything(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo"
    assert demo.main(["--out", str(out), "--players", "nightmare"]) == 2
    assert "nightmare" in capsys.readouterr().err
    assert not out.exists()


def test_demo_writes_a_transcript_and_pictures(tmp_path: Path) -> None:
    code = demo.main(["--out", str(tmp_path), "--seats", "2", "--seed", "3", "--points", "30",
                      "--players", "normal,easy"])
    assert code == 0
    transcript = (tmp_path / "transcript.txt").read_text(encoding="utf-8")
    assert "Round 1 begins" in transcript and "Final standings" in transcript and "Winner:" in transcript
    assert "drew from the pile" in transcript
    names = {p.name for p in tmp_path.iterdir()}
    assert "standings.png" in names and "round_01_reveal.png" in names and "turn_0001.png" in names
    assert (tmp_path / "turn_0001.png").read_bytes().startswith(b"\x89PNG")


def test_a_drawn_card_put_into_a_dream_is_never_named() -> None:
    state = new_match(2, MatchSettings(), random.Random(4), starter=0)
    for seat in range(2):
        apply_action(state, InitialPeek(seat, (0, 1)))
    state.round.draw_pile[-1] = Card.TWO
    state.round.dreams[0][2] = Card.NINE
    events = apply_action(state, Draw(0)) + apply_action(state, SwapDrawn(0, 2))
    public = [e for e in events if e.is_public]
    sentence = demo.turn_sentence(0, public, ["Ana", "Bo"])
    assert sentence == "Ana drew from the pile and swapped it into position 3, discarding a 9."
    assert "2" not in sentence


def test_describe_refuses_a_private_event() -> None:
    with pytest.raises(ValueError):
        demo.describe(Event(EventKind.DREW, 0, cards=(Card.ZERO,), count=1, private_to=0), ["Ana", "Bo"])


def test_describe_names_the_slots_of_powers() -> None:
    names = ["Ana", "Bo"]
    swap = Event(EventKind.USED_SWAP, 0, cards=(Card.SWAP_2,), slots=(Slot(0, 0), Slot(1, 3)))
    assert demo.describe(swap, names) == "played Swap 2 to exchange its own position 1 and Bo's position 4"
    peek = Event(EventKind.USED_PEEK, 1, cards=(Card.PEEK_1,), slots=(Slot(0, 1),))
    assert demo.describe(peek, names) == "played Peek 1 to look at Ana's position 2"


def test_the_catduel_demo_writes_every_reveal_the_hands_and_the_standings(tmp_path: Path) -> None:
    state = demo_catduel.run_demo(tmp_path, 2, 6, ["normal", "easy"], CatDuelSettings(best_of=1))
    written = {path.name for path in tmp_path.iterdir()}
    rounds = state.rounds_so_far
    assert {f"round_{n:04d}.png" for n in range(1, rounds + 1)} <= written and "standings.png" in written
    assert "seat1_0001.png" in written
    transcript = (tmp_path / "transcript.txt").read_text(encoding="utf-8")
    assert transcript.count("\nDuel 1, round ") == rounds and "Winner: Seat " in transcript
    assert "{" not in transcript


def test_the_catduel_demo_refuses_a_bad_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--game", "catduel", "--out", str(tmp_path / "a"), "--players", "nightmare"]) == 2
    assert demo.main(["--game", "catduel", "--out", str(tmp_path / "b"), "--seats", "7"]) == 2
    assert "nightmare" in capsys.readouterr().err and not any(tmp_path.iterdir())


@pytest.mark.parametrize("game", ["dreamcats", "dream21", "catduel"])
def test_a_demo_refuses_an_out_that_is_a_file_or_holds_an_earlier_match(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main as cli_main

    a_file = tmp_path / "afile"
    a_file.write_text("mine")
    used = tmp_path / "used"
    used.mkdir()
    (used / "transcript.txt").write_text("an earlier match")
    for out, why in ((a_file, "is not a folder"), (a_file / "sub", "cannot make"), (used, "is not empty")):
        assert cli_main(["demo", "--game", game, "--out", str(out)]) == 2
        line = capsys.readouterr().err.strip()
        assert line.startswith("dreamcats demo: ") and why in line and "Traceback" not in line
    assert a_file.read_text() == "mine" and (used / "transcript.txt").read_text() == "an earlier match"


def test_a_mistyped_command_is_named_not_blamed_on_run(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main as cli_main

    with pytest.raises(SystemExit) as exited:
        cli_main(["arenaa", "--matches", "1"])
    assert exited.value.code == 2
    assert "unknown command 'arenaa' (choose from run, migrate, arena, demo)" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "said"), [
    (["--game", "dream21", "--points", "7"], "--points is for --game dreamcats only"),
    (["--game", "catduel", "--penalty", "15"], "--penalty is for --game dreamcats only"),
    (["--hands", "3"], "--hands is for --game dream21 only"),
    (["--game", "dream21", "--duels", "3"], "--duels is for --game catduel only"),
    (["--jobs", "0"], "--jobs must be at least 1"),
])
def test_the_arena_refuses_an_option_it_would_ignore(argv: list[str], said: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        arena.main([*argv, "--matches", "1"])
    assert exited.value.code == 2 and said in capsys.readouterr().err
