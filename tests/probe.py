"""A fresh Python process in the repository's root: for what only a new process shows (what an import loads or
builds, what a console script drags into a picture process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def printed_by(*args: str, timeout: float = 120.0) -> str:
    """What `python ARGS`, run from the repository's root, prints (stripped); CalledProcessError if it fails."""
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          check=True)
    return done.stdout.strip()
