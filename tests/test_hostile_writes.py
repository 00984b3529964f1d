"""Writes stay inside: every command that writes makes its folders one at a time, never through a link, never
onto a device or over a file or folder of the user's (pnp.core.output). What it cannot write is exit 2, with the user's
files as they were. (A file path made up from names of the content is checked too: tests/data/cases/
vendor-name-path.yaml and tests/data/pocket-dungeon/cases/template-name-path.yaml.)"""
import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, as_a_user, digest, private_copy
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.output import OutputError, below, plain_name

runner = CliRunner()
GAME = "pocket-dungeon"

WRITERS = {  # a command writing into the project's output/ by default, and where it writes
    "build": (["build", GAME], f"{GAME}"),
    "card": (["card", GAME, "crypt"], "cards"),
    "rules": (["rules", GAME, "--format", "pdf"], f"{GAME}"),
    "export-deck": (["export-deck", GAME, "rooms", "--format", "xlsx"], "decks"),
    "preview": (["preview", GAME], f"{GAME}"),
}


def run(*args):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


@pytest.fixture
def victim(tmp_path_factory) -> Path:
    """A folder of the user's, outside the project, with a file in it."""
    folder = tmp_path_factory.mktemp("victim")
    (folder / "keep.txt").write_text("the user's own file\n")
    return folder


def untouched(folder: Path) -> bool:
    return sorted(p.name for p in folder.iterdir()) == ["keep.txt"] and (folder / "keep.txt").read_text() == "the user's own file\n"


@pytest.mark.parametrize("command", WRITERS)
def test_an_output_folder_shipped_as_a_link_out_of_the_project_is_refused(fixture_project, victim, command):
    os.symlink(victim, fixture_project / "output")
    result = run(*WRITERS[command][0])
    assert result.exit_code == 2 and "output is a link; pnp writes only into real folders" in result.output
    assert untouched(victim)


@pytest.mark.parametrize("command", WRITERS)
def test_a_link_inside_the_output_folder_is_never_written_through(fixture_project, victim, command):
    args, folder = WRITERS[command]
    (fixture_project / "output").mkdir()
    if command == "rules":  # the rulebook goes into the build's rules/ folder
        (fixture_project / "output" / folder).mkdir()
        folder = f"{folder}/rules"
    os.symlink(victim, fixture_project / "output" / folder)
    result = run(*args)
    assert result.exit_code == 2 and f"error: output/{folder} is " in result.output and "link" in result.output, result.output
    assert untouched(victim)


def test_playtest_reports_never_go_through_a_link(victim, tmp_path, monkeypatch):
    project = private_copy(ROOT, tmp_path, monkeypatch)
    (project / "output").mkdir()
    os.symlink(victim, project / "output/playtest")
    result = run("playtest", "saucer-escape", "--games", "2")
    assert result.exit_code == 2 and "output/playtest is a link" in result.output
    assert untouched(victim)


def test_a_folder_of_the_user_s_is_added_to_never_replaced(fixture_project, victim):
    mine = victim / GAME
    mine.mkdir()
    (mine / "notes.txt").write_text("mine\n")
    result = run("build", GAME, "--out", str(victim))
    assert result.exit_code == 2 and f"{mine} exists and {victim} is not an output folder of pnp" in result.output
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    (mine / "notes.txt").unlink()
    mine.rmdir()
    assert run("build", GAME, "--out", str(victim)).exit_code == 0  # a new folder in theirs is fine
    assert (victim / GAME / "home-a4/rooms.pdf").is_file() and (victim / "keep.txt").read_text() == "the user's own file\n"
    assert not (victim / ".pnp-build.lock").exists()  # their folder is not made pnp's


def test_a_staging_folder_of_the_user_s_is_not_taken_for_a_leftover(fixture_project, victim):
    theirs = victim / f".staging-{GAME}-mine"
    theirs.mkdir()
    (theirs / "work.txt").write_text("mine\n")
    assert run("build", GAME, "--out", str(victim)).exit_code == 0
    assert (theirs / "work.txt").read_text() == "mine\n"


def test_a_new_or_empty_folder_becomes_pnp_s_and_is_rebuilt(fixture_project, tmp_path_factory):
    out = tmp_path_factory.mktemp("empty")
    assert run("build", GAME, "--out", str(out)).exit_code == 0
    assert run("build", GAME, "--out", str(out)).exit_code == 0
    assert (out / ".pnp-build.lock").is_file() and (out / GAME / "home-a4/rooms.pdf").is_file()


@pytest.mark.parametrize("target", ["link", "file", "/dev/null"])
def test_out_naming_a_link_a_file_or_a_device_is_refused(fixture_project, victim, target):
    if target == "link":
        os.symlink(victim, fixture_project / "elsewhere")
        out = "elsewhere"
    elif target == "file":
        (fixture_project / "notes.txt").write_text("mine\n")
        out = "notes.txt"
    else:
        out = target
    for args in (["build", GAME], ["card", GAME, "crypt"]):
        result = run(*args, "--out", out)
        assert result.exit_code == 2 and "error:" in result.output, (args, result.output)
    assert untouched(victim)
    assert target != "file" or (fixture_project / "notes.txt").read_text() == "mine\n"


def test_a_card_image_of_the_user_s_is_not_replaced(fixture_project, victim):
    folder = victim / "cards" / GAME
    folder.mkdir(parents=True)
    (folder / "crypt.png").write_text("a picture of the user's\n")
    result = run("card", GAME, "crypt", "--out", str(victim))
    assert result.exit_code == 2 and "is not an output folder of pnp" in result.output
    assert (folder / "crypt.png").read_text() == "a picture of the user's\n"


def test_schema_never_replaces_a_folder_of_the_user_s(fixture_project, victim):
    result = run("schema", "--out", str(victim))
    assert result.exit_code == 2 and "is not a JSON Schema pnp wrote" in result.output
    assert untouched(victim)
    fresh = victim / "schemas"
    assert run("schema", "--out", str(fresh)).exit_code == 0
    assert run("schema", "--out", str(fresh)).exit_code == 0  # a folder only pnp schema wrote is replaced
    assert (fresh / "manifest.schema.json").is_file()


@pytest.mark.parametrize("name", ["", ".", "..", ".hidden", "a/b", "a\\b", "a\x00b", "x" * 300])
def test_a_name_that_could_lead_elsewhere_is_never_a_file_name(name):
    with pytest.raises(OutputError):
        plain_name(name)


def test_a_build_path_is_made_of_plain_names(tmp_path):
    assert below(tmp_path, "rules/rulebook-a4.pdf") == tmp_path / "rules" / "rulebook-a4.pdf"
    for path in ("print-on-demand/heroes-../../../x.pdf", "/etc/x.pdf", "rules//x.pdf"):
        with pytest.raises(OutputError):
            below(tmp_path, path)


def test_a_link_in_an_earlier_output_is_neither_followed_nor_kept(fixture_project, victim):
    assert run("build", GAME).exit_code == 0
    home = fixture_project / "output" / GAME / "home-a4"
    os.symlink(victim, home / "elsewhere")
    (home / "rooms.pdf").unlink()
    os.symlink(victim / "keep.txt", home / "rooms.pdf")
    assert run("build", GAME, "--only", "home").exit_code == 0  # a partial build carries the rest over
    assert untouched(victim)
    assert not os.path.lexists(home / "elsewhere")
    assert (home / "rooms.pdf").is_file() and not (home / "rooms.pdf").is_symlink()


@pytest.mark.parametrize("linked", ["content", "layouts"])
def test_new_never_writes_a_game_through_a_linked_content_or_layouts_folder(tmp_path, victim, monkeypatch, linked):
    monkeypatch.chdir(tmp_path)
    assert run("init", ".", "--game", "alpha").exit_code == 0
    moved = tmp_path / f"{linked}-real"
    (tmp_path / linked).rename(moved)
    os.symlink(victim, tmp_path / linked)
    result = run("new", "beta")
    assert result.exit_code == 2 and "is not a plain folder of the project" in result.output
    assert untouched(victim)


def test_init_with_a_refused_game_id_leaves_no_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for game in ("../x", "My Game"):
        result = run("init", "project", "--game", game)
        assert result.exit_code == 2 and "cannot be a game id" in result.output, result.output
        assert sorted(os.listdir(tmp_path)) == [], "checked before anything is made"


def _new_beside_a_read_only(folder: str, project: Path, monkeypatch) -> subprocess.CompletedProcess:
    """`pnp new beta` in a project holding alpha, with `folder` made read-only, run as a user (permissions bind)."""
    command = as_a_user()
    monkeypatch.chdir(project)
    assert run("init", ".", "--game", "alpha").exit_code == 0
    (project / folder).chmod(0o555)
    try:
        return subprocess.run([*command, "new", "beta"], cwd=project, capture_output=True, text=True)
    finally:
        (project / folder).chmod(0o755)


def test_new_into_a_read_only_layouts_folder_adds_nothing(tmp_path, monkeypatch):
    done = _new_beside_a_read_only("layouts", tmp_path, monkeypatch)
    assert done.returncode == 2 and "layouts is read-only" in done.stdout + done.stderr, done.stdout + done.stderr
    assert sorted(os.listdir(tmp_path / "content")) == ["alpha"] and not list(tmp_path.glob(".pnp-new-*"))
    assert run("validate").exit_code == 0


def test_a_new_game_whose_last_part_cannot_be_moved_in_takes_back_the_first(tmp_path, monkeypatch):
    """content/GAME is moved into place, then layouts/GAME fails (a folder made read-only meanwhile, a full
    disk): content/GAME goes back, so the project is as it was and still validates."""
    import pnp.core.output

    monkeypatch.chdir(tmp_path)
    assert run("init", ".", "--game", "alpha").exit_code == 0
    rename = os.rename

    def refused(source, target, *args, **kwargs):
        if Path(target).absolute() == tmp_path / "layouts" / "beta":
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return rename(source, target, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(pnp.core.output, "_renameat2", lambda *args: False, raising=False)  # every move by os.rename
        patched.setattr(os, "rename", refused)
        result = run("new", "beta")
    assert result.exit_code == 2 and "Permission denied" in result.output, result.output
    assert os.listdir(tmp_path / "content") == ["alpha"] and os.listdir(tmp_path / "layouts") == ["alpha"]
    assert not list(tmp_path.glob(".pnp-new-*"))
    assert run("validate").exit_code == 0


def test_init_into_a_file_or_a_device_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("mine\n")
    for target in ("notes.txt", "/dev/null"):
        result = run("init", target)
        assert result.exit_code == 2 and "is a file" in result.output, result.output
    assert Path("notes.txt").read_text() == "mine\n"


def test_the_project_s_own_output_folder_is_pnp_s_even_without_the_mark(fixture_project):
    (fixture_project / f"output/{GAME}").mkdir(parents=True)
    (fixture_project / "output/.gitkeep").write_text("")  # made by hand, or by an older pnp
    assert run("build", GAME).exit_code == 0
    assert (fixture_project / f"output/{GAME}/home-a4/rooms.pdf").is_file()


@pytest.mark.parametrize("partial", [False, True], ids=["whole", "partial"])
@pytest.mark.parametrize("linked", [".pnp", f".pnp/{GAME}.json"])
def test_a_build_record_that_is_a_link_out_of_the_project_is_refused_before_anything_changes(
        fixture_project, victim, linked, partial):
    """output/.pnp, or the record in it, made a link to a folder (a file) of the user's: pnp neither reads, writes nor
    removes anything through it (a partial build drops the record), and refuses (exit 2) before it changes output/."""
    assert run("build", GAME).exit_code == 0
    records = fixture_project / "output/.pnp"
    (victim / f"{GAME}.json").write_text((records / f"{GAME}.json").read_text())  # a record there: never read, nor removed
    theirs = digest(victim)
    link = fixture_project / "output" / linked
    if linked == ".pnp":
        shutil.rmtree(records)
        link.symlink_to(victim, target_is_directory=True)
    else:
        link.unlink()
        link.symlink_to(victim / "keep.txt")
    rules = fixture_project / f"content/{GAME}/rules.yaml"
    rules.write_text(rules.read_text().replace("Every player starts", "Each player starts"))  # the rules change
    before = digest(fixture_project / "output" / GAME)
    result = run("build", GAME, *(["--deck", "rooms"] if partial else []))
    assert result.exit_code == 2 and "link" in result.output, result.output
    assert digest(fixture_project / "output" / GAME) == before and digest(victim) == theirs
    assert link.is_symlink()
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith(".staging-")]


@pytest.mark.parametrize("command", WRITERS)
def test_a_pipe_at_the_build_lock_is_refused_never_opened_to_wait(fixture_project, command):
    """A pipe at output/.pnp-build.lock: opened to write the mark, it would wait for ever for a reader. (The test
    reads it, so that a pnp that opens it anyway gets through, and says nothing, instead of hanging the suite.)"""
    (fixture_project / "output").mkdir()
    lock = fixture_project / "output/.pnp-build.lock"
    os.mkfifo(lock)
    reader = os.open(lock, os.O_RDONLY | os.O_NONBLOCK)
    try:
        result = run(*WRITERS[command][0])
    finally:
        os.close(reader)
    assert result.exit_code == 2 and "output/.pnp-build.lock is not a regular file" in result.output, result.output
    assert sorted(p.name for p in (fixture_project / "output").iterdir()) == [".pnp-build.lock"]


def test_a_pipe_at_the_build_lock_with_no_reader_does_not_hang_the_build(fixture_project):
    (fixture_project / "output").mkdir()
    os.mkfifo(fixture_project / "output/.pnp-build.lock")
    done = subprocess.run([sys.executable, "-m", "pnp", "build", GAME, "--force"], capture_output=True, text=True,
                          timeout=300)  # only a guard: a pnp that waits for a reader never returns
    assert done.returncode == 2 and "output/.pnp-build.lock is not a regular file" in done.stderr + done.stdout, done


@pytest.mark.parametrize("command", [["init", "x" * 300], ["init", "/proc/pnp-nowhere"],
                                     ["build", "pocket-dungeon", "--out", "o" * 300],
                                     ["rules", "pocket-dungeon", "--format", "md", "--out", "r" * 300 + ".md"]])
def test_a_path_the_system_refuses_is_exit_2_never_an_internal_error(fixture_project, command):
    """A name past 255 bytes, a place that cannot hold files (/proc): the system's refusal is said as a usage error."""
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2 and "error: cannot use" in result.stderr and "internal error" not in result.output, result.output


@pytest.mark.parametrize("game_id", ["common", "templates", "1", "0x1", "true", "null", "yes", "2024-01-01", "x--y", "x-"])
def test_a_game_id_the_project_could_not_hold_is_refused_before_anything_is_made(fixture_project, game_id):
    """`pnp new common` wrote layouts/common/cards.yaml, pnp's override of every game's card sizes (every game then
    failed); `id: true` and `id: 2024-01-01` are no names to YAML; `x--y` no id to the models."""
    before = sorted(p.relative_to(fixture_project) for p in fixture_project.rglob("*"))
    result = CliRunner().invoke(app, ["new", game_id])
    assert result.exit_code == 2 and f"'{game_id}' cannot be a game id" in result.stderr, result.output
    assert sorted(p.relative_to(fixture_project) for p in fixture_project.rglob("*")) == before
    assert CliRunner().invoke(app, ["validate"]).exit_code == 0


def test_init_beside_files_of_the_users_in_schemas_makes_nothing(tmp_path, monkeypatch):
    """schemas/ holding a file of the user's: the game was made, then the schemas refused (exit 2, half a project)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "studio" / "schemas").mkdir(parents=True)
    (tmp_path / "studio" / "schemas" / "notes.txt").write_text("mine")
    result = run("init", "studio")
    assert result.exit_code == 2 and "not a JSON Schema" in result.output, result.output
    assert sorted(os.listdir(tmp_path / "studio")) == ["schemas"]


def test_new_into_a_read_only_schemas_folder_adds_nothing(tmp_path, monkeypatch):
    done = _new_beside_a_read_only("schemas", tmp_path, monkeypatch)
    assert done.returncode == 2 and "may not be changed" in done.stderr, done.stdout + done.stderr
    assert sorted(os.listdir(tmp_path / "content")) == ["alpha"] and sorted(os.listdir(tmp_path / "layouts")) == ["alpha"]
    assert run("validate").exit_code == 0


def test_a_folder_named_output_beside_another_content_folder_is_the_users(fixture_project, tmp_path):
    """Only the project's own output/ is pnp's whatever it holds: `--out X/output`, where X has a content/ folder of
    its own, had its folders removed as if they were a killed build's."""
    theirs = tmp_path / "X"
    (theirs / "content").mkdir(parents=True)
    for folder in ("pocket-dungeon", ".staging-mine"):
        (theirs / "output" / folder).mkdir(parents=True)
        (theirs / "output" / folder / "keep.txt").write_text("mine")
    result = CliRunner().invoke(app, ["build", "pocket-dungeon", "--out", str(theirs / "output")])
    assert result.exit_code == 2, result.output
    for folder in ("pocket-dungeon", ".staging-mine"):
        assert (theirs / "output" / folder / "keep.txt").read_text() == "mine"


def test_the_projects_own_output_folder_is_pnps_whatever_it_holds(fixture_project):
    """output/ beside the project's content/ is generated: pnp takes it even unmarked and holding something."""
    (fixture_project / "output" / "notes").mkdir(parents=True)
    assert CliRunner().invoke(app, ["build", "pocket-dungeon", "--only", "rules"]).exit_code == 0
    assert (fixture_project / "output" / ".pnp-build.lock").is_file()


@pytest.mark.parametrize("command, own", [
    (["export-deck", "pocket-dungeon", "heroes", "--format", "csv"], "content/pocket-dungeon/decks/heroes.yaml"),
    (["rules", "pocket-dungeon", "--format", "md"], "content/pocket-dungeon/rules.yaml"),
    (["rules", "pocket-dungeon", "--format", "md"], "layouts/pocket-dungeon/cards.yaml"),
])
def test_out_never_writes_over_a_file_of_the_projects_own(fixture_project, command, own):
    """`--out` onto the deck or rules the command read replaced the designer's content with CSV or Markdown."""
    before = (fixture_project / own).read_bytes()
    result = CliRunner().invoke(app, [*command, "--out", own])
    assert result.exit_code == 2 and "a file of the project's own" in result.stderr, result.output
    assert (fixture_project / own).read_bytes() == before


def test_out_may_add_a_converted_deck_to_the_content_folder(fixture_project):
    result = CliRunner().invoke(app, ["export-deck", "pocket-dungeon", "heroes", "--format", "csv",
                                      "--out", "content/pocket-dungeon/decks/heroes.csv"])
    assert result.exit_code == 0 and (fixture_project / "content/pocket-dungeon/decks/heroes.csv").is_file()
