"""Playtests in chunks of seeds, on local processes or a Dask cluster: the same seeds give the same report.

The local-cluster test starts a real dask.distributed LocalCluster of two worker
processes; it skips, saying why, where dask is not installed (pip install 'pnp-press[cluster]').
"""
import json
import pickle
import sys

import pytest
from helpers import validated
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.diagnostics import UsageError
from pnp.engine import cluster
from pnp.engine import playtest as harness
from pnp.engine.runner import Chunk, chunk_size, chunks, in_order

runner = CliRunner()
GAMES = ["stranded", "saucer-escape"]  # a game with levels and staged tables, and a solo sheet game
GAMES_PLAYED = 48  # twelve chunks of four on two workers (chunk_size): as many chunks as a long run sends them


def _dask():
    return pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install 'pnp-press[cluster]'")


def _report(game_id, **where):
    project = validated(game_id)
    plan = project.game.plugin.playtest_plan()
    return harness.run(plan, project.game, games=GAMES_PLAYED, seed=3, **where)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_local_cluster_reports_what_local_processes_report(game_id):
    """Totals, win rates, witnesses (counts and first_seen) and the game's own summary: the whole JSON report."""
    _dask()
    alone = _report(game_id, processes=1)
    shared = _report(game_id, processes=2)
    on_cluster = _report(game_id, cluster="local:2")
    assert alone.games == on_cluster.games == GAMES_PLAYED
    assert on_cluster.to_json() == alone.to_json() == shared.to_json()
    assert on_cluster.to_text() == alone.to_text()
    assert json.loads(on_cluster.to_json())["first_seen"] == json.loads(alone.to_json())["first_seen"]


def test_chunks_are_small_messages_that_rebuild_the_run():
    """A chunk carries the distinct tables once and one small index per game, not a spec per game."""
    tables = [harness.Setup(("greedy",), (("level", level),)) for level in ("green", "yellow", "red")] * 1000
    parts = list(chunks(7, tables, 2000))
    assert [len(part) for part in parts] == [2000, 1000] and [part.first for part in parts] == [0, 2000]
    assert len(pickle.dumps(parts[0])) < 9000
    specs = parts[1].specs()
    assert specs[0].seed == 7 * 1_000_003 + 2000 and specs[0].options == (("level", "red"),)  # table 2000 of the cycle
    assert list(parts[1].table_of_each())[:3] == tables[2000:2003]
    assert chunk_size(1_000_000, 2) == 2000 and chunk_size(100, 2) == 9 and chunk_size(1, 8) == 1


class _Done:
    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


def test_results_come_back_in_run_order_whatever_order_chunks_finish_in():
    """Chunks that finish early wait for the earlier ones; progress counts every chunk's games as it lands."""
    chunk_list = [Chunk(1, first, (), bytes(4 * 10)) for first in range(0, 100, 10)]
    done = []

    def finished(pending):  # the newest chunk in flight always finishes first
        return [max(pending, key=lambda future: future.value.first)]

    results = list(in_order(_Done, chunk_list, 3, finished, done.append))
    assert [chunk.first for chunk in results] == list(range(0, 100, 10))
    assert done == [10] * 10


def test_a_cluster_address_is_checked_before_anything_is_played():
    assert cluster.parse("local:3") == ("local", 3)
    assert cluster.parse("tcp://10.0.0.5:8786") == ("remote", None)
    assert cluster.parse("10.0.0.5:8786") == ("remote", None)
    for bad in ("local", "local:0", "local:two", "8786", "http://host:8786", "tcp://"):
        with pytest.raises(UsageError):
            cluster.parse(bad)


@pytest.mark.parametrize("address, says", [
    ("banana", "is not a scheduler address"),
    ("local:0", "needs a number of worker processes"),
])
def test_a_bad_cluster_address_is_one_line_and_exit_2(address, says):
    result = runner.invoke(app, ["playtest", "saucer-escape", "--games", "3", "--cluster", address])
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_an_unreachable_scheduler_is_one_line_and_exit_2_not_a_hang(monkeypatch, tmp_path):
    _dask()
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    result = runner.invoke(app, ["playtest", "saucer-escape", "--games", "3", "--cluster", "tcp://127.0.0.1:9",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "cannot reach the cluster at tcp://127.0.0.1:9 within 1 s" in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_without_dask_the_cluster_option_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    result = runner.invoke(app, ["playtest", "saucer-escape", "--games", "3", "--cluster", "local:2"])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == "error: --cluster needs dask: pip install 'pnp-press[cluster]'"


def test_the_help_says_how_to_install_the_cluster_extra():
    result = runner.invoke(app, ["playtest", "--help"])
    assert "pip install 'pnp-press[cluster]'" in " ".join(result.output.split())  # the plain help wraps at 80 columns here
