"""`dreamcats demo --game dream21`: a whole computer-only Dream 21 match written into a temporary folder."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from bot import demo


def test_the_dream21_demo_writes_every_play_hand_and_the_standings(tmp_path: Path) -> None:
    code = demo.main(["--game", "dream21", "--out", str(tmp_path), "--seats", "3", "--seed", "4"])
    assert code == 0
    transcript = (tmp_path / "transcript.txt").read_text(encoding="utf-8")
    plays = sorted(tmp_path.glob("play_*.png"))
    hands = sorted(tmp_path.glob("hand_*_end.png"))
    assert len(hands) == 3 and (tmp_path / "standings.png").exists()
    actions = re.findall(r" played \S+ — total \d+$| drew\.$", transcript, flags=re.MULTILINE)
    assert len(plays) == len(actions) > 0  # a picture after every action
    assert sorted(tmp_path.glob("seat1_*.png"))  # the first seat's private hand at its turns
    assert re.search(r"^Winner: .+\.$", transcript, flags=re.MULTILINE)
    assert not re.search(r"drew [0-9AJQK]", transcript)  # a drawn card is private: the transcript never names it
    with Image.open(plays[-1]) as picture:
        assert picture.width >= 1000


def test_the_dream21_demo_refuses_a_bad_setting(tmp_path: Path) -> None:
    assert demo.main(["--game", "dream21", "--out", str(tmp_path), "--hands-per-seat", "9"]) == 2
    assert demo.main(["--game", "dream21", "--out", str(tmp_path), "--players", "genius"]) == 2
