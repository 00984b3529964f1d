"""The charts every playtest draws (win rate per kind of player and group, scores, game length), from the report."""
from collections import Counter

import pytest
from helpers import REAL_GAMES, validated
from PIL import Image

from pnp.engine.api import Result
from pnp.engine.coverage import Coverage
from pnp.engine.playtest import Expected, PlaytestReport
from pnp.engine.report_charts import ALL_GAMES, bands, standard_charts

STANDARD = ["win-rate-by-group.png", "score-distribution.png", "game-length.png"]


def _hand_made() -> PlaytestReport:
    """Five games of a two-seat game at two team sizes: greedy against random, and greedy alone."""
    report = PlaytestReport("toy", 0, None, Coverage(), Expected([]))
    report.add(("greedy", "random"), Result([3, 1], [0], rounds=4), 40, "2 players")
    report.add(("greedy", "random"), Result([2, 5], [1], rounds=6), 60, "2 players")
    report.add(("random", "greedy"), Result([0, 4], [1], rounds=4), 30, "2 players")
    report.add(("greedy",), Result([7], [0], rounds=9), 50, "solo")
    report.add(("greedy",), Result([1], [], rounds=2), 10, "solo")
    return report


def test_win_rate_per_kind_and_group_is_counted_from_the_seats():
    win, _, _ = standard_charts(_hand_made())
    assert win.file == "win-rate-by-group.png"
    assert win.categories == ["2 players", "solo"]  # in the order the run met them
    assert win.series == {"greedy": [2 / 3, 1 / 2], "random": [1 / 3, 0.0]}  # random never sat alone: 0, not missing
    assert "5 games" in win.note


def test_scores_and_lengths_are_shares_of_each_kinds_seats_and_games():
    _, scores, length = standard_charts(_hand_made())
    # greedy's scores: 3, 2, 4, 7, 1; random's: 1, 5, 0 -> seven distinct values, one bar each
    assert scores.categories == ["0", "1", "2", "3", "4", "5", "7"]
    assert scores.series["greedy"] == [0, 0.2, 0.2, 0.2, 0.2, 0, 0.2]
    assert scores.series["random"] == pytest.approx([1 / 3, 1 / 3, 0, 0, 0, 1 / 3, 0])
    # rounds per game a kind sat in: greedy 4, 6, 4, 9, 2; random 4, 6, 4
    assert length.categories == ["2", "4", "6", "9"]
    assert length.series["greedy"] == [0.2, 0.4, 0.2, 0.2] and length.series["random"] == pytest.approx([0, 2 / 3, 1 / 3, 0])
    for chart in (scores, length):
        for values in chart.series.values():
            assert sum(values) == pytest.approx(1)


def test_a_wide_spread_is_drawn_in_equal_bands():
    assert bands(range(0, 100)) == [(start, start + 9) for start in range(0, 100, 10)]
    assert bands([-13, 0, 50]) == [(-13, -13), (0, 0), (50, 50)]
    assert bands([-13, *range(0, 20), 50]) == [(low, low + 9) for low in range(-20, 60, 10)]  # round widths, round starts
    assert bands(range(35, 1301)) == [(low, low + 199) for low in range(0, 1400, 200)]
    assert bands(range(0, 23)) == [(low, low + 4) for low in range(0, 25, 5)]
    counts = Counter({v: 1 for v in range(0, 100)})
    report = PlaytestReport("toy", 0, None, Coverage(), Expected([]))
    report.kinds["greedy"] = type("S", (), {"scores": counts, "rounds": Counter({5: 1}), "wins": 0, "seats": 100})()
    _, scores, _ = standard_charts(report)
    assert scores.categories[0] == "0\u20139" and scores.series["greedy"] == [0.1] * 10


def test_a_game_without_groups_has_one_bar_group():
    report = PlaytestReport("toy", 0, None, Coverage(), Expected([]))
    report.add(("greedy",), Result([1], [0]), 3)
    assert standard_charts(report)[0].categories == [ALL_GAMES]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_game_with_an_engine_draws_the_charts(game_id, default_playtest):
    project = validated(game_id)
    if not project.game.plugin.has_engine:
        pytest.skip(f"{game_id} has no engine")
    code, output, folder = default_playtest(game_id)  # `pnp playtest GAME`, played once a run for the tests that read it
    assert code in (0, 1), output  # a run may miss witnesses (test_games says so); it must not fail otherwise
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert set(STANDARD) <= set(pngs), pngs
    if project.game.plugin.playtest_plan().charts:  # the game's own charts are kept besides
        assert len(pngs) > len(STANDARD), pngs
    for name in pngs:
        path = folder / name
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(path) as image:
            image.verify()
        with Image.open(path) as image:
            assert image.size == (960, 560)


def test_a_million_games_keep_one_dict_per_distinct_details():
    """Equal details (the same numbers, each game's own dict) are kept once: a reference a game, not a dict."""
    report = PlaytestReport("g", 0, None, Coverage(), Expected({}))
    for i in range(1000):
        details = {"won": i % 2 == 0, "breakdown": {"kills": i % 3}}
        report.add(("greedy",), Result(scores=[i % 5], winners=[0], rounds=3, details=details), steps=10)
    kept = report.details()["greedy"]
    assert len(kept) == 1000 and len({id(d) for d in kept}) == 6
    assert sum(d["won"] for d in kept) == 500 and [d["breakdown"]["kills"] for d in kept[:4]] == [0, 1, 2, 0]
