"""The charts every playtest draws, whatever the game: computed from the report alone (pnp.render.charts draws them).

- win rate per kind of player in each group of tables (a difficulty level, a team size: `Setup.group`);
- how scores spread, per kind of player (the share of its seats that ended in each band of scores);
- how long games last, in rounds, per kind of player (the share of the games it sat in).

A game's own charts (PlaytestPlan.charts) are drawn besides these.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.engine.playtest import PlaytestReport


@dataclass(frozen=True)
class Chart:
    """A bar chart for the playtest folder, as data (pnp.render.charts draws it): one group of bars per
    category, one bar per series, values from 0 to 1. (Games import it from pnp.engine.playtest.)"""

    file: str  # e.g. "win-rate.png"
    title: str
    categories: list[str]
    series: dict[str, list[float]]  # name -> one value per category
    axis: str = "share"
    note: str = ""  # one line under the title: what the bars are


MAX_BARS = 10  # bands of a distribution: more and the bars of several kinds of player cannot be told apart
ALL_GAMES = "all games"  # the one group of a game whose tables have none


def standard_charts(report: PlaytestReport) -> list[Chart]:
    return [win_rate_chart(report), score_chart(report), length_chart(report)]


def win_rate_chart(report: PlaytestReport) -> Chart:
    groups = list(dict.fromkeys(group for group, _ in report.groups))  # in the order the run first met them
    kinds = sorted(report.kinds)
    series = {kind: [_rate(report.groups.get((group, kind))) for group in groups] for kind in kinds}
    named = [group or ALL_GAMES for group in groups]
    per = "" if groups == [""] else " per group of tables"
    return Chart("win-rate-by-group.png", f"{_title(report)}: win rate per kind of player{per}", named, series,
                 "win rate", f"{report.games:,} games; share of each kind's seats that won")


def score_chart(report: PlaytestReport) -> Chart:
    counts = {kind: stats.scores for kind, stats in sorted(report.kinds.items())}
    labels, series = _distribution(counts)
    return Chart("score-distribution.png", f"{_title(report)}: {report.score_name} at the end", labels, series,
                 "share of seats", f"{report.games:,} games; share of each kind's seats per band of {report.score_name}")


def length_chart(report: PlaytestReport) -> Chart:
    counts = {kind: stats.rounds for kind, stats in sorted(report.kinds.items())}
    labels, series = _distribution(counts)
    return Chart("game-length.png", f"{_title(report)}: game length in rounds", labels, series, "share of games",
                 f"{report.games:,} games; share of the games each kind of player sat in, per band of rounds")


def bands(values, most: int = MAX_BARS) -> list[tuple[int, int]]:
    """(low, high) bands covering the values: one per value when there are at most `most` of them, else bands of
    one round width (1, 2 or 5 times a power of ten) starting at a multiple of it, as few as `most` allows."""
    values = sorted(set(values))
    if len(values) <= most:
        return [(v, v) for v in values]
    low, high = values[0], values[-1]
    width = _round_width(-(-(high - low + 1) // most))
    while -(-(high - (low // width) * width + 1) // width) > most:  # starting at a multiple can need one band more
        width = _round_width(width + 1)
    start = (low // width) * width
    return [(first, first + width - 1) for first in range(start, high + 1, width)]


def _round_width(at_least: int) -> int:
    scale = 1
    while True:
        for step in (1, 2, 5):
            if step * scale >= at_least:
                return step * scale
        scale *= 10


def _distribution(counts: dict[str, Counter]) -> tuple[list[str], dict[str, list[float]]]:
    ranges = bands(value for counter in counts.values() for value in counter)
    labels = [str(low) if low == high else f"{low}\u2013{high}" for low, high in ranges]  # an en dash: 10–19
    series = {}
    for kind, counter in counts.items():
        total = sum(counter.values()) or 1
        series[kind] = [sum(n for value, n in counter.items() if low <= value <= high) / total for low, high in ranges]
    return labels, series


def _rate(stats) -> float:
    return stats.wins / stats.seats if stats and stats.seats else 0.0


def _title(report: PlaytestReport) -> str:
    return report.game + (f" at {report.difficulty}" if report.difficulty else "")
