"""PNP_JOBS: how many processes pnp runs at once (pnp.core.processes)."""
import os

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.diagnostics import UsageError
from pnp.core.limits import MAX_PROCESSES
from pnp.core.processes import processes


def test_every_core_unless_pnp_jobs_says_otherwise(monkeypatch):
    monkeypatch.delenv("PNP_JOBS", raising=False)
    assert processes() == (os.cpu_count() or 1)
    monkeypatch.setenv("PNP_JOBS", " 3 ")
    assert processes() == 3


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5", "²", "٣", "３", "65", "400", "1" + "0" * 5000])
def test_a_pnp_jobs_that_is_no_count_of_processes_is_refused(monkeypatch, value):
    # '²', Arabic-Indic '٣' and the full-width '３' are digits to str.isdigit(); int() refuses the first (an
    # internal error once) and reads the others
    monkeypatch.setenv("PNP_JOBS", value)
    with pytest.raises(UsageError, match=f"PNP_JOBS.*whole number of processes from 1 to {MAX_PROCESSES}"):
        processes()


def test_never_more_processes_than_items_or_the_stated_maximum(monkeypatch):
    monkeypatch.setenv("PNP_JOBS", str(MAX_PROCESSES))
    assert processes() == MAX_PROCESSES
    assert processes(3) == 3
    assert processes(0) == 1
    monkeypatch.delenv("PNP_JOBS")
    monkeypatch.setattr(os, "cpu_count", lambda: 1000)  # a machine of more cores than the maximum
    assert processes() == MAX_PROCESSES


def test_a_preview_starts_no_more_processes_than_it_has_pictures(fixture_project, monkeypatch):
    import pnp.build.workers

    pools = []
    real_pool = pnp.build.workers.ProcessPoolExecutor
    monkeypatch.setattr(pnp.build.workers, "ProcessPoolExecutor", lambda workers, **kw: (pools.append(workers),
                                                                                 real_pool(workers, **kw))[1])
    monkeypatch.setenv("PNP_JOBS", str(MAX_PROCESSES))
    result = CliRunner().invoke(app, ["preview", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    pages = len(list((fixture_project / "output/pocket-dungeon/preview/rulebook").glob("page-*.png")))
    # the pictures' jobs (rulebook PDF, a deck each, the sheets), then one job per rulebook page at most
    assert pools and pools[0] < 10 and pools[-1] == min(pages, MAX_PROCESSES), pools


def test_pnp_jobs_1_builds_in_pnps_own_process_and_2_on_two_workers(fixture_project, monkeypatch):
    import pnp.build.workers

    pools = []
    real_pool = pnp.build.workers.ProcessPoolExecutor
    monkeypatch.setattr(pnp.build.workers, "ProcessPoolExecutor", lambda workers, **kw: (pools.append(workers),
                                                                                 real_pool(workers, **kw))[1])
    for jobs in ("1", "2"):
        monkeypatch.setenv("PNP_JOBS", jobs)
        result = CliRunner().invoke(app, ["build", "pocket-dungeon", "--only", "sheets"])  # a file per paper: work for two
        assert result.exit_code == 0, result.output
    assert pools == [2]  # none for PNP_JOBS=1


def test_a_bad_pnp_jobs_is_one_line_and_exit_2(fixture_project, monkeypatch):
    monkeypatch.setenv("PNP_JOBS", "many")
    result = CliRunner().invoke(app, ["build", "pocket-dungeon", "--force"])
    assert result.exit_code == 2, result.output
    assert "PNP_JOBS='many'" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", [["rules", "pocket-dungeon", "--format", "md"], ["card", "pocket-dungeon", "hero-scholar"],
                                     ["validate", "pocket-dungeon"]])
def test_a_bad_pnp_jobs_is_exit_2_for_commands_that_fork_nothing_too(fixture_project, monkeypatch, command):
    """It was read only where pnp forks: `PNP_JOBS=abc pnp rules GAME` went on as if it were not set."""
    monkeypatch.setenv("PNP_JOBS", "abc")
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2 and "PNP_JOBS='abc'" in result.stderr and result.stdout == "", result.output


@pytest.mark.parametrize("epoch", ["abc", "1e9", "99999999999999999999", "253402300800", "-1", "١٢٣"])
def test_a_source_date_epoch_that_is_no_time_is_exit_2_never_an_internal_error(fixture_project, monkeypatch, epoch):
    """reportlab reads SOURCE_DATE_EPOCH itself to date every PDF: `abc` or `1e9` there was an internal error."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    result = CliRunner().invoke(app, ["build", "pocket-dungeon", "--only", "rules"])
    assert result.exit_code == 2 and "SOURCE_DATE_EPOCH=" in result.stderr, result.output


def test_reportlabs_own_settings_in_the_environment_change_nothing(fixture_project, monkeypatch, tmp_path):
    """RL_pageCompression=0 changed every PDF's bytes behind the build record's back; RL_defaultPageSize=junk
    crashed the build. pnp drops reportlab's RL_* settings: the same content builds the same bytes anywhere."""
    import subprocess
    import sys

    from helpers import digest

    def built(env: dict) -> str:
        out = tmp_path / str(len(list(tmp_path.iterdir())))
        subprocess.run([sys.executable, "-m", "pnp", "build", "pocket-dungeon", "--only", "rules", "--out", str(out)],
                       cwd=fixture_project, env=env, check=True, capture_output=True)
        return digest(out / "pocket-dungeon" / "rules")

    plain = {k: v for k, v in os.environ.items() if not k.startswith("RL_")}
    assert built({**plain, "RL_pageCompression": "0", "RL_defaultPageSize": "junk", "RL_invariant": "abc"}) == built(plain)


def test_pnp_watch_with_a_bad_pnp_jobs_stops_at_once_with_exit_2(fixture_project, monkeypatch):
    """It printed the error at every rebuild and went on watching."""
    monkeypatch.setenv("PNP_JOBS", "many")
    result = CliRunner().invoke(app, ["watch", "pocket-dungeon"])
    assert result.exit_code == 2 and "PNP_JOBS='many'" in result.stderr and "watching" not in result.output
