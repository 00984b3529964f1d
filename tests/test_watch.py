"""`pnp validate --watch`: a change to content or layouts is validated again; output/ is ignored. `pnp watch`: the
game a save changes is rebuilt, broken content keeps the last good output, Ctrl-C ends it with exit 0."""
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner
from watchfiles import Change

from pnp.build import watch as watching
from pnp.cli import app
from pnp.content.starter import init_project, new_game
from pnp.core.diagnostics import Report

ROOT = Path(__file__).resolve().parents[1]


def test_snapshot_sees_content_and_layout_edits_but_not_output(project):
    before = watching.snapshot(project)
    (project / "output").mkdir()
    (project / "output/anything.pdf").write_bytes(b"%PDF")
    assert watching.snapshot(project) == before
    deck = project / "content/escape-master/decks/quick-guide.yaml"
    deck.write_text(deck.read_text() + "\n")
    assert watching.snapshot(project) != before


def test_watch_runs_again_after_each_change_and_only_then(project):
    deck = project / "content/escape-master/decks/quick-guide.yaml"
    checks, sleeps = [], []

    def sleep(seconds):
        sleeps.append(seconds)
        if len(sleeps) == 2:  # an edit between the second and third poll
            deck.write_text(deck.read_text() + "# edited\n")

    runs = watching.watch(project, lambda: checks.append(1), interval=0.25, polls=5, sleep=sleep)
    assert runs == len(checks) == 2 and sleeps == [0.25] * 5


def test_validate_watch_reports_each_run_and_stops_cleanly_on_ctrl_c(project, monkeypatch):
    deck = project / "content/escape-master/decks/quick-guide.yaml"

    def two_runs_then_ctrl_c(root, check, **_):
        check()
        deck.write_text(deck.read_text().replace("    name: Quick Guide", "    nmae: Quick Guide", 1))
        check()
        raise KeyboardInterrupt

    monkeypatch.setattr(watching, "watch", two_runs_then_ctrl_c)
    result = CliRunner().invoke(app, ["validate", "escape-master", "--watch"])
    assert result.exit_code == 0, result.output
    assert "ok: escape-master valid" in result.output and "error [unknown-key]" in result.output
    assert result.output.count("-- ") == 2 and "Traceback" not in result.output


# --- pnp watch ---

def starter_project(folder: Path, *games: str) -> Path:
    """A project of starter games (the smallest that build everything), as `pnp init` and `pnp new` make them."""
    init_project(folder, games[0])
    for game in games[1:]:
        new_game(folder, game)
    return folder


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_save_rebuilds_its_own_game_and_shared_layouts_or_fonts_every_game(tmp_path):
    root = starter_project(tmp_path / "p", "alpha", "beta").resolve()
    games = ["alpha", "beta"]
    assert watching.touched(root, [root / "content/alpha/decks/market.yaml"], games) == ["alpha"]
    assert watching.touched(root, [root / "layouts/beta/cards.yaml", root / "content/beta/rules.yaml"], games) == ["beta"]
    assert watching.touched(root, [root / "layouts/common/paper.yaml"], games) == games
    assert watching.touched(root, [root / "layouts/templates/rules.md.j2"], games) == games
    assert watching.touched(root, [root / "fonts/Gentium.ttf"], games) == games
    assert watching.touched(root, [root / "content/notes.txt"], games) == []  # in no game
    assert watching.touched(root, [root / "layouts/beta/cards.yaml"], ["alpha"]) == []  # a game not watched
    assert watching.touched(root, [root / "layouts/alpha"], games) == ["alpha"]  # the folder itself


def test_editors_temporary_files_and_the_output_are_not_changes(tmp_path):
    keep = watching.ignoring(tmp_path / "output")
    game = tmp_path / "content/alpha/decks"
    assert keep(Change.modified, str(game / "market.yaml"))
    for name in (".market.yaml.swp", "market.yaml~", ".#market.yaml", "4913", "market.yaml.kate-swp", "x.tmp"):
        assert not keep(Change.added, str(game / name)), name
    assert not keep(Change.added, str(tmp_path / "output/alpha/home-a4/market.pdf"))
    assert keep(Change.added, str(tmp_path / "output-notes.yaml"))  # a name that only begins like it


def test_the_loop_builds_everything_then_what_each_batch_touches(tmp_path):
    root = starter_project(tmp_path / "p", "alpha", "beta")
    built, announced = [], []
    batches = [{root / "content/beta/game.yaml"}, {root / "layouts/common/cards.yaml"}, {root / "content/x.txt"}]
    watching.keep_building(root, lambda: ["alpha", "beta"], built.append, batches, announced.append)
    assert built == ["alpha", "beta", "beta", "alpha", "beta"]
    assert announced == batches[:2]  # a batch that touches no game is not announced


def test_watch_rebuilds_the_saved_game_keeps_the_last_good_output_and_stops_cleanly(tmp_path, monkeypatch):
    root = starter_project(tmp_path / "p", "alpha", "beta")
    monkeypatch.chdir(root)
    deck = root / "content/alpha/decks/market.yaml"
    good = deck.read_text()
    seen = {}

    def saves(project, out_root):  # what watchfiles would report, with the edits made in between
        assert out_root == Path("output")
        deck.write_text(good.replace("name: Market", "name: Bazaar", 1))
        yield {deck.resolve()}
        seen["good"] = files_of(root / "output/alpha")
        deck.write_text(good.replace("    name: ", "    nmae: ", 1))
        yield {deck.resolve()}
        seen["after broken"] = files_of(root / "output/alpha")
        deck.write_text(good)
        yield {deck.resolve()}
        raise KeyboardInterrupt  # Ctrl-C

    monkeypatch.setattr(watching, "changes", saves)
    result = CliRunner().invoke(app, ["watch"])
    out = result.output
    assert result.exit_code == 0, out
    assert "Traceback" not in out and out.startswith("watching content/, layouts/ in ")
    assert re.search(r"^alpha: built \d+ files in \d+\.\d\d s$", out, re.M) and re.search(r"^beta: built \d+ files", out, re.M)
    assert len(re.findall(r"^alpha: rebuilt \d+ files in \d+\.\d\d s$", out, re.M)) == 2
    assert "beta: rebuilt" not in out  # only the game saved
    assert len(re.findall(r"^-- \d\d:\d\d:\d\d content/alpha/decks/market\.yaml$", out, re.M)) == 3
    assert "content/alpha/decks/market.yaml:" in out and "error [unknown-key]" in out
    assert "alpha: not rebuilt; the last good output stays" in out
    assert seen["after broken"] == seen["good"]


def test_watch_of_an_unknown_game_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(starter_project(tmp_path / "p", "alpha"))
    result = CliRunner().invoke(app, ["watch", "alpah"])
    assert result.exit_code == 2 and "unknown game 'alpah'; did you mean 'alpha'?" in result.output


@pytest.mark.parametrize("command", ["watch", "validate", "build", "init"])
def test_a_command_started_in_a_folder_removed_since_is_one_line_and_exit_2(tmp_path, command):
    """The shell's current folder removed under it (a clean-up in another terminal): pnp cannot find a project, name
    a path or resolve --out, and says so once, instead of a traceback from whichever asked first."""
    script = f'mkdir gone && cd gone && rmdir ../gone && exec "$0" -m pnp {command}'
    done = subprocess.run(["sh", "-c", script, sys.executable], cwd=tmp_path, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: the current folder no longer exists; cd into a project\n"), done.stderr


def halve(number: int) -> int:
    if number % 2:
        raise ValueError(f"{number} is odd")
    return number // 2


def test_isolated_work_hands_back_its_result_or_its_exception():
    assert watching.isolated(halve, 8) == 4
    with pytest.raises(ValueError, match="7 is odd") as raised:
        watching.isolated(halve, 7)
    assert "in halve" in raised.value.child_traceback  # for --debug: where, in the child


def test_a_rebuild_starts_with_pnps_code_and_fonts_the_watcher_loaded_once():
    """Each rebuild runs in a child forked from the watcher; what pnp's start-up loads is loaded there, once."""
    code = """
import sys
from pnp.build.watch import isolated, warm_up
def ready():  # what a rebuild's child finds: the typesetting code imported, the bundled fonts read
    from reportlab.pdfbase import pdfmetrics
    return "pnp.render.rulebook" in sys.modules and "VeraBd" in pdfmetrics.getRegisteredFontNames()
before = isolated(ready)
warm_up()
print(before, isolated(ready))
"""
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert said.stdout.split() == ["False", "True"], said.stderr


def test_pnp_watch_in_a_terminal_rebuilds_on_a_real_save_and_exits_0_on_sigterm(tmp_path):
    root = starter_project(tmp_path / "p", "my-game")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    watcher = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "my-game", "--root", str(root)], cwd=tmp_path,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in watcher.stdout], daemon=True).start()
    said = []

    def wait_for(text: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not any(text in line for line in said):
            try:
                said.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                watcher.kill()
                pytest.fail(f"no '{text}' within {seconds} s; it said: {''.join(said)}")

    try:
        wait_for("my-game: built")
        time.sleep(0.5)  # the watch is set up before the first build
        deck = root / "content/my-game/decks/market.yaml"
        deck.write_text(deck.read_text().replace("name: Market", "name: Bazaar", 1))
        wait_for("my-game: rebuilt")
    finally:
        watcher.terminate()  # SIGTERM, as Ctrl-C for this purpose (a CI cancel, `timeout`)
        code = watcher.wait(timeout=30)
    assert code == 0, "".join(said)
    assert "Traceback" not in "".join(said)


def test_a_rebuild_names_the_few_files_an_incremental_build_rendered(tmp_path, monkeypatch):
    monkeypatch.chdir(starter_project(tmp_path / "p", "alpha"))
    built = SimpleNamespace(out_dir=Path("output/alpha"), files=["a.pdf", "b.pdf", "c.pdf"], rendered=["b.pdf"])
    monkeypatch.setattr(watching, "isolated", lambda work, *args: (built, Report(), None))
    assert watching.rebuild(Path("."), "alpha", Path("output")).rendered == ["b.pdf"]  # BuildResult.rendered, when there
    monkeypatch.setattr(watching, "changes", lambda root, out: iter([]))
    result = CliRunner().invoke(app, ["watch"])
    assert result.exit_code == 0 and re.search(r"^alpha: built 1 file in \d+\.\d\d s: b\.pdf$", result.output, re.M)


def test_ctrl_c_during_a_rebuild_says_what_holds_whichever_way_the_child_ended(tmp_path, monkeypatch):
    """The rebuild runs in a child process that either finished its swap or removed its stage when Ctrl-C came; the
    watcher cannot tell which, so it never claims the output was left as it was (it may have been replaced, whole)."""
    import pnp.build.watch

    root = starter_project(tmp_path / "p", "alpha")
    monkeypatch.chdir(root)

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.build.watch, "rebuild", interrupted)
    monkeypatch.setattr(watching, "changes", lambda project, out_root: iter(()))
    result = CliRunner().invoke(app, ["watch"])
    assert result.exit_code == 0, result.output
    assert "interrupted; alpha's output folder holds its last complete build, never part of one" in result.output
    assert "left as it was" not in result.output
