"""Resumable playtests (pnp.engine.journal): a run stopped part-way and run again with its journal plays only the
chunks the journal lacks, and its report is byte for byte the report of a run that was never stopped.

The promises tested: an interrupted run (an error raised between chunks, or the process killed) resumed gives the
same text and JSON report as an unbroken one; the chunks in the journal are not played again, whatever number of
processes the resume has; a torn last line is dropped and only its chunk played again; a journal of another run
(other seed or games, changed content) is refused in one line, left as it was; a damaged journal or a file that is
no journal is one line and exit 2 from the CLI, never a traceback.
"""
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from helpers import ROOT, validated
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.diagnostics import UsageError
from pnp.engine import journal as journals
from pnp.engine import playtest as harness
from pnp.engine import runner
from pnp.engine.coverage import Coverage

cli = CliRunner()
GAME = "stranded"  # fast, and has levels and staged tables: coverage.staged and a summary of its own
GAMES, SEED = 30, 3  # on one process: six chunks of five (chunk_size)


class Stop(Exception):
    """What the test's progress callback raises to stop a run part-way, as a kill would."""


def _run(journal=None, progress=None, resumed=None, game_id=GAME, games=GAMES, seed=SEED, **where):
    project = validated(game_id)
    plan = project.game.plugin.playtest_plan()
    return harness.run(plan, project.game, games=games, seed=seed, journal=journal, progress=progress,
                       resumed=resumed, **({"processes": 1} | where))


def _stop_after(chunks: int):
    """A progress callback that stops the run once `chunks` chunks have been played."""
    calls = []

    def progress(games):
        calls.append(games)
        if len(calls) > chunks:
            raise Stop
    return progress


def _played(monkeypatch) -> list:
    """The first game of every chunk played in this process from now on."""
    played = []
    real = runner.play_chunk

    def counting(engine, table_name, chunk, *args):
        played.append(chunk.first)
        return real(engine, table_name, chunk, *args)
    monkeypatch.setattr(runner, "play_chunk", counting)
    return played


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


@pytest.fixture(scope="module")
def unbroken():
    report = _run()
    return report.to_json(), report.to_text()


# -- resuming ----------------------------------------------------------------------------------------------------
def test_a_stopped_run_resumed_reports_what_an_unbroken_run_reports(tmp_path, monkeypatch, unbroken):
    journal = tmp_path / "run.jsonl"
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(2))
    kept = _lines(journal)
    assert len(kept) == 1 + 2  # the header, and the two chunks that finished before the stop
    played, resumed, progress = _played(monkeypatch), [], []
    report = _run(journal, progress=progress.append, resumed=resumed.append)
    assert (report.to_json(), report.to_text()) == unbroken
    assert played == [10, 15, 20, 25]  # the journal's chunks (games 0 to 9) were not played again
    assert resumed == [10] and sum(progress) == GAMES - 10
    assert _lines(journal)[:3] == kept and len(_lines(journal)) == 1 + 6  # appended to, never rewritten


def test_a_finished_journal_gives_the_report_again_without_playing(tmp_path, monkeypatch, unbroken):
    journal = tmp_path / "run.jsonl"
    assert _run(journal).to_json() == unbroken[0]
    before = journal.read_bytes()
    played = _played(monkeypatch)
    report = _run(journal)
    assert (report.to_json(), report.to_text()) == unbroken and played == []
    assert journal.read_bytes() == before


def test_a_resume_on_more_processes_keeps_the_journals_chunks(tmp_path, unbroken):
    """Two processes would cut chunks of three (chunk_size(30, 2)); the journal's chunks of five are kept."""
    journal = tmp_path / "run.jsonl"
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(3))
    progress = []
    report = _run(journal, progress=progress.append, processes=2)
    assert (report.to_json(), report.to_text()) == unbroken
    assert progress and all(games == 5 for games in progress) and sum(progress) == GAMES - 15
    assert json.loads(_lines(journal)[0])["chunk_size"] == 5


def test_a_torn_last_line_is_dropped_and_its_chunk_played_again(tmp_path, monkeypatch, unbroken):
    journal = tmp_path / "run.jsonl"
    _run(journal)
    lines = _lines(journal)
    for torn in (lines[-1][: len(lines[-1]) // 2],  # killed while the line was written
                 b'{"first":25,"games":5,"zlib":"eJzL\n'):  # ended, but not readable
        journal.write_bytes(b"".join(lines[:-1]) + torn)
        played = _played(monkeypatch)
        report = _run(journal)
        assert (report.to_json(), report.to_text()) == unbroken
        assert played == [25]
        assert len(_lines(journal)) == len(lines) and journal.read_bytes().endswith(b"\n")


def test_a_torn_header_starts_the_journal_afresh(tmp_path, unbroken):
    journal = tmp_path / "run.jsonl"
    journal.write_bytes(b'{"journal": "pnp playt')  # killed while the header was written
    assert _run(journal).to_json() == unbroken[0]
    assert len(_lines(journal)) == 1 + 6


def test_a_killed_playtest_resumes_where_it_stopped(tmp_path):
    """The real thing: `pnp playtest` killed with SIGKILL on two processes while chunks come in, then run again."""
    journal, out = tmp_path / "run.jsonl", tmp_path / "out"
    command = [sys.executable, "-m", "pnp", "playtest", "saucer-escape", "--games", "120", "--seed", "2", "--journal",
               str(journal), "--out", str(out), "--root", str(ROOT)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    first = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    deadline = time.monotonic() + 60
    while first.poll() is None and time.monotonic() < deadline and len(_lines(journal) if journal.exists() else []) < 3:
        time.sleep(0.05)
    try:
        os.killpg(first.pid, signal.SIGKILL)  # the run and its workers, as a killed job goes
    except ProcessLookupError:  # it had finished already: the resume reads back every game
        pass
    first.wait()
    kept = [line for line in _lines(journal)[1:] if line.endswith(b"\n")]  # a last line may be torn by the kill
    resumed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode in (0, 1), resumed.stdout + resumed.stderr  # 1: an element without a witness
    assert f"{sum(json.loads(line)['games'] for line in kept):,} games read back" in resumed.stderr
    project = validated("saucer-escape")
    plan = project.game.plugin.playtest_plan()
    unbroken = harness.run(plan, project.game, games=120, seed=2)
    assert (out / "playtest" / "saucer-escape" / "report.json").read_text() == unbroken.to_json() + "\n"
    assert (out / "playtest" / "saucer-escape" / "report.txt").read_text() == unbroken.to_text() + "\n"


def test_a_run_on_a_cluster_resumes_from_a_local_runs_journal(tmp_path, unbroken):
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install 'pnp-press[cluster]'")
    journal = tmp_path / "run.jsonl"
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(2))
    report = _run(journal, cluster="local:2")
    assert (report.to_json(), report.to_text()) == unbroken
    assert len(_lines(journal)) == 1 + 6


# -- refusing what is not this run's ---------------------------------------------------------------------------------
@pytest.mark.parametrize("other, says", [
    ({"seed": SEED + 1}, f"--seed {SEED}, this one has {SEED + 1}"),
    ({"games": GAMES + 5}, f"--games {GAMES}, this one has {GAMES + 5}"),
    ({"game_id": "saucer-escape"}, f"game {GAME}, this one has saucer-escape"),
])
def test_a_journal_of_another_run_is_refused_and_left_as_it_was(tmp_path, other, says):
    journal = tmp_path / "run.jsonl"
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(2))
    before = journal.read_bytes()
    with pytest.raises(UsageError) as refused:
        _run(journal, **other)
    message = str(refused.value)
    assert says in message and "is not this run's" in message and "\n" not in message
    assert journal.read_bytes() == before


def test_a_journal_of_content_that_changed_since_is_refused(project, monkeypatch):
    """`project`: a private copy of content/ (the working directory); the game's rules change after the stop."""
    journal = project / "run.jsonl"
    args = ["playtest", "stranded", "--games", "12", "--journal", str(journal), "--root", str(project)]
    assert cli.invoke(app, args).exit_code in (0, 1)
    before = journal.read_bytes()
    game_yaml = project / "content" / "stranded" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\n# a designer's edit\n")
    result = cli.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"error: the journal {journal} is not this run's: the content or engine of stranded changed since it was "
        "written, so its games are not the ones this content plays; start afresh with another journal file (or "
        "delete it)"]
    assert journal.read_bytes() == before


def _cli(journal: Path, tmp_path, *more):
    return cli.invoke(app, ["playtest", GAME, "--games", str(GAMES), "--seed", str(SEED), "--journal", str(journal),
                            "--out", str(tmp_path / "out"), *more])


@pytest.mark.parametrize("damage, says", [
    (lambda lines: lines[:2] + [b"{not json}\n"] + lines[3:], "is damaged at line 3"),
    (lambda lines: lines[:2] + [lines[3]] + lines[3:], "is damaged at line 3"),  # a chunk out of place
    (lambda lines: lines[:2] + [b'{"first":5,"games":5,"zlib":"' + b"A" * 40 + b'"}\n'] + lines[3:], "is damaged at line 3"),
    (lambda lines: [b'{"journal": "pnp playtest", "chunk_size": 0}\n'] + lines[1:], "is damaged at line 1"),
    (lambda lines: [b"game,seed\n", b"stranded,3\n"], "is not a pnp playtest journal"),
    (lambda lines: [b"\x00\xff\xfe binary"], "is not a pnp playtest journal"),
    (lambda lines: [b"[" * 60000 + b"\n"], "is not a pnp playtest journal"),
])
def test_a_damaged_journal_is_one_line_and_exit_2(tmp_path, damage, says):
    journal = tmp_path / "run.jsonl"
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(4))
    journal.write_bytes(b"".join(damage(_lines(journal))))
    before = journal.read_bytes()
    result = _cli(journal, tmp_path)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and says in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert journal.read_bytes() == before


def test_the_cli_resumes_with_the_same_output_and_says_so_on_stderr(tmp_path, unbroken):
    journal = tmp_path / "run.jsonl"
    whole = _cli(tmp_path / "whole.jsonl", tmp_path, "--format", "json")
    with pytest.raises(Stop):
        _run(journal, progress=_stop_after(3))
    resumed = _cli(journal, tmp_path, "--format", "json")
    assert resumed.exit_code == whole.exit_code and resumed.stdout == whole.stdout
    assert json.loads(resumed.stdout) == json.loads(unbroken[0])
    assert resumed.stderr.strip() == f"{GAME}: 15 games read back from the journal {journal}; playing the rest"
    text = _cli(journal, tmp_path)
    assert text.stdout.startswith(unbroken[1] + "\n")


def test_a_journal_needs_a_game(tmp_path):
    result = cli.invoke(app, ["playtest", "--journal", str(tmp_path / "run.jsonl")])
    assert result.exit_code == 2 and result.output.strip() == "error: --replay, --players and --journal need a GAME"


def test_a_link_or_a_folder_is_no_journal(tmp_path):
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    for path, says in ((tmp_path / "link.jsonl", "it is a link"), (tmp_path, "")):
        result = _cli(path, tmp_path)
        assert result.exit_code == 2, result.output
        assert f"error: cannot open the journal {path}: {says}" in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "elsewhere.jsonl").exists()


# -- the encoding --------------------------------------------------------------------------------------------------
def test_values_come_back_with_their_types():
    value = {"t": (1, (2, [3, (4,)])), "l": [1, 2.5, -0.0, True, None, "é\u2028\ud800"], 3: {(1, "a"): Counter(x=2)},
             False: 1e300, "empty": ((), [], {}, Counter())}
    back = journals.decode(json.loads(json.dumps(journals.encode(value))))
    assert back == value and repr(back) == repr(value)
    assert [type(k) for k in back] == [type(k) for k in value]
    assert type(back[3][(1, "a")]) is Counter and type(back["t"][1][1]) is list
    with pytest.raises(TypeError, match="cannot keep a value of type set"):
        journals.encode({"s": {1, 2}})


def test_a_chunk_result_comes_back_whole():
    staged = Coverage(Counter({"a": 2}), Counter(), Counter({"b": 1}), {"a": (7, 2)}, 7)
    coverage = Coverage(Counter({"c": 1}), Counter({"WORD": 3}), Counter(), {"c": (5, 1)}, 5, staged)
    rows = [((3, 0), (1,), 12, 340, {"won": True, "levels": [1, 2]}), None, ((0,), (), 9, 80, {"won": False})]
    result = runner.ChunkResult(10, coverage, rows, [(1000013, "ValueError: boom (in the game of seed 1000013)")])
    back = journals.read_result(journals.result_line(result))
    assert back == result and repr(back) == repr(result)


# -- the soak ----------------------------------------------------------------------------------------------------
def test_a_soak_with_a_journal_dir_resumes_each_game(tmp_path, monkeypatch, capsys):
    sys.path.insert(0, str(ROOT))
    from benchmarks import soak

    monkeypatch.setattr(soak, "SAMPLE_SECONDS", 0.01)
    args = [GAME, "--games", "24", "--processes", "1", "--journal-dir", str(tmp_path / "soak")]
    assert soak.main(args) == 0
    assert (tmp_path / "soak" / f"{GAME}.jsonl").is_file()
    capsys.readouterr()
    assert soak.main(args) == 0
    said = capsys.readouterr().out
    assert f"{GAME}: 24 of 24 games read back from {tmp_path / 'soak' / GAME}.jsonl" in said
    assert f"{GAME}: 0 games in" in said
    assert soak.main([*args[:2], "25", *args[3:]]) == 1  # another soak's journal: refused for that game, in a line
    assert f"{GAME}: not soaked: the journal" in capsys.readouterr().out


def test_a_journal_another_run_is_writing_is_refused(tmp_path):
    pytest.importorskip("fcntl", reason="no flock on this platform: two runs on one journal are not stopped")
    journal = tmp_path / "run.jsonl"
    with journals.Journal(journal, {"journal": journals.KIND}):
        with pytest.raises(UsageError, match="is in use by another run"):
            _run(journal)
