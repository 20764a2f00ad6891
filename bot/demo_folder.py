"""What the computer-only demos of Dream 21 and Cat Duel share: a folder of pictures and a transcript's lines."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from images.encode import encode_png


class DemoFolder:
    """The folder a demo writes into, its seats' names and the transcript's lines so far."""

    def __init__(self, out: Path, names: Sequence[str]) -> None:
        self.out, self.names = out, tuple(names)
        self.lines: list[str] = []

    def save(self, name: str, image: Image.Image) -> None:
        """A picture as a PNG file in the folder."""
        (self.out / name).write_bytes(encode_png(image))

    def write_transcript(self) -> None:
        """transcript.txt: the lines so far."""
        (self.out / "transcript.txt").write_text("\n".join(self.lines).lstrip("\n") + "\n", encoding="utf-8")


def seat_labels(strengths: Sequence[str], seats: int) -> list[str]:
    """Each seat named by its number and computer player ("Seat 1 (hard)"), the strengths cycled over the seats."""
    return [f"Seat {s + 1} ({strengths[s % len(strengths)]})" for s in range(seats)]
