"""Where a demo writes: a new or empty folder, never one that would mix its files with an earlier match's."""

from __future__ import annotations

from pathlib import Path


class DemoFolderError(ValueError):
    """The demo's --out cannot take a demo: not a folder, not empty, or not to be made."""


def make_out(out: Path) -> None:
    """Make the demo's folder (it may exist if empty); DemoFolderError with one line saying why not."""
    if out.exists() and not out.is_dir():
        raise DemoFolderError(f"{out} is not a folder")
    if out.is_dir() and any(out.iterdir()):
        raise DemoFolderError(f"{out} is not empty: choose a new or empty folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DemoFolderError(f"cannot make {out} ({exc.strerror or exc})") from None
