"""Checks for roll-and-write sheets that any sheet game can use."""
from __future__ import annotations

from collections import deque

from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.engine.vocabulary import EffectError
from pnp.model.sheet import Track
from pnp.source import Source

NO_BOX = "#"


def dice_table(source: Source, keypath: tuple, rows, low: int, high: int) -> list[Diagnostic]:
    """Every total from low to high appears exactly once, and nothing else."""
    problems, seen = [], {}
    for i, row in enumerate(rows):
        if not low <= row.roll <= high:
            problems.append(source.diagnostic(keypath + (i, "roll"), "table-range", f"roll {row.roll} cannot happen; rolls run {low} to {high}"))
        elif row.roll in seen:
            problems.append(source.diagnostic(keypath + (i, "roll"), "table-duplicate", f"roll {row.roll} already has a row"))
        seen[row.roll] = i
    missing = [r for r in range(low, high + 1) if r not in seen]
    if missing:
        problems.append(source.diagnostic(keypath, "table-missing", f"no row for roll(s) {', '.join(map(str, missing))}; add them"))
    return problems


def track_icons(source: Source, keypath: tuple, track: Track, allowed: tuple, vocabulary) -> list[Diagnostic]:
    """Icons sit on existing boxes, one per box, and are words the engine knows."""
    problems, used = [], set()
    for i, icon in enumerate(track.icons):
        where = keypath + ("icons", i)
        if icon.at > track.length:
            problems.append(source.diagnostic(where + ("at",), "icon-range", f"box {icon.at} is past the end of a {track.length}-box track"))
        if icon.at in used:
            problems.append(source.diagnostic(where + ("at",), "icon-duplicate", f"box {icon.at} already has an icon"))
        used.add(icon.at)
        if icon.icon not in allowed:
            problems.append(source.diagnostic(where + ("icon",), "unknown-icon",
                                              f"'{icon.icon}' cannot go here{did_you_mean(icon.icon, allowed)}; use one of {', '.join(allowed)}"))
            continue
        try:
            vocabulary.parse({icon.icon: icon.item} if icon.item is not None or vocabulary[icon.icon].takes_param else icon.icon)
        except EffectError as exc:
            problems.append(source.diagnostic(where, "icon", str(exc)))
    return problems


def effects(source: Source, keypath: tuple, entries, vocabulary) -> tuple[list[Diagnostic], set[str]]:
    problems, used = [], set()
    for i, entry in enumerate(entries):
        try:
            used.add(vocabulary.parse(entry).word)
        except EffectError as exc:
            problems.append(source.diagnostic(keypath + (i,), "unknown-effect" if "unknown" in str(exc) else "effect", str(exc)))
    return problems, used


def cells(rows: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != NO_BOX}


def neighbours(cell: tuple[int, int]):
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def reachable(grid: dict, starts, passable) -> set:
    """Cells reachable from `starts` through cells for which passable(char) is true."""
    seen, queue = set(starts), deque(starts)
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(cell):
            if nxt in grid and nxt not in seen and passable(grid[nxt]):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def score_terms(source: Source, keypath: tuple, terms, measures) -> list[Diagnostic]:
    return [source.diagnostic(keypath + (i, "measure"), "unknown-measure",
                              f"'{t.measure}' is not something the sheet records{did_you_mean(t.measure, measures)}; use one of {', '.join(sorted(measures))}")
            for i, t in enumerate(terms) if t.measure not in measures]
