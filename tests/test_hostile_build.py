"""A build changes output/ in one step or not at all, and leaves only what it made."""
import errno
import os
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from helpers import as_a_user, digest
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()
GAME = "pocket-dungeon"


def build(*more):
    result = runner.invoke(app, ["build", GAME, *more])
    assert "Traceback" not in result.output
    return result


def test_a_removed_deck_leaves_nothing_behind(fixture_project):
    assert build().exit_code == 0
    assert (fixture_project / f"output/{GAME}/home-a4/heroes.pdf").exists()
    game = fixture_project / f"content/{GAME}/game.yaml"
    game.write_text(game.read_text().replace("  - id: heroes\n    file: decks/heroes.yaml\n    count: 4\n    composition: {hero: 4}\n", "")
                    .replace("showcase: [hero-ranger, crypt, playmat]", "showcase: [crypt, playmat]"))
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("{card:hero-ranger}", "a hero"))
    layout = fixture_project / f"layouts/{GAME}/cards.yaml"
    layout.write_text(layout.read_text().replace("    heroes: hero-back\n", "")
                      .replace("  cards:\n    hero-ranger: ranger-back\n", "  cards: {}\n"))
    result = build()
    assert result.exit_code == 0, result.output
    files = {str(p.relative_to(fixture_project / "output" / GAME)) for p in (fixture_project / "output" / GAME).rglob("*")}
    assert "home-a4/rooms.pdf" in files and not any("heroes" in f for f in files)


def test_a_folder_where_a_pdf_goes_does_not_block_the_build(fixture_project):
    assert build().exit_code == 0
    blocked = fixture_project / f"output/{GAME}/home-a4/rooms.pdf"
    blocked.unlink()
    blocked.mkdir()
    (blocked / "something.txt").write_text("in the way")
    result = build()
    assert result.exit_code == 0 and blocked.is_file()


def test_an_output_path_that_is_a_file_is_refused_and_kept(fixture_project):
    target = fixture_project / "output" / GAME
    target.parent.mkdir()
    target.write_text("a file the user made")
    result = build()
    assert result.exit_code == 2 and "is not a folder pnp made" in result.output
    assert target.read_text() == "a file the user made"


def test_a_full_disk_is_a_usage_error_and_changes_nothing(fixture_project, monkeypatch):
    import pnp.render.outputs

    assert build().exit_code == 0
    before = digest(fixture_project / "output")

    def disk_full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pnp.render.outputs, "pod_deck_pdf", disk_full)  # forked workers inherit the patch
    result = build("--force")  # nothing changed: without --force nothing would be drawn
    assert result.exit_code == 2 and "No space left on device" in result.output
    assert digest(fixture_project / "output") == before
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]


def test_a_second_build_into_the_same_folder_fails_clearly(fixture_project):
    import fcntl

    (fixture_project / "output").mkdir()
    with open(fixture_project / "output/.pnp-build.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = build()
    assert result.exit_code == 2 and "another pnp build is writing to output" in result.output


def test_leftovers_of_a_killed_build_are_removed(fixture_project):
    stale = fixture_project / f"output/.staging-{GAME}-abc123"
    stale.mkdir(parents=True)
    (stale / "half.pdf").write_text("half written")
    (fixture_project / "output/.pnp-build.lock").touch()  # the killed build took the lock (pnp's mark) first
    assert build().exit_code == 0
    assert not stale.exists()


def test_sigterm_mid_build_stops_cleanly(fixture_project):
    """A CI cancel or `timeout`: the build stops, removes its staging folder, and the old output stays."""
    assert build().exit_code == 0
    before = digest(fixture_project / "output")
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", GAME, "--images", "--booklets"],
                               cwd=fixture_project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PNP_JOBS": "2"})  # drawing workers to stop, as on any machine
    staging = []
    for _ in range(400):  # until the build is rendering (its staging folder exists), at most 20 s
        staging = [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]
        if staging or process.poll() is not None:
            break
        time.sleep(0.05)
    assert staging, "the build finished before it could be interrupted"
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 130, output
    assert "interrupted" in output and "Traceback" not in output
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]
    if "the new output is in place" in output:  # under load the build reached its swap first: it finished it, and says so
        assert (fixture_project / "output" / GAME / "images").is_dir()  # this build's whole output, --images and all
    else:
        assert "the output folder was left as it was" in output
        assert digest(fixture_project / "output") == before


def _die(path):
    os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer would


def test_a_render_worker_that_dies_fails_the_build_instead_of_hanging(tmp_path, monkeypatch):
    from pnp.build.plan import Job
    from pnp.build.workers import render_all

    monkeypatch.setenv("PNP_JOBS", "2")  # drawing workers, whatever the machine or the test runner
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("render_all hung")))
    signal.alarm(60)  # a hang detector, not a speed limit
    try:
        jobs = [Job("a.txt", lambda p: p.write_text("a")), Job("b.txt", _die), Job("c.txt", lambda p: p.write_text("c"))]
        with pytest.raises(BrokenProcessPool):
            render_all(jobs, tmp_path)
    finally:
        signal.alarm(0)


def test_a_dead_worker_is_exit_3_with_the_staging_removed(fixture_project, monkeypatch):
    import pnp.render.outputs

    monkeypatch.setenv("PNP_JOBS", "2")  # drawing workers, whatever the machine or the test runner
    monkeypatch.setattr(pnp.render.outputs, "calibration_pdf", lambda *args: _die(None))
    result = build()
    assert result.exit_code == 3 and "BrokenProcessPool" in result.output
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]


def test_a_stop_request_whose_interrupt_was_swallowed_still_keeps_the_old_output(tmp_path, monkeypatch):
    """A signal's KeyboardInterrupt can be dropped (raised inside a fork handler, it is only printed); the
    flag the handler sets is not, so the build does not replace the output it was told to leave alone."""
    from pnp.core import output

    target = tmp_path / "game"
    target.mkdir()
    (target / "old.pdf").write_text("the last good build")
    monkeypatch.setitem(output._STOP, "requested", True)
    with pytest.raises(KeyboardInterrupt):
        with output.staged(target) as stage:
            (stage / "new.pdf").write_text("half a build")
    assert [p.name for p in target.iterdir()] == ["old.pdf"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(output.STAGING)]


@pytest.mark.parametrize("moment", ["just after the swap", "while the old output is removed"])
def test_ctrl_c_during_the_swap_waits_for_it_then_says_the_new_output_is_in_place(fixture_project, monkeypatch, moment):
    """Ctrl-C arriving the moment the new output had taken the old one's place (about 1 in 120 tries in a loop) said
    the output was left as it was, when the new one was in place, and could leave the old one in a staging folder:
    the swap and its clean-up are one step for the interrupt, which comes after them and says what is on disk."""
    from pnp.commands import terminal
    from pnp.core import output

    assert build().exit_code == 0
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("Every player starts", "Each player starts"))
    before = digest(fixture_project / "output" / GAME)
    monkeypatch.setitem(output._STOP, "requested", False)  # the stop asked for below ends with this test

    def ctrl_c():  # as the terminal sends it, to pnp's own handler (installed by pnp.cli.main: pnp.commands.terminal.terminate), at this exact point
        signal.raise_signal(signal.SIGINT)

    if moment == "just after the swap":
        replace = output._replace
        monkeypatch.setattr(output, "_replace", lambda new, target: (replace(new, target), ctrl_c()))
    else:
        remove_old = output._remove_old
        monkeypatch.setattr(output, "_remove_old", lambda old, out_dir: (ctrl_c(), remove_old(old, out_dir)))
    handler = signal.signal(signal.SIGINT, terminal.terminate)
    try:
        result = build()
    finally:
        signal.signal(signal.SIGINT, handler)
    assert result.exit_code == 130, result.output
    assert result.output.splitlines()[-1] == (f"interrupted; the new output is in place in output/{GAME}, complete; "
                                              "nothing else in the output folder was changed")
    assert digest(fixture_project / "output" / GAME) != before  # the rules changed: the new output it is
    assert staging_left(fixture_project / "output") == []


def staging_left(output) -> list[str]:
    return [p.name for p in output.iterdir() if p.name.startswith((".staging-", ".replaced-"))]


@pytest.mark.parametrize("read_only", [GAME, f"{GAME}/home-a4", ".pnp"])
def test_a_read_only_folder_in_the_output_is_exit_2_before_anything_changes(fixture_project, read_only):
    """A folder the build must remove (the old output, a folder in it) or write in (the record's) that is read-only,
    as a tarball may ship it: exit 2 saying which and what to do, before anything is drawn; the last output is as it
    was and no staging folder is left (found only after the swap, the old output stayed in one, and the exit was 0)."""
    command = as_a_user()
    assert build().exit_code == 0
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("Every player starts", "Each player starts"))  # the rules change
    output = fixture_project / "output"
    before = digest(output)
    (output / read_only).chmod(0o555)
    try:
        done = subprocess.run([*command, "build", GAME], cwd=fixture_project, capture_output=True, text=True,
                              env={**os.environ, "PNP_JOBS": "1"})
    finally:
        (output / read_only).chmod(0o755)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and f"output/{read_only} is read-only" in said and "Traceback" not in said, said
    assert digest(output) == before and staging_left(output) == []


def test_another_users_unreadable_file_in_the_kept_preview_is_exit_2_before_anything_changes(fixture_project):
    """A build keeps output/GAME/preview (pnp preview's) by bringing its files into the new output; one that is
    another user's, mode 000, can be neither linked (the kernel's protected_hardlinks) nor copied. That was shutil's
    raw error, exit 3: it is one line naming the file and what to do, exit 2, and the last output is as it was."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("a file of another user's can be made only as root (a file of one's own is linked, mode 000 or not)")
    command = as_a_user()
    assert build().exit_code == 0
    theirs = fixture_project / f"output/{GAME}/preview/theirs.png"
    theirs.parent.mkdir()
    theirs.write_bytes(b"not ours")
    theirs.chmod(0o000)
    os.chown(theirs, 65534, 65534)  # nobody's
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("Every player starts", "Each player starts"))
    output = fixture_project / "output"
    before = digest(output)
    done = subprocess.run([*command, "build", GAME], cwd=fixture_project, capture_output=True, text=True,
                          env={**os.environ, "PNP_JOBS": "1"})
    said = done.stdout + done.stderr
    assert done.returncode == 2 and said.splitlines() == [
        f"error: cannot read output/{GAME}/preview/theirs.png to keep it from the earlier output (Permission denied); "
        "remove it or have it made readable (chmod a+r), then build again (the last good output is untouched)"], said
    assert digest(output) == before and staging_left(output) == []


def _nested(folder, depth: int) -> None:
    """`folder` with `depth` folders nested in it, made one below the other (no path grows past the system's limit)."""
    folder.mkdir(parents=True)
    handle = os.open(folder, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("a", dir_fd=handle)
        inner = os.open("a", os.O_RDONLY, dir_fd=handle)
        os.close(handle)
        handle = inner
    os.close(handle)


def _unnested(folder) -> None:
    """Remove what `_nested` made, a level at a time from the top (shutil.rmtree, and pytest's clean-up of its
    temporary folders, would recurse past Python's limit)."""
    while (folder / "a").is_dir():
        (folder / "a").rename(folder / "b")
        if (folder / "b" / "a").is_dir():
            (folder / "b" / "a").rename(folder / "a")
        (folder / "b").rmdir()


@pytest.mark.parametrize("where", [f"{GAME}/deep", f".staging-{GAME}-old", f".pnp/forms/{GAME}/{'f' * 32}"])
def test_folders_nested_deeper_than_pnp_writes_are_never_a_crash(fixture_project, where):
    """An output folder shipped with folders nested past Python's recursion limit: in the game's folder, which the
    build replaces whole, it is exit 2 before anything changes; where pnp only tidies up (a killed build's leftover,
    a form store of another drawing base), it is left alone. Never an internal error (removing it recursed)."""
    assert build().exit_code == 0
    output = fixture_project / "output"
    _nested(output / where, 1500)
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("Every player starts", "Each player starts"))
    try:
        result = build()
        left = staging_left(output)
    finally:
        for deep in [output / where, *output.glob(f".staging-{GAME}-*/deep")]:  # where a failed build left it too
            _unnested(deep)
    if where.startswith(GAME):
        assert result.exit_code == 2 and "deeper than pnp ever writes" in result.output, result.output
        assert left == []
    else:
        assert result.exit_code == 0, result.output
        assert left == ([where] if where.startswith(".staging-") else [])


def _children(pid: int) -> set[int]:
    try:
        return {int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] not in "ZX"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc (Linux)")
def test_a_build_killed_outright_leaves_no_worker_holding_the_output_folder(fixture_project):
    """`kill -9` or the out-of-memory killer: the drawing workers lived on idle, holding the output folder's lock,
    and every later build said another build was writing. They end with the build now, and the next build runs."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", GAME, "--images", "--booklets", "--force"],
                               cwd=fixture_project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "PNP_JOBS": "2"})
    workers: set[int] = set()
    for _ in range(600):  # until both drawing workers run, at most 30 s
        workers = _children(process.pid)
        if len(workers) >= 2 or process.poll() is not None:
            break
        time.sleep(0.05)
    assert len(workers) >= 2, "the build finished before its workers could be seen"
    process.kill()
    process.wait(timeout=30)
    for _ in range(200):  # a hang detector, not a speed limit
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers), "a worker outlived the build it drew for"
    assert build().exit_code == 0


def test_ctrl_c_twice_ends_the_build_and_its_workers(fixture_project):
    """Two Ctrl-Cs to the whole process group a moment apart: pnp once waited for ever in its exit handlers, and its
    workers (which leave Ctrl-C to it) held the output folder's lock."""
    assert build().exit_code == 0
    before = digest(fixture_project / "output")
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", GAME, "--images", "--booklets", "--force"],
                               cwd=fixture_project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PNP_JOBS": "2"}, start_new_session=True)
    workers: set[int] = set()
    for _ in range(600):
        workers = _children(process.pid)
        if len(workers) >= 2 or process.poll() is not None:
            break
        time.sleep(0.05)
    assert len(workers) >= 2, "the build finished before its workers could be seen"
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.1)
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    output, _ = process.communicate(timeout=60)  # a hang detector, not a speed limit
    assert process.returncode == 130, output
    assert "Traceback" not in output
    assert not any(_alive(pid) for pid in workers)
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]
    assert digest(fixture_project / "output") == before
    assert build().exit_code == 0


def test_a_preview_leftover_nested_deeper_than_pnp_writes_is_never_a_crash(fixture_project):
    """A `.staging-preview-*` folder nested past Python's recursion limit beside the gallery: `pnp preview` tidied it
    with a recursive remove and failed on it for good. It is left alone, and the gallery is written."""
    from pnp.build.preview import write_preview

    assert build().exit_code == 0
    leftover = fixture_project / "output" / GAME / ".staging-preview-x"
    _nested(leftover, 1500)
    try:
        index, report = write_preview(fixture_project, GAME, fixture_project / "output")
    finally:
        _unnested(leftover)
    assert index is not None and index.is_file(), report.to_text()


def test_a_disk_that_fills_as_the_record_is_written_leaves_a_built_game_and_a_warning(fixture_project, monkeypatch):
    """The files were swapped in, then the record failed on a full disk: exit 2 said "cannot write", with the new
    output already in place. The record is a cache: a warning says the next build draws everything again."""
    import pnp.core.incremental

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pnp.core.incremental, "save", full)
    result = build()
    assert result.exit_code == 0, result.output
    assert "warning [build-record]" in result.output and "the next build draws everything again" in result.output
    assert (fixture_project / "output" / GAME / "rules").is_dir() and not staging_left(fixture_project / "output")
    assert not pnp.core.incremental.record_path(fixture_project / "output", GAME).exists()
