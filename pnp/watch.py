"""`pnp validate --watch`: validate again whenever a content or layout file changes.

Polling, not OS file events: no extra dependency, the same on every platform,
and a project of a few hundred small files is stat-ed in about a millisecond.
Validation runs in the same process, so only the first run pays for imports.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

WATCHED = ("content", "layouts")


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every watched file with its modification time and size: any edit, addition or removal changes it."""
    found = {}
    for folder in WATCHED:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                found[str(path.relative_to(root))] = (stat.st_mtime_ns, stat.st_size)
    return found


def watch(root: Path, check: Callable[[], None], interval: float = 0.5, polls: int | None = None,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Run `check` now and after every change, polling every `interval` seconds (`polls` times if given,
    else until interrupted). Returns how many times it ran."""
    last, runs = None, 0
    while polls is None or polls > 0:
        now = snapshot(root)
        if now != last:
            last, runs = now, runs + 1
            check()
        if polls is not None:
            polls -= 1
        sleep(interval)
    return runs
